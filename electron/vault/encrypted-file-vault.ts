import { openJsonMapFile } from './json-file.ts';
import type { Encryptor, Vault } from './types.ts';

/**
 * A vault file holding `name -> base64(ciphertext)`, encrypted by `encryptor` (safeStorage in the desktop
 * app). Written atomically with mode 0600. A secret whose decryption asks for it is re-encrypted.
 */
export function createEncryptedFileVault(filePath: string, encryptor: Encryptor): Vault {
  const file = openJsonMapFile(filePath);
  return {
    info: () =>
      Promise.resolve({ backend: encryptor.backend, weak: encryptor.weak, message: encryptor.message }),
    async get(name) {
      const stored = (await file.read())[name];
      if (stored === undefined) return undefined;
      let result: { plain: string; shouldReEncrypt?: boolean };
      try {
        result = await encryptor.decrypt(Buffer.from(stored, 'base64'));
      } catch (e) {
        // The message names the entry, never any part of the secret.
        throw new Error(`The key "${name}" could not be decrypted; set it again. (${(e as Error).message})`, {
          cause: e,
        });
      }
      if (result.shouldReEncrypt) {
        // Best effort: the secret was read; a failed rewrite only means trying again next time.
        try {
          const fresh = Buffer.from(await encryptor.encrypt(result.plain)).toString('base64');
          await file.update((map) => {
            if (map[name] !== stored) return false; // changed meanwhile: keep the newer value
            map[name] = fresh;
          });
        } catch {
          /* the old ciphertext still decrypts */
        }
      }
      return result.plain;
    },
    async set(name, secret) {
      const encrypted = Buffer.from(await encryptor.encrypt(secret)).toString('base64');
      await file.update((map) => {
        map[name] = encrypted;
      });
    },
    async delete(name) {
      await file.update((map) => {
        if (!(name in map)) return false;
        delete map[name];
      });
    },
  };
}
