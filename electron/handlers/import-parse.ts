// The host's side of reading an import file: a worker thread parses and checks it (import-worker.ts), and
// the host takes the entries in message by message, so no task of the host's event loop holds the whole
// file. The same result as parseImportFile (shared/export.ts), which the worker runs.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { parseImportFile, type ImportEntry, type ParseImportResult } from '../../shared/export.ts';
import type { ParseMessage } from './import-protocol.ts';

/**
 * The worker's file: beside this module in the sources (Node runs the TypeScript), beside the bundle in
 * the packaged app (scripts/build-electron.ts builds it as import-worker.cjs).
 */
function workerUrl(): URL {
  const built = new URL('./import-worker.cjs', import.meta.url);
  return existsSync(built) ? built : new URL('./import-worker.ts', import.meta.url);
}

/**
 * Below this many characters a file is read in place: it parses and checks in a few milliseconds, less
 * than starting a worker takes.
 */
export const OFF_LOOP_CHARS = 1_000_000;

/** Reads the file in a worker; each entry arrives whole (its turns in order), or with why it was skipped. */
export function parseImportOffLoop(text: string): Promise<ParseImportResult> {
  if (text.length < OFF_LOOP_CHARS) return Promise.resolve(parseImportFile(text));
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl(), { workerData: text });
    let kind: 'conversation' | 'bundle' = 'conversation';
    const entries: ImportEntry[] = [];
    let settled = false;
    const settle = (result: ParseImportResult | Error) => {
      if (settled) return;
      settled = true;
      if (result instanceof Error) reject(result);
      else resolve(result);
      void worker.terminate();
    };
    worker.on('message', (m: ParseMessage) => {
      switch (m.type) {
        case 'fail':
          return settle({ ok: false, message: m.message });
        case 'start':
          kind = m.kind;
          return;
        case 'skip':
          entries[m.index] = { ok: false, title: m.title, message: m.message };
          return;
        case 'entry':
          entries[m.index] = {
            ok: true,
            conversation: { ...m.head, turns: [], ...(m.hasBranches ? { branches: [] } : {}) },
            files: m.files,
            toolRuns: [],
            ...(m.organise !== undefined ? { organise: m.organise } : {}),
          };
          return;
        case 'turns': {
          const entry = entries[m.index];
          if (entry?.ok) {
            const list =
              m.which === 'turns' ? entry.conversation.turns : (entry.conversation.branches ??= []);
            for (const t of m.turns) list.push(t);
          }
          return;
        }
        case 'toolRuns': {
          const entry = entries[m.index];
          if (entry?.ok) for (const run of m.runs) entry.toolRuns.push(run);
          return;
        }
        case 'done':
          return settle({ ok: true, kind, entries });
      }
    });
    worker.on('error', (e) => settle(e));
    worker.on('exit', (code) => {
      if (!settled) settle(new Error(`the import reader stopped (exit code ${code})`));
    });
  });
}
