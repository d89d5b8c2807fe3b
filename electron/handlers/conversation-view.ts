// Store rows as the contract's values, and the few rules about conversations shared by several handlers.
import type { ConversationSummary } from '../../shared/contract.ts';
import type { Conversation, Turn, Usage } from '../../shared/conversation.ts';
import type { ConversationListRow, ConversationRow, StoredTurn } from '../store/index.ts';
import { notFound } from './errors.ts';
import type { Services } from './services.ts';

export const DEFAULT_TITLE = 'New conversation';
const TITLE_LENGTH = 60;

/** A title from the first user message: whitespace collapsed, cut near 60 characters at a word end. */
export function titleFrom(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_LENGTH) return flat || DEFAULT_TITLE;
  const cut = flat.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

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

const USAGE_FIELDS = ['input', 'output', 'total', 'thinking', 'cacheRead', 'cacheWrite'] as const;

/** Sum of the assistant turns' usage; a field appears only when some turn reported it. */
export function totalsOf(turns: readonly Turn[]): Usage {
  const totals: Usage = {};
  for (const turn of turns) {
    if (turn.role !== 'assistant' || !turn.usage) continue;
    for (const field of USAGE_FIELDS) {
      const value = turn.usage[field];
      if (value !== undefined) totals[field] = (totals[field] ?? 0) + value;
    }
  }
  return totals;
}
