// Two processes on one data folder (issue 26): the second host says who holds the folder and stops, a
// lock left by a killed process is taken over, and two processes writing keys at once lose none.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { onReports, openQuietCore } from './child-process.ts';
import { DataFolderInUseError } from '../../electron/store/data-folder-lock.ts';
import { writeFigures } from '../support/figures.ts';

const CHILD = fileURLToPath(new URL('./lock-child.ts', import.meta.url));

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quartet-lock-'));
  dirs.push(dir);
  return dir;
}

/** Starts a child and resolves with its first report (ready, done, refused ...). */
function child(args: string[]): { proc: ChildProcess; report: (what: string) => Promise<string> } {
  const proc = spawn(process.execPath, [CHILD, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(proc);
  const waiting = new Map<string, (value: string) => void>();
  const seen = new Map<string, string>();
  onReports(proc.stdout!, (what, value) => {
    seen.set(what, value);
    waiting.get(what)?.(value);
  });
  return {
    proc,
    report: (what) =>
      new Promise((resolve, reject) => {
        if (seen.has(what)) return resolve(seen.get(what) ?? '');
        waiting.set(what, resolve);
        proc.once('exit', (code) => reject(new Error(`child exited (${code}) before "${what}"`)));
      }),
  };
}

function exited(proc: ChildProcess): Promise<void> {
  return proc.exitCode !== null ? Promise.resolve() : new Promise((r) => proc.once('exit', () => r()));
}

it('refuses a second host on a data folder in use, naming the holder, and takes over after it died', async () => {
  const dir = await tempDir();
  const holder = child(['hold', dir]);
  await holder.report('ready');

  // a second host in this process
  const second = await openQuietCore(dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(second).toBeInstanceOf(DataFolderInUseError);
  const message = (second as Error).message;
  expect(message).toContain(`pid ${holder.proc.pid}`);
  expect(message).toContain('the browser host');
  expect(message).not.toContain('\n');

  // and a second host in another process
  const third = child(['hold', dir]);
  expect(await third.report('refused')).toContain(`pid ${holder.proc.pid}`);

  // The holder is killed: its lock names a dead process and the next host takes the folder.
  holder.proc.kill('SIGKILL');
  await exited(holder.proc);
  const core = await openQuietCore(dir);
  const lock = JSON.parse(await readFile(join(dir, 'quartet.lock'), 'utf8')) as { pid: number };
  expect(lock.pid).toBe(process.pid);
  await core.close();
  // released on close: the folder is free again
  const again = await openQuietCore(dir);
  await again.close();
});

it('keeps every key when two processes write the key file at once', async () => {
  const dir = await tempDir();
  const file = join(dir, 'keys.plain.json');
  const perChild = 20;
  const writers = [
    child(['keys', file, 'a', String(perChild)]),
    child(['keys', file, 'b', String(perChild)]),
  ];
  // both started (Node and imports) before either writes
  await Promise.all(writers.map((w) => w.report('ready')));
  for (const w of writers) w.proc.stdin!.write('go\n');
  await Promise.all(writers.map((w) => w.report('done')));
  const map = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  const expected = ['a', 'b'].flatMap((p) => Array.from({ length: perChild }, (_, i) => `${p}-${i}`));
  const kept = expected.filter((name) => map[name] === `secret-${name}`).length;
  await writeFigures('data-folder-lock', { keysWritten: expected.length, keysKept: kept });
  expect(kept).toBe(expected.length);
});
