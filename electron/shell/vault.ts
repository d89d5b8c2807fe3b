import path from 'node:path';
import { createEncryptedFileVault } from '../vault/encrypted-file-vault.ts';
import { createPlainFileVault } from '../vault/file-vault.ts';
import type { Vault } from '../vault/types.ts';
import { createSafeStorageEncryptor } from './safe-storage.ts';

/**
 * The desktop app's key vault: safeStorage-encrypted `keys.json` in the user-data folder; if the OS
 * offers no encryption at all, a plain 0600 file under another name (so the two formats never mix) whose
 * vault info says so.
 */
export async function createElectronVault(userData: string): Promise<Vault> {
  const encryptor = await createSafeStorageEncryptor();
  if (encryptor) return createEncryptedFileVault(path.join(userData, 'keys.json'), encryptor);
  return createPlainFileVault(path.join(userData, 'keys.plain.json'));
}
