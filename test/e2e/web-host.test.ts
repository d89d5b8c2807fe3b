import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/host/csp.ts';
import { openSocket } from '../web/client.ts';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * The browser host end to end in Chromium: the tokenised address, the real CSP, the cookie-authenticated
 * WebSocket, the media route, and what a page of another origin can (not) do. Each test has a host, data
 * folder and browser context of its own.
 */

let h: Harness;

// the CSP test provokes a violation on purpose (in a page of its own); each test checks what it expects
harnessPerTest(
  (harness) => {
    h = harness;
  },
  { checkProblems: false },
);

/** Runs one call over a fresh WebSocket from inside the page, as the bridge does. */
function callInPage(op: string, input: unknown): Promise<unknown> {
  return h.page.evaluate(
    ([op, input]) =>
      new Promise((resolve, reject) => {
        // the page's bridge offers the secret it keeps in its origin's storage; so does this helper
        const secret = localStorage.getItem('quartet.pageSecret') ?? '';
        const ws = new WebSocket(`ws://${location.host}/ws`, ['quartet.v1', `quartet-secret.${secret}`]);
        ws.onopen = () => ws.send(JSON.stringify({ t: 'call', id: 1, op, input }));
        ws.onmessage = (e) => {
          const frame = JSON.parse(String(e.data)) as { t: string; id?: number };
          if (frame.t !== 'event' && frame.id === 1) {
            ws.close();
            resolve(frame);
          }
        };
        ws.onerror = () => reject(new Error('WebSocket failed'));
      }),
    [op, input] as const,
  );
}

