// Child process of stream-wait.bench.ts: the browser host, alone in its process as `npm run web` runs it,
// so that what the benchmark measures of the host (its event-loop delay, its CPU) is the host's own and
// not the browser driver's. Talks to the benchmark over the fork IPC channel:
//   -> { t: 'ready', url }                       once the host listens and is connected to the service
//   <- { t: 'begin' }  -> { t: 'begun' }         starts a measured span
//   <- { t: 'end' }    -> { t: 'span', ... }     the span's figures
// The service address comes as argv[2], the data folder as argv[3].
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { launchWebHost } from '../../electron/web/launch.ts';
import { createWebVault } from '../../electron/vault/select.ts';
import { SANDBOX_KEY } from '../../electron/simulator/index.ts';
import { RENDERER_DIR } from '../e2e/harness.ts';

export interface SpanFigures {
  t: 'span';
  /** longest event-loop delay in the span by perf_hooks.monitorEventLoopDelay (1 ms resolution) */
  loopDelayMs: number;
  /** the most main-thread CPU the host used between two turns of a 1 ms timer chain: its longest task */
  taskMs: number;
  /** the host process's CPU (user + system) over the span */
  cpuMs: number;
}

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

const histogram = monitorEventLoopDelay({ resolution: 1 });
let span: { cpu: NodeJS.CpuUsage; on: boolean; taskMs: number } | null = null;

/** The host's own longest task: main-thread CPU between two turns of a timer that asks for every ms. */
function chain(s: NonNullable<typeof span>): void {
  let lastCpu = process.threadCpuUsage();
  const tick = () => {
    const cpu = process.threadCpuUsage(lastCpu);
    s.taskMs = Math.max(s.taskMs, (cpu.user + cpu.system) / 1000);
    lastCpu = process.threadCpuUsage();
    if (s.on) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
}

process.on('message', (m: { t: string }) => {
  if (m.t === 'begin') {
    histogram.reset();
    histogram.enable();
    span = { cpu: process.cpuUsage(), on: true, taskMs: 0 };
    chain(span);
    process.send!({ t: 'begun' });
  } else if (m.t === 'end' && span) {
    histogram.disable();
    span.on = false;
    const used = process.cpuUsage(span.cpu);
    const figures: SpanFigures = {
      t: 'span',
      loopDelayMs: histogram.max / 1e6,
      taskMs: span.taskMs,
      cpuMs: (used.user + used.system) / 1000,
    };
    span = null;
    process.send!(figures);
  } else if (m.t === 'close') {
    void host.close().then(() => process.exit(0));
  }
});
process.send!({ t: 'ready', url: host.url });
