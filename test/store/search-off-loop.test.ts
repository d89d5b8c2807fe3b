// Searches run in a worker thread with a read-only connection of its own, and find exactly what the
// in-place search finds, including a reply that still waits for the index and one written a moment ago.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../electron/store/index.ts';

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-search-worker-'));
  store = openStore(join(dir, 'q.db'));
  for (const format of ['chat', 'messages'] as const) {
    store.conversations.insert({
      id: format,
      format,
      model: 'm',
      title: `${format} talk`,
      origin: 'chat',
      params: { stream: true },
      createdAt: 1,
      updatedAt: 1,
    });
  }
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const turn = (id: string, text: string) => ({
  id,
  role: 'assistant' as const,
  status: 'complete' as const,
  text,
  createdAt: 1,
});

it('finds in the worker what the in-place search finds, format filter and limit included', async () => {
  for (let i = 0; i < 30; i++) {
    store.messages.append(i % 2 ? 'chat' : 'messages', turn(`t${i}`, `otter number ${i} and meadow`));
  }
  for (const [query, options] of [
    ['otter', {}],
    ['ott mead', { format: 'chat' as const }],
    ['otter', { limit: 3 }],
    ['nothing here', {}],
    ['"AND( NEAR', {}],
  ] as const) {
    const inPlace = store.search(query, options);
    expect(await store.searchOffLoop(query, options)).toEqual(inPlace);
  }
  expect(store.search('otter').length).toBe(30);
});

it('sees what was written a moment ago, and a reply still waiting for the index', async () => {
  expect(await store.searchOffLoop('zephyr')).toEqual([]);
  store.messages.append('chat', turn('a', 'zephyr one'));
  store.messages.insert('chat', turn('b', 'zephyr two'), 'a', { unindexed: true });
  store.indexLater('b');
  const hits = await store.searchOffLoop('zephyr');
  expect(hits.map((h) => h.turnId).sort()).toEqual(['a', 'b']);
});
