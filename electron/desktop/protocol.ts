import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import {
  attachmentHeaders,
  downloadNameFor,
  lookupAsset,
  parseAttachmentPath,
  parseMediaPath,
} from '../host/assets.ts';
import type { HostCore } from '../host/host-core.ts';
import { CONTENT_SECURITY_POLICY } from '../host/csp.ts';
import { APP_ORIGIN, APP_SCHEME } from './app-origin.ts';

/**
 * The renderer is served from `app://quartet/`, a privileged standard scheme, instead of file://: it
 * gets a real origin (for CSP 'self', the IPC sender check and navigation rules) and only the files of
 * dist/renderer are reachable. Must be registered before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // standard: a real origin (CSP 'self', relative URLs); secure: a secure context; supportFetchAPI: the
    // page may fetch its own images. Not corsEnabled (which would let other origins read it), not
    // bypassCSP.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export interface AppProtocolOptions {
  rendererDir: string;
  core: HostCore;
}

export function setupProtocol(options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(options));
}

const BASE_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Answers app:// requests: `/media/image|thumb/<id>` from the app core, every other path from
 * `rendererDir` (`/` = index.html). The path is taken from the raw URL, not from a parsed one, so that
 * `..` and `%2e%2e` are seen (and refused with 403) instead of being silently resolved.
 */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed.');
    const rawPath = rawPathOf(request.url);
    if (rawPath === null) return text(404, 'Not found.');

    const media = parseMediaPath(rawPath);
    if (media) {
      const file = await options.core.imageFile(media.id, media.variant);
      const bytes = file ? await readFile(file.path).catch(() => null) : null;
      if (!file || !bytes) return text(404, 'No such image.');
      const headers: Record<string, string> = {
        ...BASE_HEADERS,
        'Content-Type': file.mime,
        'Cache-Control': 'no-cache',
      };
      if (new URL(request.url).searchParams.get('download') === '1') {
        headers['Content-Disposition'] = `attachment; filename="${downloadNameFor(media.id, file.mime)}"`;
      }
      return new Response(request.method === 'HEAD' ? null : bytes, { status: 200, headers });
    }
    const attachment = parseAttachmentPath(rawPath);
    if (attachment) {
      const file = await options.core.attachmentFile(attachment.id);
      const bytes = file ? await readFile(file.path).catch(() => null) : null;
      if (!file || !bytes) return text(404, 'No such file.');
      const download = new URL(request.url).searchParams.get('download') === '1';
      return new Response(request.method === 'HEAD' ? null : bytes, {
        status: 200,
        headers: { ...BASE_HEADERS, ...attachmentHeaders(file, attachment.id, download) },
      });
    }
    if (rawPath.startsWith('/media/')) return text(404, 'No such image.');

    const asset = await lookupAsset(options.rendererDir, rawPath);
    if (asset.kind === 'forbidden') return text(403, 'Forbidden path.');
    if (asset.kind === 'missing') return text(404, 'Not found.');
    const bytes = await readFile(asset.path);
    return new Response(request.method === 'HEAD' ? null : bytes, {
      status: 200,
      headers: { ...BASE_HEADERS, 'Content-Type': asset.contentType, 'Cache-Control': 'no-cache' },
    });
  };
}

/** The path of an `app://quartet/...` URL exactly as requested, or null for any other host. */
function rawPathOf(url: string): string | null {
  const prefix = `${APP_ORIGIN}/`;
  if (!url.toLowerCase().startsWith(prefix)) return null;
  const rest = url.slice(prefix.length - 1);
  return rest.split(/[?#]/)[0] ?? '/';
}

function text(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
