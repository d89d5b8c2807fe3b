/**
 * Internal signals raised while talking to the service; the transport turns each into an ApiError kind.
 * They never leave the core.
 */
export class HeadersTimeout extends Error {
  readonly ms: number;
  constructor(ms: number) {
    super(`no response headers within ${formatSeconds(ms)}`);
    this.name = 'HeadersTimeout';
    this.ms = ms;
  }
}

export class IdleTimeout extends Error {
  readonly ms: number;
  constructor(ms: number) {
    super(`the reply went silent for ${formatSeconds(ms)}`);
    this.name = 'IdleTimeout';
    this.ms = ms;
  }
}

/** fetch() rejected (refused, DNS, TLS) or the body stream broke (reset, cut). */
export class ConnectionFailure extends Error {
  readonly phase: 'connect' | 'body';
  constructor(phase: 'connect' | 'body', cause: unknown) {
    super(describeNetworkError(phase, cause), { cause });
    this.name = 'ConnectionFailure';
    this.phase = phase;
  }
}

export function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

const CODES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the connection was closed by the other side',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
};

/** Node's fetch says "fetch failed" / "terminated" and hides the reason in `cause`: dig it out. */
function describeNetworkError(phase: 'connect' | 'body', err: unknown): string {
  let code: string | undefined;
  let detail: string | undefined;
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur instanceof Error; depth++) {
    const c = (cur as { code?: unknown }).code;
    if (typeof c === 'string' && code === undefined) code = c;
    if (cur.message && !/^(fetch failed|terminated)$/i.test(cur.message)) detail ??= cur.message;
    cur = (cur as { cause?: unknown }).cause;
  }
  const what = (code && CODES[code]) ?? detail ?? (err instanceof Error ? err.message : String(err));
  const suffix = code && !what.includes(code) ? ` (${code})` : '';
  return phase === 'connect'
    ? `could not reach the service: ${what}${suffix}`
    : `the connection broke while reading the reply: ${what}${suffix}`;
}
