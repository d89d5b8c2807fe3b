import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fake } from './fake-electron.ts';
import { OPERATION_NAMES, channelOf } from '../../shared/contract.ts';
import { openQuietCore } from '../reliability/child-process.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

/**
 * The Electron entry wired against the fake electron module and the REAL app core (data in a temp
 * userData): what a launch would do, short of a window actually appearing.
 */

let userData: string;
const appFrame = { url: 'app://quartet/index.html', parent: null };

beforeEach(async () => {
  fake.reset();
  vi.resetModules();
  userData = await mkdtemp(path.join(os.tmpdir(), 'quartet-userdata-'));
  fake.app.paths.userData = userData;
  fake.app.appPath = '/opt/quartet/resources/app.asar';
});
afterEach(async () => {
  // Quit like the user would, so the core closes its database before the folder goes.
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

async function launched(): Promise<void> {
  await import('../../electron/main.ts');
  expect(fake.protocol.privileged.map((s) => s.scheme)).toEqual(['app']); // before ready
  fake.app.becomeReady();
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
}

describe('the Electron entry', () => {
  it('registers the scheme before ready, then sets everything up and opens the window', async () => {
    await launched();
    expect(fake.session.permissionRequestHandler).not.toBeNull();
    expect(fake.session.permissionCheckHandler).not.toBeNull();
    expect(fake.applicationMenu).not.toBeNull();
    expect([...fake.protocol.handlers.keys()]).toEqual(['app']);
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(OPERATION_NAMES.map(channelOf).sort());
    const win = fake.windows[0]!;
    expect(win.loadedUrl).toBe('app://quartet/index.html');
    expect(win.options).toMatchObject({
      webPreferences: { preload: '/opt/quartet/resources/app.asar/dist-electron/preload.cjs', sandbox: true },
    });
    // The window's contents were guarded as they were created.
    expect(win.webContents.navigate('https://evil.example/')).toBe(false);
    expect(win.webContents.openWindow('https://example.com/')).toBe('deny');
  });

  it('quits at once when another instance holds the lock', async () => {
    fake.app.lockGranted = false;
    await import('../../electron/main.ts');
    expect(fake.app.quitCalls).toBe(1);
    fake.app.becomeReady();
    await Promise.resolve();
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcMain.handlers.size).toBe(0);
  });

  it('says in one line which process holds the data folder, and exits without a window', async () => {
    const web = await openQuietCore(userData); // a browser host started on the same folder first
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await import('../../electron/main.ts');
      fake.app.becomeReady();
      await vi.waitFor(() => expect(fake.app.exitCodes).toEqual([1]));
      expect(fake.windows).toHaveLength(0);
      const [box] = fake.dialog.errorBoxes;
      expect(box?.content).toContain(`the browser host (npm run web) (pid ${process.pid})`);
      expect(errors.mock.calls).toEqual([[`Quartet could not start: ${box?.content}`]]);
      expect(box?.content).not.toContain('\n');
    } finally {
      errors.mockRestore();
      await web.close();
    }
  });

  it('answers IPC from the app window with the real core, as the electron host', async () => {
    await launched();
    const info = await fake.ipcMain.invoke(channelOf('getAppInfo'), { senderFrame: appFrame }, {});
    expect(info).toMatchObject({
      ok: true,
      value: { host: 'electron', dataDir: userData, vault: { backend: 'safeStorage', weak: false } },
    });
    const foreign = await fake.ipcMain.invoke(
      channelOf('getAppInfo'),
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      {},
    );
    expect(foreign).toMatchObject({ ok: false, error: { kind: 'invalid-input', message: /Refused/ } });
    const malformed = await fake.ipcMain.invoke(
      channelOf('deleteConversation'),
      { senderFrame: appFrame },
      { id: 7 },
    );
    expect(malformed).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', issues: [{ path: 'id' }] },
    });
  });

  it('reports a weak vault when safeStorage falls back to basic_text on Linux', async () => {
    fake.safeStorage.backend = 'basic_text';
    await launched();
    const info = await fake.ipcMain.invoke(channelOf('getAppInfo'), { senderFrame: appFrame }, {});
    const vault = (info as { value: { vault: { weak: boolean } } }).value.vault;
    expect(vault.weak).toBe(process.platform === 'linux');
  });

  it('never returns a key in any IPC result', async () => {
    await launched();
    const key = 'sk-desktop-secret-9876543210-LAST';
    const results: unknown[] = [];
    const call = async (op: Parameters<typeof channelOf>[0], input: unknown) => {
      const r = (await fake.ipcMain.invoke(channelOf(op), { senderFrame: appFrame }, input)) as {
        ok: boolean;
        value?: unknown;
      };
      results.push(r);
      return r.value;
    };
    await call('listModels', { family: 'bearer' }); // starts the sandbox
    const { connections } = (await call('listConnections', {})) as { connections: { baseUrl: string }[] };
    const mine = (await call('saveConnection', { name: 'Mine', baseUrl: connections[0]?.baseUrl ?? '' })) as {
      id: string;
    };
    await call('activateConnection', { id: mine.id });
    await call('setKey', { connectionId: mine.id, slot: 'default', key });
    await call('getKeyStatus', { connectionId: mine.id });
    await call('testKey', { connectionId: mine.id, slot: 'default' });
    const exchanges = (await call('listExchanges', {})) as { id: string }[];
    for (const e of exchanges) await call('getExchange', { id: e.id });
    const sent = fake.windows.flatMap((w) => w.webContents.sent);
    const all = JSON.stringify([results, sent]);
    expect(all).toContain('LAST');
    expect(all).not.toContain(key);
  });
});
