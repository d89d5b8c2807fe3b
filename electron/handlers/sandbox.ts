// The built-in sandbox: the simulator started in this process on 127.0.0.1, on a free port, the first
// time a request needs it, on the port it had last time when that port is free. Its control routes need a secret of this process.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { startSimulator, type RunningSimulator } from '../simulator/index.ts';
import { writeFileAtomic } from '../store/atomic-write.ts';
import { invalid } from './errors.ts';

export { SANDBOX_KEY } from '../simulator/index.ts';

/** What the sandbox connection stores as its address: port 0, "a port chosen at start-up". */
export const SANDBOX_PLACEHOLDER_URL = 'http://127.0.0.1:0';

export interface Sandbox {
  readonly enabled: boolean;
  /** starts the simulator if needed; its base address */
  baseUrl(): Promise<string>;
  /** the address while it runs, else undefined (never starts it) */
  currentUrl(): string | undefined;
  /** opens its control routes; made anew at every start and known only to this process */
  readonly controlSecret: string;
  close(): Promise<void>;
}

/**
 * The sandbox signs generate-content thought signatures with a secret kept in the data folder, so a
 * conversation stored before a restart can go on after it (a fresh secret would reject every stored
 * signature). It protects nothing of the user's; 0600 all the same.
 */
async function signatureSecret(file: string): Promise<Uint8Array> {
  try {
    const kept = await readFile(file);
    if (kept.length === 32) return kept;
  } catch {
    // missing or unreadable: make a new one below
  }
  const secret = randomBytes(32);
  await writeFileAtomic(file, secret);
  return secret;
}

/** The port the sandbox had last time, so addresses in copied curl commands keep working after a restart. */
async function lastPort(file: string): Promise<number> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const port = Number(text.trim());
  return Number.isInteger(port) && port > 1023 && port < 65536 ? port : 0;
}

async function startOnStablePort(
  secret: Uint8Array,
  portFile: string,
  controlSecret: string,
): Promise<RunningSimulator> {
  const options = { host: '127.0.0.1', signatureSecret: secret, controlRoutes: { secret: controlSecret } };
  const previous = await lastPort(portFile);
  let sim: RunningSimulator | undefined;
  if (previous !== 0) {
    // taken by something else now: any free port will do
    sim = await startSimulator({ ...options, port: previous }).catch(() => undefined);
  }
  sim ??= await startSimulator({ ...options, port: 0 });
  if (sim.port !== previous) await writeFileAtomic(portFile, `${sim.port}\n`).catch(() => undefined);
  return sim;
}

export function createSandbox(enabled: boolean, secretFile: string): Sandbox {
  const portFile = join(dirname(secretFile), 'sandbox-port');
  const controlSecret = randomBytes(32).toString('base64url');
  let starting: Promise<RunningSimulator> | undefined;
  let running: RunningSimulator | undefined;
  let closed = false;
  return {
    enabled,
    controlSecret,
    async baseUrl() {
      if (!enabled)
        throw invalid('The built-in sandbox is not available here; add a connection to a service.');
      if (closed) throw invalid('Quartet is shutting down.');
      starting ??= signatureSecret(secretFile)
        .then((secret) => startOnStablePort(secret, portFile, controlSecret))
        .then(
          (sim) => (running = sim),
          (e: unknown) => {
            starting = undefined; // let the next request try again
            throw e;
          },
        );
      return (await starting).baseUrl;
    },
    currentUrl: () => running?.baseUrl,
    async close() {
      closed = true;
      const sim = await starting?.catch(() => undefined);
      running = undefined;
      await sim?.close();
    },
  };
}
