import path from 'node:path';
import { createEncryptedFileVault } from '../vault/encrypted-file-vault.ts';
import { createPlainFileVault, PLAIN_VAULT_FILE } from '../vault/file-vault.ts';
import { adoptLegacyVaultFile } from '../vault/legacy-file.ts';
import type { Vault } from '../vault/types.ts';
import { createSafeStorageEncryptor } from './safe-storage.ts';

/** The encrypted vault's file name; the plain one is PLAIN_VAULT_FILE, so the two formats never share a name. */
export const ENCRYPTED_VAULT_FILE = 'keys.encrypted.json';

/**
 * The desktop app's key vault: safeStorage-encrypted `keys.encrypted.json` in the user-data folder; if the
 * OS offers no encryption at all, the plain 0600 file the browser host also uses, whose vault info says so.
 */
export async function createElectronVault(userData: string): Promise<Vault> {
  const encryptor = await createSafeStorageEncryptor();
  if (encryptor) {
    // keys.json of an earlier release is ours if every value decrypts; a plain one is left alone.
    await adoptLegacyVaultFile(userData, ENCRYPTED_VAULT_FILE, async (map) => {
      for (const value of Object.values(map)) {
        try {
          await encryptor.decrypt(Buffer.from(value, 'base64'));
        } catch {
          return false;
        }
      }
      return true;
    });
    return createEncryptedFileVault(path.join(userData, ENCRYPTED_VAULT_FILE), encryptor);
  }
  return createPlainFileVault(path.join(userData, PLAIN_VAULT_FILE));
}
