// `--connection NAME`: the address of a connection saved in the app, read from the data folder's database
// (read-only, never locked or changed: the app may be running). Keys never come from here: the app keeps
// them in its vault, and the command line takes them from the environment as always.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { defaultDataDir } from '../web/options.ts';

export type SavedAddress = { ok: true; baseUrl: string } | { ok: false; why: string };

/** The saved connection's address by name (the same name first, then without regard to case). */
export function savedConnectionAddress(
  name: string,
  env: Readonly<Record<string, string | undefined>>,
): SavedAddress {
  const dataDir = defaultDataDir(undefined, env as NodeJS.ProcessEnv);
  const file = join(dataDir, 'quartet.db');
  if (!existsSync(file)) return { ok: false, why: `no saved connections in ${dataDir}` };
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const rows = db.prepare('SELECT name, base_url, built_in FROM connections').all() as {
      name: string;
      base_url: string;
      built_in: number;
    }[];
    const found =
      rows.find((r) => r.name === name) ?? rows.find((r) => r.name.toLowerCase() === name.toLowerCase());
    if (!found) {
      const known = rows.map((r) => `"${r.name}"`).join(', ') || 'none';
      return { ok: false, why: `no saved connection named "${name}" (saved: ${known})` };
    }
    if (found.built_in === 1) {
      return {
        ok: false,
        why: `"${found.name}" is the app's built-in sandbox, which runs only inside the app`,
      };
    }
    return { ok: true, baseUrl: found.base_url };
  } catch (e) {
    return { ok: false, why: `the app's saved connections could not be read (${(e as Error).message})` };
  } finally {
    db?.close();
  }
}
