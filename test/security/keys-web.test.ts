// PROVES: in the browser host, over real HTTP and WebSocket, a canary key that drives a full run (every
// interface, streaming and not, models, images, wrong-key errors whose body echoes the key, a broken
// stream, the connection check, exports, the inspector, copy as curl) appears nowhere afterwards: not in
// any WebSocket frame (all recorded), the database file or its WAL, any file of the data folder, the
// host's log, stderr/console output, an export or a curl command. The simulator did receive it (the
// control: the key really travelled). The vault here is in memory, so the data folder may hold it nowhere.
// Figures: test-results/reliability/keys-web.json.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { launchWebHost } from '../../electron/web/launch.ts';
import { createMemoryVault } from '../../electron/vault/memory-vault.ts';
import { openSocket, signIn } from '../web/client.ts';
import { createRendererFixture } from '../web/fixtures.ts';
import { writeFigures } from '../support/figures.ts';
import { CANARY, filesContaining, keyForms, startCanarySimulator } from '../support/canary.ts';
import { fullRun } from './full-run.ts';
import type { Result } from '../../shared/errors.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

it('a canary key escapes nowhere from a full run through the browser host', { timeout: 60_000 }, async () => {
  const printed: string[] = [];
  const capture = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(capture),
    vi.spyOn(console, 'warn').mockImplementation(capture),
    vi.spyOn(console, 'error').mockImplementation(capture),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    }),
  ];
  cleanups.push(async () => spies.forEach((s) => s.mockRestore()));
  const fixture = await createRendererFixture();
  cleanups.push(() => fixture.cleanup());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quartet-keys-web-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const sim = await startCanarySimulator();
  cleanups.push(() => sim.close());
  const logLines: string[] = [];
  const host = await launchWebHost({
    dataDir,
    port: 0,
    staticDir: fixture.rendererDir,
    vault: createMemoryVault(),
    sandbox: false,
    log: (line) => logLines.push(line),
  });
  let closed = false;
  cleanups.push(async () => (closed ? undefined : host.close()));

  const cookie = await signIn(host.port, host.url);
  const outcome = await openSocket(host.port, { cookie, origin: host.origin });
  if (!outcome.ok) throw new Error(`refused: ${outcome.status}`);
  const ws = outcome.ws;
  const received: string[] = [];
  const sent: string[] = [];
  ws.ws.on('message', (data: Buffer) => received.push(data.toString('utf8')));
  let id = 0;
  const run = await fullRun(async (op, input) => {
    const frame = { t: 'call', id: ++id, op, input };
    sent.push(JSON.stringify(frame));
    const { result } = await ws.call(frame.id, op, input);
    return (result as unknown as { result: Result<unknown> }).result;
  }, sim);
  await ws.close();
  // while running (database, WAL and shared memory, images), and after closing (checkpointed)
  const live = await filesContaining(dataDir, CANARY);
  await host.close();
  closed = true;

  const fromPage = sent.join('\n');
  const toPage = received.join('\n');
  const files = await filesContaining(dataDir, CANARY);
  const figures = {
    operations: run.operations,
    exchanges: run.exchanges,
    framesToPage: received.length,
    bytesToPage: toPage.length,
    framesFromPage: sent.length,
    dataFilesScanned: live.scanned + files.scanned,
    takeaways: run.takeaways.length,
    logLines: logLines.length,
    printedLines: printed.length,
    simulatorRequestsWithKey: sim.requests.filter((r) => JSON.stringify(r).includes(CANARY)).length,
    leaks: {
      frames: keyForms(CANARY).filter((f) => toPage.includes(f)).length,
      files: live.found.length + files.found.length,
      logs: keyForms(CANARY).filter((f) => logLines.join('\n').includes(f)).length,
      printed: keyForms(CANARY).filter((f) => printed.join('\n').includes(f)).length,
      takeaways: run.takeaways.filter((t) => keyForms(CANARY).some((f) => t.includes(f))).length,
    },
  };
  await writeFigures('keys-web', figures);
  // The control: the page sent the key once (setKey) and the service saw it on every request.
  expect(fromPage.split(CANARY).length - 1).toBe(1);
  expect(figures.simulatorRequestsWithKey).toBeGreaterThan(20);
  expect(run.exchanges).toBeGreaterThan(20);
  expect(live.scanned).toBeGreaterThanOrEqual(3); // quartet.db, -wal, an image at least
  expect(figures.leaks).toEqual({ frames: 0, files: 0, logs: 0, printed: 0, takeaways: 0 });
  expect([...live.found, ...files.found]).toEqual([]);
});
