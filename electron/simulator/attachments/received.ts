// What a user turn carried besides text: each attachment decoded and checked the way the real services do,
// then described in one fixed sentence that tests can build (README "Attachments").
import { invalidRequest } from '../errors.ts';
import { readImageInfo } from './image-size.ts';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const PDF_TYPE = 'application/pdf';
/**
 * The messages format refuses larger images. The real service counts the base64 text, not the decoded bytes
 * (its message: "image exceeds 5 MB maximum: 6275800 bytes > 5242880 bytes"), so a file over about
 * 3.75 MB is already refused.
 */
export const MESSAGES_IMAGE_MAX_BASE64 = 5 * 1024 * 1024;

/** One attachment as the simulator received it. */
export type ReceivedAttachment =
  | { kind: 'image'; mimeType: string; bytes: number; width: number; height: number }
  | { kind: 'pdf'; name?: string | undefined; bytes: number; pages: number }
  | { kind: 'text'; mimeType: string; name?: string | undefined; bytes: number }
  /** An http(s) image address: accepted, never fetched. */
  | { kind: 'image-url'; url: string };

const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Standard base64 with padding, nothing else (no whitespace, no URL-safe alphabet, no stray bits): what
 * decodes back to the same text. Node's own decoder skips anything it does not like, so it cannot judge.
 */
export function decodeBase64Strict(text: string, where: string): Buffer {
  const bytes = text.length % 4 === 0 && BASE64_CHARS.test(text) ? Buffer.from(text, 'base64') : undefined;
  if (bytes === undefined || bytes.toString('base64') !== text) {
    throw invalidRequest(`${where}: the data is not valid base64 (standard alphabet, with padding).`, where);
  }
  if (bytes.length === 0) throw invalidRequest(`${where}: the data is empty.`, where);
  return bytes;
}

export interface DataUrl {
  mimeType: string;
  bytes: Buffer;
}

/** `data:<type>[;params];base64,<data>`; undefined when `url` is not a data URL at all. */
export function parseDataUrl(url: string, where: string): DataUrl | undefined {
  if (!url.startsWith('data:')) return undefined;
  const comma = url.indexOf(',');
  const head = comma === -1 ? '' : url.slice(5, comma);
  const params = head.split(';');
  if (comma === -1 || params.at(-1) !== 'base64') {
    throw invalidRequest(`${where}: expected a base64 data URL (data:<type>;base64,<data>).`, where);
  }
  const mimeType = (params[0] ?? '').trim().toLowerCase();
  if (mimeType === '') throw invalidRequest(`${where}: the data URL names no media type.`, where);
  return { mimeType, bytes: decodeBase64Strict(url.slice(comma + 1), where) };
}

/** Whether `url` is an http(s) address (an image the simulator accepts but does not fetch). */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url);
}

/**
 * An image part. The declared type must be one the format takes; the bytes must be an image of a type the
 * format takes, though not necessarily the declared one (real services accept a PNG labelled JPEG).
 */
export function receiveImage(
  bytes: Buffer,
  declared: string,
  where: string,
  allowed: readonly string[] = IMAGE_TYPES,
): ReceivedAttachment {
  const type = declared.toLowerCase();
  if (!allowed.includes(type)) {
    throw invalidRequest(
      `${where}: unsupported image type '${declared}'; expected one of ${allowed.join(', ')}.`,
      where,
    );
  }
  const info = readImageInfo(bytes);
  if (info === undefined) {
    throw invalidRequest(
      `${where}: Could not process image: the ${bytes.length} bytes are not a PNG, JPEG, WebP or GIF image.`,
      where,
    );
  }
  if (!allowed.includes(info.mimeType)) {
    throw invalidRequest(
      `${where}: unsupported image type: the bytes are ${info.mimeType}; expected one of ${allowed.join(', ')}.`,
      where,
    );
  }
  return {
    kind: 'image',
    mimeType: info.mimeType,
    bytes: bytes.length,
    width: info.width,
    height: info.height,
  };
}

/** Page objects (`/Type /Page`, not the `/Pages` tree nodes); 0 when they sit in compressed streams. */
function countPages(bytes: Buffer): number {
  return bytes.toString('latin1').match(/\/Type\s*\/Page(?![A-Za-z0-9])/g)?.length ?? 0;
}

export function receivePdf(bytes: Buffer, where: string, name?: string): ReceivedAttachment {
  if (bytes.toString('latin1', 0, 5) !== '%PDF-') {
    throw invalidRequest(`${where}: The PDF specified was not valid: it does not start with %PDF-.`, where);
  }
  return { kind: 'pdf', name, bytes: bytes.length, pages: countPages(bytes) };
}

export function receiveText(
  bytes: Buffer,
  mimeType: string,
  where: string,
  name?: string,
): ReceivedAttachment {
  if (bytes.length === 0) throw invalidRequest(`${where}: the document is empty.`, where);
  return { kind: 'text', mimeType, name, bytes: bytes.length };
}

/** A file part (PDF or text) whose type came with it, as chat and responses send them. */
export function receiveFile(data: DataUrl, where: string, name?: string): ReceivedAttachment {
  if (data.mimeType === PDF_TYPE) return receivePdf(data.bytes, where, name);
  if (data.mimeType.startsWith('text/')) return receiveText(data.bytes, data.mimeType, where, name);
  throw invalidRequest(
    `${where}: unsupported file type '${data.mimeType}'; the simulator takes application/pdf and text/* files.`,
    where,
  );
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

function describeOne(a: ReceivedAttachment): string {
  const named = (head: string, name: string | undefined): string =>
    name === undefined || name === '' ? head : `${head} ${name}`;
  switch (a.kind) {
    case 'image':
      return `${a.mimeType} ${a.width}x${a.height} (${plural(a.bytes, 'byte')})`;
    case 'pdf':
      return `${named(PDF_TYPE, a.name)}${a.pages > 0 ? ` ${plural(a.pages, 'page')}` : ''} (${plural(a.bytes, 'byte')})`;
    case 'text':
      return `${named(a.mimeType, a.name)} (${plural(a.bytes, 'byte')})`;
    case 'image-url':
      return `image URL ${a.url} (not fetched)`;
  }
}

/** "2 images: image/png 64x64 (120 bytes); …": what a tool result carried beside its text. */
export function describeReceived(received: readonly ReceivedAttachment[], one: string): string {
  return `${plural(received.length, one)}: ${received.map(describeOne).join('; ')}`;
}

/**
 * The sentence a reply ends with when the last user turn carried attachments, e.g.
 * `Received 2 attachments: image/png 640x480 (12345 bytes); application/pdf report.pdf 2 pages (4567 bytes).`
 * Empty for none.
 */
export function attachmentSentence(received: readonly ReceivedAttachment[]): string {
  if (received.length === 0) return '';
  return `Received ${plural(received.length, 'attachment')}: ${received.map(describeOne).join('; ')}.`;
}
