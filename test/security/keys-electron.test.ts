// PROVES: in the desktop app (electron/main.ts wired against the central fake `electron` module and the
// REAL app core, IPC invoked from the app's frame), a canary key that drives the same full run as the
// browser host test appears nowhere but the encrypted vault: not in any IPC result or event sent to the
// window (all recorded), the database file or its WAL, any other file of the user-data folder, stderr or
// console output, an export or a curl command. The vault file holds it only encrypted (never in clear).
// Figures: test-results/reliability/keys-electron.json.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { channelOf } from '../../shared/contract.ts';
import type { Result } from '../../shared/errors.ts';
import { fake, FakeWebContents } from '../electron/fake-electron.ts';
import { writeFigures } from '../support/figures.ts';
import { CANARY, filesContaining, keyForms, startCanarySimulator } from '../support/canary.ts';
import { fullRun } from './full-run.ts';

vi.mock('electron', () => import('../electron/fake-electron.ts'));

const appFrame = { url: 'app://quartet/index.html', parent: null };
let userData = '';
afterEach(async () => {
  const quitting = {
    prevented: false,
    preventDefault() {
      this.prevented = true;
    },
  };
  const quits = fake.app.quitCalls;
  fake.app.emit('before-quit', quitting);
  if (quitting.prevented) await vi.waitFor(() => expect(fake.app.quitCalls).toBeGreaterThan(quits));
  await rm(userData, { recursive: true, force: true });
});

it(
  'a canary key escapes nowhere but the encrypted vault from a full run through the desktop IPC',
  { timeout: 60_000 },
  async () => {
    fake.reset();
    vi.resetModules();
    userData = await mkdtemp(path.join(os.tmpdir(), 'quartet-keys-electron-'));
    fake.app.paths.userData = userData;
    fake.app.appPath = '/opt/quartet/resources/app.asar';
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
    const sim = await startCanarySimulator();
    try {
      await import('../../electron/main.ts');
      fake.app.becomeReady();
      await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
      const sender = new FakeWebContents();
      const results: unknown[] = [];
      const run = await fullRun(async (op, input) => {
        const r = (await fake.ipcMain.invoke(
          channelOf(op),
          { senderFrame: appFrame, sender },
          input,
        )) as Result<unknown>;
        results.push(r);
        return r;
      }, sim);
      const toPage = JSON.stringify([results, sender.sent, fake.windows.map((w) => w.webContents.sent)]);
      const live = await filesContaining(userData, CANARY, (p) => path.basename(p) === 'keys.encrypted.json');
      const vaultFile = await readFile(path.join(userData, 'keys.encrypted.json'), 'utf8').catch(() => '');
      const figures = {
        operations: run.operations,
        exchanges: run.exchanges,
        ipcResults: results.length,
        eventsToWindow: sender.sent.length,
        bytesToPage: toPage.length,
        dataFilesScanned: live.scanned,
        takeaways: run.takeaways.length,
        printedLines: printed.length,
        simulatorRequestsWithKey: sim.requests.filter((r) => JSON.stringify(r).includes(CANARY)).length,
        vaultFileBytes: vaultFile.length,
        leaks: {
          ipc: keyForms(CANARY).filter((f) => toPage.includes(f)).length,
          files: live.found.length,
          printed: keyForms(CANARY).filter((f) => printed.join('\n').includes(f)).length,
          takeaways: run.takeaways.filter((t) => keyForms(CANARY).some((f) => t.includes(f))).length,
          vaultInClear: keyForms(CANARY).filter((f) => vaultFile.includes(f)).length,
        },
      };
      await writeFigures('keys-electron', figures);
      expect(figures.simulatorRequestsWithKey).toBeGreaterThan(20);
      expect(sender.sent.length).toBeGreaterThan(20); // deltas, exchanges, check results did reach the window
      expect(live.scanned).toBeGreaterThanOrEqual(3);
      expect(vaultFile.length).toBeGreaterThan(0); // the key is stored, encrypted
      expect(figures.leaks).toEqual({ ipc: 0, files: 0, printed: 0, takeaways: 0, vaultInClear: 0 });
    } finally {
      spies.forEach((s) => s.mockRestore());
      await sim.close();
    }
  },
);
