// Before the vault files were named apart, the desktop app (encrypted) and the browser host (plain) both
// wrote `keys.json`; pointing one at the other's folder broke decryption. Each now adopts an old
// `keys.json` only when it can tell the file is in its own format, and leaves it untouched otherwise.
import { readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const LEGACY_VAULT_FILE = 'keys.json';

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Renames `dir/keys.json` to `dir/<target>` when no `<target>` exists yet and `isMine` accepts its map.
 * Returns what happened, so the host can say it.
 */
export async function adoptLegacyVaultFile(
  dir: string,
  target: string,
  isMine: (map: Record<string, string>) => Promise<boolean> | boolean,
): Promise<'adopted' | 'not-mine' | 'none'> {
  const legacy = join(dir, LEGACY_VAULT_FILE);
  if ((await exists(join(dir, target))) || !(await exists(legacy))) return 'none';
  let map: unknown;
  try {
    map = JSON.parse(await readFile(legacy, 'utf8'));
  } catch {
    return 'not-mine';
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return 'not-mine';
  const entries = Object.entries(map);
  if (!entries.every(([, v]) => typeof v === 'string')) return 'not-mine';
  if (!(await isMine(map as Record<string, string>))) return 'not-mine';
  await rename(legacy, join(dir, target));
  return 'adopted';
}

/**
 * Whether a stored value is Chromium safeStorage ciphertext in base64 (it starts with the `v10` or `v11`
 * version prefix); a plain key never decodes to that.
 */
export function looksEncrypted(value: string): boolean {
  const bytes = Buffer.from(value, 'base64');
  const prefix = bytes.subarray(0, 3).toString('latin1');
  return /^[A-Za-z0-9+/]+=*$/.test(value) && (prefix === 'v10' || prefix === 'v11');
}
