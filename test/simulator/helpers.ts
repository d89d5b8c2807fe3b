// Shared helpers of the simulator tests: requests in each family's auth style, and an SSE reader.
import { SANDBOX_KEY } from '../../electron/simulator/index.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

export const JSON_HEADERS = { 'content-type': 'application/json' };

export function bearer(key: string = SANDBOX_KEY): Record<string, string> {
  return { ...JSON_HEADERS, authorization: `Bearer ${key}` };
}

export function messagesHeaders(key: string = SANDBOX_KEY): Record<string, string> {
  return { ...JSON_HEADERS, 'x-api-key': key, 'anthropic-version': '2023-06-01' };
}

export function generatePath(model: string, key: string = SANDBOX_KEY, stream = false): string {
  const method = stream ? 'streamGenerateContent' : 'generateContent';
  const query = stream ? `alt=sse&key=${encodeURIComponent(key)}` : `key=${encodeURIComponent(key)}`;
  return `/v1beta/models/${encodeURIComponent(model)}:${method}?${query}`;
}

export function post(
  sim: RunningSimulator,
  path: string,
  body: unknown,
  headers: Record<string, string> = bearer(),
): Promise<Response> {
  return fetch(`${sim.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export interface ParsedEvent {
  event: string | undefined;
  /** The raw data line(s). */
  data: string;
}

/** Splits a complete SSE text into events; accepts LF and CRLF line ends. */
export function parseSse(text: string): ParsedEvent[] {
  const events: ParsedEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    if (block.trim() === '') continue;
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    events.push({ event, data: data.join('\n') });
  }
  return events;
}

/** The JSON payloads of a stream's events, skipping the chat format's [DONE]. */
export function jsonEvents(events: ParsedEvent[]): Array<Record<string, unknown>> {
  return events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Record<string, unknown>);
}

export async function readSse(response: Response): Promise<ParsedEvent[]> {
  return parseSse(await response.text());
}

/**
 * Reads a stream until `count` complete events have arrived, then returns them with the reader still
 * open, so a test can observe what happens next (a stall, a reset) without sleeping.
 */
export async function readEvents(
  response: Response,
  count: number,
): Promise<{ events: ParsedEvent[]; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const body = response.body;
  if (!body) throw new Error('no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const complete = text.split(/\r?\n\r?\n/).length - 1;
    if (complete >= count) return { events: parseSse(text).slice(0, count), reader };
    const { done, value } = await reader.read();
    if (done) throw new Error(`stream ended after ${complete} events`);
    text += decoder.decode(value, { stream: true });
  }
}

/** Everything left in a body; rejects when the connection is cut. */
export async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}
