import { ApiError } from '../errors/api-error.ts';
import { ConnectionFailure, HeadersTimeout, IdleTimeout } from '../errors/failures.ts';
import { BodyTooLarge, raceIdle, readChunks } from '../http/body.ts';

export interface DownloadOptions {
  fetch: typeof fetch;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  signal?: AbortSignal | undefined;
  maxBytes: number;
}

/**
 * Fetches an image that the service returned as a URL, with the same timeouts as API calls. No key is sent:
 * the URL may point anywhere. `data:` URLs are decoded by fetch itself.
 */
export async function downloadBytes(url: string, opts: DownloadOptions): Promise<Uint8Array> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ApiError({
      kind: 'invalid-response',
      message: `the image URL is not a URL: '${url.slice(0, 80)}'`,
    });
  }
  if (!['http:', 'https:', 'data:'].includes(parsed.protocol)) {
    throw new ApiError({
      kind: 'invalid-response',
      message: `the image URL has an unsupported scheme ${parsed.protocol}`,
    });
  }
  const ctl = new AbortController();
  const onAbort = () => ctl.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let res: Response;
    try {
      res = await raceIdle(
        opts.fetch(url, { signal: ctl.signal }),
        opts.headersTimeoutMs,
        ctl.signal,
        () => new HeadersTimeout(opts.headersTimeoutMs),
      );
    } catch (e) {
      throw e instanceof HeadersTimeout || opts.signal?.aborted ? e : new ConnectionFailure('connect', e);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new ApiError({ kind: 'http', status: res.status, message: `downloading the image failed` });
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (res.body) {
      for await (const chunk of readChunks(res.body, {
        idleTimeoutMs: opts.idleTimeoutMs,
        signal: ctl.signal,
      })) {
        size += chunk.byteLength;
        if (size > opts.maxBytes) throw new BodyTooLarge(opts.maxBytes);
        chunks.push(chunk);
      }
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const host = parsed.protocol === 'data:' ? 'a data: URL' : parsed.host;
    if (opts.signal?.aborted)
      throw new ApiError({ kind: 'aborted', message: 'stopped before the images were downloaded' });
    if (e instanceof HeadersTimeout)
      throw new ApiError({
        kind: 'timeout-headers',
        message: `downloading the image from ${host}: ${e.message}`,
      });
    if (e instanceof IdleTimeout)
      throw new ApiError({
        kind: 'timeout-idle',
        message: `downloading the image from ${host}: ${e.message}`,
      });
    if (e instanceof ConnectionFailure)
      throw new ApiError({ kind: 'connection', message: `downloading the image from ${host}: ${e.message}` });
    if (e instanceof BodyTooLarge)
      throw new ApiError({ kind: 'invalid-response', message: `downloading the image: ${e.message}` });
    throw e;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    ctl.abort();
  }
}
