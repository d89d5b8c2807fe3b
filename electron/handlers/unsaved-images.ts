// Generated images the data folder could not take (disk full, read-only, database held elsewhere): the
// service was paid and the bytes are in hand, so they wait in `unsaved-images/` (bytes, then the gallery
// row as JSON) and join the gallery at the next start, or sooner when a retry finds the folder writable.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageRow } from '../store/index.ts';
import { isImageSource } from '../../shared/gallery.ts';
import { writeFileAtomic } from '../store/atomic-write.ts';
import { storageError } from './errors.ts';
import { imageRelPath, resolveInData } from './image-files.ts';
import type { Paths } from './services.ts';
import type { Store } from '../store/index.ts';

export const UNSAVED_DIR = 'unsaved-images';
/** While images wait, the folder is tried again this often (the lock released, space freed). */
const RETRY_MS = 15_000;

const ID = /^[A-Za-z0-9-]{1,64}$/;

function isRow(v: unknown): v is ImageRow {
  const r = v as Partial<ImageRow> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.id === 'string' &&
    ID.test(r.id) &&
    (r.format === 'png' || r.format === 'jpeg' || r.format === 'webp') &&
    r.filePath === imageRelPath(r.id, r.format) &&
    typeof r.batchId === 'string' &&
    typeof r.prompt === 'string' &&
    typeof r.model === 'string' &&
    typeof r.width === 'number' &&
    typeof r.height === 'number' &&
    typeof r.bytes === 'number' &&
    typeof r.createdAt === 'number' &&
    isImageSource(r.source)
  );
}

export interface UnsavedImages {
  /**
   * Called where saving a generated image failed: keeps it when the failure is a named one and answers the
   * error to throw (naming where it waits), else `e` as it is.
   */
  keep(row: ImageRow, bytes: Uint8Array, e: unknown): Promise<unknown>;
  /** moves every waiting image into the gallery; those that still cannot go stay */
  restore(): Promise<number>;
  close(): void;
}

export function createUnsavedImages(
  paths: Paths,
  store: Store,
  log: (m: string, e?: unknown) => void,
): UnsavedImages {
  const dir = join(paths.dataDir, UNSAVED_DIR);
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  function scheduleRetry(): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void restore().then((left) => {
        if (left > 0) scheduleRetry();
      });
    }, RETRY_MS);
    timer.unref();
  }

  /** Returns how many still wait. */
  async function restore(): Promise<number> {
    let names: string[];
    try {
      names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
    } catch {
      return 0; // none ever waited
    }
    let left = 0;
    for (const name of names) {
      const meta = join(dir, name);
      try {
        // a row kept by a release before image sources is from the images endpoint
        const row: unknown = { source: 'images', ...(JSON.parse(await readFile(meta, 'utf8')) as object) };
        if (!isRow(row) || `${row.id}.json` !== name) throw new Error(`${name} is not a waiting image`);
        const target = resolveInData(paths, row.filePath);
        if (target === null) throw new Error(`${name} points outside the data folder`);
        const bytes = join(dir, `${row.id}.bin`);
        if (!store.images.get(row.id)) {
          await writeFileAtomic(target, await readFile(bytes), 0o600);
          store.images.insert(row);
        }
        await rm(bytes, { force: true });
        await rm(meta, { force: true });
      } catch (e) {
        left++;
        log(`an unsaved image (${name}) could not join the gallery yet`, e);
      }
    }
    return left;
  }

  return {
    async keep(row, bytes, e) {
      if (storageError(e) === undefined) return e;
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        // bytes first: a row without its bytes would be a gallery entry with nothing to show
        await writeFile(join(dir, `${row.id}.bin`), bytes, { mode: 0o600 });
        await writeFile(join(dir, `${row.id}.json`), JSON.stringify(row), { mode: 0o600 });
      } catch (again) {
        log('a generated image could not be kept for later either', again);
        return storageError(e) ?? e;
      }
      scheduleRetry();
      return storageError(e, dir) ?? e;
    },
    restore,
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
