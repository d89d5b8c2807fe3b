// The wire vocabulary the client core, the simulator and the conformance check all speak: header names,
// the messages version, how each key family carries its key, and the JSON object guard. Only words and
// one way of carrying a key live here; each side keeps its own parsing (the simulator stays an
// independent oracle of the client, see docs/decisions/).
import type { Interface, KeyFamily } from './formats.ts';

/** The path of every interface with a fixed one (spec §2), below the service's root. */
export const FIXED_PATHS = {
  models: '/v1/models',
  chat: '/v1/chat/completions',
  responses: '/v1/responses',
  images: '/v1/images/generations',
  messages: '/v1/messages',
} as const satisfies Record<Exclude<Interface, 'generate'>, string>;

/** The images interface's edits (a multipart form); its exchanges are the images interface's. */
export const IMAGE_EDITS_PATH = '/v1/images/edits';

/** Generate content names its model in the path: `/v1beta/models/{model}:generateContent`. */
export const GENERATE_PATH_PREFIX = '/v1beta/models/';
export const GENERATE_METHOD = ':generateContent';
export const GENERATE_STREAM_METHOD = ':streamGenerateContent';
/** What a streamed generate-content request adds, so the service answers in server-sent events. */
export const GENERATE_STREAM_QUERY = 'alt=sse';

/** The interface an address (or path) belongs to; `models` when it is none of the others. */
export function interfaceOfPath(urlOrPath: string): Interface {
  if (urlOrPath.includes('/v1beta/')) return 'generate';
  if (urlOrPath.includes(IMAGE_EDITS_PATH)) return 'images';
  for (const [iface, path] of Object.entries(FIXED_PATHS)) {
    if (iface !== 'models' && urlOrPath.includes(path)) return iface as Interface;
  }
  return 'models';
}

/** The `anthropic-version` every messages request carries (spec §5). */
export const MESSAGES_VERSION = '2023-06-01';
export const MESSAGES_VERSION_HEADER = 'anthropic-version';
/** The bearer family's key header. */
export const BEARER_KEY_HEADER = 'Authorization';
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
      return { headers: { [BEARER_KEY_HEADER]: `Bearer ${key}` } };
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

/** One server-sent event as it travels: the optional `event:` name and the `data:` text. */
export interface SseEvent {
  event?: string;
  data: string;
}

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
