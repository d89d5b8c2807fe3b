import type { VaultInfo } from '../../shared/contract.ts';

export type { VaultInfo };

/** Where API keys live. Names are `${connectionId}:${slot}`; values never leave the main side. */
export interface Vault {
  info(): Promise<VaultInfo>;
  get(name: string): Promise<string | undefined>;
  set(name: string, secret: string): Promise<void>;
  delete(name: string): Promise<void>;
}

/** Turns secrets into bytes for a file and back; the Electron host builds one on safeStorage. */
export interface Encryptor {
  backend: VaultInfo['backend'];
  /** true when the "encryption" is obfuscation only (Linux basic_text) */
  weak: boolean;
  /** one sentence for the settings page */
  message: string;
  encrypt(plain: string): Promise<Uint8Array>;
  /** `shouldReEncrypt`: the OS key rotated; the vault writes the secret again with the new one */
  decrypt(data: Uint8Array): Promise<{ plain: string; shouldReEncrypt?: boolean }>;
}
