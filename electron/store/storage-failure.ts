// Which failures of a write to the data folder the user can act on, told apart by SQLite's result code
// or the file system's errno. Everything else stays a bug ('internal').
import type { LocalFailure } from '../../shared/errors.ts';

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_FULL = 13;

const BY_SQLITE: Record<number, LocalFailure['cause']> = {
  [SQLITE_BUSY]: 'db-busy',
  [SQLITE_LOCKED]: 'db-busy',
  [SQLITE_READONLY]: 'read-only',
  [SQLITE_FULL]: 'disk-full',
};

const BY_ERRNO: Record<string, LocalFailure['cause']> = {
  ENOSPC: 'disk-full',
  EDQUOT: 'disk-full',
  EROFS: 'read-only',
  EACCES: 'read-only',
  EPERM: 'read-only',
};

/** The cause of `e` (or of the error it wraps) when it is one of the named ones. */
export function storageFailureOf(e: unknown): LocalFailure['cause'] | undefined {
  for (let cur = e, depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    const { errcode, code } = cur as { errcode?: unknown; code?: unknown };
    // an extended result code (SQLITE_READONLY_DBMOVED, SQLITE_BUSY_SNAPSHOT) keeps the primary in its low byte
    if (typeof errcode === 'number' && BY_SQLITE[errcode & 0xff]) return BY_SQLITE[errcode & 0xff];
    if (typeof code === 'string' && BY_ERRNO[code]) return BY_ERRNO[code];
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for SQLite's "another connection holds the lock". */
export function isBusy(e: unknown): boolean {
  return storageFailureOf(e) === 'db-busy';
}
