import { compact } from '../../shared/compact.ts';
import type { DatabaseSync } from 'node:sqlite';
import {
  END_REASONS,
  type EndReason,
  type ProviderPayload,
  type Timings,
  type Turn,
  type TurnStatus,
  type Usage,
} from '../../shared/conversation.ts';
import type { AppError } from '../../shared/errors.ts';
import { num, optJson, optNum, optStr, str, toJson, type Row } from './rows.ts';

/** A stored turn with its place in the conversation. */
export interface StoredTurn extends Turn {
  conversationId: string;
  seq: number;
}

export interface MessagesRepo {
  /** the conversation's turns in order */
  list(conversationId: string): StoredTurn[];
  get(id: string): StoredTurn | undefined;
  last(conversationId: string): StoredTurn | undefined;
  /** appends the turn at the end of the conversation; returns its seq */
  append(conversationId: string, turn: Turn): number;
  updateText(id: string, text: string): boolean;
  /** deletes every turn after `seq`; returns how many */
  deleteAfter(conversationId: string, seq: number): number;
  delete(id: string): boolean;
  countByRole(conversationId: string, role: Turn['role']): number;
}

const STATUSES: readonly string[] = ['complete', 'partial', 'error'];

/** an unknown stored value (from a newer release) reads as no reason rather than failing the conversation */
function endReasonOf(value: string | undefined): EndReason | undefined {
  return (END_REASONS as readonly string[]).includes(value ?? '') ? (value as EndReason) : undefined;
}

function toTurn(row: Row): StoredTurn {
  const role = str(row, 'role');
  const status = str(row, 'status');
  if (role !== 'user' && role !== 'assistant') throw new TypeError(`unknown role ${role}`);
  if (!STATUSES.includes(status)) throw new TypeError(`unknown status ${status}`);
  const turn: Turn = compact({
    id: str(row, 'id'),
    role,
    text: str(row, 'text'),
    thoughts: optStr(row, 'thoughts'),
    raw: optJson<ProviderPayload>(row, 'raw'),
    status: status as TurnStatus,
    error: optJson<AppError>(row, 'error'),
    model: optStr(row, 'model'),
    finishReason: optStr(row, 'finish_reason'),
    endReason: endReasonOf(optStr(row, 'end_reason')),
    endDetail: optStr(row, 'end_detail'),
    usage: optJson<Usage>(row, 'usage'),
    timings: optJson<Timings>(row, 'timings'),
    exchangeId: optStr(row, 'exchange_id'),
    createdAt: num(row, 'created_at'),
  });
  return { ...turn, conversationId: str(row, 'conversation_id'), seq: num(row, 'seq') };
}

export function createMessagesRepo(db: DatabaseSync): MessagesRepo {
  const list = db.prepare('SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq');
  const byId = db.prepare('SELECT * FROM messages WHERE id = ?');
  const last = db.prepare('SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1');
  const maxSeq = db.prepare('SELECT max(seq) AS seq FROM messages WHERE conversation_id = ?');
  const insert = db.prepare(
    `INSERT INTO messages (id, conversation_id, seq, role, text, thoughts, raw, status, error, model,
       finish_reason, end_reason, end_detail, usage, timings, exchange_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateText = db.prepare('UPDATE messages SET text = ? WHERE id = ?');
  const deleteAfter = db.prepare('DELETE FROM messages WHERE conversation_id = ? AND seq > ?');
  const remove = db.prepare('DELETE FROM messages WHERE id = ?');
  const countByRole = db.prepare('SELECT count(*) AS n FROM messages WHERE conversation_id = ? AND role = ?');
  return {
    list: (conversationId) => list.all(conversationId).map(toTurn),
    get(id) {
      const row = byId.get(id);
      return row ? toTurn(row) : undefined;
    },
    last(conversationId) {
      const row = last.get(conversationId);
      return row ? toTurn(row) : undefined;
    },
    append(conversationId, turn) {
      const row = maxSeq.get(conversationId);
      const seq = (row ? (optNum(row, 'seq') ?? 0) : 0) + 1;
      insert.run(
        turn.id,
        conversationId,
        seq,
        turn.role,
        turn.text,
        turn.thoughts ?? null,
        toJson(turn.raw),
        turn.status,
        toJson(turn.error),
        turn.model ?? null,
        turn.finishReason ?? null,
        turn.endReason ?? null,
        turn.endDetail ?? null,
        toJson(turn.usage),
        toJson(turn.timings),
        turn.exchangeId ?? null,
        turn.createdAt,
      );
      return seq;
    },
    updateText: (id, text) => Number(updateText.run(text, id).changes) > 0,
    deleteAfter: (conversationId, seq) => Number(deleteAfter.run(conversationId, seq).changes),
    delete: (id) => Number(remove.run(id).changes) > 0,
    countByRole: (conversationId, role) => num(countByRole.get(conversationId, role) ?? { n: 0 }, 'n'),
  };
}
