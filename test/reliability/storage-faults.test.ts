// A full disk, a read-only folder, a database another program holds (issue 26): the page names the cause
// and what is kept, a generated image waits to be saved, and a held lock never holds the host's event loop.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../support/app-core.ts';
import { createDispatch } from '../../electron/handlers/dispatch.ts';
import type { Handlers } from '../../electron/handlers/index.ts';
import { createLogger } from '../../electron/handlers/logger.ts';
import { openStore } from '../../electron/store/index.ts';
import { storageFailureOf } from '../../electron/store/storage-failure.ts';
import type * as AtomicWrite from '../../electron/store/atomic-write.ts';

// A disk that fills up on demand: image writes fail with ENOSPC while `diskFull` is set.
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('../../electron/store/atomic-write.ts', async (importOriginal) => {
  const real = await importOriginal<typeof AtomicWrite>();
  return {
    ...real,
    writeFileAtomic: (path: string, ...rest: [Uint8Array | string, number?]) => {
      if (disk.full && /[\\/]images[\\/]/.test(path)) {
        return Promise.reject(
          Object.assign(new Error(`ENOSPC: no space left on device, open '${path}'`), { code: 'ENOSPC' }),
        );
      }
      return real.writeFileAtomic(path, ...rest);
    },
  };
});

let h: Harness | undefined;
const extra: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  disk.full = false;
  for (const f of extra.splice(0)) await f();
  await h?.close();
  h = undefined;
});

describe('a database another program holds', () => {
  it('waits for it without holding the event loop, then names it and keeps what was saved', async () => {
    h = await createHarness({ connect: false });
    const before = await h.call('getSettings', {});
    const other = new DatabaseSync(join(h.dataDir, 'quartet.db'));
    extra.push(() => other.close());
    other.exec('BEGIN IMMEDIATE'); // holds the write lock, as a database browser mid-edit would

    let ticks = 0;
    const tick = setInterval(() => ticks++, 1);
    extra.push(() => clearInterval(tick));
    let firedDuringWrite = false;
    const write = h.dispatch('updateSettings', { theme: before.theme === 'dark' ? 'light' : 'dark' });
    // scheduled while the write waits for the lock: it can only fire if the write gave the loop back
    setTimeout(() => (firedDuringWrite = true), 0);
    const result = await write;
    expect(firedDuringWrite).toBe(true);
    expect(ticks).toBeGreaterThan(5); // the loop kept turning all along (a blocked 5 s wait gave 0)
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'internal', local: { cause: 'db-busy' } });
    expect(result.error.message).toBe(
      'Another program holds the database, so Quartet could not save this. Close it (another Quartet, a database browser) and try again. Everything saved before is kept.',
    );
    other.exec('ROLLBACK');
    expect(await h.call('getSettings', {})).toEqual(before);
  });

  it('saves once the other program lets go within the wait', async () => {
    h = await createHarness({ connect: false });
    const other = new DatabaseSync(join(h.dataDir, 'quartet.db'));
    extra.push(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    const write = h.dispatch('updateSettings', { theme: 'dark' });
    setTimeout(() => other.exec('COMMIT'), 30);
    expect((await write).ok).toBe(true);
    expect((await h.call('getSettings', {})).theme).toBe('dark');
  });
});

