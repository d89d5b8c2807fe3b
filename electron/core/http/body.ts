import { ConnectionFailure, IdleTimeout } from '../errors/failures.ts';

export interface BodyReadOptions {
  idleTimeoutMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * Waits for `promise`, failing with IdleTimeout after `ms` of waiting, or with the signal's reason when it
 * aborts. Works even with a fetch that ignores its signal (injected fakes).
 */
/** How late a timer may fire before the wait counts as a stall of this process, not of the service. */
const STALL_MS = 25;
/** A silent service still times out: a stalled wait is extended at most this many times. */
const MAX_STALL_EXTENSIONS = 4;

export function raceIdle<T>(
  promise: Promise<T>,
  ms: number,
  signal?: AbortSignal,
  onTimeout?: () => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      promise.catch(() => undefined); // settled later by the abort; nobody waits for it any more
      reject(signal.reason);
      return;
    }
    let settled = false;
    let extensions = 0;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const due = performance.now() + ms;
      timer = setTimeout(() => {
        if (settled) return;
        // A timer that fires late means this process was busy (a large body being parsed, a loaded
        // machine), so the service may have answered meanwhile: wait again rather than blame it.
        if (performance.now() - due > STALL_MS && extensions < MAX_STALL_EXTENSIONS) {
          extensions += 1;
          arm();
          return;
        }
        // Timers run before pending I/O: let data that already arrived settle the race first.
        setImmediate(() => {
          if (settled) return;
          cleanup();
          reject(onTimeout ? onTimeout() : new IdleTimeout(ms));
        });
      }, ms);
    };
    arm();
    const onAbort = () => {
      cleanup();
      reject(signal?.reason);
    };
    function cleanup() {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        cleanup();
        resolve(v);
      },
      (e: unknown) => {
        cleanup();
        reject(e);
      },
    );
  });
}

/**
 * The chunks of a body, each awaited under the idle timeout. A broken stream surfaces as ConnectionFailure;
 * leaving the loop early cancels the body so the connection is released.
 */
export async function* readChunks(
  body: ReadableStream<Uint8Array>,
  opts: BodyReadOptions,
): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await raceIdle(reader.read(), opts.idleTimeoutMs, opts.signal);
      } catch (e) {
        if (e instanceof IdleTimeout || opts.signal?.aborted) throw e;
        throw new ConnectionFailure('body', e);
      }
      if (result.done) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
    if (!finished) reader.cancel().catch(() => undefined);
    try {
      reader.releaseLock();
    } catch {
      // already released or errored: nothing to free
    }
  }
}

/** Thrown when a body is larger than the caller is willing to hold in memory. */
export class BodyTooLarge extends Error {
  constructor(limit: number) {
    super(`the reply is larger than ${Math.round(limit / 1_000_000)} MB`);
    this.name = 'BodyTooLarge';
  }
}

/** The whole body as text, under the idle timeout and a size limit. */
export async function readText(
  body: ReadableStream<Uint8Array> | null,
  opts: BodyReadOptions & { maxBytes: number; onText?: (piece: string) => void },
): Promise<string> {
  if (body === null) return '';
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  for await (const chunk of readChunks(body, opts)) {
    size += chunk.byteLength;
    if (size > opts.maxBytes) throw new BodyTooLarge(opts.maxBytes);
    const piece = decoder.decode(chunk, { stream: true });
    parts.push(piece);
    opts.onText?.(piece);
  }
  const tail = decoder.decode();
  parts.push(tail);
  opts.onText?.(tail);
  return parts.join('');
}
