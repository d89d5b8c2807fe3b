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
import type { ToolCall, ToolResult } from '../../shared/tools.ts';
import { bool, num, optJson, optNum, optStr, str, toJson, type Row } from './rows.ts';

/** A stored turn with its place in the conversation. */
export interface StoredTurn extends Turn {
  conversationId: string;
  /** insertion order within the conversation (unique); the newest version of a turn has the highest */
  seq: number;
}

/** A turn's place in the tree, without its text: enough to walk branches cheaply. */
export interface TreeNode {
  id: string;
  parentId?: string | undefined;
  role: Turn['role'];
  seq: number;
}

export interface MessagesRepo {
  /** every turn of the conversation (all branches) in insertion order */
  list(conversationId: string): StoredTurn[];
  /** the shape of the conversation's tree: every turn's id, parent, role and seq, in insertion order */
  tree(conversationId: string): TreeNode[];
  get(id: string): StoredTurn | undefined;
  /** the turns from the conversation's first turn down to `leafId`, first to last */
  pathTo(conversationId: string, leafId: string): StoredTurn[];
  /** the last turn of the branch on screen (see leafOf), or undefined for an empty conversation */
  leaf(conversationId: string): string | undefined;
  /**
   * Where the branch on screen is found from: the stored leaf, or (none yet, or gone) the newest turn;
   * `descend` from it gives the leaf. For a caller that already holds the conversation's turns.
   */
  leafStart(conversationId: string): string | undefined;
  /** makes `leafId` the last turn of the branch on screen */
  setLeaf(conversationId: string, leafId: string | null): void;
  /**
   * Adds a turn after `parentId` (null: a first turn) without moving the branch on screen; returns its seq.
   * `turn.parentId` is ignored: the tree is what `parentId` says.
   */
  /** `unindexed`: kept out of the search index until `index` takes it in (a reply being streamed) */
  insert(conversationId: string, turn: Turn, parentId: string | null, options?: { unindexed: true }): number;
  /** adds the turn at the end of the branch on screen and shows it there; returns its seq */
  append(conversationId: string, turn: Turn): number;
  updateText(id: string, text: string): boolean;
  /**
   * Gives the stored turn `id` every field of `turn` (its place in the tree stays): a reply written while
   * it streamed becomes the final one in one update, without deleting and writing its text again.
   */
  replace(id: string, turn: Turn): boolean;
  /** takes a row inserted `unindexed` into the search index (one bounded FTS5 statement); false if it was in */
  index(id: string): boolean;
  /** takes every row still out of the index in (a start after a crash); returns how many */
  indexAll(): number;
  /** deletes one turn; callers delete only turns nothing follows (a draft reply, a failed one) */
  delete(id: string): boolean;
  countByRole(conversationId: string, role: Turn['role']): number;
}

const STATUSES: readonly string[] = ['complete', 'partial', 'error'];

/** an unknown stored value (from a newer release) reads as no reason rather than failing the conversation */
function endReasonOf(value: string | undefined): EndReason | undefined {
  return (END_REASONS as readonly string[]).includes(value ?? '') ? (value as EndReason) : undefined;
}

/**
 * An imported reply whose payload was not kept (shared/provider-payload.ts) says so in the raw column, which
 * it no longer uses: no new column for one flag. Read back as `payloadDropped`, never as a payload.
 */
const PAYLOAD_DROPPED = '{"dropped":true}';

function rawColumn(turn: Turn): string | null {
  return turn.raw === undefined && turn.payloadDropped === true ? PAYLOAD_DROPPED : toJson(turn.raw);
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
    raw: optStr(row, 'raw') === PAYLOAD_DROPPED ? undefined : optJson<ProviderPayload>(row, 'raw'),
    payloadDropped: optStr(row, 'raw') === PAYLOAD_DROPPED ? true : undefined,
    status: status as TurnStatus,
    error: optJson<AppError>(row, 'error'),
    model: optStr(row, 'model'),
    finishReason: optStr(row, 'finish_reason'),
    endReason: endReasonOf(optStr(row, 'end_reason')),
    endDetail: optStr(row, 'end_detail'),
    usage: optJson<Usage>(row, 'usage'),
    timings: optJson<Timings>(row, 'timings'),
    exchangeId: optStr(row, 'exchange_id'),
    toolCalls: optJson<ToolCall[]>(row, 'tool_calls'),
    toolResults: optJson<ToolResult[]>(row, 'tool_results'),
    parentId: optStr(row, 'parent_id'),
    edited: bool(row, 'edited') ? true : undefined,
    createdAt: num(row, 'created_at'),
  });
  return { ...turn, conversationId: str(row, 'conversation_id'), seq: num(row, 'seq') };
}

function toNode(row: Row): TreeNode {
  return {
    id: str(row, 'id'),
    parentId: optStr(row, 'parent_id'),
    role: str(row, 'role') === 'user' ? 'user' : 'assistant',
    seq: num(row, 'seq'),
  };
}

/** From `start`, the most recently created child at each step: the leaf of the branch through `start`. */
export function descend(nodes: readonly TreeNode[], start: string): string {
  const newestChild = new Map<string, TreeNode>();
  for (const node of nodes) {
    if (node.parentId === undefined) continue;
    const seen = newestChild.get(node.parentId);
    if (!seen || seen.seq < node.seq) newestChild.set(node.parentId, node);
  }
  let id = start;
  for (let steps = 0; steps < nodes.length; steps++) {
    const child = newestChild.get(id);
    if (!child) break;
    id = child.id;
  }
  return id;
}

