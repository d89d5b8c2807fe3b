// A page (compromised or not) can list the tool servers of mcp.json, switch a listed one on or off, reload
// the file and call a listed server's tool, and nothing more: it can never add, change or start a command.
// Tried through the desktop bridge (IPC) and the browser host's WebSocket, each against the real app core.
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fake } from '../electron/fake-electron.ts';
import { setupIpc } from '../../electron/desktop/ipc.ts';
import { createAppCore, type AppCore } from '../../electron/handlers/index.ts';
import { launchWebHost, type RunningWebHost } from '../../electron/web/launch.ts';
import { createMemoryVault } from '../../electron/vault/memory-vault.ts';
import { channelOf, type OperationName } from '../../shared/contract.ts';
import { openSocket, signIn } from '../web/client.ts';
import { createRendererFixture, type RendererFixture } from '../web/fixtures.ts';

vi.mock('electron', () => import('../electron/fake-electron.ts'));

const SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));
const appFrame = { url: 'app://quartet/index.html', parent: null };

let dataDir: string;
let marker: string;
let configText: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'quartet-mcp-page-'));
  marker = path.join(dataDir, 'started-by-the-page');
  configText = JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [SERVER] } } });
  await writeFile(path.join(dataDir, 'mcp.json'), configText);
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** A command that would leave the marker file if anything ever started it. */
function forged() {
  return {
    command: process.execPath,
    args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x')`],
  };
}

/** Every way a page might try to get a command of its own started, as (operation, input) pairs. */
function attempts(): [string, unknown][] {
  return [
    ['addMcpServer', { name: 'evil', ...forged() }],
    ['saveMcpConfig', { content: JSON.stringify({ mcpServers: { evil: forged() } }) }],
    ['setMcpServerEnabled', { name: 'evil', enabled: true, ...forged() }],
    ['setMcpServerEnabled', { name: 'local', enabled: true, ...forged() }],
    ['setMcpServerEnabled', { name: 'evil', enabled: true }],
    ['callMcpTool', { requestId: 'r1', server: 'evil', tool: 'add', arguments: '{}', ...forged() }],
    ['callMcpTool', { requestId: 'r2', server: 'evil', tool: 'add', arguments: '{}' }],
    ['listMcpServers', { start: true, servers: { evil: forged() } }],
    ['reloadMcpConfig', { mcpServers: { evil: forged() } }],
    ['updateSettings', { mcpServers: { evil: forged() }, 'app.mcpDisabled': [] }],
  ];
}

async function expectUntouched(list: () => Promise<unknown>): Promise<void> {
  await expect(access(marker)).rejects.toThrow();
  expect(await readFile(path.join(dataDir, 'mcp.json'), 'utf8')).toBe(configText);
  expect(await list()).toMatchObject({ ok: true, value: { servers: [{ name: 'local' }] } });
  const listed = (await list()) as { value: { servers: unknown[] } };
  expect(listed.value.servers).toHaveLength(1);
}

describe('the page and the tool servers', () => {
  let core: AppCore | undefined;
  let host: RunningWebHost | undefined;
  let fixture: RendererFixture | undefined;
  afterEach(async () => {
    await core?.close();
    core = undefined;
    await host?.close();
    host = undefined;
    await fixture?.cleanup();
    fixture = undefined;
  });

  it('cannot add, change or start a command through the desktop bridge', async () => {
    fake.reset();
    core = await createAppCore({
      dataDir,
      vault: createMemoryVault(),
      host: 'electron',
      version: 't',
      sandbox: false,
      log: () => {},
    });
    setupIpc(core, () => {});
    const invoke = (op: string, input: unknown) =>
      fake.ipcMain.handlers.has(channelOf(op as OperationName))
        ? fake.ipcMain.invoke(channelOf(op as OperationName), { senderFrame: appFrame }, input)
        : Promise.resolve({ ok: false, error: { kind: 'no-channel' } });
    for (const [op, input] of attempts()) {
      const result = (await invoke(op, input)) as { ok: boolean };
      if (op !== 'updateSettings') expect(result.ok, `${op} ${JSON.stringify(input)}`).toBe(false);
    }
    await expectUntouched(() => invoke('listMcpServers', {}));
    // what the page may do still works: the listed server's tool runs
    const sum = await invoke('callMcpTool', {
      requestId: 'ok',
      server: 'local',
      tool: 'add',
      arguments: '{"a":1,"b":2}',
    });
    expect(sum).toMatchObject({
      ok: true,
      value: { isError: false, content: [{ type: 'text', text: '3' }] },
    });
  });

  it('cannot add, change or start a command through the browser host’s WebSocket', async () => {
    fixture = await createRendererFixture();
    host = await launchWebHost({
      dataDir,
      port: 0,
      staticDir: fixture.rendererDir,
      vault: createMemoryVault(),
      sandbox: false,
      log: () => {},
    });
    const cookie = await signIn(host.port, host.url);
    const outcome = await openSocket(host.port, { cookie, origin: host.origin });
    if (!outcome.ok) throw new Error(`refused: ${outcome.status}`);
    const ws = outcome.ws;
    let id = 0;
    const call = async (op: string, input: unknown) => {
      id += 1;
      ws.send({ t: 'call', id, op, input });
      for (;;) {
        const frame = await ws.next();
        if (frame.t === 'result' && frame.id === id) return frame.result;
        if (frame.t === 'error') return { ok: false, error: frame.error };
      }
    };
    for (const [op, input] of attempts()) {
      const result = (await call(op, input)) as { ok: boolean };
      if (op !== 'updateSettings') expect(result.ok, `${op} ${JSON.stringify(input)}`).toBe(false);
    }
    await expectUntouched(() => call('listMcpServers', {}));
    const sum = await call('callMcpTool', {
      requestId: 'ok',
      server: 'local',
      tool: 'add',
      arguments: '{"a":2,"b":2}',
    });
    expect(sum).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: '4' }] } });
    ws.ws.close();
  });
});
