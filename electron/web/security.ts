import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { WS_SECRET_PROTOCOL_PREFIX } from '../../shared/ws-protocol.ts';
import { CONTENT_SECURITY_POLICY } from '../host/csp.ts';

/**
 * The browser host's defences against other pages and other local processes (see the security guide):
 * Host allow-list (DNS rebinding), a one-time launch token exchanged for a session cookie, Origin checks,
 * and a fixed set of response headers. Pure functions plus one small stateful guard, so each is testable.
 */

/** Sent on every response, refusals included. Deliberately no Access-Control-* header of any kind. */
export const SECURITY_HEADERS: Readonly<OutgoingHttpHeaders> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
});

/** Hosts a request may name: anything else is a DNS-rebinding attempt (or a mistake) and gets 403. */
export function allowedHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader !== undefined && allowedHosts(port).has(hostHeader.toLowerCase());
}

/**
 * The origins the page can have: the one the host printed (127.0.0.1) and, if the user typed it,
 * localhost. Cookies are not port-scoped but hosts are, so each name is its own origin.
 */
export function allowedOrigins(port: number): ReadonlySet<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

/** The request's Origin is one of ours and matches the Host it was sent to (no cross-name requests). */
export function isSameOrigin(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  const host = req.headers.host?.toLowerCase();
  if (typeof origin !== 'string' || host === undefined) return false;
  return allowedOrigins(port).has(origin) && origin === `http://${host}`;
}

/**
 * Every value the Cookie header carries under `name`. Another server on 127.0.0.1 can set a cookie of the
 * same name with a narrower path, which the browser then sends first: all values are kept, so such a
 * cookie neither shadows the real one nor logs the user out.
 */
export function cookieValues(header: string | undefined, name: string): string[] {
  const out: string[] = [];
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    if (part.slice(0, eq).trim() === name) out.push(part.slice(eq + 1).trim());
  }
  return out;
}

/** The page secret offered in `Sec-WebSocket-Protocol`, if any. */
export function offeredPageSecret(req: IncomingMessage): string | undefined {
  const header = req.headers['sec-websocket-protocol'];
  if (typeof header !== 'string') return undefined;
  const entry = header
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(WS_SECRET_PROTOCOL_PREFIX));
  return entry?.slice(WS_SECRET_PROTOCOL_PREFIX.length);
}

/**
 * Constant-time comparison of two secrets of any length: both sides are hashed first so that
 * `timingSafeEqual` always sees equal lengths and the length of the secret does not leak either.
 */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export type TokenExchange =
  | { ok: true; setCookie: string; pageSecret: string }
  /** 'used': the token was right but already exchanged; 'wrong': it never was the token */
  | { ok: false; reason: 'used' | 'wrong' };

/**
 * The launch token and the session it buys. The token is good for ONE exchange: once a browser has
 * traded it for the cookie, the printed URL is dead (a copy of it in shell history, a screen share or
 * another local user's process list buys nothing). A second visit with the token is refused unless the
 * same browser already holds the session cookie, in which case it is simply sent on to the app, without
 * the page secret: that is handed out once, in the exchange, and lives only in the page's storage.
 * Restarting the host prints a fresh token.
 */
export class SessionGuard {
  readonly token = newSecret();
  readonly cookieName: string;
  #session: string | null = null;
  /**
   * The second half of a session: cookies reach every server on 127.0.0.1 whatever its port, so a cookie
   * alone proves nothing. This secret reaches the page only in the fragment of the token exchange's
   * redirect (never sent to any server), lives in the page origin's storage (which other ports cannot
   * read), and must be offered when the WebSocket opens.
   */
  #pageSecret: string | null = null;

  constructor(port: number) {
    // Cookies are shared between ports of one host: a per-port name keeps two hosts from clobbering
    // each other's session.
    this.cookieName = `quartet_session_${port}`;
  }

  get exchanged(): boolean {
    return this.#session !== null;
  }

  exchange(token: string): TokenExchange {
    if (!secretsEqual(token, this.token)) return { ok: false, reason: 'wrong' };
    if (this.#session !== null) return { ok: false, reason: 'used' };
    this.#session = newSecret();
    this.#pageSecret = newSecret();
    return {
      ok: true,
      setCookie: `${this.cookieName}=${this.#session}; HttpOnly; SameSite=Strict; Path=/`,
      pageSecret: this.#pageSecret,
    };
  }

  /** The request carries the current session cookie (among any others of the same name). */
  hasSession(req: IncomingMessage): boolean {
    const session = this.#session;
    if (session === null) return false;
    // every value is compared, so the answer does not depend on which one is right
    return cookieValues(req.headers.cookie, this.cookieName).reduce(
      (found, value) => secretsEqual(value, session) || found,
      false,
    );
  }

  /** The WebSocket upgrade offers the page secret: proof that it comes from the page itself. */
  hasPageSecret(req: IncomingMessage): boolean {
    const offered = offeredPageSecret(req);
    return this.#pageSecret !== null && offered !== undefined && secretsEqual(offered, this.#pageSecret);
  }
}

/** Anything but GET/HEAD may change state: it needs a matching Origin even with a valid cookie. */
export function isStateChanging(method: string | undefined): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/** `application/json` with an optional charset parameter, nothing else (no form posts, no text/plain). */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type] = header.split(';');
  return type?.trim().toLowerCase() === 'application/json';
}
