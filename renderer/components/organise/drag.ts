// Dragging a conversation onto a folder in the sidebar. The drag carries only the conversation's id under a
// type of our own (no text/plain: dropped on the composer it must not type its id or title there).
import type { DragEvent } from 'react';

const TYPE = 'application/x-quartet-conversation';

export function startConversationDrag(e: DragEvent, id: string): void {
  e.dataTransfer.setData(TYPE, id);
  e.dataTransfer.effectAllowed = 'move';
}

/** Whether a drag over the list is one of ours (its data is readable only on drop). */
export function carriesConversation(e: DragEvent): boolean {
  return Array.from(e.dataTransfer.types).includes(TYPE);
}

export function droppedConversation(e: DragEvent): string | null {
  const id = e.dataTransfer.getData(TYPE);
  return id !== '' && id.length <= 100 ? id : null;
}
