// A lock file that names its holder (pid, what it is, since when) and is taken over when its holder is
// gone. Used for the data folder (one host at a time) and around each key-file write (no lost keys).
import { randomBytes } from 'node:crypto';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { readFileSync, unlinkSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { TEMP_PREFIX } from './atomic-write.ts';

export interface LockHolder {
  pid: number;
  /** what holds it, for the user: "the browser host", "the desktop app" */
  what: string;
  host: string;
  /** when its machine booted (ms): a pid from before the last boot is not the same process */
  bootedAt: number;
  since: number;
}

export interface HeldLock {
  readonly file: string;
  release(): Promise<void>;
}

export type LockAttempt = { ok: true; lock: HeldLock } | { ok: false; holder: LockHolder };

function bootTime(): number {
  return Date.now() - uptime() * 1000;
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (
      typeof v.pid === 'number' &&
      typeof v.what === 'string' &&
      typeof v.host === 'string' &&
      typeof v.bootedAt === 'number' &&
      typeof v.since === 'number'
    ) {
      return v as LockHolder;
    }
  } catch {
    /* not ours, or damaged: nobody holds it */
  }
  return undefined;
}

/** Whether the holder may still be running. Another machine's process cannot be checked: it counts as alive. */
export function holderAlive(h: LockHolder): boolean {
  if (h.host !== hostname()) return true;
  // pids restart at each boot; a minute of slack for clock steps
  if (Math.abs(h.bootedAt - bootTime()) > 60_000) return false;
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code;

/** Nobody is waiting on these: a released lock's file or a taken-over one's copy. */
const removeQuietly = (file: string) => unlink(file).catch(() => undefined);

/**
 * One attempt to take the lock at `file`. The holder's details are written to a temp file first and
 * hard-linked into place, so the lock file is never seen half-written (link fails if it exists, atomically).
 * A lock whose holder is gone is taken over: moved to a name of our own, checked to be the one judged
 * stale (not a lock a racer just took), and removed.
 */
export async function tryLock(file: string, what: string): Promise<LockAttempt> {
  const holder: LockHolder = {
    pid: process.pid,
    what,
    host: hostname(),
    bootedAt: bootTime(),
    since: Date.now(),
  };
  const text = JSON.stringify(holder);
  for (let attempt = 0; attempt < 5; attempt++) {
    // a temp name, so a crash between these two steps leaves a file the start-up sweep knows
    const temp = join(dirname(file), `${TEMP_PREFIX}${basename(file)}-${randomBytes(6).toString('hex')}`);
    await writeFile(temp, text, { mode: 0o600, flag: 'wx' });
    try {
      await link(temp, file);
      return { ok: true, lock: heldLock(file, text) };
    } catch (e) {
      if (errno(e) !== 'EEXIST') throw e;
    } finally {
      await removeQuietly(temp);
    }
    let current: string;
    try {
      current = await readFile(file, 'utf8');
    } catch (e) {
      if (errno(e) === 'ENOENT') continue; // released meanwhile
      throw e;
    }
    const other = parseHolder(current);
    if (other && holderAlive(other)) return { ok: false, holder: other };
    const aside = join(
      dirname(file),
      `${TEMP_PREFIX}${basename(file)}-stale-${randomBytes(6).toString('hex')}`,
    );
    try {
      await rename(file, aside);
    } catch (e) {
      if (errno(e) === 'ENOENT') continue; // another process took it over first
      throw e;
    }
    if ((await readFile(aside, 'utf8').catch(() => current)) !== current) {
      // a racer's fresh lock: put it back (never over a lock taken since)
      await link(aside, file).catch(() => undefined);
    }
    await removeQuietly(aside);
  }
  throw new Error(`Could not take the lock ${file}: it kept changing hands.`);
}

const held = new Map<string, string>();
let exitHook = false;

function heldLock(file: string, text: string): HeldLock {
  held.set(file, text);
  if (!exitHook) {
    exitHook = true;
    // process.exit() skips async clean-up; a lock left behind would only be taken over as stale, but the
    // next start need not wonder.
    process.on('exit', () => {
      for (const [f, t] of held) {
        try {
          if (readFileSync(f, 'utf8') === t) unlinkSync(f);
        } catch {
          /* already gone */
        }
      }
    });
  }
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      held.delete(file);
      // only our own: a lock taken over from us (we were judged gone) belongs to its new holder
      if ((await readFile(file, 'utf8').catch(() => '')) === text) await removeQuietly(file);
    },
  };
}

export interface WaitOptions {
  /** give up after this long (default 10 s) */
  timeoutMs?: number;
  /** what the wait is for, in the error: "the key file" */
  subject?: string;
}

/**
 * Takes the lock, waiting (timers, never blocking the event loop) while a live holder has it, with a
 * growing pause from 2 ms to 50 ms. For locks held a moment, like one key-file write.
 */
export async function withLock<T>(
  file: string,
  what: string,
  fn: () => Promise<T>,
  options: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let pause = 2;
  for (;;) {
    const attempt = await tryLock(file, what);
    if (attempt.ok) {
      try {
        return await fn();
      } finally {
        await attempt.lock.release();
      }
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${options.subject ?? file} is busy: ${describeHolder(attempt.holder)} has held it for too long.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 50);
  }
}

/** "the browser host (pid 1234)", with the machine when it is another one. */
export function describeHolder(h: LockHolder): string {
  return `${h.what} (pid ${h.pid}${h.host !== hostname() ? ` on ${h.host}` : ''})`;
}
