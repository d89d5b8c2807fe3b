// Reading an imported conversation's tree is linear: 100,000 versions of one turn (a crafted 24 MB file)
// took 84 s with the host frozen, as each version copied the list of those before it and the queue was
// shifted. Such a file is now refused (a turn keeps at most MAX_TURN_VERSIONS versions, as the app does),
// and a tree at the limits is still read in one linear pass.
import { describe, expect, it } from 'vitest';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import { orderedTree } from '../../electron/handlers/conversation-import.ts';
import { MAX_CONVERSATION_TURNS, MAX_TURN_VERSIONS } from '../../shared/limits.ts';

const turn = (id: string, role: Turn['role'], parentId?: string, createdAt = 1): Turn => ({
  id,
  role,
  text: id,
  status: 'complete',
  createdAt,
  ...(parentId ? { parentId } : {}),
});

describe('the tree of an imported conversation', () => {
  it('refuses 100,000 versions of one reply with the reason', () => {
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
    expect(() => orderedTree(conversation)).toThrow(/100,000 versions; Quartet keeps at most 1,000/);
  });

  it('orders a tree at the limits: every turn with the most versions, parents first and versions by age', () => {
    const users = Math.floor(MAX_CONVERSATION_TURNS / MAX_TURN_VERSIONS);
    const turns: Turn[] = [];
    const branches: Turn[] = [];
    let parent: string | undefined;
    let at = 1;
    for (let u = 0; u < users; u++) {
      turns.push(turn(`u${u}`, 'user', parent, at++));
      for (let v = 0; v < MAX_TURN_VERSIONS - 1; v++) {
        (v === 0 ? turns : branches).push(turn(`a${u}.${v}`, 'assistant', `u${u}`, at++));
      }
      parent = `a${u}.0`;
    }
    const conversation: Conversation = {
      id: 'c',
      format: 'chat',
      model: 'm',
      title: 't',
      params: { stream: true },
      turns,
      branches,
      createdAt: 1,
      updatedAt: 1,
    };
    const ordered = orderedTree(conversation);
    expect(ordered).toHaveLength(turns.length + branches.length);
    expect(ordered[0]?.turn.id).toBe('u0');
    expect(ordered.slice(1, 4).map((n) => n.turn.id)).toEqual(['a0.0', 'a0.1', 'a0.2']);
    const seen = new Set<string>();
    for (const n of ordered) {
      if (n.parentId !== undefined) expect(seen.has(n.parentId)).toBe(true);
      seen.add(n.turn.id);
    }
  });
});
