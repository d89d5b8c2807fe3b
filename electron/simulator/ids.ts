// Identifiers in each vendor's style. Random: only reply texts need to be predictable.
import { randomBytes } from 'node:crypto';

export function newId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`;
}

/** Base64url without padding, for ids that real services write that way (generate content). */
export function newOpaqueId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

export function unixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
