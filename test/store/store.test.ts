import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  descend,
  openStore,
  NewerDatabaseError,
  toAttachmentRecord,
  type AttachmentRow,
  type ImageRow,
  type Store,
} from '../../electron/store/index.ts';
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

  it('edits text keeping the index in sync', () => {
    conversation('c');
    for (let i = 1; i <= 2; i++)
      store.messages.append('c', turn(`t${i}`, i % 2 ? 'user' : 'assistant', `word${i}`));
    store.messages.updateText('t1', 'replaced');
    expect(store.messages.list('c').map((t) => t.text)).toEqual(['replaced', 'word2']);
    expect(store.search('word1')).toEqual([]);
    expect(store.search('replaced').map((h) => h.turnId)).toEqual(['t1']);
    expect(store.messages.append('c', turn('t3', 'user', 'next'))).toBe(3);
  });
});

describe('branches', () => {
  // u1 ─ a1 ─ u2 ─ a2
  //          └ u2b ─ a2b      (u2b: an edit of u2, newer)
  //    └ a1b                  (a1b: an answer again to u1, newest)
  function tree() {
    conversation('c');
    store.messages.append('c', turn('u1', 'user', 'first'));
    store.messages.append('c', turn('a1', 'assistant', 'answer one'));
    store.messages.append('c', turn('u2', 'user', 'second'));
    store.messages.append('c', turn('a2', 'assistant', 'answer two'));
    store.messages.insert('c', turn('u2b', 'user', 'second, edited'), 'a1');
    store.messages.insert('c', turn('a2b', 'assistant', 'answer to the edit'), 'u2b');
    store.messages.insert('c', turn('a1b', 'assistant', 'another first answer'), 'u1');
  }
  const ids = (turns: { id: string }[]) => turns.map((t) => t.id);

  it('appends along the branch on screen, and inserting elsewhere leaves it where it was', () => {
    tree();
    expect(store.messages.leaf('c')).toBe('a2');
    expect(ids(store.messages.pathTo('c', 'a2'))).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(store.messages.get('u2b')?.parentId).toBe('a1');
    expect(store.messages.get('u1')?.parentId).toBeUndefined();
    // seq stays a unique insertion counter over every branch
    expect(store.messages.list('c').map((t) => t.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows the branch through a turn by its newest follow-ups', () => {
    tree();
    const nodes = store.messages.tree('c');
    expect(descend(nodes, 'u1')).toBe('a1b');
    expect(descend(nodes, 'a1')).toBe('a2b');
    expect(descend(nodes, 'u2')).toBe('a2');
    expect(descend(nodes, 'a2')).toBe('a2');
    store.messages.setLeaf('c', 'a2b');
    expect(ids(store.messages.pathTo('c', store.messages.leaf('c') ?? ''))).toEqual([
      'u1',
      'a1',
      'u2b',
      'a2b',
    ]);
  });

  it('finds the branch again when its leaf went, or a reply was stored below it', () => {
    tree();
    store.messages.setLeaf('c', 'u2b');
    // a reply stored under the leaf (a crash before the leaf moved) is shown
    expect(store.messages.leaf('c')).toBe('a2b');
    store.messages.setLeaf('c', 'missing');
    expect(store.messages.leaf('c')).toBe('a1b'); // the newest turn's branch
    conversation('empty');
    expect(store.messages.leaf('empty')).toBeUndefined();
  });

  it('stops at a damaged tree instead of looping', () => {
    tree();
    store.db.prepare("UPDATE messages SET parent_id = 'a2' WHERE id = 'u1'").run();
    expect(store.messages.pathTo('c', 'a2').length).toBeLessThanOrEqual(7);
    expect(descend(store.messages.tree('c'), 'u2')).toBeDefined();
  });

  it('keeps the edited mark', () => {
    conversation('c');
    store.messages.append('c', turn('a', 'assistant', 'rewritten', { edited: true }));
    store.messages.append('c', turn('b', 'assistant', 'not'));
    expect(store.messages.get('a')?.edited).toBe(true);
    expect(store.messages.get('b')).not.toHaveProperty('edited');
  });
});

describe('attachments', () => {
  function row(id: string, sha256: string, createdAt = 1) {
    store.attachments.insert({
      id,
      name: `${id}.txt`,
      mimeType: 'text/plain',
      kind: 'text',
      bytes: 3,
      sha256,
      filePath: `attachments/${sha256}`,
      createdAt,
    });
  }

  it('links files to a turn in order, and describes them without storage details', () => {
    conversation('c');
    row('x', 'h1');
    row('y', 'h2');
    store.messages.append('c', turn('u', 'user', 'look'));
    store.attachments.link('u', ['y', 'x']);
    const files = store.attachments.ofMessages(['u', 'none']);
    expect(files.get('u')?.map((a) => a.id)).toEqual(['y', 'x']);
    expect(files.has('none')).toBe(false);
    expect(toAttachmentRecord(files.get('u')?.[0] as AttachmentRow)).toEqual({
      id: 'y',
      name: 'y.txt',
      mimeType: 'text/plain',
      kind: 'text',
      bytes: 3,
    });
    store.messages.append('c', turn('u2', 'user', 'more'));
    expect(() => store.attachments.link('u2', ['missing'])).toThrow(/FOREIGN KEY/);
  });

  it('deletes only rows no turn uses, and names only files no row refers to', () => {
    conversation('c');
    row('used', 'h1');
    row('unused', 'h2');
    row('twin', 'h2'); // the same bytes uploaded twice share a file
    row('draft', 'h3', 100);
    store.messages.append('c', turn('u', 'user', 'x'));
    store.attachments.link('u', ['used']);
    expect(store.attachments.deleteUnused({ ids: ['used', 'unused'] })).toEqual([]);
    expect(store.attachments.get('unused')).toBeUndefined();
    expect(store.attachments.get('used')).toBeDefined();
    expect(store.attachments.deleteUnused({ ids: ['twin'] })).toEqual(['attachments/h2']);
    // drafts by age
    expect(store.attachments.deleteUnused({ uploadedBefore: 50 })).toEqual([]);
    expect(store.attachments.deleteUnused({ uploadedBefore: 101 })).toEqual(['attachments/h3']);
    // a deleted conversation frees its turns' files
    expect(store.attachments.idsOfConversation('c')).toEqual(['used']);
    store.conversations.delete('c');
    expect(store.attachments.deleteUnused({ ids: ['used'] })).toEqual(['attachments/h1']);
    expect(store.attachments.filePaths().size).toBe(0);
  });

  it("keeps a tool result's image while its turn does (apart from the turn's own files)", () => {
    conversation('c');
    row('chart', 'h4', 100);
    store.messages.append('c', turn('u', 'user', 'x'));
    store.attachments.linkToolImages('u', ['chart']);
    // not one of the files the user attached
    expect(store.attachments.ofMessages(['u']).get('u')).toBeUndefined();
    expect(store.attachments.deleteUnused({ uploadedBefore: 101 })).toEqual([]);
    expect(store.attachments.get('chart')).toBeDefined();
    expect(store.attachments.idsOfConversation('c')).toEqual(['chart']);
    store.conversations.delete('c');
    expect(store.attachments.deleteUnused({ ids: ['chart'] })).toEqual(['attachments/h4']);
  });
});

describe('comparisons', () => {
  function column(
    id: string,
    comparisonId: string | undefined,
    at: number,
    origin: 'chat' | 'compare' = 'compare',
  ) {
    store.conversations.insert({
      id,
      format: 'chat',
      model: 'm',
      title: `title ${id}`,
      origin,
      params: { stream: true },
      ...(comparisonId ? { comparisonId } : {}),
      createdAt: at,
      updatedAt: at,
    });
  }

  it('groups Compare conversations by comparison, newest first; an older one stands alone', () => {
    column('a1', 'A', 1);
    column('a2', 'A', 2);
    column('b1', 'B', 5);
    column('legacy', undefined, 3);
    column('moved', 'B', 6, 'chat'); // continued in its tab: no longer part of the comparison
    const groups = store.conversations.comparisons();
    expect(groups.map((g) => [g.id, g.columns.map((c) => c.id)])).toEqual([
      ['B', ['b1']],
      ['legacy', ['legacy']],
      ['A', ['a1', 'a2']],
    ]);
    expect(store.conversations.comparisonMembers('A')).toEqual(['a1', 'a2']);
    expect(store.conversations.comparisonMembers('legacy')).toEqual(['legacy']);
    expect(store.conversations.comparisonMembers('a1')).toEqual([]);
    expect(store.conversations.get('a1')?.comparisonId).toBe('A');
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

function image(id: string, createdAt: number, extra: Partial<ImageRow> = {}): ImageRow {
  return {
    id,
    batchId: `batch-${id}`,
    filePath: `images/${id}.png`,
    prompt: `prompt ${id}`,
    model: 'gpt-image-1',
    format: 'png',
    width: 16,
    height: 16,
    sizeAdjusted: false,
    bytes: 100,
    createdAt,
    source: 'images',
    ...extra,
  };
}

describe('gallery images: sources, links and lineage', () => {
  it('filters by source, newest first, and counts each source', () => {
    store.images.insert(image('a', 1));
    store.images.insert(image('b', 2, { source: 'responses' }));
    store.images.insert(image('c', 3, { source: 'edit', parentId: 'a' }));
    store.images.insert(image('d', 4, { source: 'responses' }));
    expect(store.images.list(0, 10).map((i) => i.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(store.images.list(0, 10, { source: 'responses' }).map((i) => i.id)).toEqual(['d', 'b']);
    expect(store.images.list(1, 10, { source: 'responses' }).map((i) => i.id)).toEqual(['b']);
    expect(store.images.count({ source: 'responses' })).toBe(2);
    expect(store.images.count({ source: 'generate' })).toBe(0);
    expect(store.images.count()).toBe(4);
  });

  it('gives every version of an image from any of them, oldest first', () => {
    store.images.insert(image('root', 1));
    store.images.insert(image('e1', 2, { source: 'edit', parentId: 'root' }));
    store.images.insert(image('e2', 3, { source: 'edit', parentId: 'root' }));
    store.images.insert(image('e1a', 4, { source: 'edit', parentId: 'e1' }));
    store.images.insert(image('other', 5));
    const family = ['root', 'e1', 'e2', 'e1a'];
    for (const id of family) expect(store.images.lineage(id).map((i) => i.id)).toEqual(family);
    expect(store.images.lineage('other').map((i) => i.id)).toEqual(['other']);
    expect(store.images.lineage('unknown')).toEqual([]);
    // a deleted parent leaves its children, their lineage starting at them
    store.images.delete('e1');
    expect(store.images.get('e1a')?.parentId).toBeUndefined();
    expect(store.images.lineage('e1a').map((i) => i.id)).toEqual(['e1a']);
    expect(store.images.lineage('root').map((i) => i.id)).toEqual(['root', 'e2']);
  });

  it('links an image to its conversation and turn while they exist', () => {
    conversation('talk');
    store.messages.append('talk', turn('u1', 'user', 'draw a fox'));
    store.messages.append('talk', turn('a1', 'assistant', 'here it is'));
    store.images.insert(
      image('made', 1, {
        source: 'responses',
        conversationId: 'talk',
        messageId: 'a1',
        settings: { size: '1024x1024', partial_images: 2, background: 'auto' },
      }),
    );
    expect(store.images.get('made')).toMatchObject({
      conversationId: 'talk',
      messageId: 'a1',
      settings: { size: '1024x1024', partial_images: 2, background: 'auto' },
    });
    // a reply's image stored for a conversation already gone, or with a parent already deleted, is kept
    store.images.insert(image('late', 2, { source: 'generate', conversationId: 'gone', parentId: 'gone' }));
    expect(store.images.get('late')).toMatchObject({ source: 'generate' });
    expect(store.images.get('late')?.conversationId).toBeUndefined();
    expect(store.images.get('late')?.parentId).toBeUndefined();
    // the conversation deleted: the image stays in the gallery, unlinked
    store.conversations.delete('talk');
    const kept = store.images.get('made');
    expect(kept?.source).toBe('responses');
    expect([kept?.conversationId, kept?.messageId]).toEqual([undefined, undefined]);
  });

  it('refuses a source it does not know', () => {
    expect(() => store.images.insert(image('x', 1, { source: 'paint' as ImageRow['source'] }))).toThrow();
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
        // an image from before image sources came from the images endpoint, of no conversation or parent
        const old = upgraded.images.get('img');
        expect(old?.source).toBe('images');
        expect([old?.conversationId, old?.messageId, old?.parentId, old?.settings]).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
        ]);
        expect(upgraded.images.list(0, 10, { source: 'images' }).map((i) => i.id)).toEqual(['img']);
        // and it can be edited: the child keeps its lineage
        upgraded.images.insert({
          ...image('child', 4),
          source: 'edit',
          parentId: 'img',
          settings: { size: '1024x1024', input_fidelity: 'high' },
        });
        expect(upgraded.images.lineage('img').map((i) => [i.id, i.parentId])).toEqual([
          ['img', undefined],
          ['child', 'img'],
        ]);
        expect(upgraded.images.get('child')?.settings).toEqual({ size: '1024x1024', input_fidelity: 'high' });
        // an image from before image comparisons belongs to none; a new one is kept with its comparison
        expect([old?.comparisonId, old?.tookMs]).toEqual([undefined, undefined]);
        upgraded.images.insert({ ...image('compared', 5), comparisonId: 'cmp', tookMs: 1200 });
        expect(
          upgraded.images
            .ofComparisons(['cmp'])
            .get('cmp')
            ?.map((i) => [i.id, i.tookMs]),
        ).toEqual([['compared', 1200]]);
        expect(searchMessages(upgraded.db, 'zebras').map((h) => h.turnId)).toEqual(['u1']);
        // the speed lab starts with no saved runs, and keeps one
        expect(upgraded.speedLabs.list(10)).toEqual([]);
        const lab = {
          id: 'lab',
          name: 'n',
          createdAt: 4,
          rowsJson: '[]',
          planJson: '{}',
          runsJson: '[]',
          runCount: 0,
          complete: true,
        };
        upgraded.speedLabs.insert(lab);
        expect(upgraded.speedLabs.get('lab')).toEqual(lab);
      } finally {
        upgraded.close();
      }
    });
  }
});

describe('upgrading a schema 3 database (the release before branches) to branches and attachments', () => {
  it('makes every conversation one branch ending at its last turn, keeping payloads and search', () => {
    const file = join(dir, 'v3.db');
    const raw = new DatabaseSync(file);
    for (const migration of MIGRATIONS.slice(0, 3)) migration.up(raw);
    raw.exec('PRAGMA user_version = 3');
    const parts = JSON.stringify({
      format: 'generate',
      parts: [
        { text: 'Weighing the options', thought: true },
        { text: 'Take the train.' },
        { text: '', thoughtSignature: 'c2lnbmF0dXJlLW9uZQ==' },
      ],
    });
    const insertConversation = raw.prepare(
      `INSERT INTO conversations (id, format, model, title, origin, params, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, '{"stream":true}', ?, ?)`,
    );
    insertConversation.run('chat', 'chat', 'gpt-5-mini', 'Trip planning', 'chat', 1, 10);
    insertConversation.run('gen', 'generate', 'gemini-2.5-flash', 'Train or plane', 'chat', 2, 20);
    insertConversation.run('cmp', 'messages', 'claude-x', 'Compared once', 'compare', 3, 30);
    const insertTurn = raw.prepare(
      `INSERT INTO messages (id, conversation_id, seq, role, text, raw, status, end_reason, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // seq as the releases wrote it: gaps from deleted replies (regenerate, edit) are normal
    insertTurn.run('c1', 'chat', 1, 'user', 'Plan a trip to Lisbon', null, 'complete', null, 1);
    insertTurn.run('c2', 'chat', 2, 'assistant', 'Day one: Alfama.', null, 'complete', null, 2);
    insertTurn.run('c3', 'chat', 5, 'user', 'And day two?', null, 'complete', null, 3);
    insertTurn.run('c4', 'chat', 6, 'assistant', 'Belém and pastries.', null, 'partial', 'stopped', 4);
    insertTurn.run('g1', 'gen', 1, 'user', 'Train or plane to Porto?', null, 'complete', null, 5);
    insertTurn.run('g2', 'gen', 2, 'assistant', 'Take the train.', parts, 'complete', null, 6);
    insertTurn.run('k1', 'cmp', 1, 'user', 'Compare this', null, 'complete', null, 7);
    insertTurn.run('k2', 'cmp', 2, 'assistant', 'Compared.', null, 'complete', null, 8);
    raw.close();

    const upgraded = openStore(file);
    try {
      expect(Number(upgraded.db.prepare('PRAGMA user_version').get()?.['user_version'])).toBe(LATEST_VERSION);
      const chat = upgraded.messages.pathTo('chat', upgraded.messages.leaf('chat') ?? '');
      expect(chat.map((t) => [t.id, t.parentId])).toEqual([
        ['c1', undefined],
        ['c2', 'c1'],
        ['c3', 'c2'],
        ['c4', 'c3'],
      ]);
      expect(chat[3]).toMatchObject({ status: 'partial', endReason: 'stopped' });
      // one branch: every turn has one version
      const nodes = upgraded.messages.tree('chat');
      expect(new Set(nodes.map((n) => n.parentId)).size).toBe(nodes.length);
      expect(upgraded.messages.leaf('gen')).toBe('g2');
      expect(upgraded.messages.get('g2')?.raw).toEqual(JSON.parse(parts));
      expect(upgraded.messages.leaf('cmp')).toBe('k2');
      // a Compare conversation from before comparisons is a comparison of its own
      expect(upgraded.conversations.get('cmp')?.comparisonId).toBeUndefined();
      expect(upgraded.conversations.comparisons().map((c) => c.id)).toEqual(['cmp']);
      expect(upgraded.search('pastries').map((h) => [h.conversationId, h.turnId])).toEqual([['chat', 'c4']]);
      expect(upgraded.search('Porto').map((h) => h.turnId)).toEqual(['g1']);
      // new turns follow the branch
      upgraded.messages.append('chat', {
        id: 'c5',
        role: 'user',
        text: 'Day three',
        status: 'complete',
        createdAt: 9,
      });
      expect(upgraded.messages.get('c5')).toMatchObject({ parentId: 'c4', seq: 7 });
      expect(upgraded.attachments.filePaths().size).toBe(0);
    } finally {
      upgraded.close();
    }
  });
});

describe('upgrading a database from before a connection per conversation (migration 010)', () => {
  const before = MIGRATIONS.findIndex((m) => m.name === 'conversation-connection');
  const open = (file: string, setup: string) => {
    const raw = new DatabaseSync(file);
    for (const migration of MIGRATIONS.slice(0, before)) migration.up(raw);
    raw.exec(`PRAGMA user_version = ${before}`);
    raw.exec(`
      INSERT INTO connections (id, name, base_url, built_in, created_at)
        VALUES ('sandbox', 'Sandbox', 'http://127.0.0.1:0', 1, 1),
               ('gw', 'Gateway', 'https://gw.example', 0, 2);
      INSERT INTO conversations (id, format, model, title, origin, params, created_at, updated_at)
        VALUES ('c1', 'chat', 'gpt-5-mini', 'One', 'chat', '{"stream":true}', 1, 2),
               ('c2', 'messages', 'claude-haiku-4-5', 'Two', 'compare', '{"stream":true}', 1, 2);
      INSERT INTO messages (id, conversation_id, seq, role, text, status, created_at)
        VALUES ('a1', 'c1', 0, 'assistant', 'kept', 'complete', 1);
      ${setup}
    `);
    raw.close();
    return openStore(file);
  };

  it('gives every conversation the connection that was active', () => {
    const store = open(
      join(dir, 'active.db'),
      `INSERT INTO settings (key, value) VALUES ('app.activeConnectionId', '"gw"');`,
    );
    try {
      expect(store.conversations.get('c1')?.connectionId).toBe('gw');
      expect(store.conversations.get('c2')?.connectionId).toBe('gw');
      // replies made before are their conversation's own
      expect(store.messages.get('a1')?.madeBy).toBeUndefined();
      expect(store.messages.get('a1')?.text).toBe('kept');
    } finally {
      store.close();
    }
  });

  it('gives them the sandbox when no active connection is recorded, and a deleted connection unassigns them', () => {
    const store = open(
      join(dir, 'none.db'),
      `INSERT INTO settings (key, value) VALUES ('app.activeConnectionId', '"gone"');`,
    );
    try {
      expect(store.conversations.get('c1')?.connectionId).toBe('sandbox');
      store.conversations.setConnection('c1', 'gw');
      expect(store.messages.get('a1')?.madeBy).toBe('sandbox');
      store.conversations.releaseConnection('gw', 'Gateway');
      store.connections.delete('gw');
      expect(store.conversations.get('c1')).toMatchObject({ wantedConnection: 'Gateway' });
      expect(store.conversations.get('c1')?.connectionId).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
