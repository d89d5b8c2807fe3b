/** Standard base64 (RFC 4648 §4), padded; line breaks are tolerated, anything else is refused. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes base64 strictly: returns null for anything that is not well-formed base64. */
export function decodeBase64Strict(text: string): Uint8Array | null {
  const s = text.replace(/[\r\n]/g, '');
  if (s.length === 0 || s.length % 4 !== 0 || !BASE64.test(s)) return null;
  const bytes = Buffer.from(s, 'base64');
  // Buffer ignores bad trailing bits; re-encoding shows whether the text was canonical.
  if (bytes.toString('base64') !== s) return null;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