describe('the browser host in Chromium', () => {
  it('trades the token for the cookie and lands on the app, which loads under the CSP without errors', async () => {
    await h.ready();
    expect(new URL(h.page.url()).pathname).toBe('/');
    expect(new URL(h.page.url()).search).toBe('');
    // the page secret was taken from the fragment and removed from the address bar
    expect(new URL(h.page.url()).hash).toBe('');
    // The title names the section first ("Chat Completions · Quartet").
    expect(await h.page.title()).toMatch(/(^| · )Quartet$/);
    await expect(h.page.getByTestId('notice-error').count()).resolves.toBe(0);
    expect(h.problems).toEqual([]);
  });

  it('has an icon: the one the page links, and /favicon.ico that browsers ask for anyway', async () => {
    const linked = await h.page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href,
    );
    expect(linked).toBe(`${h.host.origin}/favicon.svg`);
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const response = await h.page.request.get(`${h.host.origin}${path}`);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });

  it('sends the CSP and the other headers with the page', async () => {
    const response = await h.page.request.get(`${h.host.origin}/`);
    expect(response.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers()['referrer-policy']).toBe('no-referrer');
  });

  it('enforces the CSP: an injected inline script does not run and is reported', async () => {
    // A page of its own (same session), so the expected violation stays out of h.problems.
    const page = await h.context.newPage();
    await page.goto(`${h.host.origin}/`);
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; directive: string }>((resolve) => {
          document.addEventListener(
            'securitypolicyviolation',
            (e) => resolve({ ran: 'quartetInjected' in window, directive: e.effectiveDirective }),
            { once: true },
          );
          const script = document.createElement('script');
          script.textContent = 'window.quartetInjected = true;';
          document.body.append(script);
        }),
    );
    expect(outcome).toEqual({ ran: false, directive: 'script-src-elem' });
    await page.close();
  });

  it('keeps the session cookie away from page scripts (HttpOnly)', async () => {
    expect(await h.page.evaluate(() => document.cookie)).toBe('');
    const cookies = await h.context.cookies(h.host.origin);
    expect(cookies).toEqual([
      expect.objectContaining({ name: `quartet_session_${h.host.port}`, httpOnly: true, sameSite: 'Strict' }),
    ]);
  });

  it('carries a call over the cookie-authenticated WebSocket', async () => {
    const frame = await callInPage('getAppInfo', {});
    expect(frame).toMatchObject({
      t: 'result',
      result: { ok: true, value: { host: 'web', dataDir: h.dataDir } },
    });
  });

  it('shows what the host answered (the active connection)', async () => {
    await expect(h.page.getByTestId('active-connection').textContent()).resolves.toContain('Sandbox');
  });

  it('loads a generated image from /media under img-src', async () => {
    const gen = (await callInPage('generateImages', {
      requestId: 'e2e-img',
      model: 'gpt-image-1',
      prompt: 'a blue square',
      size: '64x64',
    })) as { result: { ok: boolean; value: { images: { id: string }[] } } };
    expect(gen.result.ok).toBe(true);
    const id = gen.result.value.images[0]?.id ?? '';
    const size = await h.page.evaluate(
      (src) =>
        new Promise<number>((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => reject(new Error('image did not load'));
          img.src = src;
        }),
      `/media/image/${id}`,
    );
    expect(size).toBeGreaterThan(0);
    expect(h.problems).toEqual([]);
  });

  it('refuses the printed address to a second browser (the token was used)', async () => {
    const other = await h.browser.newContext();
    try {
      const page = await other.newPage();
      const response = await page.goto(h.host.url);
      expect(response?.status()).toBe(403);
      expect(await other.cookies()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('a page of another origin on the same machine', () => {
  let evil: Server;
  let evilOrigin: string;

  /** Cookie headers the other server received from the user's browser. */
  const received: string[] = [];

  beforeAll(async () => {
    evil = createServer((req, res) => {
      if (req.headers.cookie) received.push(req.headers.cookie);
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>elsewhere</title>');
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    evilOrigin = `http://127.0.0.1:${(evil.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => evil.close(resolve));
  });

  it('cannot open the WebSocket although the browser attaches the cookie (same site), nor read pages', async () => {
    // The same browser context: it holds the session cookie, and 127.0.0.1 on another port is the same
    // "site", so SameSite does not stop it. The Origin check does.
    const page = await h.context.newPage();
    try {
      await page.goto(evilOrigin);
      const target = h.host.origin;
      const outcome = await page.evaluate(
        (target) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(`${target.replace('http', 'ws')}/ws`);
            ws.onopen = () => resolve('open');
            ws.onclose = () => resolve('refused');
          }),
        target,
      );
      expect(outcome).toBe('refused');
      const read = await page.evaluate(async (target) => {
        try {
          const r = await fetch(`${target}/`, { credentials: 'include' });
          return `read ${r.status}`;
        } catch {
          return 'blocked';
        }
      }, target);
      expect(read).toBe('blocked');
    } finally {
      await page.close();
    }
  });

  it('a local server that receives the session cookie cannot use it: a process replaying the cookie with a forged Origin is refused, and the page keeps working', async () => {
    const page = await h.context.newPage();
    try {
      await page.goto(`${evilOrigin}/collect`);
    } finally {
      await page.close();
    }
    // Cookies are scoped to the host, not the port: the other server really did get it.
    const stolen = received.map((c) =>
      c.split('; ').find((p) => p.startsWith(`quartet_session_${h.host.port}=`)),
    );
    const cookie = stolen.find((c) => c !== undefined);
    expect(cookie).toBeDefined();
    // A non-browser process sends any headers it likes.
    const outcome = await openSocket(h.host.port, { cookie, origin: h.host.origin }, '/ws', ['quartet.v1']);
    expect(outcome).toEqual({ ok: false, status: 401 });
    const info = (await callInPage('getAppInfo', {})) as { t: string };
    expect(info.t).toBe('result');
  });
});

describe('restarting the host', () => {
  it('keeps history in the data folder; the page reconnects through the new address', async () => {
    const created = (await callInPage('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      title: 'survives restarts',
    })) as { result: { ok: boolean } };
    expect(created.result.ok).toBe(true);
    await h.restart();
    await h.ready();
    const list = (await callInPage('listConversations', {})) as { result: { value: { title: string }[] } };
    expect(list.result.value.map((c) => c.title)).toContain('survives restarts');
  });
});
