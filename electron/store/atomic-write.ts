// Durable file writes: a temp file in the same folder, fsync, rename, then fsync the folder, so a crash
// leaves either the old file or the new one, never a torn one (security.md, "Durability of local data").
import { randomBytes } from 'node:crypto';
import { open, readlink, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** Temp files start with this; the start-up sweep removes any a crash left behind. */
export const TEMP_PREFIX = '.tmp-';

export function isTempFile(name: string): boolean {
  return name.startsWith(TEMP_PREFIX);
}

/** Writes `data` to `filePath` atomically with the given mode (default 0600). */
export async function writeFileAtomic(
  filePath: string,
  data: Uint8Array | string,
  mode = 0o600,
): Promise<void> {
  const dir = dirname(filePath);
  const temp = join(dir, `${TEMP_PREFIX}${basename(filePath)}-${randomBytes(6).toString('hex')}`);
  // 'wx': never follow or reuse an existing file; the mode applies at creation, before any byte is written.
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.chmod(mode); // the umask may have narrowed or the platform widened it
    await handle.sync();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw e;
  }
  await handle.close();
  try {
    await rename(temp, filePath);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  await syncDir(dir);
}

/** Makes a rename durable; not every platform lets a folder be opened for fsync, which is then skipped. */
async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic there.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Rewrites a file the user named (a `--history` conversation, a `--report`) atomically without changing
 * what it is: a symlink is written through to its target (the link stays a link), an existing file keeps
 * its mode, and a new file gets `newFileMode`.
 */
export async function replaceFileAtomic(
  filePath: string,
  data: Uint8Array | string,
  newFileMode: number,
): Promise<void> {
  let target = filePath;
  let mode = newFileMode;
  try {
    target = await realpath(filePath);
    mode = (await stat(target)).mode & 0o777;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    // A dangling symlink: write where it points, so the link starts working.
    const link = await readlink(filePath).catch(() => undefined);
    if (link !== undefined) target = resolve(dirname(filePath), link);
  }
  await writeFileAtomic(target, data, mode);
}
