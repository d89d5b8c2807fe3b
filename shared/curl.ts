import type { Exchange } from './exchange.ts';
import { familyOf, type KeyFamily } from './formats.ts';
import { BEARER_KEY_HEADER, MESSAGES_KEY_HEADER } from './wire.ts';

/**
 * A runnable curl command for an exchange record. The key is never in it, neither real nor redacted: it is
 * read from an environment variable of the key's family, so the command can be shared safely.
 */
export const CURL_KEY_VARIABLES: Record<KeyFamily, string> = {
  bearer: 'QUARTET_CHAT_API_KEY',
  messages: 'QUARTET_MESSAGES_API_KEY',
  generate: 'QUARTET_GENERATE_API_KEY',
};

/** Headers that carry the key, or that curl sets by itself. */
const DROPPED_HEADERS = new Set([
  BEARER_KEY_HEADER.toLowerCase(),
  MESSAGES_KEY_HEADER,
  'content-length',
  'host',
]);

/** One shell word in single quotes: nothing inside is expanded. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The URL without its `key` query parameter. */
function withoutKeyParam(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '' && p.split('=')[0] !== 'key');
  return kept.length > 0 ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

export function toCurl(exchange: Exchange): string {
  const family = familyOf(exchange.interface);
  const variable = CURL_KEY_VARIABLES[family];
  const lines: string[] = [];
  const base = withoutKeyParam(exchange.url);
  const url =
    family === 'generate'
      ? // Only the variable is in double quotes: inside them an interactive bash still expands `!`, so a
        // model id like `gem!ni` would trigger history expansion.
        `${shellQuote(`${base}${base.includes('?') ? '&' : '?'}key=`)}"$${variable}"`
      : shellQuote(base);
  lines.push(
    `curl${exchange.streamed ? ' -N' : ''}${exchange.method === 'GET' ? '' : ` -X ${exchange.method}`} ${url}`,
  );
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (DROPPED_HEADERS.has(name.toLowerCase())) continue;
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (family === 'bearer') lines.push(`-H "${BEARER_KEY_HEADER}: Bearer $${variable}"`);
  if (family === 'messages') lines.push(`-H "${MESSAGES_KEY_HEADER}: $${variable}"`);
  if (exchange.requestBody !== undefined && exchange.method !== 'GET') {
    lines.push(`--data-raw ${shellQuote(exchange.requestBody)}`);
  }
  return lines.join(' \\\n  ');
}
