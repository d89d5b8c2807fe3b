// Folders and pins in the store: migration 006 keeps a schema-5 database whole (conversations unpinned and
// unfiled, everything else as it was), folders come back by name, organising never counts as use, and a
// deleted folder leaves its conversations where they were, unfiled.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/store/index.ts';
import { LATEST_VERSION, MIGRATIONS } from '../../electron/store/migrations/index.ts';
import { searchMessages } from '../../electron/store/search.ts';

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-organise-'));
  store = openStore(join(dir, 'quartet.db'));
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

function conversation(id: string, updatedAt: number, format: 'chat' | 'messages' = 'chat') {
  store.conversations.insert({
    id,
    format,
    model: 'gpt-5-mini',
    title: `Conversation ${id}`,
    origin: 'chat',
    params: { stream: true },
    createdAt: 1,
    updatedAt,
  });
}

describe('migration 006 from a schema-5 database', () => {
  it('keeps every conversation, turn, tool call, preset and image, unpinned and unfiled', () => {
    const file = join(dir, 'v5.db');
    const raw = new DatabaseSync(file);
    for (const migration of MIGRATIONS.slice(0, 5)) migration.up(raw);
    raw.exec('PRAGMA user_version = 5');
    raw.exec(`
      INSERT INTO conversations (id, format, model, title, origin, params, comparison_id, created_at, updated_at)
        VALUES ('c1', 'messages', 'claude-haiku-4-5', 'Zebra talk', 'chat', '{"stream":true}', NULL, 1, 20),
               ('c2', 'chat', 'gpt-5-mini', 'Compared', 'compare', '{"stream":false}', 'cmp', 2, 10);
      INSERT INTO messages (id, conversation_id, seq, role, text, status, tool_calls, created_at)
        VALUES ('u1', 'c1', 0, 'user', 'a question about zebras', 'complete', NULL, 1),
               ('a1', 'c1', 1, 'assistant', 'stripes', 'complete', '[{"id":"t1","name":"look","arguments":"{}"}]', 2);
      UPDATE conversations SET leaf_id = 'a1' WHERE id = 'c1';
      INSERT INTO presets (id, name, body, created_at, updated_at) VALUES ('p', 'Terse', '{"params":{}}', 1, 1);
    `);
    raw.close();

    const upgraded = openStore(file);
    try {
      expect(Number(upgraded.db.prepare('PRAGMA user_version').get()?.['user_version'])).toBe(LATEST_VERSION);
      const list = upgraded.conversations.list();
      expect(list.map((c) => [c.id, c.title, c.origin, c.updatedAt, c.turnCount])).toEqual([
        ['c1', 'Zebra talk', 'chat', 20, 2],
        ['c2', 'Compared', 'compare', 10, 0],
      ]);
      for (const c of list) {
        expect(c.pinned).toBeUndefined();
        expect(c.folderId).toBeUndefined();
      }
      expect(upgraded.conversations.get('c2')?.comparisonId).toBe('cmp');
      expect(upgraded.messages.list('c1')[1]?.toolCalls).toEqual([
        { id: 't1', name: 'look', arguments: '{}' },
      ]);
      expect(upgraded.presets.list().map((p) => p.name)).toEqual(['Terse']);
      expect(upgraded.folders.list()).toEqual([]);
      expect(searchMessages(upgraded.db, 'zebras').map((h) => h.turnId)).toEqual(['u1']);
      // and the new columns work on the old rows
      upgraded.conversations.organise(['c1'], { pinned: true });
      expect(upgraded.conversations.get('c1')?.pinned).toBe(true);
    } finally {
      upgraded.close();
    }
  });
});

describe('folders and pins', () => {
  it('lists folders by name without regard to case, with colour and folding', () => {
    store.folders.insert({ id: 'f2', name: 'work', color: 'blue', collapsed: false, createdAt: 2 });
    store.folders.insert({ id: 'f1', name: 'Archive', collapsed: true, createdAt: 1 });
    expect(store.folders.list()).toEqual([
      { id: 'f1', name: 'Archive', collapsed: true, createdAt: 1 },
      { id: 'f2', name: 'work', color: 'blue', collapsed: false, createdAt: 2 },
    ]);
    expect(store.folders.update('f2', { name: 'Work', color: null, collapsed: true })).toBe(true);
    expect(store.folders.get('f2')).toEqual({ id: 'f2', name: 'Work', collapsed: true, createdAt: 2 });
    expect(store.folders.update('nope', { name: 'x' })).toBe(false);
  });

  it('reads a colour this release does not know as none rather than failing', () => {
    store.db
      .prepare("INSERT INTO folders (id, name, color, created_at) VALUES ('f', 'Odd', 'ultraviolet', 1)")
      .run();
    expect(store.folders.get('f')).toEqual({ id: 'f', name: 'Odd', collapsed: false, createdAt: 1 });
  });

  it('pins and files without touching updated_at, so the last-use order stays', () => {
    conversation('a', 30);
    conversation('b', 20);
    conversation('c', 10);
    store.folders.insert({ id: 'f', name: 'Work', collapsed: false, createdAt: 1 });
    expect(store.conversations.organise(['c', 'gone'], { pinned: true, folderId: 'f' })).toEqual(['c']);
    const list = store.conversations.list();
    expect(list.map((c) => [c.id, c.updatedAt])).toEqual([
      ['a', 30],
      ['b', 20],
      ['c', 10],
    ]);
    expect(list[2]).toMatchObject({ pinned: true, folderId: 'f' });
    store.conversations.organise(['c'], { pinned: false, folderId: null });
    expect(store.conversations.get('c')?.pinned).toBeUndefined();
    expect(store.conversations.get('c')?.folderId).toBeUndefined();
  });

  it('deleting a folder leaves its conversations, unfiled, with their turns', () => {
    conversation('a', 1);
    conversation('b', 2, 'messages');
    store.messages.insert(
      'a',
      { id: 't', role: 'user', text: 'kept', status: 'complete', createdAt: 1 },
      null,
    );
    store.folders.insert({ id: 'f', name: 'Work', collapsed: false, createdAt: 1 });
    store.conversations.organise(['a', 'b'], { folderId: 'f', pinned: true });
    expect(store.folders.delete('f')).toEqual({ deleted: true, unfiled: 2 });
    expect(store.folders.delete('f')).toEqual({ deleted: false, unfiled: 0 });
    const list = store.conversations.list();
    expect(list.map((c) => c.id).sort()).toEqual(['a', 'b']);
    expect(list.every((c) => c.folderId === undefined && c.pinned === true)).toBe(true);
    expect(store.messages.list('a').map((t) => t.text)).toEqual(['kept']);
  });

  it('keeps pins and folders across a reopen', () => {
    conversation('a', 1);
    store.folders.insert({ id: 'f', name: 'Work', color: 'green', collapsed: true, createdAt: 1 });
    store.conversations.organise(['a'], { pinned: true, folderId: 'f' });
    store.close();
    store = openStore(join(dir, 'quartet.db'));
    expect(store.conversations.get('a')).toMatchObject({ pinned: true, folderId: 'f' });
    expect(store.folders.list()).toEqual([
      { id: 'f', name: 'Work', color: 'green', collapsed: true, createdAt: 1 },
    ]);
  });
});