describe('calls while another program holds the database', () => {
  it('run in the order they came once it lets go: a first message that followed its conversation at once', async () => {
    h = await createHarness();
    const other = new DatabaseSync(join(h.dataDir, 'quartet.db'));
    extra.push(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    const id = '3f6f3c55-8f6e-4b8e-9a59-4a3c1d2e5b71';
    const creating = h.dispatch('createConversation', { id, format: 'chat', model: 'gpt-5-mini' });
    const sending = h.dispatch('sendMessage', { requestId: 'r1', conversationId: id, text: 'In order' });
    // and one more, of another kind, still behind them
    const listing = h.dispatch('listConversations', {});
    setTimeout(() => other.exec('COMMIT'), 30);
    const [created, sent, listed] = await Promise.all([creating, sending, listing]);
    expect(created.ok).toBe(true);
    expect(sent.ok).toBe(true);
    expect(listed).toMatchObject({ ok: true, value: [{ id }] });
  });

  it('a later call never overtakes an earlier one, even when it would find the lock free first', async () => {
    h = await createHarness({ connect: false });
    const other = new DatabaseSync(join(h.dataDir, 'quartet.db'));
    extra.push(() => other.close());
    // the waits for the lock on a clock of the test's: 5, 10, 20 ms apart from each call's arrival
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    extra.push(() => void vi.useRealTimers());
    other.exec('BEGIN IMMEDIATE');
    const id = '8d0b7f2e-1c4a-4e5b-9f3d-2a6c7e8b9d01';
    const creating = h.dispatch('createConversation', { id, format: 'chat', model: 'gpt-5-mini' });
    await vi.advanceTimersByTimeAsync(7); // the creation looked at 5 ms and looks again at 15
    const renaming = h.dispatch('updateConversation', { id, title: 'Renamed' }); // alone, it would look at 12
    other.exec('COMMIT');
    await vi.advanceTimersByTimeAsync(50);
    vi.useRealTimers();
    const [created, renamed] = await Promise.all([creating, renaming]);
    expect(created.ok).toBe(true);
    expect(renamed).toMatchObject({ ok: true, value: { id, title: 'Renamed' } });
  });
});

describe('a read-only database and the file system errors', () => {
  it('names SQLITE_READONLY, SQLITE_FULL, ENOSPC, EROFS and EACCES, and leaves other failures internal', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quartet-ro-'));
    const store = openStore(join(dir, 'quartet.db'));
    extra.push(async () => {
      store.close();
      await rm(dir, { recursive: true, force: true });
    });
    // the connection refuses writes as SQLite does for a read-only file (root ignores chmod here)
    store.db.exec('PRAGMA query_only = ON');
    const handlers = {
      updateSettings: () => Promise.resolve(store.settings.set('theme', 'dark')),
    } as unknown as Handlers;
    const dispatch = createDispatch(
      handlers,
      createLogger(() => undefined),
    );
    const ctx = { emit: () => undefined };
    const r = await dispatch('updateSettings', { theme: 'dark' }, ctx);
    expect(r).toMatchObject({ ok: false, error: { kind: 'internal', local: { cause: 'read-only' } } });
    expect(!r.ok && r.error.message).toMatch(
      /^The data folder is read-only .* Everything saved before is kept\.$/,
    );

    const fault = (props: object) => Object.assign(new Error('x'), props);
    expect(storageFailureOf(fault({ errcode: 13 }))).toBe('disk-full'); // SQLITE_FULL
    expect(storageFailureOf(fault({ errcode: 5 }))).toBe('db-busy'); // SQLITE_BUSY
    expect(storageFailureOf(fault({ errcode: 6 }))).toBe('db-busy'); // SQLITE_LOCKED
    expect(storageFailureOf(fault({ errcode: 8 | (5 << 8) }))).toBe('read-only'); // SQLITE_READONLY_DBMOVED
    expect(storageFailureOf(fault({ code: 'ENOSPC' }))).toBe('disk-full');
    expect(storageFailureOf(fault({ code: 'EROFS' }))).toBe('read-only');
    expect(storageFailureOf(fault({ code: 'EACCES' }))).toBe('read-only');
    expect(storageFailureOf(new Error('x', { cause: fault({ code: 'ENOSPC' }) }))).toBe('disk-full');
    expect(storageFailureOf(fault({ errcode: 1 }))).toBeUndefined(); // a plain SQL error is a bug
    expect(storageFailureOf(fault({ code: 'ENOENT' }))).toBeUndefined();
  });
});

describe('a full disk while images are saved', () => {
  it('keeps every generated image of the batch and adds them to the gallery at the next start', async () => {
    h = await createHarness();
    disk.full = true;
    const error = await h.fail('generateImages', {
      requestId: 'g',
      model: 'gpt-image-1',
      prompt: 'A lighthouse',
      size: '1024x1024',
      n: 2,
    });
    const kept = join(h.dataDir, 'unsaved-images');
    expect(error).toMatchObject({ kind: 'internal', local: { cause: 'disk-full', keptIn: kept } });
    expect(error.message).toBe(
      `The disk is full, so Quartet could not save this. The image is kept in ${kept} and joins the gallery at the next start.`,
    );
    expect((await readdir(kept)).sort()).toHaveLength(4); // two images, each bytes and row
    expect((await h.call('listImages', {})).total).toBe(0);

    disk.full = false; // space freed
    await h.restart();
    const gallery = await h.call('listImages', {});
    expect(gallery.total).toBe(2);
    expect(gallery.items.map((i) => i.prompt)).toEqual(['A lighthouse', 'A lighthouse']);
    for (const image of gallery.items) expect(await h.core.imageFile(image.id, 'full')).not.toBeNull();
    expect(await readdir(kept)).toEqual([]);
  });
});
