import type { DatabaseSync } from 'node:sqlite';
import { num, str, type Row } from './rows.ts';

/** A stored preset as the table has it; shared/presets.ts reads the body (presetFromRow). */
export interface PresetRow {
  id: string;
  name: string;
  /** JSON: everything but the id, name and times (see presetBody) */
  body: string;
  createdAt: number;
  updatedAt: number;
}

export interface PresetsRepo {
  /** by name, without regard to case (the order the list shows) */
  list(): PresetRow[];
  get(id: string): PresetRow | undefined;
  insert(row: PresetRow): void;
  update(id: string, patch: { name: string; body: string; updatedAt: number }): boolean;
  delete(id: string): boolean;
}

function toPreset(row: Row): PresetRow {
  return {
    id: str(row, 'id'),
    name: str(row, 'name'),
    body: str(row, 'body'),
    createdAt: num(row, 'created_at'),
    updatedAt: num(row, 'updated_at'),
  };
}

export function createPresetsRepo(db: DatabaseSync): PresetsRepo {
  const listAll = db.prepare('SELECT * FROM presets ORDER BY name COLLATE NOCASE, created_at, rowid');
  const byId = db.prepare('SELECT * FROM presets WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO presets (id, name, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const update = db.prepare('UPDATE presets SET name = ?, body = ?, updated_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM presets WHERE id = ?');
  return {
    list: () => listAll.all().map(toPreset),
    get(id) {
      const row = byId.get(id);
      return row ? toPreset(row) : undefined;
    },
    insert(row) {
      insert.run(row.id, row.name, row.body, row.createdAt, row.updatedAt);
    },
    update: (id, patch) => Number(update.run(patch.name, patch.body, patch.updatedAt, id).changes) > 0,
    delete: (id) => Number(remove.run(id).changes) > 0,
  };
}
