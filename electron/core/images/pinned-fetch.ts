// A GET that connects to an address already checked (download.ts), never resolving the host name again:
// fetch() would ask DNS a second time, and a name may answer a public address to the check and an internal
// one to the connection. TLS still verifies the certificate against the host name.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';

/** Fetches `url` (http or https) from `address`; redirects come back as they are (3xx with Location). */
export type PinnedFetch = (url: URL, address: string, init: { signal: AbortSignal }) => Promise<Response>;

/** Statuses whose response has no body (a Response refuses one). */
const NO_BODY = new Set([204, 205, 304]);

function toResponse(res: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one);
  }
  const status = res.statusCode ?? 502;
  if (NO_BODY.has(status)) {
    res.resume();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, headers });
}

export const nodePinnedFetch: PinnedFetch = (url, address, { signal }) =>
  new Promise((resolve, reject) => {
    const family = isIP(address) === 6 ? 6 : 4;
    // net.connect asks this instead of DNS (with `all` when it may try several families)
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all === true)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address, family },
        ]);
      else callback(null, address, family);
    };
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, { method: 'GET', signal, lookup, headers: { accept: 'image/*' } }, (res) =>
      resolve(toResponse(res)),
    );
    req.on('error', reject);
    req.end();
  });
