import { compact } from '../../shared/compact.ts';
import type { DatabaseSync } from 'node:sqlite';
import type { ImageRecord } from '../../shared/contract.ts';
import { isImageSource, type ImageSettings, type ImageSource } from '../../shared/gallery.ts';
import { bool, num, optJson, optNum, optStr, str, toJson, type Row } from './rows.ts';

export type ImageFormat = ImageRecord['format'];

/** An image row: the record the renderer sees plus where its files live (relative to the data folder). */
export interface ImageRow extends Omit<ImageRecord, 'hasThumbnail'> {
  filePath: string;
  thumbPath?: string;
}

/** Which images a gallery page shows: all, or those of one source. */
export interface ImageFilter {
  source?: ImageSource | undefined;
}

/** The most images of one comparison listed with it (a round's image each). */
export const MAX_COMPARISON_IMAGES = 100;

/** How far a lineage is followed up and down: an edit of an edit of... past this is not drawn. */
export const MAX_LINEAGE = 500;

export interface ImagesRepo {
  /** newest batch first; images of one batch in the order they were generated */
  list(offset: number, limit: number, filter?: ImageFilter): ImageRow[];
  count(filter?: ImageFilter): number;
  get(id: string): ImageRow | undefined;
  /**
   * Stores an image. A conversation or parent that no longer exists (deleted while the image was made, or
   * while it waited in unsaved-images/) is stored as none rather than refusing the image.
   */
  insert(row: ImageRow): void;
  /**
   * Every version of an image: the first image its lineage reaches (following parents) and every image
   * edited from it, at any depth, oldest first (at most MAX_LINEAGE); empty when the image is unknown.
   */
  lineage(id: string): ImageRow[];
  /** the images each of these turns (replies) made, in the order they were stored */
  ofMessages(messageIds: readonly string[]): Map<string, ImageRow[]>;
  /** the images made in each of these comparisons (their images-endpoint column), oldest first, bounded */
  ofComparisons(comparisonIds: readonly string[]): Map<string, ImageRow[]>;
  /** the comparison was deleted: its images stay in the gallery, no longer linked to it */
  unlinkComparison(comparisonId: string): number;
  setThumb(id: string, thumbPath: string | null): boolean;
  delete(id: string): boolean;
  /** every row's file references, for the start-up sweep */
  files(): { id: string; filePath: string; thumbPath?: string }[];
}

const FORMATS: readonly string[] = ['png', 'jpeg', 'webp'];

function toImage(row: Row): ImageRow {
  const format = str(row, 'format');
  if (!FORMATS.includes(format)) throw new TypeError(`unknown image format ${format}`);
  const source = str(row, 'source');
  if (!isImageSource(source)) throw new TypeError(`unknown image source ${source}`);
  return compact({
    id: str(row, 'id'),
    batchId: str(row, 'batch_id'),
    filePath: str(row, 'file_path'),
    thumbPath: optStr(row, 'thumb_path'),
    prompt: str(row, 'prompt'),
    model: str(row, 'model'),
    format: format as ImageFormat,
    requestedSize: optStr(row, 'requested_size'),
    reportedSize: optStr(row, 'reported_size'),
    width: num(row, 'width'),
    height: num(row, 'height'),
    sizeAdjusted: bool(row, 'size_adjusted'),
    bytes: num(row, 'bytes'),
    quality: optStr(row, 'quality'),
    reportedQuality: optStr(row, 'reported_quality'),
    usage: optJson<Record<string, unknown>>(row, 'usage'),
    exchangeId: optStr(row, 'exchange_id'),
    createdAt: num(row, 'created_at'),
    source,
    conversationId: optStr(row, 'conversation_id'),
    messageId: optStr(row, 'message_id'),
    parentId: optStr(row, 'parent_id'),
    settings: optJson<ImageSettings>(row, 'settings'),
    comparisonId: optStr(row, 'comparison_id'),
    tookMs: optNum(row, 'took_ms'),
  });
}

/** The renderer's view of a row. */
export function toImageRecord(row: ImageRow): ImageRecord {
  const { filePath: _file, thumbPath, ...rest } = row;
  return { ...rest, hasThumbnail: thumbPath !== undefined };
}

