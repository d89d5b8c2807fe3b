// Opening the database: pragmas, the corrupt-file fallback and the numbered migrations.
import { chmodSync, closeSync, existsSync, openSync, readSync, renameSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { LATEST_VERSION, MIGRATIONS } from './migrations/index.ts';
import { transaction } from './tx.ts';
import { BUSY_TIMEOUT_MS } from './write-gate.ts';

export interface OpenedDatabase {
  db: DatabaseSync;
  /** sentences for the user about what happened at start-up */
  notices: string[];
}

/** A database written by a newer Quartet: refused rather than misread or set aside. */
export class NewerDatabaseError extends Error {
  constructor(file: string, version: number) {
    super(
      `The database ${file} was written by a newer Quartet (schema ${version}; this one knows up to ${LATEST_VERSION}). Update Quartet to open it.`,
    );
    this.name = 'NewerDatabaseError';
  }
}

class CorruptDatabaseError extends Error {}

const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

function isCorruption(e: unknown): boolean {
  if (e instanceof CorruptDatabaseError) return true;
  const code = (e as { errcode?: unknown } | null)?.errcode;
  // errcode may be an extended code; its low byte is the primary one.
  return typeof code === 'number' && [SQLITE_CORRUPT, SQLITE_NOTADB].includes(code & 0xff);
}

function configure(db: DatabaseSync): void {
  // busy_timeout first: the pragmas below may already need the lock another process holds. Start-up may
  // wait; once the page is served, statements wait BUSY_TIMEOUT_MS at most (openAndPrepare).
  db.exec('PRAGMA busy_timeout = 5000');
  const mode = db.prepare('PRAGMA journal_mode = WAL').get();
  if (String(mode?.['journal_mode']).toLowerCase() !== 'wal') {
    throw new Error(`could not switch the database to WAL mode (got ${String(mode?.['journal_mode'])})`);
  }
  // FULL: a committed turn survives a power cut, not only a crash of the app.
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
}

// quick_check: the same page and record checks as integrity_check minus the index-content comparison, which
// grows with the history and would make every start-up slower as the database grows.
function checkIntegrity(db: DatabaseSync): void {
  const rows = db.prepare('PRAGMA quick_check').all();
  const first = rows[0]?.['quick_check'];
  if (rows.length !== 1 || first !== 'ok') {
    throw new CorruptDatabaseError(`integrity check failed: ${String(first)}`);
  }
}

function migrate(db: DatabaseSync, file: string): void {
  const current = Number(db.prepare('PRAGMA user_version').get()?.['user_version'] ?? 0);
  if (current > LATEST_VERSION) throw new NewerDatabaseError(file, current);
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    transaction(db, () => {
      migration.up(db);
      // PRAGMA takes no bound parameters; the version is an integer from our own list.
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
}

const HEADER = 'SQLite format 3\0';

/**
 * True when the file exists, is not empty and does not start with SQLite's header. Checked before SQLite
 * opens it: closing a connection to a file SQLite rejects deletes the -wal and -shm beside it, and those
 * belong in the set-aside copy.
 */
function hasForeignHeader(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return false; // missing: SQLite creates it
  }
  try {
    const buffer = Buffer.alloc(HEADER.length);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return read > 0 && buffer.toString('latin1', 0, read) !== HEADER;
  } finally {
    closeSync(fd);
  }
}

function openAndPrepare(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  try {
    // History is private: owner-only, like the vault (SQLite gives its -wal and -shm the same mode).
    if (file !== ':memory:') chmodSync(file, 0o600);
    configure(db);
    checkIntegrity(db);
    migrate(db, file);
    // Serving from here on: a statement may not hold the event loop for long (write-gate.ts).
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

function timestamp(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

/** Moves the database and its WAL/shared-memory files aside; returns the new main file name. */
function setAside(file: string, now: number): string {
  const aside = `${file}.corrupt-${timestamp(now)}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  return aside;
}

/**
 * Opens (creating if needed) the database at `file` in WAL mode with foreign keys on, and migrates it.
 * A file that is not a database, or fails its integrity check, is moved aside to
 * `<file>.corrupt-<timestamp>` and a fresh database is started; `notices` says so. Other failures
 * (permissions, a lock held too long, a newer schema) are thrown: the data may be fine.
 */
export function openDatabase(file: string, now: () => number = Date.now): OpenedDatabase {
  try {
    if (hasForeignHeader(file)) throw new CorruptDatabaseError('not an SQLite database');
    return { db: openAndPrepare(file), notices: [] };
  } catch (e) {
    if (!isCorruption(e)) throw e;
    const aside = setAside(file, now());
    const db = openAndPrepare(file);
    return {
      db,
      notices: [
        `The history database was damaged and could not be read, so Quartet started a new one. The old file was kept as ${aside}.`,
      ],
    };
  }
}
