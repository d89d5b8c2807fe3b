// The simulator's own reader of a multipart/form-data body (RFC 7578), for POST /v1/images/edits: text
// fields and files, by name, in the order sent. One forward pass over the bytes: each boundary is searched
// for from where the last one ended, never again from the start.
import { invalidRequest, type SimError } from './errors.ts';

export interface FormFile {
  /** the field's name, as sent (`image`, `image[]`, `mask`) */
  name: string;
  filename: string;
  /** the part's Content-Type, lower case; empty when the client sent none */
  type: string;
  bytes: Buffer;
}

export interface Form {
  /** text fields; a name sent twice keeps both values, in order */
  fields: Map<string, string[]>;
  files: FormFile[];
}

/** At most this many parts: 16 images, a mask and every field the edits endpoint reads, with room. */
const MAX_PARTS = 64;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary a Content-Type names, or undefined when it is not multipart/form-data. */
export function formBoundary(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const [kind, ...params] = contentType.split(';');
  if (kind?.trim().toLowerCase() !== 'multipart/form-data') return undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    const value = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    // RFC 2046: 1 to 70 characters
    return value.length >= 1 && value.length <= 70 ? value : undefined;
  }
  return undefined;
}

/** `name="x"` and `filename="y"` of a Content-Disposition value (quoted strings with \" escapes). */
function dispositionParams(value: string): Map<string, string> {
  const out = new Map<string, string>();
  const pattern = /;\s*([A-Za-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (const m of value.matchAll(pattern)) {
    const key = (m[1] ?? '').toLowerCase();
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
    if (!out.has(key)) out.set(key, raw);
  }
  return out;
}

function partHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The form a body holds, or the 400 that says why it holds none. */
export function parseForm(body: Buffer, boundary: string): Form | SimError {
  const fields = new Map<string, string[]>();
  const files: FormFile[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  let at = body.indexOf(delimiter);
  if (at < 0) return invalidRequest('The multipart body holds no part with its boundary.');
  at += delimiter.length;
  for (let parts = 0; ; parts++) {
    // after a delimiter: "--" closes the body, CRLF opens a part
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return { fields, files };
    if (!body.subarray(at, at + 2).equals(CRLF)) return invalidRequest('The multipart body is malformed.');
    if (parts >= MAX_PARTS) return invalidRequest(`The multipart body has more than ${MAX_PARTS} parts.`);
    const headerEnd = body.indexOf(HEADER_END, at + 2);
    if (headerEnd < 0) return invalidRequest('A part of the multipart body has no end of headers.');
    const headers = partHeaders(body.toString('utf8', at + 2, headerEnd));
    const contentStart = headerEnd + HEADER_END.length;
    const next = body.indexOf(between, contentStart);
    if (next < 0) return invalidRequest('The multipart body ends before its closing boundary.');
    const content = body.subarray(contentStart, next);
    at = next + between.length;
    const disposition = headers.get('content-disposition') ?? '';
    if (!/^form-data\b/i.test(disposition)) {
      return invalidRequest('Each part of the form needs a Content-Disposition: form-data header.');
    }
    const params = dispositionParams(disposition);
    const name = params.get('name');
    if (name === undefined || name === '') return invalidRequest('A part of the form has no name.');
    const filename = params.get('filename');
    if (filename === undefined) {
      const values = fields.get(name);
      if (values) values.push(content.toString('utf8'));
      else fields.set(name, [content.toString('utf8')]);
    } else {
      const type = (headers.get('content-type') ?? '').toLowerCase();
      files.push({ name, filename, type, bytes: Buffer.from(content) });
    }
  }
}
