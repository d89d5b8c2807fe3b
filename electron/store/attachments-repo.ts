// Attached files: their description, and which turn uses which (in the order they go on the wire). The
// bytes live in the data folder at `file_path`; rows are per upload (each keeps the name it was given),
// and uploads of identical bytes share one file (found by sha256), which goes once no row refers to it.
import type { DatabaseSync } from 'node:sqlite';
import type { Attachment, AttachmentKind } from '../../shared/attachments.ts';
import { ATTACHMENT_KINDS } from '../../shared/attachments.ts';
import { compact } from '../../shared/compact.ts';
import { num, optNum, str, type Row } from './rows.ts';

/** An attachment row: the contract's Attachment plus where its bytes live and when it was uploaded. */
export interface AttachmentRow extends Attachment {
  sha256: string;
  /** relative to the data folder, always with '/' */
  filePath: string;
  createdAt: number;
}

export interface AttachmentsRepo {
  get(id: string): AttachmentRow | undefined;
  /** a row whose bytes have this hash, to share its file */
  byHash(sha256: string): AttachmentRow | undefined;
  insert(row: AttachmentRow): void;
  /** links the files to a turn, in order */
  link(messageId: string, attachmentIds: readonly string[]): void;
  /** links the images of a turn's tool results to it (kept apart from the files the user attached) */
  linkToolImages(messageId: string, attachmentIds: readonly string[]): void;
  /** the files of each turn that has any, in order */
  ofMessages(messageIds: readonly string[]): Map<string, AttachmentRow[]>;
  /** the attachments any turn of the conversation uses */
  idsOfConversation(conversationId: string): string[];
  /**
   * Deletes those of `ids` (or, without ids, those uploaded before `uploadedBefore`) that no turn uses;
   * returns the files no remaining row refers to, for the caller to delete once the transaction is done.
   */
  deleteUnused(filter: { ids: readonly string[] } | { uploadedBefore: number }): string[];
  /** every file any row refers to, for the start-up sweep */
  filePaths(): Set<string>;
}

function toAttachment(row: Row): AttachmentRow {
  const kind = str(row, 'kind');
  if (!(ATTACHMENT_KINDS as readonly string[]).includes(kind)) throw new TypeError(`unknown kind ${kind}`);
  return compact({
    id: str(row, 'id'),
    name: str(row, 'name'),
    mimeType: str(row, 'mime_type'),
    kind: kind as AttachmentKind,
    bytes: num(row, 'bytes'),
    width: optNum(row, 'width'),
    height: optNum(row, 'height'),
    sha256: str(row, 'sha256'),
    filePath: str(row, 'file_path'),
    createdAt: num(row, 'created_at'),
  });
}

/** The contract's view of a row. */
export function toAttachmentRecord(row: AttachmentRow): Attachment {
  const { sha256: _h, filePath: _f, createdAt: _c, ...rest } = row;
  return rest;
}

export function createAttachmentsRepo(db: DatabaseSync): AttachmentsRepo {
  const byId = db.prepare('SELECT * FROM attachments WHERE id = ?');
  const byHash = db.prepare('SELECT * FROM attachments WHERE sha256 = ? ORDER BY created_at LIMIT 1');
  const insert = db.prepare(
    `INSERT INTO attachments (id, name, mime_type, kind, bytes, width, height, sha256, file_path, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const link = db.prepare(
    'INSERT INTO message_attachments (message_id, position, attachment_id) VALUES (?, ?, ?)',
  );
  const linkToolImage = db.prepare(
    'INSERT INTO message_tool_images (message_id, position, attachment_id) VALUES (?, ?, ?)',
  );
  const ofConversation = db.prepare(
    `SELECT ma.attachment_id AS id FROM message_attachments ma
     JOIN messages m ON m.id = ma.message_id WHERE m.conversation_id = ?
     UNION
     SELECT ti.attachment_id AS id FROM message_tool_images ti
     JOIN messages m ON m.id = ti.message_id WHERE m.conversation_id = ?`,
  );
  const unused =
    'NOT EXISTS (SELECT 1 FROM message_attachments ma WHERE ma.attachment_id = a.id) AND ' +
    'NOT EXISTS (SELECT 1 FROM message_tool_images ti WHERE ti.attachment_id = a.id)';
  const unusedById = db.prepare(`SELECT a.id, a.file_path FROM attachments a WHERE a.id = ? AND ${unused}`);
  const unusedBefore = db.prepare(
    `SELECT a.id, a.file_path FROM attachments a WHERE a.created_at < ? AND ${unused}`,
  );
  const remove = db.prepare('DELETE FROM attachments WHERE id = ?');
  const fileUsed = db.prepare('SELECT 1 FROM attachments WHERE file_path = ? LIMIT 1');
  const files = db.prepare('SELECT DISTINCT file_path FROM attachments');

  return {
    get(id) {
      const row = byId.get(id);
      return row ? toAttachment(row) : undefined;
    },
    byHash(sha256) {
      const row = byHash.get(sha256);
      return row ? toAttachment(row) : undefined;
    },
    insert(row) {
      insert.run(
        row.id,
        row.name,
        row.mimeType,
        row.kind,
        row.bytes,
        row.width ?? null,
        row.height ?? null,
        row.sha256,
        row.filePath,
        row.createdAt,
      );
    },
    link(messageId, ids) {
      ids.forEach((id, position) => link.run(messageId, position, id));
    },
    linkToolImages(messageId, ids) {
      ids.forEach((id, position) => linkToolImage.run(messageId, position, id));
    },
    ofMessages(messageIds) {
      const result = new Map<string, AttachmentRow[]>();
      // In chunks: SQLite bounds the number of parameters of one statement.
      for (let i = 0; i < messageIds.length; i += 500) {
        const chunk = messageIds.slice(i, i + 500);
        const rows = db
          .prepare(
            `SELECT ma.message_id, a.* FROM message_attachments ma JOIN attachments a ON a.id = ma.attachment_id
             WHERE ma.message_id IN (${chunk.map(() => '?').join(',')}) ORDER BY ma.message_id, ma.position`,
          )
          .all(...chunk);
        for (const row of rows) {
          const messageId = str(row, 'message_id');
          const list = result.get(messageId) ?? [];
          list.push(toAttachment(row));
          result.set(messageId, list);
        }
      }
      return result;
    },
    idsOfConversation: (conversationId) =>
      ofConversation.all(conversationId, conversationId).map((r) => str(r, 'id')),
    deleteUnused(filter) {
      const rows =
        'ids' in filter
          ? filter.ids.flatMap((id) => unusedById.all(id))
          : unusedBefore.all(filter.uploadedBefore);
      const paths = new Set<string>();
      for (const row of rows) {
        remove.run(str(row, 'id'));
        paths.add(str(row, 'file_path'));
      }
      return [...paths].filter((path) => fileUsed.get(path) === undefined);
    },
    filePaths: () => new Set(files.all().map((r) => str(r, 'file_path'))),
  };
}
