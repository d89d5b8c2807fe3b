import { join } from 'node:path';
import { createPlainFileVault, PLAIN_VAULT_FILE } from './file-vault.ts';
import { adoptLegacyVaultFile, looksEncrypted } from './legacy-file.ts';
import { createKeyringVault } from './keyring-vault.ts';
import type { Vault } from './types.ts';

export { PLAIN_VAULT_FILE };

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
  // A plain keys.json from before the names were apart is ours; an encrypted one (the desktop app's) is not.
  await adoptLegacyVaultFile(dataDir, PLAIN_VAULT_FILE, (map) => !Object.values(map).some(looksEncrypted));
  return createPlainFileVault(join(dataDir, PLAIN_VAULT_FILE));
}
