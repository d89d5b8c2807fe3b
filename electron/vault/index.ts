export type { Encryptor, Vault, VaultInfo } from './types.ts';
export { createEncryptedFileVault } from './encrypted-file-vault.ts';
export { createPlainFileVault } from './file-vault.ts';
export { createKeyringVault } from './keyring-vault.ts';
export { createMemoryVault } from './memory-vault.ts';
export { createWebVault, PLAIN_VAULT_FILE } from './select.ts';
