import type { Vault } from './types.ts';

/** Keys in memory only, forgotten on exit: for tests and throwaway sessions. */
export function createMemoryVault(initial: Record<string, string> = {}): Vault {
  const map = new Map(Object.entries(initial));
  return {
    info: () =>
      Promise.resolve({
        backend: 'memory',
        weak: false,
        message: 'Keys are kept in memory only and are forgotten when Quartet quits.',
      }),
    get: (name) => Promise.resolve(map.get(name)),
    set(name, secret) {
      map.set(name, secret);
      return Promise.resolve();
    },
    delete(name) {
      map.delete(name);
      return Promise.resolve();
    },
  };
}
