import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore } from '../../electron/store/index.ts';

const WRITER = fileURLToPath(new URL('./crash-writer.ts', import.meta.url));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-crash-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the writer until it has reported `commits` commits, then SIGKILLs it; returns every reported number. */
function runAndKill(file: string, start: number, commits: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, file, String(start)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const reported: number[] = [];
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) reported.push(Number(line));
      if (reported.length >= commits && !child.killed) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer exited on its own: ${stderr}`));
      else resolve(reported);
    });
  });
}

it('keeps every reported commit and an intact database when the writer is killed at random moments', async () => {
  const file = join(dir, 'quartet.db');
  const reported: number[] = [];
  let next = 0;
  for (let round = 0; round < 4; round++) {
    const commits = 5 + Math.floor(Math.random() * 150);
    const got = await runAndKill(file, next, commits);
    reported.push(...got);
    next = Math.max(next, ...got) + 1_000; // leave a gap: rows after the last report may exist too

    const store = openStore(file);
    try {
      expect(store.notices).toEqual([]);
      const check = store.db.prepare('PRAGMA integrity_check').all();
      expect(check).toEqual([{ integrity_check: 'ok' }]);
      const ids = new Set(store.messages.list('crash').map((t) => t.id));
      const missing = reported.filter((n) => !ids.has(`turn-${n}`));
      expect(missing).toEqual([]);
      expect(() =>
        store.db.prepare("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')").run(),
      ).not.toThrow();
    } finally {
      store.close();
    }
  }
});
