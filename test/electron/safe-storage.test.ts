import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fake } from './fake-electron.ts';
import { createSafeStorageEncryptor } from '../../electron/desktop/safe-storage.ts';
import { createElectronVault } from '../../electron/desktop/vault.ts';
import { createEncryptedFileVault } from '../../electron/vault/encrypted-file-vault.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

let dir: string;
beforeEach(async () => {
  fake.reset();
  dir = await mkdtemp(path.join(os.tmpdir(), 'quartet-safe-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const KEY = 'sk-test-0123456789abcdefWXYZ';

describe('the safeStorage encryptor', () => {
  it('round-trips through the async API only', async () => {
    const encryptor = await createSafeStorageEncryptor('linux');
    expect(encryptor).not.toBeNull();
    const cipher = await encryptor!.encrypt(KEY);
    expect(Buffer.from(cipher).toString('latin1')).not.toContain(KEY);
    expect(await encryptor!.decrypt(cipher)).toEqual({ plain: KEY });
    expect(fake.safeStorage.calls).toEqual([
      'isAsyncEncryptionAvailable',
      'getSelectedStorageBackend',
      'encryptStringAsync',
      'decryptStringAsync',
    ]);
    expect(encryptor).toMatchObject({ backend: 'safeStorage', weak: false });
  });

  it('marks the Linux basic_text backend weak and says so plainly', async () => {
    fake.safeStorage.backend = 'basic_text';
    const encryptor = await createSafeStorageEncryptor('linux');
    expect(encryptor?.weak).toBe(true);
    expect(encryptor?.message).toMatch(/only obfuscated/);
  });

  it('does not ask for a Linux backend on other systems', async () => {
    fake.safeStorage.backend = 'basic_text';
    const encryptor = await createSafeStorageEncryptor('darwin');
    expect(encryptor).toMatchObject({ weak: false, message: expect.stringMatching(/Keychain/) });
    expect(fake.safeStorage.calls).not.toContain('getSelectedStorageBackend');
  });

  it('passes shouldReEncrypt on, and the vault rewrites the secret', async () => {
    const encryptor = (await createSafeStorageEncryptor('linux'))!;
    const vault = createEncryptedFileVault(path.join(dir, 'keys.json'), encryptor);
    await vault.set('c1:default', KEY);
    fake.safeStorage.shouldReEncrypt = true;
    expect(await encryptor.decrypt(await encryptor.encrypt(KEY))).toEqual({
      plain: KEY,
      shouldReEncrypt: true,
    });
    expect(await vault.get('c1:default')).toBe(KEY);
    expect(fake.safeStorage.calls.filter((c) => c === 'encryptStringAsync').length).toBeGreaterThanOrEqual(3);
  });

  it('resolves to null when the OS has no encryption', async () => {
    fake.safeStorage.available = false;
    expect(await createSafeStorageEncryptor('linux')).toBeNull();
  });
});

describe('the desktop vault', () => {
  it('keeps keys encrypted in userData/keys.encrypted.json with mode 0600', async () => {
    const vault = await createElectronVault(dir);
    await vault.set('c1:default', KEY);
    const file = path.join(dir, 'keys.encrypted.json');
    expect(await readFile(file, 'utf8')).not.toContain(KEY);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await vault.get('c1:default')).toBe(KEY);
    expect(await vault.info()).toMatchObject({ backend: 'safeStorage', weak: false });
  });

  it('falls back to a plain 0600 file, named apart, that says it is weak', async () => {
    fake.safeStorage.available = false;
    const vault = await createElectronVault(dir);
    await vault.set('c1:default', KEY);
    expect(await vault.info()).toMatchObject({ backend: 'file', weak: true });
    await expect(stat(path.join(dir, 'keys.json'))).rejects.toThrow();
    await expect(stat(path.join(dir, 'keys.encrypted.json'))).rejects.toThrow();
  });

  it("adopts its own keys.json of an earlier release, and leaves a plain one (the browser host's) alone", async () => {
    const first = await createElectronVault(dir);
    await first.set('c1:default', KEY);
    await rename(path.join(dir, 'keys.encrypted.json'), path.join(dir, 'keys.json'));
    const upgraded = await createElectronVault(dir);
    expect(await upgraded.get('c1:default')).toBe(KEY);
    expect(await readdir(dir)).toEqual(['keys.encrypted.json']);

    await rm(path.join(dir, 'keys.encrypted.json'));
    await writeFile(
      path.join(dir, 'keys.json'),
      JSON.stringify({ 'c1:default': 'sk-plain-from-the-browser-host' }),
    );
    const fresh = await createElectronVault(dir);
    expect(await fresh.get('c1:default')).toBeUndefined();
    expect(await readFile(path.join(dir, 'keys.json'), 'utf8')).toContain('sk-plain-from-the-browser-host');
  });
});
