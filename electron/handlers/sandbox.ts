// The built-in sandbox: the simulator started in this process on 127.0.0.1, on a free port, the first
// time a request needs it.
import { startSimulator, type RunningSimulator } from '../simulator/index.ts';
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
  close(): Promise<void>;
}

export function createSandbox(enabled: boolean): Sandbox {
  let starting: Promise<RunningSimulator> | undefined;
  let running: RunningSimulator | undefined;
  let closed = false;
  return {
    enabled,
    async baseUrl() {
      if (!enabled)
        throw invalid('The built-in sandbox is not available here; add a connection to a service.');
      if (closed) throw invalid('Quartet is shutting down.');
      starting ??= startSimulator({ port: 0, host: '127.0.0.1' }).then(
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
