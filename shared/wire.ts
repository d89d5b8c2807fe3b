// The wire vocabulary the client core, the simulator and the conformance check all speak: header names,
// the messages version, how each key family carries its key, and the JSON object guard. Only words and
// one way of carrying a key live here; each side keeps its own parsing (the simulator stays an
// independent oracle of the client, see docs/decisions/).
import type { KeyFamily } from './formats.ts';

/** The `anthropic-version` every messages request carries (spec §5). */
export const MESSAGES_VERSION = '2023-06-01';
export const MESSAGES_VERSION_HEADER = 'anthropic-version';
/** The messages family's key header. */
export const MESSAGES_KEY_HEADER = 'x-api-key';
/** The generate-content family's key: the spec's query parameter, and the header its official client sends. */
export const GENERATE_KEY_PARAM = 'key';
export const GENERATE_KEY_HEADER = 'x-goog-api-key';

/** Where a family's key goes: headers to add, and a query parameter (generate content) to append. */
export function keyCarrier(
  family: KeyFamily,
  key: string,
): { headers: Record<string, string>; query?: { name: string; value: string } } {
  switch (family) {
    case 'bearer':
      return { headers: { Authorization: `Bearer ${key}` } };
    case 'messages':
      return { headers: { [MESSAGES_KEY_HEADER]: key, [MESSAGES_VERSION_HEADER]: MESSAGES_VERSION } };
    case 'generate':
      return { headers: {}, query: { name: GENERATE_KEY_PARAM, value: key } };
  }
}

/** `url` with one more query parameter, whether or not it already has some. */
export function withQueryParam(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${value}`;
}

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
