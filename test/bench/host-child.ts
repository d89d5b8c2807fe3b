// Child process of stream-wait.bench.ts: the browser host, alone in its process as `npm run web` runs it,
// so that what the benchmark measures of the host (its event-loop delay, its CPU) is the host's own and
// not the browser driver's. Talks to the benchmark over the fork IPC channel:
//   -> { t: 'ready', url }                       once the host listens and is connected to the service
//   <- { t: 'begin' }  -> { t: 'begun' }         starts a measured span
//   <- { t: 'end' }    -> { t: 'span', ... }     the span's figures
// The service address comes as argv[2], the data folder as argv[3].
import { launchWebHost } from '../../electron/web/launch.ts';
import { createWebVault } from '../../electron/vault/select.ts';
import { SANDBOX_KEY } from '../../electron/simulator/index.ts';
import { RENDERER_DIR } from '../e2e/harness.ts';
import { serveSpans } from './span-meter.ts';

export type { SpanFigures } from './span-meter.ts';

const [service, dataDir] = process.argv.slice(2) as [string, string];
const host = await launchWebHost({
  dataDir,
  port: 0,
  staticDir: RENDERER_DIR,
  vault: await createWebVault(dataDir, { keyring: false }),
  log: () => {},
  sandbox: false,
});
const ctx = { emit: () => {} };
const call = async (op: string, input: unknown) => {
  const r = await host.core.dispatch(op, input, ctx);
  if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
  return r.value as { id: string };
};
const connection = await call('saveConnection', { name: 'Bench service', baseUrl: service });
await call('activateConnection', { id: connection.id });
await call('setKey', { connectionId: connection.id, slot: 'default', key: SANDBOX_KEY });

serveSpans(() => void host.close().then(() => process.exit(0)));
process.send!({ t: 'ready', url: host.url });
