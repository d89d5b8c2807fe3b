import { join } from 'node:path';
import { createPlainFileVault } from './file-vault.ts';
import { createKeyringVault } from './keyring-vault.ts';
import type { Vault } from './types.ts';

/** The plain-file vault's name inside the data folder. */
export const PLAIN_VAULT_FILE = 'keys.json';

/**
 * The vault of the browser-mode host: the system keyring when one answers, otherwise a 0600 file in
 * `dataDir` whose `info()` says plainly that the keys are not encrypted.
 */
export async function createWebVault(
  dataDir: string,
  options: { keyring?: boolean; service?: string } = {},
): Promise<Vault> {
  if (options.keyring !== false) {
    const keyring = await createKeyringVault(options.service);
    if (keyring) return keyring;
  }
  return createPlainFileVault(join(dataDir, PLAIN_VAULT_FILE));
}
