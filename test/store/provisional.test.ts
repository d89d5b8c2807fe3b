// PROVES: a provisional write (a streaming reply as it arrives) skips the sync to disk that each commit
// costs, and every other write, before and after it, even when it fails, keeps the full sync. A durable
// write (a finished reply) is on disk when it resolves, its sync of the log made off the event loop.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/store/index.ts';

const FULL = 2;
const NORMAL = 1;

let dir: string;
let store: Store;
const level = () => Number(store.db.prepare('PRAGMA synchronous').get()?.['synchronous']);
/** the files synced off the loop, each with the resolver that says its sync is done */
let syncs: { path: string; done: () => void }[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-provisional-'));
  syncs = [];
  store = openStore(join(dir, 'quartet.db'), {
    syncFile: (path) => new Promise<void>((done) => syncs.push({ path, done })),
  });
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

describe('a durable write', () => {
  it('commits without a sync on the loop, then resolves only once the log is synced', async () => {
    let resolved = false;
    const write = store
      .durable(() => {
        store.settings.set('probe', 'b');
        return level();
      })
      .then((inside) => {
        resolved = true;
        return inside;
      });
    // committed already: another read sees it, while the sync is still under way
    expect(store.settings.get('probe')).toBe('b');
    expect(level()).toBe(FULL);
    expect(syncs.map((x) => x.path)).toEqual([join(dir, 'quartet.db-wal')]);
    await Promise.resolve();
    expect(resolved).toBe(false);
    syncs[0]!.done();
    expect(await write).toBe(NORMAL);
    expect(resolved).toBe(true);
  });

  it('writes and syncs nothing when its function throws', async () => {
    await expect(
      store.durable(() => {
        store.settings.set('probe', 'c');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(store.settings.get('probe')).toBeUndefined();
    expect(syncs).toHaveLength(0);
    expect(level()).toBe(FULL);
  });

  it('refuses to run inside another transaction, whose commit is still to come', async () => {
    let inner: Promise<unknown> | undefined;
    store.transaction(() => {
      inner = store.durable(() => store.settings.set('probe', 'e'));
      // a failed call inside a transaction must not leave it half-done
      inner.catch(() => {});
    });
    await expect(inner).rejects.toThrow('not inside another');
    expect(store.settings.get('probe')).toBeUndefined();
    expect(syncs).toHaveLength(0);
  });

  it('syncs the real log file with the default sync', async () => {
    const real = openStore(join(dir, 'other.db'));
    try {
      await real.durable(() => real.settings.set('probe', 'd'));
      expect(real.settings.get('probe')).toBe('d');
    } finally {
      real.close();
    }
  });
});
