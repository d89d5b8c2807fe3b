import { openJsonMapFile } from './json-file.ts';
import type { Vault } from './types.ts';

/**
 * Keys in a plain JSON file with mode 0600, for a browser-mode host where no system keyring answers.
 * Only file permissions protect them, and `info()` says so plainly.
 */
/** The plain-file vault's name inside a data folder (the browser host's and the desktop app's fallback). */
export const PLAIN_VAULT_FILE = 'keys.plain.json';

export function createPlainFileVault(filePath: string): Vault {
  const file = openJsonMapFile(filePath);
  return {
    info: () =>
      Promise.resolve({
        backend: 'file',
        weak: true,
        message: `Keys are stored unencrypted in ${filePath}, readable only by your user account, because no system keyring or encryption is available.`,
      }),
    async get(name) {
      return (await file.read())[name];
    },
    async set(name, secret) {
      await file.update((map) => {
        map[name] = secret;
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
