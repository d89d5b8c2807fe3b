import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { ParamsSchema, type Params } from '../../shared/conversation.ts';
import { TextFormatSchema, type TextFormat } from '../../shared/formats.ts';
import { bool, num, optStr, str, type Row } from './rows.ts';
import { compact } from '../../shared/compact.ts';

export type Origin = 'chat' | 'compare';

export interface ConversationRow {
  id: string;
  format: TextFormat;
  model: string;
  title: string;
  origin: Origin;
  params: Params;
  /** a Compare column's conversation: the comparison it belongs to */
  comparisonId?: string;
  /** kept at the top of the lists (set with organise, never on insert) */
  pinned?: true;
  /** the folder it is filed in (set with organise, never on insert) */
  folderId?: string;
  /** the connection every request of it goes through; absent: unassigned */
  connectionId?: string;
  /** the name of a connection it asked for that this data folder lacks (an import, a deleted one) */
  wantedConnection?: string;
  createdAt: number;
  updatedAt: number;
}

export interface ConversationListRow extends ConversationRow {
  turnCount: number;
}

export interface ConversationsRepo {
  /** newest activity first */
  list(filter?: { format?: TextFormat | undefined; origin?: Origin | undefined }): ConversationListRow[];
  get(id: string): ConversationRow | undefined;
  /** the row with its turn count, as the list shows it */
  summary(id: string): ConversationListRow | undefined;
  insert(row: ConversationRow): void;
  update(
    id: string,
    patch: { title?: string; model?: string; params?: Params; origin?: 'chat'; updatedAt: number },
  ): boolean;
  /**
   * Moves the conversation to another connection (null: unassigned, keeping `wanted` as the name asked
   * for). Its replies made through the connection it leaves are stamped with it (messages.made_by, '' when
   * it had none): what they carry that is bound to that service no longer goes back.
   */
  setConnection(id: string, connectionId: string | null, wanted?: string): boolean;
  /** a connection is going: its conversations become unassigned, asking for it by name */
  releaseConnection(connectionId: string, name: string): void;
  /** deletes the conversation; its turns go with it (ON DELETE CASCADE) */
  delete(id: string): boolean;
  /**
   * The Compare view's conversations grouped by comparison, newest activity first; each group's columns
   * in the order they were created. A Compare conversation stored before comparisons had ids (schema 3)
   * is a comparison of its own, under the conversation's id.
   */
  comparisons(): { id: string; columns: ConversationListRow[] }[];
  /** the Compare conversations of a comparison (or the one legacy conversation with that id) */
  comparisonMembers(id: string): string[];
  /**
   * Pins or unpins, files or unfiles (folderId null) conversations, leaving updated_at alone: organising is
   * not using. Returns the ids that exist.
   */
  organise(ids: readonly string[], patch: { pinned?: boolean; folderId?: string | null }): string[];
}

function parseParams(text: string): Params {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = {};
  }
  // Parameters stored by an older build may lack fields a newer schema defaults.
  const parsed = ParamsSchema.safeParse(data);
  return parsed.success ? parsed.data : ParamsSchema.parse({});
}

function toConversation(row: Row): ConversationRow {
  const origin = str(row, 'origin');
  return {
    id: str(row, 'id'),
    format: TextFormatSchema.parse(str(row, 'format')),
    model: str(row, 'model'),
    title: str(row, 'title'),
    origin: origin === 'compare' ? 'compare' : 'chat',
    params: parseParams(str(row, 'params')),
    ...compact({
      comparisonId: optStr(row, 'comparison_id'),
      pinned: bool(row, 'pinned') ? (true as const) : undefined,
      folderId: optStr(row, 'folder_id'),
      connectionId: optStr(row, 'connection_id'),
      wantedConnection: optStr(row, 'wanted_connection'),
    }),
    createdAt: num(row, 'created_at'),
    updatedAt: num(row, 'updated_at'),
  };
}

function toListRow(row: Row): ConversationListRow {
  return { ...toConversation(row), turnCount: num(row, 'turn_count') };
}

const WITH_COUNT = `SELECT c.*, (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS turn_count
  FROM conversations c`;