export function createImagesRepo(db: DatabaseSync): ImagesRepo {
  const ORDER = 'ORDER BY created_at DESC, batch_id, rowid LIMIT ? OFFSET ?';
  const list = db.prepare(`SELECT * FROM images ${ORDER}`);
  const listOf = db.prepare(`SELECT * FROM images WHERE source = ? ${ORDER}`);
  const count = db.prepare('SELECT count(*) AS n FROM images');
  const countOf = db.prepare('SELECT count(*) AS n FROM images WHERE source = ?');
  const byId = db.prepare('SELECT * FROM images WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO images (id, batch_id, file_path, thumb_path, prompt, model, format, requested_size,
       reported_size, width, height, size_adjusted, bytes, quality, reported_quality, usage, exchange_id,
       created_at, source, conversation_id, message_id, parent_id, settings, comparison_id, took_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
       (SELECT id FROM conversations WHERE id = ?), ?, (SELECT id FROM images WHERE id = ?), ?, ?, ?)`,
  );
  // The lineage's first image: parents followed up (each row's parent existed before it, so no cycle).
  const rootOf = db.prepare(
    `WITH RECURSIVE up (id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM images WHERE id = ?
       UNION ALL
       SELECT i.id, i.parent_id, up.depth + 1 FROM images i JOIN up ON i.id = up.parent_id
       WHERE up.depth < ${MAX_LINEAGE}
     )
     SELECT id FROM up ORDER BY depth DESC LIMIT 1`,
  );
  const familyOf = db.prepare(
    `WITH RECURSIVE down (id, depth) AS (
       SELECT ?, 0
       UNION ALL
       SELECT i.id, down.depth + 1 FROM images i JOIN down ON i.parent_id = down.id
       WHERE down.depth < ${MAX_LINEAGE}
     )
     SELECT images.* FROM down JOIN images ON images.id = down.id
     ORDER BY images.created_at, images.rowid LIMIT ${MAX_LINEAGE}`,
  );
  const unlinkComparison = db.prepare('UPDATE images SET comparison_id = NULL WHERE comparison_id = ?');
  const setThumb = db.prepare('UPDATE images SET thumb_path = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM images WHERE id = ?');
  const files = db.prepare('SELECT id, file_path, thumb_path FROM images');
  return {
    list: (offset, limit, filter) =>
      (filter?.source === undefined ? list.all(limit, offset) : listOf.all(filter.source, limit, offset)).map(
        toImage,
      ),
    count: (filter) =>
      num((filter?.source === undefined ? count.get() : countOf.get(filter.source)) ?? { n: 0 }, 'n'),
    get(id) {
      const row = byId.get(id);
      return row ? toImage(row) : undefined;
    },
    insert(row) {
      insert.run(
        row.id,
        row.batchId,
        row.filePath,
        row.thumbPath ?? null,
        row.prompt,
        row.model,
        row.format,
        row.requestedSize ?? null,
        row.reportedSize ?? null,
        row.width,
        row.height,
        row.sizeAdjusted ? 1 : 0,
        row.bytes,
        row.quality ?? null,
        row.reportedQuality ?? null,
        toJson(row.usage),
        row.exchangeId ?? null,
        row.createdAt,
        row.source,
        row.conversationId ?? null,
        row.messageId ?? null,
        row.parentId ?? null,
        toJson(row.settings),
        row.comparisonId ?? null,
        row.tookMs ?? null,
      );
    },
    lineage(id) {
      const root = rootOf.get(id);
      return root ? familyOf.all(str(root, 'id')).map(toImage) : [];
    },
    ofMessages(messageIds) {
      const result = new Map<string, ImageRow[]>();
      // In chunks: SQLite bounds the number of parameters of one statement.
      for (let i = 0; i < messageIds.length; i += 500) {
        const chunk = messageIds.slice(i, i + 500);
        const rows = db
          .prepare(
            `SELECT * FROM images WHERE message_id IN (${chunk.map(() => '?').join(',')})
             ORDER BY message_id, created_at, rowid`,
          )
          .all(...chunk);
        for (const row of rows) {
          const image = toImage(row);
          const list = result.get(image.messageId ?? '') ?? [];
          list.push(image);
          result.set(image.messageId ?? '', list);
        }
      }
      return result;
    },
    ofComparisons(comparisonIds) {
      const result = new Map<string, ImageRow[]>();
      for (let i = 0; i < comparisonIds.length; i += 500) {
        const chunk = comparisonIds.slice(i, i + 500);
        const rows = db
          .prepare(
            `SELECT * FROM images WHERE comparison_id IN (${chunk.map(() => '?').join(',')})
             ORDER BY comparison_id, created_at DESC, rowid DESC`,
          )
          .all(...chunk);
        for (const row of rows) {
          const key = str(row, 'comparison_id');
          const list = result.get(key) ?? [];
          // a comparison shows an image or so per round: its newest MAX_COMPARISON_IMAGES are plenty
          if (list.length < MAX_COMPARISON_IMAGES) list.push(toImage(row));
          result.set(key, list);
        }
      }
      for (const list of result.values()) list.reverse();
      return result;
    },
    unlinkComparison: (comparisonId) => Number(unlinkComparison.run(comparisonId).changes),
    setThumb: (id, thumbPath) => Number(setThumb.run(thumbPath, id).changes) > 0,
    delete: (id) => Number(remove.run(id).changes) > 0,
    files: () =>
      files.all().map((row) =>
        compact({
          id: str(row, 'id'),
          filePath: str(row, 'file_path'),
          thumbPath: optStr(row, 'thumb_path'),
        }),
      ),
  };
}
