// PROVES: a reply that was streaming when the app was killed (SIGKILL, no chance to clean up) is still
// there after a restart, as far as it had arrived, marked as cut off; the user's message too.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import {
  DEFAULT_SIM_KEYS,
  SANDBOX_KEY,
  simulatedReply,
  startSimulator,
  type RunningSimulator,
} from '../../electron/simulator/index.ts';
import { openStore } from '../../electron/store/index.ts';
import { onReports } from './child-process.ts';

const CHILD = fileURLToPath(new URL('./stream-child.ts', import.meta.url));

let sim: RunningSimulator | undefined;
let dir: string | undefined;
afterEach(async () => {
  await sim?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The streaming reply's row as another process sees it (WAL: committed writes only). */
function storedPartial(dataDir: string): { text: string; status: string } | undefined {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(join(dataDir, 'quartet.db'), { readOnly: true });
    const row = db.prepare("SELECT text, status FROM messages WHERE role = 'assistant'").get();
    return row ? { text: String(row['text']), status: String(row['status']) } : undefined;
  } catch {
    return undefined; // not created yet
  } finally {
    db?.close();
  }
}

it('keeps what had streamed when the app is killed mid-reply', { timeout: 60_000 }, async () => {
  sim = await startSimulator({ port: 0, keys: DEFAULT_SIM_KEYS });
  const dataDir = await mkdtemp(join(tmpdir(), 'quartet-kill-'));
  dir = dataDir;
  const child = spawn(process.execPath, [CHILD, dataDir, sim.baseUrl, SANDBOX_KEY], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );

  // Wait (on the child's own reports, then on the database) until part of the reply is stored.
  let received = 0;
  await new Promise<void>((resolve, reject) => {
    onReports(child.stdout, (what, n) => {
      if (what === 'delta') received = Number(n);
      if (what === 'finished') reject(new Error('the reply finished before the kill; make it longer'));
      if (what === 'delta' && received > 2000) resolve();
    });
    child.on('exit', () => reject(new Error(`the child exited early: ${stderr}`)));
  });
  let seen = storedPartial(dataDir);
  while (!seen || seen.text.length < 2000) {
    await new Promise((r) => setImmediate(r));
    seen = storedPartial(dataDir);
  }
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');

  const store = openStore(join(dataDir, 'quartet.db'));
  try {
    const [conversation] = store.conversations.list();
    const turns = store.messages.list(conversation?.id ?? '');
    expect(turns.map((t) => [t.role, t.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'partial'],
    ]);
    const reply = turns[1];
    expect(reply?.text.length).toBeGreaterThanOrEqual(seen.text.length);
    // a prefix of what the service was sending, nothing invented
    const whole = simulatedReply('tell me [[tokens:4000]] [[gap:5]]', 'gpt-5-mini', 1);
    expect(whole.startsWith(reply?.text ?? 'x')).toBe(true);
    expect(reply?.error?.message).toMatch(/closed before the reply was complete/);
  } finally {
    store.close();
  }
});
