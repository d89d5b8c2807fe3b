import { safeStorage } from 'electron';
import type { Encryptor } from '../vault/types.ts';

/**
 * An Encryptor on Electron's asynchronous safeStorage API (the synchronous one is deprecated in 45 and
 * gone in 46). Resolves to null when the OS offers no encryption at all; the caller then falls back to
 * a plain 0600 file and says so.
 *
 * On Linux without a keyring, Chromium picks the `basic_text` backend: the data is obfuscated with a
 * key that is built into every copy of Electron. That is not protection, so the encryptor says `weak`
 * and the settings page tells the user plainly.
 */
export async function createSafeStorageEncryptor(
  platform: NodeJS.Platform = process.platform,
): Promise<Encryptor | null> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return null;
  const linuxBackend = platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null;
  const weak = linuxBackend === 'basic_text';
  return {
    backend: 'safeStorage',
    weak,
    message: weak
      ? 'No system keyring (GNOME Keyring, KWallet) was found, so keys are only obfuscated on disk, not encrypted: anyone who can read your files can read them.'
      : `Keys are encrypted with ${storeName(platform, linuxBackend)} and readable only by your user account.`,
    async encrypt(plain) {
      return new Uint8Array(await safeStorage.encryptStringAsync(plain));
    },
    async decrypt(data) {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(data));
      return shouldReEncrypt ? { plain: result, shouldReEncrypt: true } : { plain: result };
    },
  };
}

function storeName(platform: NodeJS.Platform, linuxBackend: string | null): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'Windows DPAPI';
  if (linuxBackend === 'gnome_libsecret') return 'the Secret Service (GNOME Keyring)';
  if (linuxBackend?.startsWith('kwallet')) return 'KWallet';
  return 'the system keyring';
}
