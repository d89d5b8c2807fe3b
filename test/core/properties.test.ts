import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, readEvents, type SseEvent } from '../../electron/core/index.ts';
import { appendStreamedParts } from '../../electron/core/formats/generate.ts';
import { base64Forms, createStreamRedactor } from '../../electron/core/http/redact.ts';
import { splitStream } from './helpers/fake-fetch.ts';

const enc = new TextEncoder();

async function collect(body: ReadableStream<Uint8Array>): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const ev of readEvents(body, { idleTimeoutMs: 5_000 })) out.push(ev);
  return out;
}

// Data without line breaks (a data line cannot hold one), any Unicode, including astral characters.
const dataArb = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, ' '));
const eventArb = fc.record(
  { event: fc.constantFrom('message_start', 'content_block_delta', 'ping'), data: dataArb },
  { requiredKeys: ['data'] },
);

describe('properties', () => {
  it('SSE: any events, any line endings, any split points give the same events', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (events, eol, cuts) => {
          const text = events
            .map(
              (e) => `${e.event !== undefined ? `event: ${e.event}${eol}` : ''}data: ${e.data}${eol}${eol}`,
            )
            .join('');
          const bytes = enc.encode(text);
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const got = await collect(splitStream(bytes, points));
          // The parser drops one leading space after "data:", as the SSE standard says.
          const want = events.map((e) => ({
            ...(e.event !== undefined ? { event: e.event } : {}),
            data: e.data,
          }));
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('redaction: a key of 6+ characters never survives, in any of its forms', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 6, maxLength: 40 }),
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 30 }),
        (key, before, after) => {
          fc.pre(key.trim() === key);
          const redact = createRedactor([key]);
          const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(4, '0');
          const forms = [
            key,
            encodeURIComponent(key),
            encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
            JSON.stringify(key).slice(1, -1),
            JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/'),
            key
              .split('')
              .map((c) => `\\u${hex(c)}`)
              .join(''),
            ...base64Forms(key),
          ];
          for (const form of forms) {
            const out = redact(`${before}${form}${after}`);
            expect(out).not.toContain(form);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('redaction while streaming: a key split across deltas anywhere is never shown, and nothing is lost', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/),
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (key, before, after, cuts) => {
          const redact = createRedactor([key]);
          const whole = `${before}${key}${after}${encodeURIComponent(key).toLowerCase()}`;
          const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...at, whole.length]
            .slice(1)
            .map((end, i, ends) => whole.slice(i ? ends[i - 1] : 0, end));
          const stream = createStreamRedactor(redact);
          const shown = pieces.map((p) => stream.push(p));
          shown.push(stream.flush());
          for (const piece of shown) expect(piece).not.toContain(key);
          expect(shown.join('')).toBe(redact(whole));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('generate parts: appending keeps every signed part as received and the text in order', () => {
    const partArb = fc.oneof(
      fc.record({ text: fc.string({ maxLength: 5 }) }),
      fc.record({ text: fc.string({ maxLength: 5 }), thought: fc.constant(true) }),
      fc.record({
        text: fc.string({ maxLength: 5 }),
        thoughtSignature: fc.base64String({ minLength: 4, maxLength: 12 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(partArb, { maxLength: 3 }), { maxLength: 10 }), (chunks) => {
        const into: Record<string, unknown>[] = [];
        for (const c of chunks) appendStreamedParts(into, c);
        const flat = chunks.flat();
        const textOf = (parts: Record<string, unknown>[], thought: boolean) =>
          parts
            .filter((p) => (p['thought'] === true) === thought)
            .map((p) => p['text'])
            .join('');
        expect(textOf(into, false)).toBe(textOf(flat, false));
        expect(textOf(into, true)).toBe(textOf(flat, true));
        expect(into.filter((p) => 'thoughtSignature' in p)).toEqual(
          flat.filter((p) => 'thoughtSignature' in p),
        );
      }),
      { numRuns: 300 },
    );
  });
});
