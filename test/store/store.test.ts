import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, NewerDatabaseError, type Store } from '../../electron/store/index.ts';
import { LATEST_VERSION, MIGRATIONS } from '../../electron/store/migrations/index.ts';
import { searchMessages } from '../../electron/store/search.ts';
import type { Turn } from '../../shared/conversation.ts';

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-store-'));
  store = openStore(join(dir, 'quartet.db'));
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

function conversation(id: string, updatedAt = 1) {
  store.conversations.insert({
    id,
    format: 'chat',
    model: 'gpt-5-mini',
    title: `Conversation ${id}`,
    origin: 'chat',
    params: { stream: true },
    createdAt: 1,
    updatedAt,
  });
}

function turn(id: string, role: Turn['role'], text: string, extra: Partial<Turn> = {}): Turn {
  return { id, role, text, status: 'complete', createdAt: 1, ...extra };
}

describe('opening', () => {
  it('runs the migrations, records the schema version and uses WAL with foreign keys on', () => {
    const pragma = (sql: string) => Object.values(store.db.prepare(sql).get() ?? {})[0];
    expect(pragma('PRAGMA user_version')).toBe(LATEST_VERSION);
    expect(pragma('PRAGMA journal_mode')).toBe('wal');
    expect(pragma('PRAGMA foreign_keys')).toBe(1);
    expect(Number(pragma('PRAGMA busy_timeout'))).toBeGreaterThan(0);
    const tables = store.db
      .prepare("SELECT name FROM sqlite_master WHERE type IN ('table') ORDER BY name")
      .all()
      .map((r) => r['name']);
    for (const name of ['connections', 'conversations', 'exchanges', 'images', 'messages', 'settings']) {
      expect(tables).toContain(name);
    }
  });

  it('keeps the database file private to the user', async () => {
    if (process.platform === 'win32') return;
    const { stat } = await import('node:fs/promises');
    for (const name of ['quartet.db', 'quartet.db-wal']) {
      expect((await stat(join(dir, name))).mode & 0o777, name).toBe(0o600);
    }
  });

  it('reopens an existing database without re-running migrations and keeps the data', () => {
    conversation('c1');
    store.close();
    store = openStore(join(dir, 'quartet.db'));
    expect(store.conversations.get('c1')?.title).toBe('Conversation c1');
    expect(store.notices).toEqual([]);
  });

  it('refuses a database from a newer schema instead of misreading it', () => {
    store.close();
    const raw = new DatabaseSync(join(dir, 'quartet.db'));
    raw.exec(`PRAGMA user_version = ${LATEST_VERSION + 1}`);
    raw.close();
    expect(() => openStore(join(dir, 'quartet.db'))).toThrow(NewerDatabaseError);
    store = openStore(join(dir, 'other.db'));
  });
});

