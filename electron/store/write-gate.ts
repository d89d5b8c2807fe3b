// Another program holding the database's write lock must not hold the host's event loop: node:sqlite is
// synchronous, so SQLite's busy_timeout waits inside the one thread that also serves the page, streams
// replies and answers Stop. The wait is done here instead, between tasks, and each statement waits at most
// BUSY_TIMEOUT_MS for a lock taken in a race.
import type { DatabaseSync } from 'node:sqlite';
import { isBusy } from './storage-failure.ts';

/** The longest one statement waits for the lock, blocking (a race with another process's write). */
export const BUSY_TIMEOUT_MS = 20;
/** How long an operation waits, giving the event loop back, for the lock before it runs anyway. */
export const WRITE_WAIT_MS = 2000;

/** Whether another connection holds the write lock right now; asks without waiting. */
export function writeLockHeld(db: DatabaseSync): boolean {
  if (db.isTransaction) return false; // ours: transactions are synchronous, so this is a caller inside one
  db.exec('PRAGMA busy_timeout = 0');
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return false;
  } catch (e) {
    // another failure (a read-only file) is for the statement that writes to report
    return isBusy(e);
  } finally {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/**
 * Resolves once the write lock is free, or after `maxMs` (the operation then runs and a write in it fails
 * at once with SQLITE_BUSY, which the page names). Checks again after 5, 10, 20 .. 200 ms, on timers.
 * Resolves true when the lock was free.
 */
export async function waitForWriteLock(
  db: DatabaseSync,
  maxMs = WRITE_WAIT_MS,
  now: () => number = Date.now,
): Promise<boolean> {
  const deadline = now() + maxMs;
  let pause = 5;
  while (writeLockHeld(db)) {
    if (now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 200);
  }
  return true;
}
