import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWebServer, type WebServer } from '../../electron/web/server.ts';
import { OPERATION_NAMES, type HostEvents } from '../../shared/contract.ts';
import {
  createWebSocketBridge,
  socketUrlFor,
  type ConnectionStatus,
  type SocketLike,
  type WebSocketBridge,
} from '../../renderer/bridge/websocket-bridge.ts';
import { socketProtocols } from '../../renderer/bridge/page-secret.ts';
import { pageSecretFor, signIn } from './client.ts';
import { createFakeCore, type FakeCore } from './fake-core.ts';
import { createRendererFixture, type RendererFixture } from './fixtures.ts';

/**
 * The renderer's WebSocket bridge against the real browser host (fake core), over real sockets. The
 * `ws` client stands in for the browser's WebSocket; it sends the cookie and Origin a page would.
 */

let fixture: RendererFixture;
let core: FakeCore;
let server: WebServer;
let cookie: string;
let bridge: WebSocketBridge | null = null;
const statuses: ConnectionStatus[] = [];
let statusWaiters: { status: ConnectionStatus; resolve: () => void }[] = [];

beforeAll(async () => {
  fixture = await createRendererFixture();
});
afterAll(() => fixture.cleanup());

async function startServer(port = 0): Promise<void> {
  core = createFakeCore();
  server = await startWebServer({ core, staticDir: fixture.rendererDir, port, log: () => {} });
  cookie = await signIn(server.port, server.url);
}

beforeEach(async () => {
  statuses.length = 0;
  statusWaiters = [];
  await startServer();
});
afterEach(async () => {
  bridge?.dispose();
  bridge = null;
  await server.close();
});

function onStatus(status: ConnectionStatus): void {
  statuses.push(status);
  for (const w of statusWaiters.filter((w) => w.status === status)) w.resolve();
  statusWaiters = statusWaiters.filter((w) => w.status !== status);
}
function nextStatus(status: ConnectionStatus): Promise<void> {
  return new Promise((resolve) => statusWaiters.push({ status, resolve }));
}

function makeBridge(
  headers: () => Record<string, string> = () => ({ cookie, origin: server.origin }),
): WebSocketBridge {
  bridge = createWebSocketBridge({
    url: socketUrlFor({ protocol: 'http:', host: `127.0.0.1:${server.port}` }),
    // offers the page secret of the cookie it sends, as the page does (a restarted host has a new one)
    connect: (url) => {
      const h = headers();
      return new WebSocket(url, socketProtocols(pageSecretFor(h['cookie'])), {
        headers: h,
      }) as unknown as SocketLike;
    },
    backoff: { initialMs: 5, maxMs: 20 },
    onStatus,
  });
  return bridge;
}

describe('the WebSocket bridge', () => {
  it('derives its operations from the contract and builds host-relative media URLs', () => {
    const b = makeBridge();
    for (const name of OPERATION_NAMES) expect(typeof b[name], name).toBe('function');
    expect(b.host).toBe('web');
    expect(b.imageUrl('img_1', 'full')).toBe('/media/image/img_1');
    expect(b.imageUrl('a/b', 'thumb')).toBe('/media/thumb/a%2Fb');
    expect(b.attachmentUrl('a/b')).toBe('/media/attachment/a%2Fb');
    expect(socketUrlFor({ protocol: 'https:', host: 'x:1' })).toBe('wss://x:1/ws');
  });

  it('queues calls made before the socket opens and answers each by id', async () => {
    const b = makeBridge();
    const [info, list] = await Promise.all([b.getAppInfo({}), b.listConversations({})]);
    expect(info).toMatchObject({ ok: true, value: { host: 'web' } });
    expect(list).toEqual({ ok: true, value: [] });
    expect(statuses[0]).toBe('connecting');
  });

  it('returns the host’s validation errors as results', async () => {
    const b = makeBridge();
    const result = await b.deleteConversation({ id: '' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('delivers events to subscribers until they unsubscribe', async () => {
    const b = makeBridge();
    const seen: HostEvents['delta'][] = [];
    const off = b.on('delta', (p) => seen.push(p));
    await b.sendMessage({ requestId: 'r1', conversationId: 'c', text: 'hi' });
    expect(seen).toEqual([
      { requestId: 'r1', text: 'Hel' },
      { requestId: 'r1', text: 'lo' },
    ]);
    off();
    await b.sendMessage({ requestId: 'r2', conversationId: 'c', text: 'hi' });
    expect(seen).toHaveLength(2);
    expect(() => b.on('nope' as 'delta', () => {})).toThrow(/Unknown host event/);
  });

  it('fails a pending call with a connection error when the socket drops, then reconnects', async () => {
    const b = makeBridge();
    await b.getAppInfo({});
    const held = core.hold('listConnections');
    const pending = b.listConnections({});
    await held.started;
    const port = server.port;
    const closed = nextStatus('closed');
    await server.close();
    await closed;
    const result = await pending;
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'connection', message: /Lost the connection/ },
    });

    // The host comes back on the same port (a restart); the page's browser holds the new cookie.
    const reopened = nextStatus('open');
    await startServer(port);
    await reopened;
    expect(await b.getAppInfo({})).toMatchObject({ ok: true });
  });

  it('fails queued calls clearly when the host refuses the socket, instead of hanging', async () => {
    const b = makeBridge(() => ({ origin: server.origin })); // no cookie
    const result = await b.getAppInfo({});
    expect(result).toMatchObject({ ok: false, error: { kind: 'connection', message: /Cannot reach/ } });
  });

  it('fails everything once disposed', async () => {
    const b = makeBridge();
    b.dispose();
    expect(await b.getAppInfo({})).toMatchObject({ ok: false, error: { kind: 'connection' } });
  });

  it('refuses input that cannot be serialised without sending anything', async () => {
    const b = makeBridge();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await b.getAppInfo(cyclic as never)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    expect(core.calls).toEqual([]);
  });
});
