import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEncryptedFileVault,
  createKeyringVault,
  createMemoryVault,
  createPlainFileVault,
  createWebVault,
  type Encryptor,
  type Vault,
} from '../../electron/vault/index.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-vault-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SECRET = 'sk-canary-0123456789abcdef';

/** Reversible and visibly not the plain text; counts calls and can ask for re-encryption. */
function fakeEncryptor(options: { version?: number; reEncryptBelow?: number } = {}) {
  const version = options.version ?? 1;
  const calls = { encrypt: 0, decrypt: 0 };
  const encryptor: Encryptor = {
    backend: 'safeStorage',
    weak: false,
    message: 'Keys are encrypted with the fake OS key.',
    encrypt(plain) {
      calls.encrypt += 1;
      const bytes = Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a);
      return Promise.resolve(Uint8Array.from([version, ...bytes]));
    },
    decrypt(data) {
      calls.decrypt += 1;
      const [v = 0, ...rest] = data;
      if (v === 0) return Promise.reject(new Error('bad ciphertext'));
      const plain = Buffer.from(rest.map((b) => b ^ 0x5a)).toString('utf8');
      return Promise.resolve({ plain, shouldReEncrypt: v < (options.reEncryptBelow ?? 0) });
    },
  };
  return { encryptor, calls };
}

async function roundTrip(vault: Vault): Promise<void> {
  expect(await vault.get('c1:default')).toBeUndefined();
  await vault.set('c1:default', SECRET);
  await vault.set('c1:messages', 'other-key');
  expect(await vault.get('c1:default')).toBe(SECRET);
  expect(await vault.get('c1:messages')).toBe('other-key');
  await vault.delete('c1:default');
  await vault.delete('c1:missing');
  expect(await vault.get('c1:default')).toBeUndefined();
  expect(await vault.get('c1:messages')).toBe('other-key');
}

async function expectPrivateAndClean(file: string): Promise<void> {
  if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect((await readdir(dir)).filter((n) => n !== 'vault.json' && n !== 'keys.json')).toEqual([]);
}

describe('encrypted file vault', () => {
  it('round-trips keys, stores only ciphertext, in a 0600 file with no temp file left', async () => {
    const file = join(dir, 'vault.json');
    const { encryptor } = fakeEncryptor();
    const vault = createEncryptedFileVault(file, encryptor);
    await roundTrip(vault);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('other-key');
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['c1:messages']);
    await expectPrivateAndClean(file);
    expect(await vault.info()).toEqual({
      backend: 'safeStorage',
      weak: false,
      message: 'Keys are encrypted with the fake OS key.',
    });
  });

  it('keeps every key when many are set at once', async () => {
    const vault = createEncryptedFileVault(join(dir, 'vault.json'), fakeEncryptor().encryptor);
    await Promise.all(Array.from({ length: 20 }, (_, i) => vault.set(`c:${i}`, `key-${i}`)));
    for (let i = 0; i < 20; i++) expect(await vault.get(`c:${i}`)).toBe(`key-${i}`);
  });

  it('re-encrypts a secret when decryption asks for it', async () => {
    const file = join(dir, 'vault.json');
    await createEncryptedFileVault(file, fakeEncryptor({ version: 1 }).encryptor).set('c:default', SECRET);
    const before = await readFile(file, 'utf8');
    const rotated = fakeEncryptor({ version: 2, reEncryptBelow: 2 });
    const vault = createEncryptedFileVault(file, rotated.encryptor);
    expect(await vault.get('c:default')).toBe(SECRET);
    expect(rotated.calls.encrypt).toBe(1);
    const after = await readFile(file, 'utf8');
    expect(after).not.toBe(before);
    // Now current: read again without another re-encryption.
    expect(await vault.get('c:default')).toBe(SECRET);
    expect(rotated.calls.encrypt).toBe(1);
    await expectPrivateAndClean(file);
  });

  it('says which entry failed to decrypt without revealing anything of it', async () => {
    const file = join(dir, 'vault.json');
    await writeFile(file, JSON.stringify({ 'c:default': Buffer.from([0, 1, 2]).toString('base64') }));
    const vault = createEncryptedFileVault(file, fakeEncryptor().encryptor);
    await expect(vault.get('c:default')).rejects.toThrow(/"c:default" could not be decrypted/);
  });

  it('sets a damaged file aside and starts an empty one', async () => {
    const file = join(dir, 'vault.json');
    await writeFile(file, '{not json');
    const vault = createEncryptedFileVault(file, fakeEncryptor().encryptor);
    expect(await vault.get('c:default')).toBeUndefined();
    await vault.set('c:default', SECRET);
    expect(await vault.get('c:default')).toBe(SECRET);
    expect((await readdir(dir)).some((n) => n.startsWith('vault.json.corrupt-'))).toBe(true);
  });
});

describe('plain file vault', () => {
  it('round-trips keys in a 0600 file and says it is weak', async () => {
    const file = join(dir, 'keys.json');
    const vault = createPlainFileVault(file);
    await roundTrip(vault);
    await expectPrivateAndClean(file);
    const info = await vault.info();
    expect(info.backend).toBe('file');
    expect(info.weak).toBe(true);
    expect(info.message).toMatch(/unencrypted/);
  });

  it('creates the data folder when it is missing', async () => {
    const vault = createPlainFileVault(join(dir, 'nested', 'keys.json'));
    await vault.set('a:default', 'k');
    expect(await vault.get('a:default')).toBe('k');
  });
});

describe('memory vault', () => {
  it('round-trips keys', async () => {
    await roundTrip(createMemoryVault());
  });
});

describe('keyring vault', () => {
  it('either works end to end or reports that no keyring answers', async () => {
    const service = `quartet-test-${process.pid}`;
    const vault = await createKeyringVault(service);
    if (vault === null) {
      // Headless Linux: no Secret Service. The web host then falls back to the plain file.
      const fallback = await createWebVault(dir, { service });
      expect((await fallback.info()).backend).toBe('file');
      return;
    }
    expect((await vault.info()).backend).toBe('keyring');
    try {
      await roundTrip(vault);
    } finally {
      await vault.delete('c1:messages');
    }
  });

  it('the web vault falls back to a weak plain file when the keyring is not wanted', async () => {
    const vault = await createWebVault(dir, { keyring: false });
    await vault.set('c:default', 'k');
    expect(await readdir(dir)).toEqual(['keys.plain.json']);
    expect((await vault.info()).weak).toBe(true);
  });

  it("adopts a plain keys.json of an earlier release, and leaves the desktop app's encrypted one alone", async () => {
    await writeFile(join(dir, 'keys.json'), JSON.stringify({ 'c:default': 'sk-plain-key-123' }));
    const vault = await createWebVault(dir, { keyring: false });
    expect(await vault.get('c:default')).toBe('sk-plain-key-123');
    expect(await readdir(dir)).toEqual(['keys.plain.json']);

    const other = await mkdtemp(join(tmpdir(), 'quartet-vault-'));
    try {
      const encrypted = { 'c:default': Buffer.from('v11\u0001\u0002ciphertext').toString('base64') };
      await writeFile(join(other, 'keys.json'), JSON.stringify(encrypted));
      const web = await createWebVault(other, { keyring: false });
      expect(await web.get('c:default')).toBeUndefined();
      expect(JSON.parse(await readFile(join(other, 'keys.json'), 'utf8'))).toEqual(encrypted);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
