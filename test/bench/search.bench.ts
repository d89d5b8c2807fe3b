// #5 Search: full-text search over 100,000 stored messages, through the store (FTS5) as the app calls it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ms, percentile, verdict, type BenchResult } from './util.ts';
import { openDataStore, seedConversations } from './seed.ts';

const MESSAGES = 100_000;
const QUERIES = [
  'otter',
  'quartz meadow',
  'harb',
  'function step',
  'zephyr anchor beacon',
  'Message 4242',
  'lant',
];
const ROUNDS = 60;

export async function run(): Promise<BenchResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'quartet-bench-search-'));
  const store = openDataStore(dir);
  try {
    const seedStart = performance.now();
    seedConversations(store, { conversations: 1000, perConversation: MESSAGES / 1000, bytesPerMessage: 200 });
    const seedMs = performance.now() - seedStart;
    for (const q of QUERIES) store.search(q);
    const times: number[] = [];
    const perQuery = new Map<string, number[]>();
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of QUERIES) {
        const t0 = performance.now();
        store.search(q);
        const dt = performance.now() - t0;
        times.push(dt);
        perQuery.set(q, [...(perQuery.get(q) ?? []), dt]);
      }
    }
    const p50 = percentile(times, 50);
    const detail = [...perQuery].map(([q, t]) => `\`${q}\` ${percentile(t, 50).toFixed(2)}`).join(', ');
    return {
      rows: [
        {
          item: '5',
          name: `Full-text search, ${MESSAGES.toLocaleString('en')} messages (${times.length} searches)`,
          measured: `p50 ${ms(p50)}, p99 ${ms(percentile(times, 99))}`,
          budget: '< 20 ms at p50',
          verdict: verdict(p50 < 20),
        },
      ],
      notes: [
        `**Search (#5).** ${MESSAGES.toLocaleString('en')} messages (~200 bytes each, a code block in every fourth) ` +
          `in 1,000 conversations, seeded in ${(seedMs / 1000).toFixed(1)} s through the repositories; ` +
          `\`store.search\` (FTS5 MATCH, bm25, snippet, limit 50) over ${QUERIES.length} queries × ${ROUNDS} rounds. ` +
          `p50 per query (ms): ${detail}.`,
      ],
    };
  } finally {
    store.close();
    await rm(dir, { recursive: true, force: true });
  }
}
