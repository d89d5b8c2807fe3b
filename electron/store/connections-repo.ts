import type { DatabaseSync } from 'node:sqlite';
import { bool, num, str, type Row } from './rows.ts';

export interface ConnectionRow {
  id: string;
  name: string;
  /** as the user typed it; the built-in sandbox stores a placeholder resolved at run time */
  baseUrl: string;
  builtIn: boolean;
  createdAt: number;
}

export interface ConnectionsRepo {
  /** oldest first, the order the user created them in */
  list(): ConnectionRow[];
  get(id: string): ConnectionRow | undefined;
  insert(row: ConnectionRow): void;
  update(id: string, patch: { name: string; baseUrl: string }): boolean;
  delete(id: string): boolean;
}

function toConnection(row: Row): ConnectionRow {
  return {
    id: str(row, 'id'),
    name: str(row, 'name'),
    baseUrl: str(row, 'base_url'),
    builtIn: bool(row, 'built_in'),
    createdAt: num(row, 'created_at'),
  };
}

export function createConnectionsRepo(db: DatabaseSync): ConnectionsRepo {
  const listAll = db.prepare('SELECT * FROM connections ORDER BY created_at, rowid');
  const byId = db.prepare('SELECT * FROM connections WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO connections (id, name, base_url, built_in, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const update = db.prepare('UPDATE connections SET name = ?, base_url = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM connections WHERE id = ?');
  return {
    list: () => listAll.all().map(toConnection),
    get(id) {
      const row = byId.get(id);
      return row ? toConnection(row) : undefined;
    },
    insert(row) {
      insert.run(row.id, row.name, row.baseUrl, row.builtIn ? 1 : 0, row.createdAt);
    },
    update: (id, patch) => Number(update.run(patch.name, patch.baseUrl, id).changes) > 0,
    delete: (id) => Number(remove.run(id).changes) > 0,
  };
}
