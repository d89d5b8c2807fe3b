// A worker thread that answers searches on a read-only connection of its own (WAL lets it read while the
// host writes). An FTS5 prefix query over a large history is one SQLite statement that cannot be split:
// `otter` over 100,000 messages took about 100 ms, all of it holding the host's event loop while every
// stream, Stop and window waited. Here it holds only this thread.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { searchMessages } from './search.ts';
import type { SearchAsk, SearchAnswer } from './search-protocol.ts';

const db = new DatabaseSync(workerData as string, { readOnly: true });
db.exec('PRAGMA busy_timeout = 1000');

parentPort!.on('message', (ask: SearchAsk) => {
  let answer: SearchAnswer;
  try {
    answer = { id: ask.id, ok: true, hits: searchMessages(db, ask.query, ask.options) };
  } catch (e) {
    answer = { id: ask.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(answer);
});
