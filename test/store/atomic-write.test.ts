import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isTempFile, writeFileAtomic } from '../../electron/store/atomic-write.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('replaces the file whole, with mode 0600, and leaves no temp file', async () => {
  const file = join(dir, 'data.bin');
  await writeFile(file, 'old', { mode: 0o644 });
  await writeFileAtomic(file, new Uint8Array([1, 2, 3]));
  expect([...(await readFile(file))]).toEqual([1, 2, 3]);
  if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(await readdir(dir)).toEqual(['data.bin']);
});

it('removes its temp file when the write fails', async () => {
  await expect(writeFileAtomic(join(dir, 'missing-folder', 'x'), 'data')).rejects.toThrow();
  const file = join(dir, 'x');
  // A directory in the way makes the final rename fail after the temp file was written.
  await import('node:fs/promises').then((fs) => fs.mkdir(join(file, 'inside'), { recursive: true }));
  await expect(writeFileAtomic(file, 'data')).rejects.toThrow();
  expect((await readdir(dir)).filter(isTempFile)).toEqual([]);
});
