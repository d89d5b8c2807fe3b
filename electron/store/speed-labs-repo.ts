import type { DatabaseSync } from 'node:sqlite';
import { bool, num, str, type Row } from './rows.ts';

/** A saved lab run as the table has it; shared/speedlab.ts's schemas read the JSON columns. */
export interface SpeedLabRow {
  id: string;
  name: string;
  createdAt: number;
  rowsJson: string;
  planJson: string;
  runsJson: string;
  runCount: number;
  complete: boolean;
}

export interface SpeedLabsRepo {
  /** newest first, without the runs */
  list(limit: number): Omit<SpeedLabRow, 'runsJson'>[];
  get(id: string): SpeedLabRow | undefined;
  insert(row: SpeedLabRow): void;
  rename(id: string, name: string): boolean;
  delete(id: string): boolean;
  /** drops the oldest beyond `keep` */
  prune(keep: number): number;
}

function toHead(row: Row): Omit<SpeedLabRow, 'runsJson'> {
  return {
    id: str(row, 'id'),
    name: str(row, 'name'),
    createdAt: num(row, 'created_at'),
    rowsJson: str(row, 'rows_json'),
    planJson: str(row, 'plan_json'),
    runCount: num(row, 'run_count'),
    complete: bool(row, 'complete'),
  };
}

export function createSpeedLabsRepo(db: DatabaseSync): SpeedLabsRepo {
  const list = db.prepare(
    'SELECT id, name, created_at, rows_json, plan_json, run_count, complete FROM speed_labs ORDER BY created_at DESC, rowid DESC LIMIT ?',
  );
  const byId = db.prepare('SELECT * FROM speed_labs WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO speed_labs (id, name, created_at, rows_json, plan_json, runs_json, run_count, complete) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const rename = db.prepare('UPDATE speed_labs SET name = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM speed_labs WHERE id = ?');
  const prune = db.prepare(
    'DELETE FROM speed_labs WHERE id NOT IN (SELECT id FROM speed_labs ORDER BY created_at DESC, rowid DESC LIMIT ?)',
  );
  return {
    list: (limit) => list.all(limit).map(toHead),
    get(id) {
      const row = byId.get(id);
      return row ? { ...toHead(row), runsJson: str(row, 'runs_json') } : undefined;
    },
    insert(r) {
      insert.run(
        r.id,
        r.name,
        r.createdAt,
        r.rowsJson,
        r.planJson,
        r.runsJson,
        r.runCount,
        r.complete ? 1 : 0,
      );
    },
    rename: (id, name) => Number(rename.run(name, id).changes) > 0,
    delete: (id) => Number(remove.run(id).changes) > 0,
    prune: (keep) => Number(prune.run(keep).changes),
  };
}
