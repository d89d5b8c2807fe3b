import { open } from 'node:fs/promises';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { pipeline, type Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { PAGE_SECRET_FRAGMENT, WS_MAX_PAYLOAD, WS_PATH, WS_PROTOCOL } from '../../shared/ws-protocol.ts';
import {
  attachmentHeaders,
  contentDisposition,
  lookupAsset,
  parseAttachmentPath,
  parseMediaPath,
} from '../host/assets.ts';
import type { HostCore } from '../host/host-core.ts';
import {
  SECURITY_HEADERS,
  SessionGuard,
  isAllowedHost,
  isJsonContentType,
  isSameOrigin,
  isStateChanging,
} from './security.ts';
import { serveSocket } from './socket.ts';

/**
 * The browser host's HTTP server: the built renderer, image media and the WebSocket that carries the
 * contract, all on 127.0.0.1 behind the checks of security.ts. Every request, in this order:
 *   1. Host must be 127.0.0.1:<port> or localhost:<port>           else 403 (DNS rebinding)
 *   2. an Origin header, if sent, must be ours; state-changing
 *      methods and the WebSocket upgrade must send it             else 403 (cross-site requests)
 *   3. `/?token=` trades the launch token for the session cookie   (once; see SessionGuard)
 *   4. the session cookie                                           else 401
 *      (the WebSocket upgrade also needs the page secret: see SessionGuard)
 *   5. routes: GET/HEAD static files and /media; /ws upgrade. There is no JSON endpoint today; the guard
 *      for one (application/json only, 415 otherwise) sits in front of the 405 so adding one is safe.
 */

export interface WebServerOptions {
  core: HostCore;
  /** the built renderer (dist/renderer) */
  staticDir: string;
  /** 0 for any free port */
  port: number;
  log?: (message: string) => void;
}

export interface WebServer {
  /** the address actually bound: always 127.0.0.1 */
  readonly address: string;
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** the one-time address to open: origin + /?token=... */
  readonly url: string;
  close(): Promise<void>;
}

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const log = options.log ?? ((m: string) => console.error(m));
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD,
    perMessageDeflate: false,
    // answer with the app's protocol, never echo the secret back
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  wss.on('connection', (ws) => {
    ws.on('error', () => ws.terminate()); // e.g. a frame over maxPayload: ws closes with 1009 first
    serveSocket(ws, options.core, log);
  });

  // Both are set once the port is known, before any request can be handled.
  let port = 0;
  let guard: SessionGuard | null = null;

  const server: Server = createServer((req, res) => {
    if (!guard) return refuse(res, 503, 'Starting up.');
    handleRequest(req, res, port, guard, options).catch((err: unknown) => {
      log(`web host: ${req.method} ${req.url?.split('?')[0]} failed: ${String(err)}`);
      if (!res.headersSent) refuse(res, 500, 'Internal error.');
      else res.destroy();
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const status = guard ? upgradeRefusal(req, port, guard) : 503;
    if (status !== null) return rejectUpgrade(socket, status);
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: options.port, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The web host has no TCP address.');
  port = address.port;
  guard = new SessionGuard(port);
  const origin = `http://127.0.0.1:${port}`;

  return {
    address: address.address,
    port,
    origin,
    url: `${origin}/?token=${guard.token}`,
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Null when the upgrade may proceed, else the status to refuse it with. */
function upgradeRefusal(req: IncomingMessage, port: number, guard: SessionGuard): number | null {
  if (!isAllowedHost(req.headers.host, port)) return 403;
  if (pathnameOf(req) !== WS_PATH) return 404;
  if (!isSameOrigin(req, port)) return 403;
  if (!guard.hasSession(req)) return 401;
  // the cookie reaches other local servers too; only the page holds the secret
  if (!guard.hasPageSecret(req)) return 401;
  return null;
}

function rejectUpgrade(socket: Duplex, status: number): void {
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  }
  socket.destroy();
}

async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  port: number,
  guard: SessionGuard,
  options: WebServerOptions,
): Promise<void> {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (value !== undefined) res.setHeader(name, value);

  if (!isAllowedHost(req.headers.host, port)) return refuse(res, 403, 'This host name is not allowed.');
  if (req.headers.origin !== undefined && !isSameOrigin(req, port)) {
    return refuse(res, 403, 'Cross-origin requests are not allowed.');
  }
  if (isStateChanging(req.method)) {
    if (!isSameOrigin(req, port)) return refuse(res, 403, 'Cross-origin requests are not allowed.');
    if (!guard.hasSession(req)) return refuse(res, 401, notSignedIn);
    if (!isJsonContentType(req.headers['content-type'])) return refuse(res, 415, 'Send application/json.');
    return refuse(res, 405, 'Method not allowed.');
  }

  // The raw path, not URL's: URL would quietly resolve `..` and `%2e%2e`, hiding a traversal attempt
  // that lookupAsset should see (and refuse) as such.
  const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
  if (!rawPath.startsWith('/')) return refuse(res, 400, 'Bad request target.');
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const token = url.searchParams.get('token');
  if (token !== null) {
    if (rawPath !== '/') return refuse(res, 404, 'Not found.');
    const exchange = guard.exchange(token);
    if (exchange.ok) return redirectHome(res, exchange);
    // The same browser reloading the printed address goes on to the app, which keeps the page secret in
    // its storage. The secret itself is never handed out again: the cookie reaches every local server and
    // the address may sit in a terminal or history, so those two together must buy no session.
    if (guard.hasSession(req)) return redirectHome(res);
    return refuse(
      res,
      403,
      exchange.reason === 'used'
        ? 'This address has already been used. Restart `npm run web` for a new one.'
        : 'This token is not valid. Open the address printed by `npm run web`.',
    );
  }

  if (!guard.hasSession(req)) return refuse(res, 401, notSignedIn);

  const media = parseMediaPath(rawPath);
  if (media) {
    const file = await options.core.imageFile(media.id, media.variant);
    if (!file) return refuse(res, 404, 'No such image.');
    const mime = /^image\/(png|jpeg|webp)$/.test(file.mime) ? file.mime : 'application/octet-stream';
    const headers: Record<string, string> = { 'Content-Type': mime, 'Cache-Control': 'private, no-cache' };
    if (url.searchParams.get('download') === '1') {
      headers['Content-Disposition'] = contentDisposition(file.downloadName, media.id, mime);
    }
    if (!(await sendFile(req, res, file.path, headers))) return refuse(res, 404, 'No such image.');
    return;
  }
  const attachment = parseAttachmentPath(rawPath);
  if (attachment) {
    const file = await options.core.attachmentFile(attachment.id);
    const headers = file && attachmentHeaders(file, attachment.id, url.searchParams.get('download') === '1');
    if (!file || !headers || !(await sendFile(req, res, file.path, headers))) {
      return refuse(res, 404, 'No such file.');
    }
    return;
  }
  if (rawPath.startsWith('/media/')) return refuse(res, 404, 'No such image.');
  if (rawPath === WS_PATH) return refuse(res, 426, 'This address takes a WebSocket.');

  // Browsers ask for /favicon.ico whatever the page links; the icon is the SVG the build ships.
  const asset = await lookupAsset(options.staticDir, rawPath === '/favicon.ico' ? '/favicon.svg' : rawPath);
  if (asset.kind === 'forbidden') return refuse(res, 403, 'Forbidden path.');
  if (asset.kind === 'missing') return refuse(res, 404, 'Not found.');
  // Built assets have hashed names; index.html must never be stale.
  const headers = {
    'Content-Type': asset.contentType,
    'Cache-Control': asset.path.endsWith('index.html') ? 'no-store' : 'no-cache',
  };
  if (!(await sendFile(req, res, asset.path, headers))) return refuse(res, 404, 'Not found.');
}

const notSignedIn = 'Not signed in. Open the address printed by `npm run web` (it is good for one visit).';

/**
 * Sends a file with its length, or answers false when there is none. The file is opened first and its
 * length read from the open handle: an image deleted while it is being sent (the user deletes what the
 * viewer is loading) is still sent whole, since an open file outlives its name; stat-then-open sent a
 * Content-Length the stream could no longer fill.
 */
async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  headers: Record<string, string>,
): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => null);
  if (handle === null) return false;
  const info = await handle.stat().catch(() => null);
  if (!info?.isFile()) {
    await handle.close().catch(() => undefined);
    return false;
  }
  try {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('Content-Length', info.size);
  } catch (e) {
    // a header Node refuses: the file is closed here, not left to garbage collection
    await handle.close().catch(() => undefined);
    throw e;
  }
  res.statusCode = 200;
  if (req.method === 'HEAD') {
    await handle.close().catch(() => undefined);
    res.end();
    return true;
  }
  // pipeline, not pipe: a page that goes away mid-file (a reload, a closed viewer) ends the read too, and
  // the stream closes the handle; with pipe it stayed open until garbage collection closed it
  pipeline(handle.createReadStream(), res, () => {});
  return true;
}

/**
 * To the app; on the one exchange, with the page secret in the fragment: the browser keeps it and never
 * sends it anywhere.
 */
function redirectHome(res: ServerResponse, exchange?: { pageSecret: string; setCookie: string }): void {
  if (exchange) res.setHeader('Set-Cookie', exchange.setCookie);
  res.writeHead(303, {
    Location: exchange ? `/#${PAGE_SECRET_FRAGMENT}=${exchange.pageSecret}` : '/',
    'Cache-Control': 'no-store',
    'Content-Length': 0,
  });
  res.end();
}

function refuse(res: ServerResponse, status: number, message: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (value !== undefined) res.setHeader(name, value);
  res.writeHead(status, TEXT);
  res.end(`${message}\n`);
}

function pathnameOf(req: IncomingMessage): string {
  return (req.url ?? '').split('?')[0] ?? '';
}
