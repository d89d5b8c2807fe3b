import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchWebHost, type RunningWebHost } from '../../electron/web/launch.ts';
import { SANDBOX_KEY } from '../../electron/handlers/sandbox.ts';
import { createMemoryVault } from '../../electron/vault/memory-vault.ts';
import { openSocket, rawRequest, signIn, type FrameSocket } from './client.ts';
import { createRendererFixture, type RendererFixture } from './fixtures.ts';

/** The browser host with the real app core (sandbox included), over real HTTP and WebSocket. */

let fixture: RendererFixture;
let dataDir: string;
let host: RunningWebHost | null = null;
const logLines: string[] = [];

beforeAll(async () => {
  fixture = await createRendererFixture();
});
afterAll(() => fixture.cleanup());
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'quartet-web-data-'));
  logLines.length = 0;
});
afterEach(async () => {
  await host?.close();
  host = null;
  await rm(dataDir, { recursive: true, force: true });
});

async function launch(port: number | null = 0): Promise<RunningWebHost> {
  host = await launchWebHost({
    dataDir,
    port,
    staticDir: fixture.rendererDir,
    vault: createMemoryVault(),
    log: (line) => logLines.push(line),
  });
  return host;
}

async function socketFor(h: RunningWebHost): Promise<{ ws: FrameSocket; cookie: string }> {
  const cookie = await signIn(h.port, h.url);
  const outcome = await openSocket(h.port, { cookie, origin: h.origin });
  if (!outcome.ok) throw new Error(`refused: ${outcome.status}`);
  return { ws: outcome.ws, cookie };
}

describe('launching the browser host', () => {
  it('refuses to start without a built renderer, with a hint', async () => {
    await expect(
      launchWebHost({
        dataDir,
        port: 0,
        staticDir: path.join(dataDir, 'nothing'),
        vault: createMemoryVault(),
      }),
    ).rejects.toThrow(/not built.*vite build/);
  });

  it('says so when an explicit port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(launch(port)).rejects.toThrow(`Port ${port} is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('without a port, takes 5170 or, if that is busy, any free port', async () => {
    const h = await launch(null);
    expect(h.port).toBeGreaterThan(0);
    expect(h.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${h.port}/\\?token=`));
  });
});

describe('the browser host with the real app core', () => {
  it('answers getAppInfo as the web host', async () => {
    const h = await launch();
    const { ws } = await socketFor(h);
    const { result } = await ws.call(1, 'getAppInfo', {});
    expect(result).toMatchObject({
      t: 'result',
      result: { ok: true, value: { host: 'web', dataDir, vault: { backend: 'memory' } } },
    });
    await ws.close();
  });

  it('returns a malformed payload as a clear invalid-input error', async () => {
    const h = await launch();
    const { ws } = await socketFor(h);
    const { result } = await ws.call(1, 'saveImages', { ids: 'img_1' });
    expect(result).toMatchObject({
      t: 'result',
      result: { ok: false, error: { kind: 'invalid-input', issues: [{ path: 'ids' }] } },
    });
    await ws.close();
  });

  it('never sends a key back, in any frame', async () => {
    const h = await launch();
    const { ws } = await socketFor(h);
    const key = 'sk-live-very-secret-0123456789-TAIL';
    const frames: string[] = [];
    ws.ws.on('message', (data: Buffer) => frames.push(data.toString('utf8')));
    let id = 0;
    const call = async (op: string, input: unknown): Promise<unknown> => {
      const { result } = await ws.call(++id, op, input);
      return (result as { result: { ok: boolean; value?: unknown } }).result.value;
    };
    // Start the sandbox, then point a connection of our own at it: the simulator refuses our key, so
    // the key travels in requests, failures and exchange records, and must be redacted everywhere.
    await call('listModels', { family: 'bearer' });
    const { connections } = (await call('listConnections', {})) as { connections: { baseUrl: string }[] };
    const mine = (await call('saveConnection', { name: 'Mine', baseUrl: connections[0]?.baseUrl ?? '' })) as {
      id: string;
    };
    await call('activateConnection', { id: mine.id });
    await call('setKey', { connectionId: mine.id, slot: 'default', key });
    await call('getKeyStatus', { connectionId: mine.id });
    await call('testKey', { connectionId: mine.id, slot: 'default' });
    await call('listModels', { family: 'messages' });
    await call('listModels', { family: 'generate' });
    const exchanges = (await call('listExchanges', {})) as { id: string }[];
    for (const e of exchanges) await call('getExchange', { id: e.id });
    await call('getAppInfo', {});
    await call('getSettings', {});
    const all = frames.join('\n');
    expect(exchanges.length).toBeGreaterThanOrEqual(3);
    expect(all).toContain('"last4":"TAIL"'); // last four, the only part the page may see
    expect(all).toContain('••••TAIL'); // the redacted form in the exchange records: the key did travel
    expect(all).not.toContain(key);
    expect(all).not.toContain(key.slice(0, -4));
    expect(all).not.toContain(SANDBOX_KEY);
    expect(logLines.join('\n')).not.toContain(key);
    await ws.close();
  });

  it('generates an image in the sandbox, serves it, and offers it as a download', async () => {
    const h = await launch();
    const { ws, cookie } = await socketFor(h);
    const gen = await ws.call(1, 'generateImages', {
      requestId: 'img-1',
      model: 'gpt-image-1',
      prompt: 'a small red square',
      size: '64x64',
    });
    expect(gen.result).toMatchObject({ t: 'result', result: { ok: true } });
    const images = (gen.result as { result: { value: { images: { id: string }[] } } }).result.value.images;
    const id = images[0]?.id ?? '';
    expect(gen.before.some((f) => f.t === 'event' && f.event === 'imageProgress')).toBe(true);

    const full = await rawRequest(h.port, { path: `/media/image/${id}`, headers: { cookie } });
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');

    const save = await ws.call(2, 'saveImages', { ids: [id] });
    expect(save.result).toMatchObject({
      result: {
        ok: true,
        value: {
          kind: 'download',
          urls: [`/media/image/${id}`],
          names: [expect.stringMatching(/^quartet-\d{4}-\d\d-\d\d-\d{4}-a-small-red-square\.png$/)],
        },
      },
    });
    const dl = await rawRequest(h.port, { path: `/media/image/${id}?download=1`, headers: { cookie } });
    expect(dl.status).toBe(200);
    // named by date, time and the prompt's start, not by the stored id
    expect(dl.headers['content-disposition']).toMatch(
      /^attachment; filename="quartet-\d{4}-\d\d-\d\d-\d{4}-a-small-red-square\.png"$/,
    );
    // No thumbnail yet: the page makes them.
    expect((await rawRequest(h.port, { path: `/media/thumb/${id}`, headers: { cookie } })).status).toBe(404);
    await ws.close();
  });

  it('keeps history across a restart on the same data folder, with a fresh token', async () => {
    const first = await launch();
    const a = await socketFor(first);
    await a.ws.call(1, 'createConversation', { format: 'chat', model: 'm', title: 'kept' });
    await a.ws.close();
    const oldToken = new URL(first.url).searchParams.get('token');
    await first.close();
    host = null;

    const second = await launch();
    expect(new URL(second.url).searchParams.get('token')).not.toBe(oldToken);
    const b = await socketFor(second);
    const { result } = await b.ws.call(1, 'listConversations', {});
    expect(result).toMatchObject({ result: { ok: true, value: [{ title: 'kept' }] } });
    await b.ws.close();
  });
});