/**
 * The turns from the first one down to `leafId`, first to last, walked up through `parentId` in memory
 * (one read of the conversation, not one lookup per turn); a damaged tree (a cycle) stops the walk.
 */
export function pathFrom<T extends { id: string; parentId?: string | undefined }>(
  turns: readonly T[],
  leafId: string,
): T[] {
  const byId = new Map(turns.map((t) => [t.id, t]));
  const path: T[] = [];
  let turn = byId.get(leafId);
  while (turn !== undefined && path.length < turns.length) {
    path.push(turn);
    turn = turn.parentId === undefined ? undefined : byId.get(turn.parentId);
  }
  return path.reverse();
}

export function createMessagesRepo(db: DatabaseSync): MessagesRepo {
  const list = db.prepare('SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq');
  const tree = db.prepare(
    'SELECT id, parent_id, role, seq FROM messages WHERE conversation_id = ? ORDER BY seq',
  );
  const byId = db.prepare('SELECT * FROM messages WHERE id = ?');
  const leafId = db.prepare(
    `SELECT m.id FROM conversations c JOIN messages m ON m.id = c.leaf_id AND m.conversation_id = c.id
     WHERE c.id = ?`,
  );
  const newest = db.prepare('SELECT id FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1');
  const setLeaf = db.prepare('UPDATE conversations SET leaf_id = ? WHERE id = ?');
  const maxSeq = db.prepare('SELECT max(seq) AS seq FROM messages WHERE conversation_id = ?');
  const insert = db.prepare(
    `INSERT INTO messages (id, conversation_id, seq, parent_id, role, text, thoughts, raw, status, error,
       model, finish_reason, end_reason, end_detail, usage, timings, exchange_id, edited, created_at,
       tool_calls, tool_results, unindexed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateText = db.prepare('UPDATE messages SET text = ? WHERE id = ?');
  const replace = db.prepare(
    `UPDATE messages SET role = ?, text = ?, thoughts = ?, raw = ?, status = ?, error = ?, model = ?,
       finish_reason = ?, end_reason = ?, end_detail = ?, usage = ?, timings = ?, exchange_id = ?, edited = ?,
       created_at = ?, tool_calls = ?, tool_results = ?
     WHERE id = ?`,
  );
  const takeIn = db.prepare('UPDATE messages SET unindexed = 0 WHERE id = ? AND unindexed = 1');
  const takeAllIn = db.prepare('UPDATE messages SET unindexed = 0 WHERE unindexed = 1');
  const remove = db.prepare('DELETE FROM messages WHERE id = ?');
  const countByRole = db.prepare('SELECT count(*) AS n FROM messages WHERE conversation_id = ? AND role = ?');

  function treeOf(conversationId: string): TreeNode[] {
    return tree.all(conversationId).map(toNode);
  }

  // A leaf that went missing (or none yet, or a reply stored after it) falls back to the newest turn's
  // branch; descending also shows a reply a crash left half-streamed below the user's turn.
  function leafStart(conversationId: string): string | undefined {
    const stored = leafId.get(conversationId);
    return stored ? str(stored, 'id') : optStr(newest.get(conversationId) ?? {}, 'id');
  }

  function leaf(conversationId: string): string | undefined {
    const start = leafStart(conversationId);
    return start === undefined ? undefined : descend(treeOf(conversationId), start);
  }

  /** The stored columns of a turn, role to tool_results, in the order of the statements above. */
  function columnsOf(turn: Turn) {
    return [
      turn.role,
      turn.text,
      turn.thoughts ?? null,
      rawColumn(turn),
      turn.status,
      toJson(turn.error),
      turn.model ?? null,
      turn.finishReason ?? null,
      turn.endReason ?? null,
      turn.endDetail ?? null,
      toJson(turn.usage),
      toJson(turn.timings),
      turn.exchangeId ?? null,
      turn.edited === true ? 1 : 0,
      turn.createdAt,
      toJson(turn.toolCalls),
      toJson(turn.toolResults),
    ] as const;
  }

  function insertTurn(
    conversationId: string,
    turn: Turn,
    parentId: string | null,
    options?: { unindexed: true },
  ): number {
    const row = maxSeq.get(conversationId);
    const seq = (row ? (optNum(row, 'seq') ?? 0) : 0) + 1;
    insert.run(turn.id, conversationId, seq, parentId, ...columnsOf(turn), options?.unindexed ? 1 : 0);
    return seq;
  }

  return {
    list: (conversationId) => list.all(conversationId).map(toTurn),
    tree: treeOf,
    get(id) {
      const row = byId.get(id);
      return row ? toTurn(row) : undefined;
    },
    pathTo: (conversationId, id) => pathFrom(list.all(conversationId).map(toTurn), id),
    leaf,
    leafStart,
    setLeaf(conversationId, id) {
      setLeaf.run(id, conversationId);
    },
    insert: insertTurn,
    append(conversationId, turn) {
      const seq = insertTurn(conversationId, turn, leaf(conversationId) ?? null);
      setLeaf.run(turn.id, conversationId);
      return seq;
    },
    updateText: (id, text) => Number(updateText.run(text, id).changes) > 0,
    replace: (id, turn) => Number(replace.run(...columnsOf(turn), id).changes) > 0,
    index: (id) => Number(takeIn.run(id).changes) > 0,
    indexAll: () => Number(takeAllIn.run().changes),
    delete: (id) => Number(remove.run(id).changes) > 0,
    countByRole: (conversationId, role) => num(countByRole.get(conversationId, role) ?? { n: 0 }, 'n'),
  };
}
