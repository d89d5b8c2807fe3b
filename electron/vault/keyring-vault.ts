import { randomBytes } from 'node:crypto';
import type { Vault } from './types.ts';

/** A keyring that does not answer within this time counts as absent (a locked or hung D-Bus service). */
const PROBE_TIMEOUT_MS = 3000;

interface KeyringEntry {
  setPassword(password: string, signal?: AbortSignal | null): Promise<void>;
  getPassword(signal?: AbortSignal | null): Promise<string | null>;
  deletePassword(signal?: AbortSignal | null): Promise<boolean>;
}
type EntryFactory = (service: string, account: string) => KeyringEntry;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the keyring did not answer')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Writes, reads back and deletes a throwaway entry; true only when all three work. */
async function probe(entryFor: EntryFactory, service: string): Promise<boolean> {
  const entry = entryFor(service, `probe-${randomBytes(8).toString('hex')}`);
  const value = randomBytes(16).toString('hex');
  try {
    return await withTimeout(
      (async () => {
        const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
        await entry.setPassword(value, signal);
        const back = await entry.getPassword(signal);
        await entry.deletePassword(signal);
        return back === value;
      })(),
      PROBE_TIMEOUT_MS,
    );
  } catch {
    return false;
  }
}

/**
 * The OS keyring (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
 * @napi-rs/keyring's async entries. Resolves null when the module cannot load or no keyring answers,
 * as on a headless Linux machine; the caller then falls back to another vault.
 */
export async function createKeyringVault(service = 'quartet'): Promise<Vault | null> {
  let entryFor: EntryFactory;
  try {
    const keyring = await import('@napi-rs/keyring');
    entryFor = (s, account) => new keyring.AsyncEntry(s, account);
  } catch {
    return null; // no prebuilt binary for this platform
  }
  if (!(await probe(entryFor, service))) return null;
  return {
    info: () =>
      Promise.resolve({
        backend: 'keyring',
        weak: false,
        message: 'Keys are stored in the system keyring.',
      }),
    async get(name) {
      return (await entryFor(service, name).getPassword()) ?? undefined;
    },
    async set(name, secret) {
      await entryFor(service, name).setPassword(secret);
    },
    async delete(name) {
      await entryFor(service, name).deletePassword();
    },
  };
}
