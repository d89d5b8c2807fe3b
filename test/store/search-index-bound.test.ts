// The search index holds at most the first SEARCH_INDEX_CHARS characters of each message, so indexing a
// huge reply is one bounded statement; it stays exact through inserts, rewrites, deletes and the upgrade
// from a schema-6 database whose index held whole texts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/store/index.ts';
import { MIGRATIONS } from '../../electron/store/migrations/index.ts';
import { SEARCH_INDEX_CHARS } from '../../electron/store/migrations/007-bounded-search-index.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-index-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Distinct words past the cap: `early` in the indexed head, `late` far behind it. */
const LONG = `early ${'filler '.repeat(SEARCH_INDEX_CHARS / 7 + 100)} late`;

function conversation(store: Store, id: string): void {
  store.conversations.insert({
    id,
    format: 'chat',
    model: 'm',
    title: id,
    origin: 'chat',
    params: { stream: true },
    createdAt: 1,
    updatedAt: 1,
  });
}

const hits = (store: Store, q: string) => store.search(q).map((h) => h.turnId);

function integrity(db: DatabaseSync): void {
  // throws "database disk image is malformed" when the index disagrees with its content
  db.exec(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`);
}

describe('the bounded search index', () => {
  it('finds words in the head of a long message, stays exact through rewrites and deletes', () => {
    const store = openStore(join(dir, 'q.db'));
    try {
      conversation(store, 'c');
      store.messages.append('c', {
        id: 'm',
        role: 'assistant',
        text: LONG,
        status: 'complete',
        createdAt: 1,
      });
      expect(hits(store, 'early')).toEqual(['m']);
      expect(hits(store, 'late')).toEqual([]);
      integrity(store.db);
      store.messages.updateText('m', `${LONG} rewritten`);
      store.messages.updateText('m', 'short now, late');
      expect(hits(store, 'late')).toEqual(['m']);
      expect(hits(store, 'early')).toEqual([]);
      integrity(store.db);
      store.messages.delete('m');
      expect(hits(store, 'late')).toEqual([]);
      integrity(store.db);
    } finally {
      store.close();
    }
  });

  it('rebuilds the index of a schema-6 database as the cut texts', () => {
    const file = join(dir, 'v6.db');
    const raw = new DatabaseSync(file);
    for (const migration of MIGRATIONS.slice(0, 6)) migration.up(raw);
    raw.exec('PRAGMA user_version = 6');
    raw.exec(`INSERT INTO conversations (id, format, model, title, origin, params, created_at, updated_at)
      VALUES ('c', 'chat', 'm', 't', 'chat', '{"stream":true}', 1, 1)`);
    raw
      .prepare(
        `INSERT INTO messages (id, conversation_id, seq, role, text, status, created_at)
         VALUES ('m', 'c', 0, 'assistant', ?, 'complete', 1)`,
      )
      .run(LONG);
    raw.close();
    const store = openStore(file);
    try {
      expect(hits(store, 'early')).toEqual(['m']);
      expect(hits(store, 'late')).toEqual([]);
      store.messages.delete('m');
      integrity(store.db);
    } finally {
      store.close();
    }
  });

  it('leaves a reply out of the index while it streams and takes it in once, after its final form', async () => {
    const store = openStore(join(dir, 'q.db'));
    try {
      conversation(store, 'c');
      const turn = { id: 'r', role: 'assistant' as const, status: 'partial' as const, createdAt: 1 };
      store.messages.insert('c', { ...turn, text: 'alpha' }, null, { unindexed: true });
      store.messages.updateText('r', 'alpha beta');
      // no index work while it streams: the index holds no row for it
      const indexed = (word: string) =>
        Number(
          store.db.prepare(`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH ?`).get(word)?.n,
        );
      expect(indexed('alpha')).toBe(0);
      store.messages.replace('r', { ...turn, status: 'complete', text: 'alpha beta gamma' });
      expect(indexed('gamma')).toBe(0);
      integrity(store.db);
      // taken in on a later turn of the event loop, once
      store.indexLater('r');
      expect(indexed('gamma')).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(indexed('gamma')).toBe(1);
      expect(store.messages.index('r')).toBe(false);
      integrity(store.db);
      // an ordinary rewrite of a stored reply still re-indexes it
      store.messages.updateText('r', 'delta');
      expect(hits(store, 'gamma')).toEqual([]);
      expect(hits(store, 'delta')).toEqual(['r']);
      store.messages.delete('r');
      integrity(store.db);
    } finally {
      store.close();
    }
  });

  it('a search finds a reply still waiting for the index', () => {
    const store = openStore(join(dir, 'q.db'));
    try {
      conversation(store, 'c');
      store.messages.insert(
        'c',
        { id: 'r', role: 'assistant', status: 'complete', text: 'waiting words', createdAt: 1 },
        null,
        { unindexed: true },
      );
      store.indexLater('r');
      expect(hits(store, 'waiting')).toEqual(['r']);
      integrity(store.db);
    } finally {
      store.close();
    }
  });

  it('takes in at the next start a reply a crash left out of the index', () => {
    const file = join(dir, 'q.db');
    const store = openStore(file);
    conversation(store, 'c');
    store.messages.insert(
      'c',
      { id: 'r', role: 'assistant', status: 'partial', text: 'interrupted words', createdAt: 1 },
      null,
      { unindexed: true },
    );
    expect(hits(store, 'interrupted')).toEqual([]);
    store.close();
    const again = openStore(file);
    try {
      expect(hits(again, 'interrupted')).toEqual(['r']);
      expect(again.messages.indexAll()).toBe(0);
      integrity(again.db);
    } finally {
      again.close();
    }
  });
});
