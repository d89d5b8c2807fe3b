import { mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/store/index.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-corrupt-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function asideFiles(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.includes('.corrupt-')).sort();
}

describe('a damaged database at start-up', () => {
  it('sets a file that is not a database aside, with its WAL, and starts fresh with a notice', async () => {
    const file = join(dir, 'quartet.db');
    await writeFile(file, 'this is not a database, just some text that happens to be here'.repeat(100));
    await writeFile(`${file}-wal`, 'garbage wal');
    const store = openStore(file);
    try {
      expect(store.notices).toHaveLength(1);
      expect(store.notices[0]).toMatch(/damaged/);
      const aside = await asideFiles();
      expect(aside).toHaveLength(2);
      expect(aside[0]).toMatch(/^quartet\.db\.corrupt-[\dTZ-]+$/);
      expect(aside[1]).toBe(`${aside[0]}-wal`);
      expect(store.notices[0]).toContain(aside[0]);
      expect(await readFile(join(dir, aside[0] ?? ''), 'utf8')).toMatch(/^this is not a database/);
      // The fresh database works.
      store.settings.set('theme', 'dark');
      expect(store.settings.get('theme')).toBe('dark');
    } finally {
      store.close();
    }
  });

  it('sets aside a database whose pages are damaged', async () => {
    const file = join(dir, 'quartet.db');
    const first = openStore(file);
    first.conversations.insert({
      id: 'c',
      format: 'chat',
      model: 'm',
      title: 't',
      origin: 'chat',
      params: { stream: true },
      createdAt: 1,
      updatedAt: 1,
    });
    for (let i = 0; i < 200; i++) {
      first.messages.append('c', {
        id: `t${i}`,
        role: 'user',
        text: `message ${i} `.repeat(50),
        status: 'complete',
        createdAt: i,
      });
    }
    first.close();
    // Overwrite the middle of the file (past the header page) with noise.
    const handle = await open(file, 'r+');
    const { size } = await handle.stat();
    await handle.write(Buffer.alloc(8192, 0xa5), 0, 8192, Math.floor(size / 2 / 4096) * 4096);
    await handle.close();

    const store = openStore(file);
    try {
      expect(store.notices).toHaveLength(1);
      expect(await asideFiles()).toHaveLength(1);
      expect(store.conversations.list()).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('leaves a healthy database alone', async () => {
    const file = join(dir, 'quartet.db');
    openStore(file).close();
    const store = openStore(file);
    store.close();
    expect(store.notices).toEqual([]);
    expect(await asideFiles()).toEqual([]);
  });
});
