import { ConnectionFailure, IdleTimeout } from '../errors/failures.ts';

export interface BodyReadOptions {
  idleTimeoutMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * Waits for `promise`, failing with IdleTimeout after `ms` of waiting, or with the signal's reason when it
 * aborts. Works even with a fetch that ignores its signal (injected fakes).
 */
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
    const timer = setTimeout(() => {
      cleanup();
      reject(onTimeout ? onTimeout() : new IdleTimeout(ms));
    }, ms);
    const onAbort = () => {
      cleanup();
      reject(signal?.reason);
    };
    function cleanup() {
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
