// Reading an imported conversation's tree is linear: 100,000 versions of one turn (a crafted 24 MB file)
// took 84 s with the host frozen, as each version copied the list of those before it and the queue was
// shifted. The test has its usual 20 s bound; the old reading needed minutes for this tree.
import { describe, expect, it } from 'vitest';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import { orderedTree } from '../../electron/handlers/conversation-import.ts';

const turn = (id: string, role: Turn['role'], parentId?: string, createdAt = 1): Turn => ({
  id,
  role,
  text: id,
  status: 'complete',
  createdAt,
  ...(parentId ? { parentId } : {}),
});

describe('the tree of an imported conversation', () => {
  it('orders 100,000 versions of one reply, parents first and versions by age', () => {
    const versions = 100_000;
    const conversation: Conversation = {
      id: 'c',
      format: 'chat',
      model: 'm',
      title: 't',
      params: { stream: true },
      turns: [turn('u', 'user'), turn('a0', 'assistant', 'u', 2)],
      branches: Array.from({ length: versions - 1 }, (_, i) => turn(`a${i + 1}`, 'assistant', 'u', 3 + i)),
      createdAt: 1,
      updatedAt: 1,
    };
    const ordered = orderedTree(conversation);
    expect(ordered).toHaveLength(versions + 1);
    expect(ordered[0]?.turn.id).toBe('u');
    expect(ordered.slice(1, 4).map((n) => n.turn.id)).toEqual(['a0', 'a1', 'a2']);
    expect(ordered.at(-1)?.turn.id).toBe(`a${versions - 1}`);
    expect(ordered.every((n, i) => i === 0 || n.parentId === 'u')).toBe(true);
  });
});
