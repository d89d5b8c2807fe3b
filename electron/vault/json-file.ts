// A small JSON map of name -> string kept in one 0600 file, written atomically. The file vaults build
// on it; they differ only in what the strings are (ciphertext or plain keys).
import { mkdir, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.ts';
import { withLock } from '../store/lock-file.ts';

export interface JsonMapFile {
  read(): Promise<Record<string, string>>;
  /** read, change, write back, one change at a time */
  update(change: (map: Record<string, string>) => boolean | void): Promise<void>;
}

function isStringMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

export function openJsonMapFile(filePath: string): JsonMapFile {
  // Writes are queued so two changes never read the same old map and lose one of them.
  let queue: Promise<unknown> = Promise.resolve();

  async function read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(filePath, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (isStringMap(data)) return { ...data };
    // A damaged file cannot give its keys back; keep it for inspection and start an empty one.
    try {
      await rename(filePath, `${filePath}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    } catch (e) {
      // Another read set it aside first.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    return {};
  }

  return {
    read,
    update(change) {
      // Under a lock file shared with other processes (a second host, a CLI): each write reads the file
      // again and changes only its own entry, so two writers never write back a map missing the other's key.
      const run = queue.then(async () => {
        await mkdir(dirname(filePath), { recursive: true, mode: 0o700 });
        await withLock(
          `${filePath}.lock`,
          'a key write',
          async () => {
            const map = await read();
            if (change(map) === false) return;
            await writeFileAtomic(filePath, `${JSON.stringify(map, null, 2)}\n`, 0o600);
          },
          { subject: `The key file ${filePath}` },
        );
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
