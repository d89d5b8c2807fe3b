import { ApiError } from '../errors/api-error.ts';
import { ConnectionFailure, HeadersTimeout, IdleTimeout } from '../errors/failures.ts';
import { BodyTooLarge, raceIdle, readChunks } from '../http/body.ts';
import { addressesOf, isInternalAddress, systemLookup, type Lookup } from './address-guard.ts';
import { nodePinnedFetch, type PinnedFetch } from './pinned-fetch.ts';

export interface DownloadOptions {
  /** decodes `data:` URLs (no connection is made for them) */
  fetch: typeof fetch;
  /** fetches an http(s) URL from the address that was checked; node's http/https when absent */
  pinnedFetch?: PinnedFetch;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  signal?: AbortSignal | undefined;
  maxBytes: number;
  /**
   * The connection's own origin (scheme, host, port): the one place an image URL may be on this machine or
   * a private network, as a local service hands out its own addresses. Any other URL must be public.
   */
  serviceOrigin: string;
  lookup?: Lookup;
}

const MAX_REDIRECTS = 5;

/**
 * The address to connect to for `url`, resolved once: every address the name has must be public (a service
 * must not be able to make Quartet fetch from the user's own machine or network: a router page, cloud
 * metadata), except on the connection's own origin. The connection then goes to this very address, so a
 * name that answers a public address to the check and an internal one to a second lookup gains nothing.
 */
async function checkedAddress(url: URL, opts: DownloadOptions): Promise<string> {
  let addresses: string[];
  try {
    addresses = await addressesOf(url, opts.lookup ?? systemLookup);
  } catch (e) {
    throw new ConnectionFailure('connect', e);
  }
  const first = addresses[0];
  if (first !== undefined && url.origin === opts.serviceOrigin) return first;
  const internal = addresses.find(isInternalAddress);
  if (internal !== undefined || first === undefined) {
    throw new ApiError({
      kind: 'invalid-response',
      message: `the image URL points at ${url.host} (${internal ?? 'no address'}), an address on this machine or a private network; Quartet only downloads images from public addresses, or from the service's own address`,
    });
  }
  return first;
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
    let current = parsed;
    for (let hops = 0; ; hops++) {
      const address = current.protocol === 'data:' ? undefined : await checkedAddress(current, opts);
      try {
        res = await raceIdle(
          address === undefined
            ? opts.fetch(current.href, { signal: ctl.signal, redirect: 'manual' })
            : (opts.pinnedFetch ?? nodePinnedFetch)(current, address, { signal: ctl.signal }),
          opts.headersTimeoutMs,
          ctl.signal,
          () => new HeadersTimeout(opts.headersTimeoutMs),
        );
      } catch (e) {
        throw e instanceof HeadersTimeout || opts.signal?.aborted ? e : new ConnectionFailure('connect', e);
      }
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (location === null) break;
      await res.body?.cancel().catch(() => undefined);
      if (hops >= MAX_REDIRECTS) {
        throw new ApiError({
          kind: 'invalid-response',
          message: `the image URL redirected more than ${MAX_REDIRECTS} times`,
        });
      }
      // each hop is checked again: a public address may redirect to an internal one
      current = new URL(location, current);
      if (!['http:', 'https:'].includes(current.protocol)) {
        throw new ApiError({
          kind: 'invalid-response',
          message: `the image URL redirected to an unsupported scheme ${current.protocol}`,
        });
      }
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
