// The canary key: accepted by the test simulator for every family, and never to appear in anything Quartet
// hands out (results, events, logs, files, exports, copied commands). Shared by the core, host and e2e tests.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_SIM_KEYS, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';

export const CANARY = `sk-canary-${randomBytes(16).toString('hex')}`;

/** A simulator on 127.0.0.1 port 0 that takes the canary (and its default keys) for every family. */
export function startCanarySimulator(): Promise<RunningSimulator> {
  return startSimulator({
    port: 0,
    keys: [{ key: CANARY, families: ['bearer', 'messages', 'generate'] }, ...DEFAULT_SIM_KEYS],
  });
}

/** Every file under `dir` (recursively) that contains `needle`, with the files looked at. */
export async function filesContaining(
  dir: string,
  needle: string,
  skip: (path: string) => boolean = () => false,
) {
  const found: string[] = [];
  let scanned = 0;
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) await walk(p);
      else if (!skip(p)) {
        scanned += 1;
        const bytes = await readFile(p);
        if (bytes.includes(needle) || bytes.includes(Buffer.from(needle, 'utf16le'))) found.push(p);
      }
    }
  };
  await walk(dir);
  return { found, scanned };
}

/** The forms a key could leak in besides itself. */
export function keyForms(key: string): string[] {
  return [key, encodeURIComponent(key), Buffer.from(key).toString('base64'), key.slice(0, -4)];
}
