// A tab's sidebar as one flat list of rows (what the virtualiser renders): pinned conversations first,
// then each folder (all of them: folders are shared by the tabs, and an empty one is a place to drop
// into) with its conversations unless folded, then the conversations in no folder.
import type { ConversationSummary } from '../../../shared/contract.ts';
import type { Folder } from '../../../shared/organise.ts';
import { ordered } from '../../store/library-list.ts';

/** Where a row belongs, and what dropping a conversation on it does: pin it, file it, or unfile it. */
export type Group = { kind: 'pinned' } | { kind: 'folder'; folderId: string } | { kind: 'unfiled' };

export type SidebarRow =
  | { kind: 'section'; key: string; section: 'pinned' | 'unfiled'; group: Group; count: number }
  | { kind: 'folder'; key: string; folder: Folder; group: Group; count: number }
  | { kind: 'conversation'; key: string; summary: ConversationSummary; group: Group }
  | { kind: 'folder-empty'; key: string; group: Group };

const PINNED: Group = { kind: 'pinned' };
const UNFILED: Group = { kind: 'unfiled' };

/**
 * The rows of one tab's list. A pinned conversation shows once, under Pinned (its folder is named on its
 * row); a folder's count is what it holds in this tab. Headings appear only once there is something to
 * tell apart: a list with neither pins nor folders is the plain list it always was.
 */
export function sidebarRows(items: readonly ConversationSummary[], folders: readonly Folder[]): SidebarRow[] {
  const rows: SidebarRow[] = [];
  const sorted = ordered(items);
  const pinned = sorted.filter((c) => c.pinned === true);
  const known = new Set(folders.map((f) => f.id));
  const byFolder = new Map<string, ConversationSummary[]>();
  const unfiled: ConversationSummary[] = [];
  for (const c of sorted) {
    if (c.pinned === true) continue;
    // a folder id the page does not know (deleted elsewhere a moment ago) reads as no folder
    if (c.folderId !== undefined && known.has(c.folderId)) {
      const list = byFolder.get(c.folderId);
      if (list) list.push(c);
      else byFolder.set(c.folderId, [c]);
    } else unfiled.push(c);
  }
  const headed = pinned.length > 0 || folders.length > 0;
  const push = (list: readonly ConversationSummary[], group: Group) => {
    for (const summary of list) rows.push({ kind: 'conversation', key: summary.id, summary, group });
  };
  if (pinned.length > 0) {
    rows.push({ kind: 'section', key: 's:pinned', section: 'pinned', group: PINNED, count: pinned.length });
    push(pinned, PINNED);
  }
  for (const folder of folders) {
    const list = byFolder.get(folder.id) ?? [];
    const group: Group = { kind: 'folder', folderId: folder.id };
    rows.push({ kind: 'folder', key: `f:${folder.id}`, folder, group, count: list.length });
    if (folder.collapsed) continue;
    if (list.length === 0) rows.push({ kind: 'folder-empty', key: `e:${folder.id}`, group });
    push(list, group);
  }
  if (headed && unfiled.length > 0) {
    rows.push({
      kind: 'section',
      key: 's:unfiled',
      section: 'unfiled',
      group: UNFILED,
      count: unfiled.length,
    });
  }
  push(unfiled, UNFILED);
  return rows;
}

/** What a drop on a row of `group` changes for the conversation dropped, or null when nothing. */
export function dropChange(
  summary: Pick<ConversationSummary, 'pinned' | 'folderId'>,
  group: Group,
): { pinned?: boolean; folderId?: string | null } | null {
  if (group.kind === 'pinned') return summary.pinned === true ? null : { pinned: true };
  const folderId = group.kind === 'folder' ? group.folderId : null;
  // put where it was dropped: out of Pinned too, or it would stay up there, out of sight of the folder
  const change: { pinned?: boolean; folderId?: string | null } = {};
  if (summary.pinned === true) change.pinned = false;
  if ((summary.folderId ?? null) !== folderId) change.folderId = folderId;
  return Object.keys(change).length > 0 ? change : null;
}
