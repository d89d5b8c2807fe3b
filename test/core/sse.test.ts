import { describe, expect, it } from 'vitest';
import { readEventBatches, readEvents, type SseEvent } from '../../electron/core/sse/read-events.ts';
import { createServiceClient } from '../../electron/core/index.ts';
import type { TextFormat } from '../../shared/formats.ts';
import type { Turn } from '../../shared/conversation.ts';
import { chunkedStream, fakeFetch, splitStream, sse } from './helpers/fake-fetch.ts';
import { crlf, STREAMS } from './helpers/recorded-streams.ts';

const enc = new TextEncoder();

async function collect(body: ReadableStream<Uint8Array>): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const ev of readEvents(body, { idleTimeoutMs: 5_000 })) out.push(ev);
  return out;
}

const FORMATS = Object.keys(STREAMS) as TextFormat[];
const ENDINGS = [
  ['\\n', (s: string) => s],
  ['\\r\\n', crlf],
] as const;

describe('readEvents', () => {
  for (const format of FORMATS) {
    for (const [name, endings] of ENDINGS) {
      const bytes = enc.encode(endings(STREAMS[format]));

      it(`${format} (${name}): one byte at a time gives the same events as one chunk`, async () => {
        const whole = await collect(splitStream(bytes, []));
        expect(whole.length).toBeGreaterThan(3);
        expect(await collect(chunkedStream(bytes, 1))).toEqual(whole);
      });

      it(`${format} (${name}): a split at every byte boundary gives the same events`, async () => {
        const whole = await collect(splitStream(bytes, []));
        for (let cut = 1; cut < bytes.length; cut++) {
          const got = await collect(splitStream(bytes, [cut]));
          if (JSON.stringify(got) !== JSON.stringify(whole)) {
            throw new Error(`split at byte ${cut} of ${bytes.length} changed the events`);
          }
        }
      });
    }
  }

  it('delivers a last event that lacks its closing blank line', async () => {
    expect(await collect(splitStream(enc.encode('data: {"a":1}\n\ndata: {"b":2}'), []))).toEqual([
      { data: '{"a":1}' },
      { data: '{"b":2}' },
    ]);
  });

  it('keeps event names and ignores comments', async () => {
    expect(await collect(splitStream(enc.encode(': keep-alive\nevent: ping\ndata: {}\n\n'), []))).toEqual([
      { event: 'ping', data: '{}' },
    ]);
  });

  it('fails with an idle timeout when the stream goes silent', async () => {
    const silent = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode('data: {"a":1}\n\n'));
      },
    });
    const seen: SseEvent[] = [];
    await expect(
      (async () => {
        for await (const ev of readEvents(silent, { idleTimeoutMs: 30 })) seen.push(ev);
      })(),
    ).rejects.toMatchObject({ name: 'IdleTimeout' });
    expect(seen).toEqual([{ data: '{"a":1}' }]);
  });
});

describe('readEventBatches', () => {
  it('hands over the events of one network read together, and never an empty batch', async () => {
    const text = 'data: {"a":1}\n\ndata: {"b":2}\n\ndata: {"c"';
    const body = splitStream(enc.encode(`${text}:3}\n\n: ping\n\n`), [text.length, text.length + 6]);
    const batches: SseEvent[][] = [];
    for await (const b of readEventBatches(body, { idleTimeoutMs: 5_000 })) batches.push(b);
    expect(batches).toEqual([[{ data: '{"a":1}' }, { data: '{"b":2}' }], [{ data: '{"c":3}' }]]);
  });
});

const user = (text: string): Turn => ({ id: 'u', role: 'user', text, status: 'complete', createdAt: 0 });

describe('streamed replies of each format, one byte per read', () => {
  for (const format of FORMATS) {
    for (const [name, endings] of ENDINGS) {
      it(`${format} (${name})`, async () => {
        const bytes = enc.encode(endings(STREAMS[format]));
        const fake = fakeFetch(sse(chunkedStream(bytes, 1)));
        const client = createServiceClient({
          baseUrl: 'http://127.0.0.1:1',
          keys: { default: 'k' },
          fetch: fake.fetch,
        });
        const deltas: string[] = [];
        const reply = await client.sendTurn({
          format,
          model: 'm',
          history: [user('hi')],
          params: { stream: true },
          onDelta: (d) => deltas.push(d.text ?? ''),
        });
        expect(reply.text).toBe('Héllo wörld 🌍');
        expect(deltas.join('')).toBe('Héllo wörld 🌍');
        expect(reply.exchange.events?.length).toBeGreaterThan(3);
        expect(reply.timings.firstTokenMs).toBeGreaterThanOrEqual(0);
      });
    }
  }
});