export function createConversationsRepo(db: DatabaseSync): ConversationsRepo {
  const byId = db.prepare('SELECT * FROM conversations WHERE id = ?');
  const summary = db.prepare(`${WITH_COUNT} WHERE c.id = ?`);
  const insert = db.prepare(
    `INSERT INTO conversations (id, format, model, title, origin, params, comparison_id, connection_id,
       wanted_connection, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const stampReplies = db.prepare(
    `UPDATE messages SET made_by = ? WHERE conversation_id = ? AND role = 'assistant' AND made_by IS NULL`,
  );
  const setConnection = db.prepare(
    'UPDATE conversations SET connection_id = ?, wanted_connection = ? WHERE id = ?',
  );
  const release = db.prepare(
    'UPDATE conversations SET wanted_connection = ?, connection_id = NULL WHERE connection_id = ?',
  );
  const releaseReplies = db.prepare(
    `UPDATE messages SET made_by = ? WHERE made_by IS NULL AND role = 'assistant'
       AND conversation_id IN (SELECT id FROM conversations WHERE connection_id = ?)`,
  );
  const remove = db.prepare('DELETE FROM conversations WHERE id = ?');
  const compared = db.prepare(`${WITH_COUNT} WHERE c.origin = 'compare' ORDER BY c.created_at, c.rowid`);
  const members = db.prepare(
    `SELECT id FROM conversations WHERE origin = 'compare'
       AND (comparison_id = ? OR (comparison_id IS NULL AND id = ?))`,
  );
  return {
    list(filter = {}) {
      const where: string[] = [];
      const args: SQLInputValue[] = [];
      if (filter.format !== undefined) {
        where.push('c.format = ?');
        args.push(filter.format);
      }
      if (filter.origin !== undefined) {
        where.push('c.origin = ?');
        args.push(filter.origin);
      }
      const clause = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
      return db
        .prepare(`${WITH_COUNT}${clause} ORDER BY c.updated_at DESC, c.rowid DESC`)
        .all(...args)
        .map(toListRow);
    },
    get(id) {
      const row = byId.get(id);
      return row ? toConversation(row) : undefined;
    },
    summary(id) {
      const row = summary.get(id);
      return row ? toListRow(row) : undefined;
    },
    insert(row) {
      insert.run(
        row.id,
        row.format,
        row.model,
        row.title,
        row.origin,
        JSON.stringify(row.params),
        row.comparisonId ?? null,
        row.connectionId ?? null,
        row.wantedConnection ?? null,
        row.createdAt,
        row.updatedAt,
      );
    },
    update(id, patch) {
      const sets = ['updated_at = ?'];
      const args: SQLInputValue[] = [patch.updatedAt];
      if (patch.title !== undefined) {
        sets.push('title = ?');
        args.push(patch.title);
      }
      if (patch.model !== undefined) {
        sets.push('model = ?');
        args.push(patch.model);
      }
      if (patch.params !== undefined) {
        sets.push('params = ?');
        args.push(JSON.stringify(patch.params));
      }
      if (patch.origin !== undefined) {
        sets.push('origin = ?');
        args.push(patch.origin);
      }
      const result = db.prepare(`UPDATE conversations SET ${sets.join(', ')} WHERE id = ?`).run(...args, id);
      return Number(result.changes) > 0;
    },
    delete: (id) => Number(remove.run(id).changes) > 0,
    setConnection(id, connectionId, wanted) {
      const row = byId.get(id);
      if (!row) return false;
      const before = optStr(row, 'connection_id') ?? '';
      if (before !== (connectionId ?? '')) stampReplies.run(before, id);
      setConnection.run(connectionId, connectionId === null ? (wanted ?? null) : null, id);
      return true;
    },
    releaseConnection(connectionId, name) {
      releaseReplies.run(connectionId, connectionId);
      release.run(name, connectionId);
    },
    comparisons() {
      const groups = new Map<string, ConversationListRow[]>();
      for (const row of compared.all().map(toListRow)) {
        const key = row.comparisonId ?? row.id;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      const newest = (columns: ConversationListRow[], key: 'updatedAt' | 'createdAt') =>
        Math.max(...columns.map((c) => c[key]));
      return [...groups]
        .map(([id, columns]) => ({ id, columns }))
        .sort(
          (a, b) =>
            newest(b.columns, 'updatedAt') - newest(a.columns, 'updatedAt') ||
            newest(b.columns, 'createdAt') - newest(a.columns, 'createdAt'),
        );
    },
    comparisonMembers: (id) => members.all(id, id).map((r) => str(r, 'id')),
    organise(ids, patch) {
      const sets: string[] = [];
      const args: SQLInputValue[] = [];
      if (patch.pinned !== undefined) {
        sets.push('pinned = ?');
        args.push(patch.pinned ? 1 : 0);
      }
      if (patch.folderId !== undefined) {
        sets.push('folder_id = ?');
        args.push(patch.folderId);
      }
      const found: string[] = [];
      const exists = db.prepare('SELECT 1 FROM conversations WHERE id = ?');
      const update =
        sets.length > 0 ? db.prepare(`UPDATE conversations SET ${sets.join(', ')} WHERE id = ?`) : null;
      for (const id of ids) {
        if (update ? Number(update.run(...args, id).changes) > 0 : exists.get(id) !== undefined)
          found.push(id);
      }
      return found;
    },
  };
}
