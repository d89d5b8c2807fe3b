import type { DatabaseSync } from 'node:sqlite';

// Depth per connection, so a repository helper that opens a transaction can be called inside another
// one: the inner call joins the outer transaction instead of failing on a nested BEGIN.
const depth = new WeakMap<DatabaseSync, number>();

/**
 * Runs `fn` in one write transaction: BEGIN IMMEDIATE (takes the write lock up front, so a busy database
 * waits on busy_timeout instead of failing half-way), then COMMIT, or ROLLBACK when `fn` throws.
 * `fn` must be synchronous: an await inside would let other work interleave with the open transaction.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  const level = depth.get(db) ?? 0;
  if (level > 0) return fn();
  db.exec('BEGIN IMMEDIATE');
  depth.set(db, 1);
  try {
    const result = fn();
    if (result instanceof Promise) throw new TypeError('transaction() takes a synchronous function');
    db.exec('COMMIT');
    return result;
  } catch (e) {
    // A failed COMMIT may already have ended the transaction; ROLLBACK then has nothing to undo.
    try {
      db.exec('ROLLBACK');
    } catch {
      /* no transaction left to roll back */
    }
    throw e;
  } finally {
    depth.delete(db);
  }
}
