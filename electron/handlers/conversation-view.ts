// Store rows as the contract's values, and the few rules about conversations shared by several handlers.
import { MAX_REPLY_CHARS } from '../../shared/limits.ts';
import type { ConversationSummary } from '../../shared/contract.ts';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import type { ConversationListRow, ConversationRow, StoredTurn } from '../store/index.ts';
import { notFound } from './errors.ts';
import type { Services } from './services.ts';
import { compact } from '../../shared/compact.ts';

export function toTurn(stored: StoredTurn): Turn {
  const { conversationId: _c, seq: _s, ...turn } = stored;
  return turn;
}

export function toSummary(row: ConversationListRow): ConversationSummary {
  return {
    id: row.id,
    format: row.format,
    model: row.model,
    title: row.title,
    origin: row.origin,
    turnCount: row.turnCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function requireConversation(s: Services, id: string): ConversationRow {
  const row = s.store.conversations.get(id);
  if (!row) throw notFound('This conversation no longer exists.');
  return row;
}

export function loadConversation(s: Services, id: string): Conversation {
  const row = requireConversation(s, id);
  return {
    id: row.id,
    format: row.format,
    model: row.model,
    title: row.title,
    params: row.params,
    turns: s.store.messages.list(id).map(toTurn),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The most characters of one turn that go to the page. Replies are capped when they arrive
 * (MAX_REPLY_CHARS), but a conversation stored by an earlier release may hold a turn of hundreds of MB:
 * sent whole it cannot cross the bridge ("The result could not be sent") or crashes the tab. The host
 * keeps the whole turn and sends it back in history.
 */
export const VIEW_TURN_CHARS = 2 * MAX_REPLY_CHARS.default;

function viewTurn(turn: Turn): Turn {
  const long = turn.text.length > VIEW_TURN_CHARS;
  const longThoughts = (turn.thoughts?.length ?? 0) > VIEW_TURN_CHARS;
  if (!long && !longThoughts) return turn;
  const cut = (text: string) =>
    `${text.slice(0, VIEW_TURN_CHARS)}\n\n[… ${(text.length - VIEW_TURN_CHARS).toLocaleString('en')} more characters are kept but not shown]`;
  // the raw payload holds the text again; the page needs it only for display hints
  const { raw: _raw, ...rest } = turn;
  return {
    ...rest,
    text: long ? cut(turn.text) : turn.text,
    ...compact({
      thoughts: longThoughts && turn.thoughts !== undefined ? cut(turn.thoughts) : turn.thoughts,
    }),
  };
}

/** The conversation as the page gets it: every turn, each within VIEW_TURN_CHARS. */
export function viewConversation(s: Services, id: string): Conversation {
  const conversation = loadConversation(s, id);
  return { ...conversation, turns: conversation.turns.map(viewTurn) };
}
