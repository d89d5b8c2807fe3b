import { ConnectionFailure } from '../errors/failures.ts';

const MAX_REDIRECTS = 5;

/** A redirect the client refuses to follow; the message names where it pointed. */
export class CrossOriginRedirect extends Error {
  readonly to: string;
  constructor(to: string) {
    super(
      `the service redirected to another address (${to}); Quartet does not follow it, because the request ` +
        `carries your key (fetch would drop Authorization but keep x-api-key, and the generate key sits in the URL)`,
    );
    this.name = 'CrossOriginRedirect';
    this.to = to;
  }
}

/**
 * fetch that follows redirects only within the request's own origin. Keys travel in headers and in the
 * query, so a redirect to any other origin (or from https to http) would hand them over: it is refused.
 * 307/308 keep the method and body; 301/302/303 become a GET without one, as browsers do.
 */
export async function fetchSameOrigin(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<Response> {
  let current = url;
  let request: RequestInit = { ...init, redirect: 'manual' };
  for (let hops = 0; ; hops++) {
    const res = await fetchImpl(current, request);
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null) return res;
    const target = new URL(location, current);
    if (target.origin !== new URL(current).origin) {
      await res.body?.cancel().catch(() => undefined);
      throw new CrossOriginRedirect(target.origin);
    }
    if (hops >= MAX_REDIRECTS) {
      await res.body?.cancel().catch(() => undefined);
      throw new ConnectionFailure('connect', new Error(`more than ${MAX_REDIRECTS} redirects`));
    }
    await res.body?.cancel().catch(() => undefined);
    if (res.status !== 307 && res.status !== 308) {
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      request = { ...request, method: 'GET', headers, body: null };
    }
    current = target.href;
  }
}
