// PROVES: a provisional write (a streaming reply as it arrives) skips the sync to disk that each commit
// costs, and every other write, before and after it, even when it fails, keeps the full sync.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/store/index.ts';

const FULL = 2;
const NORMAL = 1;

let dir: string;
let store: Store;
const level = () => Number(store.db.prepare('PRAGMA synchronous').get()?.['synchronous']);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-provisional-'));
  store = openStore(join(dir, 'quartet.db'));
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

it('syncs every commit, except inside provisional', () => {
  expect(level()).toBe(FULL);
  const inside = store.provisional(() => {
    store.settings.set('probe', 'a');
    return level();
  });
  expect(inside).toBe(NORMAL);
  expect(level()).toBe(FULL);
  expect(store.settings.get('probe')).toBe('a');
});

it('restores the full sync when the provisional write fails', () => {
  expect(() =>
    store.provisional(() => {
      throw new Error('disk full');
    }),
  ).toThrow('disk full');
  expect(level()).toBe(FULL);
});
