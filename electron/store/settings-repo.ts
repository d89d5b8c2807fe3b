import type { DatabaseSync } from 'node:sqlite';
import { str } from './rows.ts';

/** Key/value settings, each value stored as JSON. Values are validated by whoever reads them. */
export interface SettingsRepo {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  all(): Map<string, unknown>;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A value that no longer parses reads as unset; the default takes its place.
    return undefined;
  }
}

export function createSettingsRepo(db: DatabaseSync): SettingsRepo {
  const byKey = db.prepare('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  const listAll = db.prepare('SELECT key, value FROM settings');
  return {
    get(key) {
      const row = byKey.get(key);
      return row ? parse(str(row, 'value')) : undefined;
    },
    set(key, value) {
      if (value === undefined) remove.run(key);
      else upsert.run(key, JSON.stringify(value));
    },
    delete(key) {
      remove.run(key);
    },
    all() {
      const out = new Map<string, unknown>();
      for (const row of listAll.all()) out.set(str(row, 'key'), parse(str(row, 'value')));
      return out;
    },
  };
}
