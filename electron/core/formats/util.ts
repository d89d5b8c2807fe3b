import type { Params, ProviderPayload, Turn, Usage } from '../../../shared/conversation.ts';
import { StreamProblem, type Delta } from './types.ts';
import { parseVendorError } from '../errors/error-body.ts';
import { isRecord } from '../../../shared/wire.ts';
import { compact } from '../../../shared/compact.ts';
import { mergeExtraBody, parseExtraBody } from '../../../shared/extra-body.ts';

export type Json = Record<string, unknown>;

export function asRecord(v: unknown): Json {
  return isRecord(v) ? v : {};
}

export function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function asString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A string that says something: an empty string is no value (a first chunk may send `"model": ""`). */
export function asText(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function asNumber(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/**
 * What a stream event shows the user: its text and thought, empty ones left out; undefined when both are
 * empty. Built by hand rather than with compact(): it runs once per stream event.
 */
export function deltaOf(text: string | undefined, thought: string | undefined): Delta | undefined {
  if (text) return thought ? { text, thought } : { text };
  return thought ? { thought } : undefined;
}

/** A Usage, or undefined when no field is known. */
export function usageOf(u: Usage): Usage | undefined {
  const c = compact(u);
  return Object.keys(c).length > 0 ? c : undefined;
}

/** Parses one event's JSON data; malformed JSON is a stream problem. */
export function parseEventJson(data: string, what: string): Json {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    const shown = data.length > 60 ? `${data.slice(0, 60)}…` : data;
    throw new StreamProblem(`the stream sent an event that is not valid JSON (${what}): ${shown}`);
  }
  if (!isRecord(parsed))
    throw new StreamProblem(`the stream sent an event that is not a JSON object (${what})`);
  return parsed;
}

/** An error object inside a 2xx stream, in any of the vendor shapes. */
export function streamErrorFrom(data: Json, fallback: string): StreamProblem {
  const parsed = parseVendorError(data);
  const status = asNumber(asRecord(data['error'])['code']);
  return new StreamProblem(
    parsed?.message ?? fallback,
    compact({ vendorType: parsed?.vendorType, vendorCode: parsed?.vendorCode, status }),
  );
}

/**
 * The turns that go on the wire in `format`: assistant turns that failed are left out, and so are assistant
 * turns that carry nothing to replay (a refusal, an empty reply): the services refuse an empty assistant
 * message or a model turn without parts, and the user turns around it go as they are.
 */
export function replayableTurns(history: Turn[], format: ProviderPayload['format']): Turn[] {
  return history.filter((t) => {
    if (t.role === 'user') return true;
    if (t.status === 'error') return false;
    return t.text !== '' || payloadHasContent(rawFor(t, format));
  });
}

/** Whether a payload holds anything its format sends back (text, blocks, parts, message items). */
function payloadHasContent(raw: ProviderPayload | undefined): boolean {
  switch (raw?.format) {
    case undefined:
      return false;
    case 'chat':
      return raw.message.content !== '' || (raw.message.tool_calls?.length ?? 0) > 0;
    case 'responses':
      return raw.output.some(
        (item) => isRecord(item) && (item['type'] === 'message' || item['type'] === 'function_call'),
      );
    case 'messages':
      return raw.content.length > 0;
    case 'generate':
      return raw.parts.length > 0;
  }
}

/**
 * The raw payload of an assistant turn when it was produced by `format` and is complete. A partial reply's
 * payload may lack the signatures its format checks, so it is replayed as text.
 */
export function rawFor<F extends ProviderPayload['format']>(
  turn: Turn,
  format: F,
): Extract<ProviderPayload, { format: F }> | undefined {
  if (turn.status !== 'complete' || turn.raw?.format !== format) return undefined;
  return turn.raw as Extract<ProviderPayload, { format: F }>;
}

export function joinNonEmpty(parts: string[]): string | undefined {
  const joined = parts.join('');
  return joined === '' ? undefined : joined;
}

/**
 * The built body with the conversation's extra body merged over it (it wins; objects merge deeply). Only
 * the body: the key travels in a header or the query string, which nothing here can reach. Text the
 * schema refused never gets this far (validateTurnInput runs first).
 */
export function withExtraBody(body: Json, params: Params): Json {
  const extra = parseExtraBody(params.extraBody);
  return extra ? mergeExtraBody(body, extra) : body;
}

/** Far beyond any real reply's content blocks or tool calls; a larger streamed index is a broken reply. */
export const MAX_STREAM_INDEX = 10_000;

/**
 * A streamed `index` (a tool call's, a content block's) checked: a whole number from 0 to MAX_STREAM_INDEX,
 * or `fallback` when absent. Used as a key, never as an array position: one index of 4294967294 once made a
 * sparse array whose `filter` visited every slot and froze the host for minutes.
 */
export function streamIndex(value: unknown, fallback: number, what: string): number {
  if (value === undefined || value === null) return fallback;
  const n = asNumber(value);
  if (n === undefined || !Number.isInteger(n) || n < 0 || n > MAX_STREAM_INDEX) {
    throw new StreamProblem(
      `the stream sent ${what} index ${String(value).slice(0, 40)}, which no reply has`,
    );
  }
  return n;
}
