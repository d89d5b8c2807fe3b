import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/store/index.ts';
import { toMatchQuery } from '../../electron/store/search.ts';

let dir: string;
let store: Store;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-search-'));
  store = openStore(join(dir, 'quartet.db'));
  const add = (id: string, format: 'chat' | 'generate', title: string, texts: [string, string?][]) => {
    store.conversations.insert({
      id,
      format,
      model: 'm',
      title,
      origin: 'chat',
      params: { stream: true },
      createdAt: 1,
      updatedAt: 1,
    });
    texts.forEach(([text, thoughts], i) =>
      store.messages.append(id, {
        id: `${id}-${i}`,
        role: i % 2 ? 'assistant' : 'user',
        text,
        ...(thoughts ? { thoughts } : {}),
        status: 'complete',
        createdAt: i,
      }),
    );
  };
  add('c1', 'chat', 'Weather talk', [['What is the weather in Zürich today?'], ['It is sunny in Zürich.']]);
  add('c2', 'generate', 'Café notes', [
    ['Tell me about the café near the station'],
    ['The café opens at eight.', 'Considering opening hours of the cafe'],
  ]);
  add('c3', 'chat', 'Syntax', [['He wrote AND( "quoted" NEAR/2 * col:text'], ['日本語のテキストです']]);
});
afterAll(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('toMatchQuery', () => {
  it('quotes each word as a prefix term and drops words with nothing to search', () => {
    expect(toMatchQuery('  hello  wor ')).toBe('"hello"* "wor"*');
    expect(toMatchQuery('say "hi"')).toBe('"say"* """hi"""*');
    expect(toMatchQuery('* " AND( -- ')).toBe('"AND("*');
    expect(toMatchQuery('   ')).toBeNull();
  });
});

describe('searchMessages', () => {
  it('finds prefixes across turns and returns snippets with markers, title and format', () => {
    const hits = store.search('zür');
    expect(hits.map((h) => h.turnId).sort()).toEqual(['c1-0', 'c1-1']);
    const hit = hits[0];
    expect(hit).toMatchObject({ conversationId: 'c1', format: 'chat', title: 'Weather talk' });
    expect(hit?.snippet).toContain('\u0001Zürich\u0002');
  });

  it('ignores diacritics and searches thoughts too', () => {
    expect(
      store
        .search('cafe')
        .map((h) => h.turnId)
        .sort(),
    ).toEqual(['c2-0', 'c2-1']);
    expect(store.search('considering').map((h) => h.turnId)).toEqual(['c2-1']);
  });

  it('requires every word and filters by format', () => {
    expect(store.search('café station').map((h) => h.turnId)).toEqual(['c2-0']);
    expect(store.search('café', { format: 'chat' })).toEqual([]);
    expect(store.search('café', { format: 'generate', limit: 1 })).toHaveLength(1);
  });

  it('treats FTS5 syntax in the query as text', () => {
    for (const query of [
      '"',
      '*',
      'AND(',
      'NEAR/2',
      'col:text',
      '"quoted',
      'a OR',
      '(',
      ')',
      '^x',
      '-x',
      'NOT',
    ]) {
      expect(() => store.search(query), query).not.toThrow();
    }
    expect(store.search('AND(').map((h) => h.turnId)).toEqual(['c3-0']);
    expect(store.search('col:text').map((h) => h.turnId)).toEqual(['c3-0']);
    expect(store.search('日本語のテキストです').map((h) => h.turnId)).toEqual(['c3-1']);
  });

  it('never fails on any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (query) => {
        expect(Array.isArray(store.search(query))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