describe('transactions', () => {
  it('rolls back every write when the function throws', () => {
    expect(() =>
      store.transaction(() => {
        conversation('c1');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.conversations.get('c1')).toBeUndefined();
    expect(store.db.isTransaction).toBe(false);
  });

  it('lets a nested call join the outer transaction', () => {
    store.transaction(() => {
      conversation('c1');
      store.transaction(() => conversation('c2'));
    });
    expect(
      store.conversations
        .list()
        .map((c) => c.id)
        .sort(),
    ).toEqual(['c1', 'c2']);
  });
});

describe('conversations and turns', () => {
  it('keeps turns in order and lists conversations newest first with a turn count', () => {
    conversation('old', 10);
    conversation('new', 20);
    store.messages.append('old', turn('t1', 'user', 'hello'));
    store.messages.append('old', turn('t2', 'assistant', 'hi there', { usage: { input: 1, output: 2 } }));
    const list = store.conversations.list();
    expect(list.map((c) => [c.id, c.turnCount])).toEqual([
      ['new', 0],
      ['old', 2],
    ]);
    const turns = store.messages.list('old');
    expect(turns.map((t) => [t.id, t.seq])).toEqual([
      ['t1', 1],
      ['t2', 2],
    ]);
    expect(turns[1]?.usage).toEqual({ input: 1, output: 2 });
    expect(turns[0]).not.toHaveProperty('thoughts');
  });

  it('keeps a provider payload verbatim', () => {
    conversation('c');
    const raw = {
      format: 'generate' as const,
      parts: [
        { text: 'Thinking…', thought: true },
        { text: '', thoughtSignature: 'c2ln/+==' },
        { text: 'Hi' },
      ],
    };
    store.messages.append('c', turn('a', 'assistant', 'Hi', { raw }));
    expect(store.messages.get('a')?.raw).toEqual(raw);
  });

  it('keeps why a reply ended, and reads an unknown stored reason as none', () => {
    conversation('c');
    store.messages.append(
      'c',
      turn('a', 'assistant', '', { finishReason: 'refusal', endReason: 'refusal', endDetail: 'policy' }),
    );
    expect(store.messages.get('a')).toMatchObject({ endReason: 'refusal', endDetail: 'policy' });
    store.messages.append('c', turn('b', 'assistant', 'fine'));
    expect(store.messages.get('b')?.endReason).toBeUndefined();
    const raw = new DatabaseSync(join(dir, 'quartet.db'));
    raw.prepare("UPDATE messages SET end_reason = 'from-a-newer-release' WHERE id = 'a'").run();
    raw.close();
    expect(store.messages.get('a')?.endReason).toBeUndefined();
  });

  it('deletes the turns of a deleted conversation, and their search entries', () => {
    conversation('c');
    store.messages.append('c', turn('t1', 'user', 'cascade me'));
    expect(store.search('cascade')).toHaveLength(1);
    expect(store.conversations.delete('c')).toBe(true);
    expect(store.messages.get('t1')).toBeUndefined();
    expect(store.search('cascade')).toEqual([]);
    const check = store.db.prepare("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')");
    expect(() => check.run()).not.toThrow();
  });

  it('refuses a turn for a conversation that does not exist', () => {
    expect(() => store.messages.append('missing', turn('t', 'user', 'x'))).toThrow(/FOREIGN KEY/);
  });

  it('truncates after a turn and edits text, keeping the index in sync', () => {
    conversation('c');
    for (let i = 1; i <= 4; i++)
      store.messages.append('c', turn(`t${i}`, i % 2 ? 'user' : 'assistant', `word${i}`));
    expect(store.messages.deleteAfter('c', 2)).toBe(2);
    store.messages.updateText('t1', 'replaced');
    expect(store.messages.list('c').map((t) => t.text)).toEqual(['replaced', 'word2']);
    expect(store.search('word1')).toEqual([]);
    expect(store.search('replaced').map((h) => h.turnId)).toEqual(['t1']);
    expect(store.messages.append('c', turn('t5', 'user', 'next'))).toBe(3);
  });
});

describe('settings', () => {
  it('stores JSON values by key', () => {
    store.settings.set('theme', 'dark');
    store.settings.set('tabs', { chat: { model: 'm' } });
    expect(store.settings.get('theme')).toBe('dark');
    expect(store.settings.all().get('tabs')).toEqual({ chat: { model: 'm' } });
    store.settings.set('theme', undefined);
    expect(store.settings.get('theme')).toBeUndefined();
  });
});

describe('exchanges', () => {
  it('keeps only the newest records', () => {
    store.close();
    store = openStore(join(dir, 'quartet.db'), { maxExchanges: 3 });
    for (let i = 1; i <= 5; i++) {
      store.exchanges.put({
        id: `x${i}`,
        interface: 'chat',
        method: 'POST',
        url: 'http://127.0.0.1/v1/chat/completions',
        requestHeaders: {},
        status: 200,
        streamed: false,
        attempts: 1,
        startedAt: i,
        timings: { totalMs: i },
      });
    }
    expect(store.exchanges.count()).toBe(3);
    const list = store.exchanges.list({ limit: 10 });
    expect(list.map((x) => x.id)).toEqual(['x5', 'x4', 'x3']);
    expect(list[0]).toMatchObject({ method: 'POST', status: 200, streamed: false, totalMs: 5 });
    expect(store.exchanges.list({ limit: 10, before: 5 }).map((x) => x.id)).toEqual(['x4', 'x3']);
    expect(store.exchanges.get('x1')).toBeUndefined();
    expect(store.exchanges.get('x4')?.url).toContain('/v1/chat/completions');
  });
});

describe('upgrading a database made by an earlier release', () => {
  // Real rows written with only the columns of the first schema, then opened by this release: every
  // migration after that version runs, and the rows read back whole, searchable, with the new fields empty.
  for (let from = 1; from < LATEST_VERSION; from++) {
    it(`from schema ${from} to ${LATEST_VERSION}, keeping every row`, () => {
      const file = join(dir, `v${from}.db`);
      const raw = new DatabaseSync(file);
      for (const migration of MIGRATIONS.slice(0, from)) migration.up(raw);
      raw.exec(`PRAGMA user_version = ${from}`);
      raw.exec(`
        INSERT INTO conversations (id, format, model, title, origin, params, created_at, updated_at)
          VALUES ('old', 'generate', 'gemini-2.5-flash', 'Kept across releases', 'chat', '{"stream":true}', 1, 2);
        INSERT INTO messages (id, conversation_id, seq, role, text, status, created_at)
          VALUES ('u1', 'old', 0, 'user', 'a question about zebras', 'complete', 1),
                 ('a1', 'old', 1, 'assistant', 'an answer about stripes', 'complete', 2);
        INSERT INTO images (id, batch_id, file_path, prompt, model, format, width, height, bytes, quality, created_at)
          VALUES ('img', 'b', 'images/img.png', 'a fox', 'gpt-image-1', 'png', 16, 16, 100, 'low', 3);
      `);
      raw.close();

      const upgraded = openStore(file);
      try {
        expect(Number(upgraded.db.prepare('PRAGMA user_version').get()?.['user_version'])).toBe(
          LATEST_VERSION,
        );
        expect(upgraded.conversations.get('old')?.title).toBe('Kept across releases');
        const turns = upgraded.messages.list('old');
        expect(turns.map((t) => [t.id, t.text])).toEqual([
          ['u1', 'a question about zebras'],
          ['a1', 'an answer about stripes'],
        ]);
        expect(turns[1]?.endReason).toBeUndefined();
        expect(upgraded.images.get('img')).toMatchObject({ quality: 'low', width: 16 });
        expect(upgraded.images.get('img')?.reportedQuality).toBeUndefined();
        expect(searchMessages(upgraded.db, 'zebras').map((h) => h.turnId)).toEqual(['u1']);
      } finally {
        upgraded.close();
      }
    });
  }
});
