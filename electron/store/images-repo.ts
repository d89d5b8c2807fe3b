import { compact } from '../../shared/compact.ts';
import type { DatabaseSync } from 'node:sqlite';
import type { ImageRecord } from '../../shared/contract.ts';
import { bool, num, optJson, optStr, str, toJson, type Row } from './rows.ts';

export type ImageFormat = ImageRecord['format'];

/** An image row: the record the renderer sees plus where its files live (relative to the data folder). */
export interface ImageRow extends Omit<ImageRecord, 'hasThumbnail'> {
  filePath: string;
  thumbPath?: string;
}

export interface ImagesRepo {
  /** newest batch first; images of one batch in the order they were generated */
  list(offset: number, limit: number): ImageRow[];
  count(): number;
  get(id: string): ImageRow | undefined;
  insert(row: ImageRow): void;
  setThumb(id: string, thumbPath: string | null): boolean;
  delete(id: string): boolean;
  /** every row's file references, for the start-up sweep */
  files(): { id: string; filePath: string; thumbPath?: string }[];
}

const FORMATS: readonly string[] = ['png', 'jpeg', 'webp'];

function toImage(row: Row): ImageRow {
  const format = str(row, 'format');
  if (!FORMATS.includes(format)) throw new TypeError(`unknown image format ${format}`);
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
  });
}

/** The renderer's view of a row. */
export function toImageRecord(row: ImageRow): ImageRecord {
  const { filePath: _file, thumbPath, ...rest } = row;
  return { ...rest, hasThumbnail: thumbPath !== undefined };
}

export function createImagesRepo(db: DatabaseSync): ImagesRepo {
  const list = db.prepare('SELECT * FROM images ORDER BY created_at DESC, batch_id, rowid LIMIT ? OFFSET ?');
  const count = db.prepare('SELECT count(*) AS n FROM images');
  const byId = db.prepare('SELECT * FROM images WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO images (id, batch_id, file_path, thumb_path, prompt, model, format, requested_size,
       reported_size, width, height, size_adjusted, bytes, quality, reported_quality, usage, exchange_id,
       created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setThumb = db.prepare('UPDATE images SET thumb_path = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM images WHERE id = ?');
  const files = db.prepare('SELECT id, file_path, thumb_path FROM images');
  return {
    list: (offset, limit) => list.all(limit, offset).map(toImage),
    count: () => num(count.get() ?? { n: 0 }, 'n'),
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
      );
    },
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
