import type { HostEvents } from '../../shared/contract.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readdirSync, readlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { startWebServer, type WebServer } from '../../electron/web/server.ts';
import { CONTENT_SECURITY_POLICY } from '../../electron/host/csp.ts';
import { WS_MAX_PAYLOAD } from '../../shared/ws-protocol.ts';
import { socketProtocols } from '../../renderer/bridge/page-secret.ts';
import {
  openSocket,
  pageSecretFor,
  rawRequest,
  signIn,
  type FrameSocket,
  type RawResponse,
} from './client.ts';
import { createFakeCore, type FakeCore } from './fake-core.ts';
import {
  APP_JS,
  INDEX_HTML,
  PNG_BYTES,
  TRAVERSALS,
  createRendererFixture,
  type RendererFixture,
} from './fixtures.ts';

let fixture: RendererFixture;
let core: FakeCore;
let server: WebServer;
let port: number;

beforeAll(async () => {
  fixture = await createRendererFixture();
});
afterAll(async () => {
  await fixture.cleanup();
});
beforeEach(async () => {
  core = createFakeCore();
  core.images.set('img_1', {
    full: { path: fixture.pngPath, mime: 'image/png' },
    thumb: { path: fixture.webpPath, mime: 'image/webp' },
  });
  server = await startWebServer({ core, staticDir: fixture.rendererDir, port: 0, log: () => {} });
  port = server.port;
});
afterEach(async () => {
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(port, { path, headers });
const tokenPath = () => new URL(server.url).pathname + new URL(server.url).search;
const origin = () => `http://127.0.0.1:${port}`;

function expectSecurityHeaders(res: RawResponse): void {
  expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
}

/** The token is single-use: each test signs in once and keeps the cookie, as a browser would. */
let cookieJar: string | undefined;
beforeEach(() => {
  cookieJar = undefined;
});
async function session(): Promise<string> {
  cookieJar ??= await signIn(port, server.url);
  return cookieJar;
}

async function authedSocket(): Promise<FrameSocket> {
  const cookie = await session();
  const outcome = await openSocket(port, { cookie, origin: origin() });
  if (!outcome.ok) throw new Error(`socket refused: ${outcome.status}`);
  return outcome.ws;
}

describe('binding and address', () => {
  it('listens on 127.0.0.1 only and prints a tokenised address', async () => {
    expect(server.address).toBe('127.0.0.1');
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?token=[A-Za-z0-9_-]{43}$`));
    // IPv6 loopback is another interface: nothing listens there.
    const reached = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '::1', port });
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    expect(reached).toBe(false);
  });
});

describe('the launch token and the session cookie', () => {
  it('exchanges the token once for an HttpOnly, SameSite=Strict cookie and redirects to / with the page secret in the fragment', async () => {
    const res = await get(tokenPath());
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/#s=[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(
      new RegExp(`^quartet_session_${port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/$`),
    );
    // The cookie is a new secret, not the token.
    expect(cookie).not.toContain(new URL(server.url).searchParams.get('token'));
    const page = await get('/', { cookie: cookie.split(';')[0] ?? '' });
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
  });

  it('refuses the token the second time (a replay), without setting a cookie', async () => {
    await session();
    const replay = await get(tokenPath());
    expect(replay.status).toBe(403);
    expect(replay.headers['set-cookie']).toBeUndefined();
    expect(replay.body).toMatch(/already been used/);
  });

  it('sends the browser that already holds the session on to the app when it reloads the address, without the page secret', async () => {
    const cookie = await session();
    const again = await get(tokenPath(), { cookie });
    expect(again.status).toBe(303);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers.location).toBe('/');
    // Another local server receives the cookie (cookies ignore ports) and may find the used address in a
    // terminal or shell history: together they must not buy the page secret, so no socket opens.
    const secret = pageSecretFor(cookie) ?? '';
    expect(secret).not.toBe('');
    expect(JSON.stringify(again)).not.toContain(secret);
    const stolen = await openSocket(port, { cookie, origin: origin() }, '/ws', socketProtocols(undefined));
    expect(stolen).toEqual({ ok: false, status: 401 });
  });

  it('refuses a wrong token, and a wrong token does not use up the right one', async () => {
    const wrong = await get('/?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(wrong.status).toBe(403);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await get('/?token=')).status).toBe(403);
    expect((await get(tokenPath())).status).toBe(303);
  });

  it('requires the cookie on every request: none, a wrong one, or another port’s is 401', async () => {
    await session();
    for (const cookie of [undefined, `quartet_session_${port}=wrong`, `quartet_session_${port + 1}=x`]) {
      for (const path of ['/', '/index.html', '/assets/app.js', '/media/image/img_1']) {
        const res = await get(path, cookie ? { cookie } : {});
        expect(res.status, `${path} with ${cookie}`).toBe(401);
        expectSecurityHeaders(res);
        expect(res.body).not.toContain(APP_JS);
      }
    }
  });
});

describe('Host allow-list (DNS rebinding)', () => {
  it('answers 127.0.0.1:<port> and localhost:<port>', async () => {
    const cookie = await session();
    expect((await get('/', { cookie, host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await get('/', { cookie, host: `localhost:${port}` })).status).toBe(200);
  });

  it('refuses any other Host with 403, before the token is looked at', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `[::1]:${port}`,
    ]) {
      const res = await get(tokenPath(), { host });
      expect(res.status, host).toBe(403);
      expectSecurityHeaders(res);
    }
    // A request without Host at all (HTTP/1.0 style).
    expect((await rawRequest(port, { path: '/', headers: { host: '' } })).status).toBe(403);
    // The token is still good: the rebinding page did not burn it.
    expect((await get(tokenPath())).status).toBe(303);
  });
});

describe('Origin checks over HTTP', () => {
  it('refuses a GET that carries a foreign Origin even with the cookie', async () => {
    const cookie = await session();
    const res = await get('/', { cookie, origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    // localhost page asking 127.0.0.1: another origin
    expect((await get('/', { cookie, origin: `http://localhost:${port}` })).status).toBe(403);
    expect((await get('/', { cookie, origin: origin() })).status).toBe(200);
  });

  it('refuses state-changing requests without our Origin, and accepts only application/json', async () => {
    const cookie = await session();
    const post = (headers: Record<string, string>) =>
      rawRequest(port, { method: 'POST', path: '/api', headers: { cookie, ...headers }, body: '{}' });
    expect((await post({ 'content-type': 'application/json' })).status).toBe(403); // no Origin
    expect((await post({ origin: 'http://evil.example', 'content-type': 'application/json' })).status).toBe(
      403,
    );
    expect((await post({ origin: 'null', 'content-type': 'application/json' })).status).toBe(403);
    expect((await post({ origin: origin(), 'content-type': 'text/plain' })).status).toBe(415);
    expect(
      (await post({ origin: origin(), 'content-type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(415);
    expect((await post({ origin: origin(), 'content-type': 'application/json; charset=utf-8' })).status).toBe(
      405,
    );
    const noCookie = await rawRequest(port, {
      method: 'POST',
      path: '/api',
      headers: { origin: origin(), 'content-type': 'application/json' },
    });
    expect(noCookie.status).toBe(401);
  });

  it('sends no CORS headers, not even to a preflight', async () => {
    const preflight = await rawRequest(port, {
      method: 'OPTIONS',
      path: '/',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expectSecurityHeaders(preflight);
  });
});

describe('static files', () => {
  it('serves the built renderer with types and the security headers', async () => {
    const cookie = await session();
    const index = await get('/', { cookie });
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(index);
    expect(index.headers['x-frame-options']).toBe('DENY');
    const js = await get('/assets/app.js', { cookie });
    expect(js.status).toBe(200);
    expect(js.body).toBe(APP_JS);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expectSecurityHeaders(js);
    const head = await rawRequest(port, { method: 'HEAD', path: '/assets/app.js', headers: { cookie } });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const missing = await get('/nope.js', { cookie });
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
  });

  it.each(TRAVERSALS)('refuses %s', async (target) => {
    const cookie = await session();
    const res = await get(target, { cookie });
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('secret');
    expectSecurityHeaders(res);
  });
});

describe('media routes', () => {
  it('streams an image and its thumbnail with their content types', async () => {
    const cookie = await session();
    const full = await get('/media/image/img_1', { cookie });
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['content-length']).toBe(String(PNG_BYTES.length));
    expect(full.headers['content-disposition']).toBeUndefined();
    expectSecurityHeaders(full);
    const thumb = await get('/media/thumb/img_1', { cookie });
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('closes the file when the page goes away in the middle of it', async () => {
    const big = path.join(fixture.root, 'big.png');
    await writeFile(big, Buffer.alloc(16 * 1024 * 1024, 7));
    core.images.set('img_big', {
      full: { path: big, mime: 'image/png' },
      thumb: { path: big, mime: 'image/png' },
    });
    const cookie = await session();
    const openOnBig = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === big;
        } catch {
          return false; // closed meanwhile
        }
      }).length;
    // the first bytes arrive, then the page leaves (a reload, a closed viewer)
    await new Promise<void>((resolve, reject) => {
      const r = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/media/image/img_big',
          headers: { host: `127.0.0.1:${port}`, cookie },
        },
        (res) => {
          res.once('data', () => {
            r.destroy();
            resolve();
          });
        },
      );
      r.on('error', (e) => (r.destroyed ? undefined : reject(e)));
      r.end();
    });
    // with pipe() the read stream stayed paused with the file open until garbage collection
    await expect.poll(openOnBig, { timeout: 5_000 }).toBe(0);
  });

  it('adds an attachment disposition with a safe name for ?download=1', async () => {
    const cookie = await session();
    const res = await get('/media/image/img_1?download=1', { cookie });
    expect(res.headers['content-disposition']).toBe('attachment; filename="quartet-img_1.png"');
  });

  it('answers 404 for unknown or malformed ids without asking the core about bad ones', async () => {
    const cookie = await session();
    expect((await get('/media/image/nope', { cookie })).status).toBe(404);
    expect((await get('/media/thumb/nope', { cookie })).status).toBe(404);
    expect((await get('/media/image/..%2f..%2fsecret.txt', { cookie })).status).toBe(404);
    expect((await get('/media/other/img_1', { cookie })).status).toBe(404);
  });
});

describe('the WebSocket upgrade', () => {
  it('a stolen cookie is not enough: without the page secret, or with a wrong one, the socket is refused', async () => {
    // Another server on 127.0.0.1 receives the cookie from the user's browser; a process can then send
    // any Origin. Only the page holds the secret (fragment, then its own origin's storage).
    const cookie = await session();
    const stolen = { origin: origin(), cookie };
    expect(await openSocket(port, stolen, '/ws', ['quartet.v1'])).toEqual({ ok: false, status: 401 });
    expect(await openSocket(port, stolen, '/ws', [])).toEqual({ ok: false, status: 401 });
    expect(await openSocket(port, stolen, '/ws', ['quartet.v1', 'quartet-secret.guessed'])).toEqual({
      ok: false,
      status: 401,
    });
    // the page secret alone, without the cookie, is not enough either
    const secret = pageSecretFor(cookie) ?? '';
    expect(
      await openSocket(port, { origin: origin() }, '/ws', ['quartet.v1', `quartet-secret.${secret}`]),
    ).toEqual({ ok: false, status: 401 });
    const page = await openSocket(port, stolen);
    expect(page.ok).toBe(true);
    if (page.ok) {
      expect(page.ws.ws.protocol).toBe('quartet.v1'); // the secret is never echoed back
      await page.ws.close();
    }
  });

  it('a cookie of the same name tossed in by another port neither gets in nor logs the page out', async () => {
    const cookie = await session();
    const tossed = `quartet_session_${port}=set-by-another-server`;
    // the browser sends the narrower-path cookie first
    const page = await openSocket(
      port,
      { origin: origin(), cookie: `${tossed}; ${cookie}` },
      '/ws',
      socketProtocols(pageSecretFor(cookie)),
    );
    expect(page.ok).toBe(true);
    if (page.ok) await page.ws.close();
    const home = await get('/', { cookie: `${tossed}; ${cookie}` });
    expect(home.status).toBe(200);
    expect(
      await openSocket(
        port,
        { origin: origin(), cookie: tossed },
        '/ws',
        socketProtocols(pageSecretFor(cookie)),
      ),
    ).toEqual({
      ok: false,
      status: 401,
    });
  });

  it('refuses without a cookie, with a wrong cookie, foreign or missing Origin, wrong Host, wrong path', async () => {
    const cookie = await session();
    const cases: [Record<string, string | undefined>, string, number][] = [
      [{ origin: origin() }, '/ws', 401],
      [{ origin: origin(), cookie: `quartet_session_${port}=forged` }, '/ws', 401],
      [{ origin: 'http://evil.example', cookie }, '/ws', 403],
      [{ origin: `http://localhost:${port}`, cookie }, '/ws', 403],
      [{ cookie }, '/ws', 403],
      [{ origin: 'http://evil.example:80', cookie, host: 'evil.example' }, '/ws', 403],
      [{ origin: origin(), cookie }, '/socket', 404],
    ];
    for (const [headers, path, status] of cases) {
      const outcome = await openSocket(port, headers, path);
      expect(outcome, JSON.stringify(headers)).toEqual({ ok: false, status });
    }
  });

  it('carries calls with the cookie and the right Origin', async () => {
    const ws = await authedSocket();
    const { result } = await ws.call(1, 'getAppInfo', {});
    expect(result).toMatchObject({ t: 'result', id: 1, result: { ok: true, value: { host: 'web' } } });
    await ws.close();
  });

  it('also works from http://localhost:<port> when the page was opened there', async () => {
    const cookie = await session();
    const outcome = await openSocket(port, {
      cookie,
      origin: `http://localhost:${port}`,
      host: `localhost:${port}`,
    });
    expect(outcome.ok).toBe(true);
    if (outcome.ok) await outcome.ws.close();
  });

  it('returns the core’s validation errors as results', async () => {
    const ws = await authedSocket();
    const { result } = await ws.call(7, 'deleteConversation', { id: 42 });
    expect(result).toMatchObject({
      t: 'result',
      id: 7,
      result: { ok: false, error: { kind: 'invalid-input' } },
    });
    await ws.close();
  });

  it('sends a call’s events only to the socket that made it', async () => {
    const a = await authedSocket();
    const opened = await openSocket(port, { cookie: await session(), origin: origin() });
    if (!opened.ok) throw new Error('second socket refused');
    const b = opened;
    const { result, before } = await a.call(1, 'sendMessage', {
      requestId: 'r1',
      conversationId: 'c1',
      text: 'hi',
    });
    expect(before).toEqual([
      { t: 'event', event: 'delta', payload: { requestId: 'r1', text: 'Hel' } },
      { t: 'event', event: 'delta', payload: { requestId: 'r1', text: 'lo' } },
    ]);
    expect(result).toMatchObject({ t: 'result', result: { ok: true } });
    // b's own round trip completes with nothing else in between: it saw none of a's events.
    const other = await b.ws.call(1, 'getAppInfo', {});
    expect(other.before).toEqual([]);
    await a.close();
    await b.ws.close();
  });

  it('joins a function call’s argument pieces like text, and never merges two calls', async () => {
    const ws = await authedSocket();
    const { before } = await ws.call(1, 'sendMessage', {
      requestId: 'r2',
      conversationId: 'c1',
      text: 'call tools',
    });
    const payloads = before.map((f) => (f as { payload: HostEvents['delta'] }).payload);
    // Pieces within the flush window are joined (how many depends on the machine's pace); put back
    // together by index they must give exactly the two calls, each id and name on its own call.
    const calls: { id?: string; name?: string; args: string }[] = [];
    let text = '';
    for (const p of payloads) {
      text += p.text ?? '';
      if (!p.tool) continue;
      const c = (calls[p.tool.index] ??= { args: '' });
      if (p.tool.id) c.id = p.tool.id;
      if (p.tool.name) c.name = p.tool.name;
      c.args += p.tool.args ?? '';
    }
    expect(calls).toEqual([
      { id: 'call_a', name: 'get_weather', args: '{"city":"Paris"}' },
      { id: 'call_b', name: 'get_time', args: '{}' },
    ]);
    expect(text).toBe('done');
    expect(payloads.length).toBeLessThanOrEqual(5);
    await ws.close();
  });

  it('answers results in completion order, matched by id', async () => {
    const ws = await authedSocket();
    const held = core.hold('listConnections');
    ws.send({ t: 'call', id: 1, op: 'listConnections', input: {} });
    await held.started;
    const quick = await ws.call(2, 'getAppInfo', {});
    expect(quick.result).toMatchObject({ t: 'result', id: 2 });
    held.release();
    expect(await ws.next()).toMatchObject({ t: 'result', id: 1, result: { ok: true } });
    await ws.close();
  });

  it('answers malformed frames with an error frame and keeps serving the socket', async () => {
    const ws = await authedSocket();
    ws.send('not json');
    expect(await ws.next()).toMatchObject({
      t: 'error',
      error: { kind: 'invalid-input', message: 'The frame is not JSON.' },
    });
    ws.send({ t: 'call', id: 5, op: 'noSuchOperation', input: {} });
    expect(await ws.next()).toMatchObject({ t: 'error', id: 5, error: { message: /Unknown operation/ } });
    ws.send({ t: 'call', id: -1, op: 'getAppInfo', input: {} });
    expect(await ws.next()).toMatchObject({ t: 'error', error: { kind: 'invalid-input' } });
    ws.send({ t: 'call', id: 6, op: 'getAppInfo', input: {}, extra: true });
    expect(await ws.next()).toMatchObject({ t: 'error', id: 6 });
    ws.send('[]');
    expect(await ws.next()).toMatchObject({ t: 'error' });
    ws.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await ws.next()).toMatchObject({ t: 'error', error: { message: /Binary frames/ } });
    expect(core.calls.map((c) => c.name)).toEqual([]);
    const { result } = await ws.call(8, 'getAppInfo', {});
    expect(result).toMatchObject({ t: 'result', id: 8, result: { ok: true } });
    await ws.close();
  });

  it('refuses a second call with an id that is still running', async () => {
    const ws = await authedSocket();
    const held = core.hold('listConnections');
    ws.send({ t: 'call', id: 1, op: 'listConnections', input: {} });
    await held.started;
    ws.send({ t: 'call', id: 1, op: 'getAppInfo', input: {} });
    expect(await ws.next()).toMatchObject({ t: 'error', id: 1, error: { message: /already running/ } });
    held.release();
    expect(await ws.next()).toMatchObject({ t: 'result', id: 1 });
    await ws.close();
  });

  it(`carries a 50 MB import (the contract's limit) within the ${WS_MAX_PAYLOAD / 2 ** 20} MB frame limit`, async () => {
    const ws = await authedSocket();
    const content = 'x'.repeat(50_000_000);
    const { result } = await ws.call(1, 'importConversation', { content });
    expect(result).toMatchObject({
      t: 'result',
      result: { ok: true, value: { title: '50000000 characters' } },
    });
    await ws.close();
  });

  it('closes the socket on an oversized frame (1009) while the page and new sockets keep being served', async () => {
    const ws = await authedSocket();
    ws.send('x'.repeat(WS_MAX_PAYLOAD + 1));
    expect((await ws.closed).code).toBe(1009);
    const cookie = await session();
    expect((await get('/', { cookie })).status).toBe(200);
    const again = await openSocket(port, { cookie, origin: origin() });
    expect(again.ok).toBe(true);
    if (again.ok) {
      const { result } = await again.ws.call(1, 'getAppInfo', {});
      expect(result).toMatchObject({ t: 'result', result: { ok: true } });
      await again.ws.close();
    }
  });
});
