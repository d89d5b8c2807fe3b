// Full-text search over turn text and thoughts, on every branch: a hit's turnId opens the branch holding
// it (getConversation with turnId). User input never reaches FTS5 as syntax: each word
// becomes a quoted prefix term, so `"`, `*`, `AND(`, `NEAR` or a column filter are searched as text.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { SearchHit } from '../../shared/contract.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { TextFormatSchema } from '../../shared/formats.ts';
import { num, optStr, str, type Row } from './rows.ts';
import { compact } from '../../shared/compact.ts';

const MAX_TERMS = 16;

/**
 * The MATCH expression for what the user typed, or null when it holds nothing searchable. Each
 * whitespace-separated word (control characters count as spaces) with at least one letter or digit becomes `"word"*` (inner quotes doubled);
 * the terms are ANDed (FTS5's default between phrases).
 */
export function toMatchQuery(input: string): string | null {
  // Control characters end or break an FTS5 query string (NUL does), and are never searchable text.
  const terms = input
    .replace(/\p{Cc}/gu, ' ')
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_TERMS)
    .map((word) => `"${word.replaceAll('"', '""')}"*`);
  return terms.length > 0 ? terms.join(' ') : null;
}

export interface SearchOptions {
  format?: TextFormat | undefined;
  limit?: number | undefined;
}

function toHit(row: Row): SearchHit {
  const role = str(row, 'role');
  const textSnippet = optStr(row, 'text_snippet') ?? '';
  const inText = textSnippet.includes('\u0001');
  return {
    conversationId: str(row, 'conversation_id'),
    turnId: str(row, 'id'),
    format: TextFormatSchema.parse(str(row, 'format')),
    title: str(row, 'title'),
    origin: str(row, 'origin') === 'compare' ? 'compare' : 'chat',
    ...compact({
      connectionId: optStr(row, 'connection_id'),
      wantedConnection: optStr(row, 'wanted_connection'),
    }),
    role: role === 'user' ? 'user' : 'assistant',
    // the text's own snippet when the match is there; else it was in the thought summary
    ...(inText ? {} : { in: 'thoughts' as const }),
    snippet: inText ? textSnippet : (optStr(row, 'thoughts_snippet') ?? ''),
    createdAt: num(row, 'created_at'),
  };
}

/** Best matches first (bm25), with a snippet whose matches sit between \u0001 and \u0002. */
export function searchMessages(db: DatabaseSync, query: string, options: SearchOptions = {}): SearchHit[] {
  const match = toMatchQuery(query);
  if (match === null) return [];
  const args: SQLInputValue[] = [match];
  let formatClause = '';
  if (options.format !== undefined) {
    formatClause = ' AND c.format = ?';
    args.push(options.format);
  }
  args.push(options.limit ?? 50);
  const rows = db
    .prepare(
      `SELECT m.id, m.conversation_id, m.role, m.created_at, c.format, c.title, c.origin,
         c.connection_id, c.wanted_connection,
         snippet(messages_fts, 0, char(1), char(2), '…', 16) AS text_snippet,
         snippet(messages_fts, 1, char(1), char(2), '…', 16) AS thoughts_snippet
       FROM messages_fts
       JOIN messages m ON m.num = messages_fts.rowid
       JOIN conversations c ON c.id = m.conversation_id
       WHERE messages_fts MATCH ?${formatClause}
       ORDER BY bm25(messages_fts), m.created_at DESC
       LIMIT ?`,
    )
    .all(...args);
  return rows.map(toHit);
}
