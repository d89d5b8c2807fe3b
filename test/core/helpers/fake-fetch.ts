/**
 * A queue-based fake of fetch: each call takes the next scripted reply and is recorded. Replies can be
 * plain bodies, byte-by-byte streams, or functions of the request (to hang until aborted, say).
 */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export type Scripted = Response | Error | ((call: RecordedCall) => Response | Promise<Response>);

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedCall[];
  push(...replies: Scripted[]): void;
}

export function fakeFetch(...initial: Scripted[]): FakeFetch {
  const queue: Scripted[] = [...initial];
  const calls: RecordedCall[] = [];
  const impl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    const next = queue.shift();
    if (next === undefined) throw new Error(`fake fetch: no reply scripted for call ${calls.length}`);
    if (next instanceof Error) throw next;
    if (typeof next === 'function') return next(call);
    return next;
  };
  return { fetch: impl as typeof fetch, calls, push: (...r) => queue.push(...r) };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function text(
  body: string,
  status: number,
  contentType = 'text/plain',
  headers: Record<string, string> = {},
): Response {
  return new Response(body, { status, headers: { 'content-type': contentType, ...headers } });
}

/** A body that yields `bytes` in pieces of `step` bytes. */
export function chunkedStream(bytes: Uint8Array, step = 1): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) {
        c.close();
        return;
      }
      c.enqueue(bytes.slice(at, at + step));
      at += step;
    },
  });
}

/** A body that yields the given pieces at the given split points. */
export function splitStream(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [0, ...cuts.filter((c) => c > 0 && c < bytes.length), bytes.length];
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      const from = points[i];
      const to = points[i + 1];
      if (from === undefined || to === undefined) {
        c.close();
        return;
      }
      c.enqueue(bytes.slice(from, to));
      i++;
    },
  });
}

export function sse(body: string | ReadableStream<Uint8Array>, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

/**
 * An SSE body that sends `events` and then never ends (until the request is aborted): a stalled stream.
 */
export function stallingStream(prefix: string, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(prefix));
      signal?.addEventListener('abort', () => c.error(signal.reason), { once: true });
    },
  });
}

/** A body that sends `prefix`, then fails like a reset connection. */
export function resettingStream(prefix: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (!sent) {
        sent = true;
        c.enqueue(new TextEncoder().encode(prefix));
        return;
      }
      c.error(
        Object.assign(new TypeError('terminated'), {
          cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
        }),
      );
    },
  });
}

/** A fetch reply that never comes (until aborted). */
export function hangUntilAborted(call: RecordedCall): Promise<Response> {
  return new Promise((_resolve, reject) => {
    call.signal?.addEventListener('abort', () => reject(call.signal?.reason), { once: true });
  });
}
