// PROVES: a writer killed with SIGKILL at random moments, 200 times, never loses a turn it reported as
// committed, never leaves a damaged database (PRAGMA integrity_check = ok, FTS index intact), and never
// leaves an image row without its file or, after the app's start-up sweep, a file without its row.
// Kills land 5-40 ms after the child is ready, so they fall anywhere in its loop: inside a transaction,
// between an image's file and its row, mid-fsync. Two data folders run side by side (100 rounds each).
// (A damaged database at start-up is proven by test/store/corrupt.test.ts and test/handlers/app.test.ts;
// orphan sweeping of placed files by test/handlers/images.test.ts.)
// Figures: test-results/reliability/crash.json.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { onReports, openQuietCore } from './child-process.ts';
import { openStore } from '../../electron/store/index.ts';
import { writeFigures } from '../support/figures.ts';

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const ROUNDS = 200;
const LANES = 2;

interface Round {
  turns: number[];
  images: number[];
}

interface Child {
  /** starts the booted child at turn `start`; resolves with what it reported once it has been killed */
  run(start: number): Promise<Round>;
  kill(): void;
}

/**
 * The kill delays, each drawn at random and logged when the test fails; set QUARTET_CRASH_DELAYS to that
 * comma-separated list to replay the same kill moments.
 */
const replay = (process.env['QUARTET_CRASH_DELAYS'] ?? '').split(',').filter(Boolean).map(Number);
const delaysUsed: number[] = [];
function nextDelay(): number {
  const delay =
    replay.length > 0 ? (replay[delaysUsed.length % replay.length] ?? 0) : Math.round(Math.random() * 35);
  delaysUsed.push(delay);
  return delay;
}

/** Boots a child (Node start-up and imports) that waits for its start number before touching anything. */
function bootChild(dataDir: string): Child {
  const child = spawn(process.execPath, [CHILD, dataDir], { stdio: ['pipe', 'pipe', 'pipe'] });
  const round: Round = { turns: [], images: [] };
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Round>((resolve, reject) => {
    onReports(child.stdout, (what, n) => {
      if (what === 'turn') {
        // The kill is timed from the first reported commit, not from start-up: on a loaded machine
        // start-up alone can take longer than any delay, and the kill would land before any write.
        if (round.turns.length === 0) setTimeout(() => child.kill('SIGKILL'), nextDelay());
        round.turns.push(Number(n));
      } else if (what === 'image') round.images.push(Number(n));
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`child exited on its own: ${stderr}`));
      else resolve(round);
    });
  });
  return {
    run(start) {
      child.stdin.end(`${start}\n`);
      return done;
    },
    kill() {
      child.kill('SIGKILL');
      done.catch(() => undefined);
    },
  };
}

async function lane(figures: {
  turns: number;
  images: number;
  orphanFilesSwept: number;
  emptyRounds: number;
}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'quartet-crash-'));
  try {
    const turns: number[] = [];
    const images: number[] = [];
    let next = 0;
    let booted = bootChild(dataDir);
    for (let r = 0; r < ROUNDS / LANES; r++) {
      const child = booted;
      const running = child.run(next);
      booted = bootChild(dataDir);
      const got = await running;
      turns.push(...got.turns);
      images.push(...got.images);
      if (got.turns.length === 0) figures.emptyRounds += 1;
      next = Math.max(next, ...got.turns) + 1_000; // a gap: a commit after the last report may exist too

      // What the app does at start-up: open the store, sweep image files (then close).
      const filesBefore = (await readdir(join(dataDir, 'images'))).length;
      const core = await openQuietCore(dataDir);
      await core.close();
      const files = new Set(await readdir(join(dataDir, 'images')));

      const store = openStore(join(dataDir, 'quartet.db'));
      try {
        expect(store.notices).toEqual([]);
        expect(store.db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
        expect(() =>
          store.db.prepare("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')").run(),
        ).not.toThrow();
        const ids = new Set(store.messages.list('crash').map((t) => t.id));
        expect(turns.filter((n) => !ids.has(`turn-${n}`))).toEqual([]);
        const rows = store.images.files();
        const rowIds = new Set(rows.map((i) => i.id));
        expect(images.filter((n) => !rowIds.has(`img-${n}`))).toEqual([]);
        // no row points to a missing file; no file (or temp file) without its row
        expect(rows.filter((i) => !files.has(i.filePath.slice('images/'.length)))).toEqual([]);
        expect([...files].filter((f) => !rows.some((i) => i.filePath === `images/${f}`))).toEqual([]);
        figures.orphanFilesSwept += filesBefore - files.size;
      } finally {
        store.close();
      }
    }
    booted.kill();
    figures.turns += turns.length;
    figures.images += images.length;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

it(
  `survives ${ROUNDS} SIGKILLs at random moments: every reported commit kept, database intact, no orphans`,
  // 200 Node processes booted one after another: about a minute on a quiet machine, over two when every
  // core is busy. A guard against a hang, not a speed check (the time is in the figures).
  { timeout: 300_000 },
  async () => {
    const figures = { rounds: ROUNDS, turns: 0, images: 0, orphanFilesSwept: 0, emptyRounds: 0, ms: 0 };
    const started = performance.now();
    try {
      await Promise.all(Array.from({ length: LANES }, () => lane(figures)));
    } catch (e) {
      console.error(`kill delays in ms, to replay: QUARTET_CRASH_DELAYS=${delaysUsed.join(',')}`);
      throw e;
    }
    figures.ms = Math.round(performance.now() - started);
    await writeFigures('crash', figures);
    // The kills did land while writing: each round reported a commit before its kill, and some kills fell
    // between a file and its row.
    expect(figures.emptyRounds).toBe(0);
    expect(figures.turns).toBeGreaterThanOrEqual(ROUNDS);
    expect(figures.orphanFilesSwept).toBeGreaterThan(0);
  },
);
