// The keys the simulator accepts, grouped as the service groups them.
import type { SimFamily, SimKeyGroup } from './types.ts';

/** Valid for all three families; the app's built-in sandbox uses it. */
export const SANDBOX_KEY = 'quartet-sandbox';

export const DEFAULT_SIM_KEYS: SimKeyGroup[] = [
  { key: SANDBOX_KEY, families: ['bearer', 'messages', 'generate'] },
  { key: 'sim-bearer-key', families: ['bearer'] },
  { key: 'sim-messages-key', families: ['messages'] },
  { key: 'sim-generate-key', families: ['generate'] },
];

export type KeyTable = ReadonlyMap<string, ReadonlySet<SimFamily>>;

/** Later groups for the same key add families rather than replace them. */
export function keyTable(groups: SimKeyGroup[]): KeyTable {
  const table = new Map<string, Set<SimFamily>>();
  for (const group of groups) {
    const families = table.get(group.key) ?? new Set<SimFamily>();
    for (const family of group.families) families.add(family);
    table.set(group.key, families);
  }
  return table;
}
