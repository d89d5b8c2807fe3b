// The host's side of the search worker (search-worker.ts): started on the first search and kept for the
// next ones (starting a thread costs more than most searches), ended with the store. Where the worker
// cannot run (it failed to start or died), the search runs in place, as before.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';
import type { SearchHit } from '../../shared/contract.ts';
import { searchMessages, type SearchOptions } from './search.ts';
import type { SearchAnswer } from './search-protocol.ts';

/**
 * The worker's file: beside this module in the sources (Node runs the TypeScript), beside the bundle in
 * the packaged app (scripts/build-electron.ts builds it as search-worker.cjs).
 */
function workerUrl(): URL {
  const built = new URL('./search-worker.cjs', import.meta.url);
  return existsSync(built) ? built : new URL('./search-worker.ts', import.meta.url);
}

export interface OffLoopSearch {
  search(query: string, options: SearchOptions): Promise<SearchHit[]>;
  close(): void;
}

export function createOffLoopSearch(db: DatabaseSync, file: string): OffLoopSearch {
  let worker: Worker | undefined;
  let broken = false;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (hits: SearchHit[]) => void; reject: (e: Error) => void }>();

  const failAll = (e: Error) => {
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  const start = (): Worker => {
    const w = new Worker(workerUrl(), { workerData: file });
    w.on('message', (answer: SearchAnswer) => {
      const pending = waiting.get(answer.id);
      if (!pending) return;
      waiting.delete(answer.id);
      if (answer.ok) pending.resolve(answer.hits);
      else pending.reject(new Error(answer.message));
    });
    w.on('error', (e) => {
      broken = true;
      failAll(e);
    });
    w.on('exit', () => {
      worker = undefined;
      failAll(new Error('the search worker stopped'));
    });
    // it must not keep the process alive on its own
    w.unref();
    return w;
  };

  return {
    async search(query, options) {
      if (broken || file === ':memory:') return searchMessages(db, query, options);
      worker ??= start();
      const id = nextId++;
      const answer = new Promise<SearchHit[]>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, query, options });
      try {
        return await answer;
      } catch {
        // the worker failed: this search, and the next ones, run in place
        broken = true;
        return searchMessages(db, query, options);
      }
    },
    close() {
      void worker?.terminate();
      worker = undefined;
    },
  };
}
