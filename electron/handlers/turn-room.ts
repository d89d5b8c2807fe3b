// Room for a new turn: a conversation holds at most MAX_CONVERSATION_TURNS turns and a turn at most
// MAX_TURN_VERSIONS versions (shared/limits.ts). The app refuses to go past them, as an import does, so
// what it exports always imports back.
import { MAX_CONVERSATION_TURNS, MAX_TURN_VERSIONS } from '../../shared/limits.ts';
import { invalid } from './errors.ts';
import type { Services } from './services.ts';

/**
 * Throws a clear refusal unless `adding` turns fit in the conversation, the first of them a new version
 * among the turns that follow `parentId` (null: the conversation's first turns).
 */
export function requireRoom(
  s: Services,
  conversationId: string,
  parentId: string | null,
  adding: number,
): void {
  if (adding <= 0) return;
  const tree = s.store.messages.tree(conversationId);
  if (tree.length + adding > MAX_CONVERSATION_TURNS) {
    throw invalid(
      `This conversation holds ${tree.length.toLocaleString('en')} messages; Quartet keeps at most ${MAX_CONVERSATION_TURNS.toLocaleString('en')} in one. Fork the branch on screen into a new conversation to go on.`,
      'conversationId',
    );
  }
  const versions = tree.filter((n) => (n.parentId ?? null) === parentId).length;
  if (versions + 1 > MAX_TURN_VERSIONS) {
    throw invalid(
      `This message has ${versions.toLocaleString('en')} versions, the most Quartet keeps; go on from one of them.`,
      'turnId',
    );
  }
}
