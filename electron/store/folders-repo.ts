// Folders: a name, an optional palette colour and whether the sidebar shows them folded. Conversations
// point at their folder (conversations.folder_id); a deleted folder leaves them unfiled.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { folderColorOf, type Folder, type FolderColor } from '../../shared/organise.ts';
import { compact } from '../../shared/compact.ts';
import { bool, num, optStr, str, type Row } from './rows.ts';

export interface FoldersRepo {
  /** by name, without regard to case */
  list(): Folder[];
  get(id: string): Folder | undefined;
  insert(folder: Folder): void;
  /** `color: null` takes the colour away */
  update(id: string, patch: { name?: string; color?: FolderColor | null; collapsed?: boolean }): boolean;
  /** deletes the folder; its conversations stay, unfiled (ON DELETE SET NULL). Returns how many were in it. */
  delete(id: string): { deleted: boolean; unfiled: number };
}

function toFolder(row: Row): Folder {
  return compact({
    id: str(row, 'id'),
    name: str(row, 'name'),
    color: folderColorOf(optStr(row, 'color')),
    collapsed: bool(row, 'collapsed'),
    createdAt: num(row, 'created_at'),
  });
}

export function createFoldersRepo(db: DatabaseSync): FoldersRepo {
  const listAll = db.prepare('SELECT * FROM folders ORDER BY name COLLATE NOCASE, created_at, rowid');
  const byId = db.prepare('SELECT * FROM folders WHERE id = ?');
  const insert = db.prepare(
    'INSERT INTO folders (id, name, color, collapsed, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const members = db.prepare('SELECT count(*) AS n FROM conversations WHERE folder_id = ?');
  const remove = db.prepare('DELETE FROM folders WHERE id = ?');
  return {
    list: () => listAll.all().map(toFolder),
    get(id) {
      const row = byId.get(id);
      return row ? toFolder(row) : undefined;
    },
    insert(folder) {
      insert.run(folder.id, folder.name, folder.color ?? null, folder.collapsed ? 1 : 0, folder.createdAt);
    },
    update(id, patch) {
      const sets: string[] = [];
      const args: SQLInputValue[] = [];
      if (patch.name !== undefined) {
        sets.push('name = ?');
        args.push(patch.name);
      }
      if (patch.color !== undefined) {
        sets.push('color = ?');
        args.push(patch.color);
      }
      if (patch.collapsed !== undefined) {
        sets.push('collapsed = ?');
        args.push(patch.collapsed ? 1 : 0);
      }
      if (sets.length === 0) return byId.get(id) !== undefined;
      const result = db.prepare(`UPDATE folders SET ${sets.join(', ')} WHERE id = ?`).run(...args, id);
      return Number(result.changes) > 0;
    },
    delete(id) {
      const unfiled = num(members.get(id) ?? { n: 0 }, 'n');
      const deleted = Number(remove.run(id).changes) > 0;
      return { deleted, unfiled: deleted ? unfiled : 0 };
    },
  };
}
