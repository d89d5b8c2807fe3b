/**
 * The app's own origin in Electron: the renderer is served from `app://quartet/` (see protocol.ts).
 *
 * Why not `new URL(u).origin`: for schemes Node does not know as "special" (app:, file:, javascript:,
 * data:) WHATWG URL reports the opaque origin "null", so `app://evil/` and even `javascript:` would all
 * compare equal to each other. Chromium knows `app:` is standard (we register it so); the main process's
 * URL parser does not, so the origin is rebuilt here from scheme and host, after parsing.
 */

export const APP_SCHEME = 'app';
export const APP_HOST = 'quartet';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** `scheme://host[:port]` of a URL, or null if it does not parse or has no host. */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== 'null') return parsed.origin;
  if (!parsed.host) return null;
  return `${parsed.protocol}//${parsed.host}`;
}

/** The URL belongs to the app (same scheme and host, compared as a whole origin). */
export function isAppUrl(url: string): boolean {
  return originOf(url) === APP_ORIGIN;
}

/** Only http(s) links leave the app, to the system browser; never file:, javascript:, custom schemes. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
