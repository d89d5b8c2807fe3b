import { socketProtocols } from '../../renderer/bridge/page-secret.ts';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';
import type { ServerFrame } from '../../shared/ws-protocol.ts';

/**
 * A deliberately low-level client for the browser host's tests: raw request targets (so `..` reaches
 * the server unnormalised), any Host / Origin / Cookie header, and a WebSocket that reports how its
 * upgrade was refused.
 */

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export function rawRequest(port: number, req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method ?? 'GET',
        path: req.path,
        // setHost false: the test decides the Host header (or leaves it out)
        setHost: false,
        headers: { host: `127.0.0.1:${port}`, ...req.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

/** Trades the launch token for the session cookie, as the browser does on the printed address. */
export async function signIn(port: number, url: string): Promise<string> {
  const res = await rawRequest(port, { path: new URL(url).pathname + new URL(url).search });
  const setCookie = res.headers['set-cookie']?.[0];
  if (res.status !== 303 || !setCookie) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  const cookie = setCookie.split(';')[0] ?? '';
  const secret = pageSecretOfLocation(res.headers.location);
  if (secret) secrets.set(cookie, secret);
  return cookie;
}

/** The page secret a sign-in handed over in its redirect's fragment (`/#s=...`), as the page reads it. */
export function pageSecretOfLocation(location: string | undefined): string | undefined {
  return new URLSearchParams((location ?? '').split('#')[1] ?? '').get('s') ?? undefined;
}

/** The page secret of each signed-in cookie, so a socket opened with that cookie offers it as the page does. */
const secrets = new Map<string, string>();

export function pageSecretFor(cookie: string | undefined): string | undefined {
  return cookie === undefined ? undefined : secrets.get(cookie);
}

export type SocketOutcome = { ok: true; ws: FrameSocket } | { ok: false; status: number | 'error' };

/** Opens the host's WebSocket with the given headers; resolves with the socket or the refusal status. */
export function openSocket(
  port: number,
  headers: Record<string, string | undefined>,
  path = '/ws',
  protocols: string[] = socketProtocols(pageSecretFor(headers['Cookie'] ?? headers['cookie'])),
): Promise<SocketOutcome> {
  const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return new Promise((resolve) => {
    // Headers given here are sent as they are (Host included), so a test can forge any of them.
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, protocols, { headers: clean });
    ws.once('open', () => resolve({ ok: true, ws: new FrameSocket(ws) }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ ok: false, status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', () => resolve({ ok: false, status: 'error' }));
  });
}

/** A WebSocket whose incoming frames can be awaited one by one, without sleeping. */
export class FrameSocket {
  readonly ws: WebSocket;
  readonly #frames: ServerFrame[] = [];
  readonly #waiters: ((f: ServerFrame) => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as ServerFrame;
      const waiter = this.#waiters.shift();
      if (waiter) waiter(frame);
      else this.#frames.push(frame);
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  next(): Promise<ServerFrame> {
    const frame = this.#frames.shift();
    if (frame) return Promise.resolve(frame);
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Frames received and not yet taken. */
  get buffered(): readonly ServerFrame[] {
    return this.#frames;
  }

  /** Sends a call and collects frames until its result (events of the call come before it). */
  async call(
    id: number,
    op: string,
    input: unknown,
  ): Promise<{ result: ServerFrame; before: ServerFrame[] }> {
    this.send({ t: 'call', id, op, input });
    const before: ServerFrame[] = [];
    for (;;) {
      const frame = await this.next();
      if ((frame.t === 'result' || frame.t === 'error') && frame.id === id) return { result: frame, before };
      before.push(frame);
    }
  }

  close(): Promise<unknown> {
    this.ws.close();
    return this.closed;
  }
}
