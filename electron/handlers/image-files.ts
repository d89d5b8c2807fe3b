// Image files on disk: where they go, and the start-up sweep that makes files and rows agree again
// after a crash (files are written before their rows, so a crash leaves at most an orphan file).
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { isTempFile } from '../store/atomic-write.ts';
import type { ImageFormat, Store } from '../store/index.ts';
import type { Paths } from './services.ts';

export const IMAGE_EXT: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };
export const IMAGE_MIME: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** Relative paths as stored in the images table (always with '/'). */
export function imageRelPath(id: string, format: ImageFormat): string {
  return `images/${id}.${IMAGE_EXT[format]}`;
}
export function thumbRelPath(id: string): string {
  return `thumbs/${id}.webp`;
}

/** The absolute path of a stored relative path, or null if it would leave the data folder. */
export function resolveInData(paths: Paths, rel: string): string | null {
  const root = resolve(paths.dataDir);
  const full = resolve(root, rel);
  const inside = relative(root, full);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? null : full;
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

export interface SweepReport {
  removedFiles: number;
  removedRows: number;
  clearedThumbs: number;
}

/**
 * Removes temp files and files no row points to from images/ and thumbs/, deletes rows whose image file
 * is missing, and forgets thumbnails whose file is missing. With `keepUnreferenced` (a damaged database
 * was set aside and the current one does not know the old images) files no row points to stay: the
 * set-aside database still refers to them, and a new database's silence proves nothing.
 */
export async function sweepImageFiles(
  store: Store,
  paths: Paths,
  options: { keepUnreferenced?: boolean } = {},
): Promise<SweepReport> {
  const report: SweepReport = { removedFiles: 0, removedRows: 0, clearedThumbs: 0 };
  const referenced = new Set<string>();
  for (const row of store.images.files()) {
    const file = resolveInData(paths, row.filePath);
    if (file === null || !(await exists(file))) {
      store.images.delete(row.id);
      report.removedRows += 1;
      continue;
    }
    referenced.add(file);
    if (row.thumbPath !== undefined) {
      const thumb = resolveInData(paths, row.thumbPath);
      if (thumb !== null && (await exists(thumb))) referenced.add(thumb);
      else {
        store.images.setThumb(row.id, null);
        report.clearedThumbs += 1;
      }
    }
  }
  for (const dir of [paths.images, paths.thumbs]) {
    for (const name of await listDir(dir)) {
      const file = resolve(join(dir, name));
      if (!isTempFile(name) && (referenced.has(file) || options.keepUnreferenced === true)) continue;
      await rm(file, { force: true, recursive: false }).then(
        () => (report.removedFiles += 1),
        () => undefined, // a folder or a file in use: leave it
      );
    }
  }
  return report;
}

/** Databases set aside as damaged (`quartet.db.corrupt-<time>`), which may still point at image files. */
export async function setAsideDatabases(paths: Paths): Promise<string[]> {
  const name = basename(paths.db);
  return (await listDir(dirname(paths.db)))
    .filter((f) => f.startsWith(`${name}.corrupt-`) && !f.endsWith('-wal') && !f.endsWith('-shm'))
    .map((f) => join(dirname(paths.db), f));
}
