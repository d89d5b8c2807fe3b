import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Maps request paths to files of the built renderer (dist/renderer), for both hosts: the browser host's
 * HTTP server and Electron's app:// protocol. Every path is decoded once, refused if any segment climbs
 * (`..`, also when percent-encoded), hides (dotfiles), or smuggles a separator (`\`, NUL, encoded `/`),
 * then resolved and checked again against the real path of the folder, so a symlink cannot lead out.
 */

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(file: string): string {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export type AssetLookup =
  | { kind: 'file'; path: string; size: number; contentType: string }
  /** the path tried to leave the folder or was malformed: a 403, and worth no further look */
  | { kind: 'forbidden' }
  | { kind: 'missing' };

/**
 * The file a URL pathname (already stripped of its query) names inside `root`, without touching the disk.
 * `/` and paths ending in `/` mean index.html.
 */
export function resolveAssetPath(root: string, pathname: string): { ok: true; path: string } | { ok: false } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return { ok: false };
  // An encoded slash would have been one segment before decoding: refuse rather than reinterpret.
  if (/%2f|%5c/i.test(pathname)) return { ok: false };
  const segments = decoded.split('/').slice(1);
  if (segments.some((s) => s === '..' || s === '.' || s.startsWith('.'))) return { ok: false };
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const base = path.resolve(root);
  const full = path.resolve(base, `.${relative}`);
  if (full !== base && !full.startsWith(base + path.sep)) return { ok: false };
  return { ok: true, path: full };
}

/** Looks the file up on disk: a regular file whose real path is still inside the real `root`. */
export async function lookupAsset(root: string, pathname: string): Promise<AssetLookup> {
  const resolved = resolveAssetPath(root, pathname);
  if (!resolved.ok) return { kind: 'forbidden' };
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(resolved.path)]);
    if (!realFile.startsWith(realRoot + path.sep)) return { kind: 'forbidden' };
    const info = await stat(realFile);
    if (!info.isFile()) return { kind: 'missing' };
    return { kind: 'file', path: realFile, size: info.size, contentType: contentTypeFor(realFile) };
  } catch {
    return { kind: 'missing' };
  }
}

/** Image ids as the store makes them; anything else never reaches the app core. */
export const MEDIA_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** `/media/image/<id>` or `/media/thumb/<id>`, else null. */
export function parseMediaPath(pathname: string): { id: string; variant: 'full' | 'thumb' } | null {
  const m = /^\/media\/(image|thumb)\/([^/]+)$/.exec(pathname);
  if (!m?.[1] || !m[2] || !MEDIA_ID.test(m[2])) return null;
  return { id: m[2], variant: m[1] === 'thumb' ? 'thumb' : 'full' };
}

/** `/media/attachment/<id>` (a file attached to a message), else null. */
export function parseAttachmentPath(pathname: string): { id: string } | null {
  const m = /^\/media\/attachment\/([^/]+)$/.exec(pathname);
  if (!m?.[1] || !MEDIA_ID.test(m[1])) return null;
  return { id: m[1] };
}

/**
 * The headers of an attached file: the type the core chose (never one the page's origin would run), no
 * sniffing, and a download unless it may show inline (images, text as text/plain) or the page asked for one.
 */
export function attachmentHeaders(
  file: { mime: string; inline: boolean; downloadName: string },
  id: string,
  download: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': file.mime,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-cache',
    // a document opened on its own (a PDF, text) runs nothing and reaches nothing of the page's origin
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
  if (download || !file.inline)
    headers['Content-Disposition'] = contentDisposition(file.downloadName, id, file.mime);
  return headers;
}

/**
 * An attachment header naming the file: the stored name (date and prompt start, any script) as RFC 6266
 * `filename*`, and an ASCII `filename` for clients that read only that one.
 */
export function contentDisposition(name: string | undefined, id: string, mime: string): string {
  if (name === undefined) return `attachment; filename="${downloadNameFor(id, mime)}"`;
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_');
  if (name === ascii) return `attachment; filename="${ascii}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A download name that is safe in any header and on any filesystem: `quartet-<id>.<ext>`. */
export function downloadNameFor(id: string, mime: string): string {
  const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }[mime] ?? 'bin';
  return `quartet-${id.replace(/[^A-Za-z0-9_-]/g, '_')}.${ext}`;
}
