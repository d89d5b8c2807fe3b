import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExchangeRecorder } from '../../electron/core/http/exchange-recorder.ts';
import { base64Forms, createRedactor, redactAll } from '../../electron/core/http/redact.ts';
import { hostWork, resetHostWork } from '../../electron/core/work.ts';

/**
 * PROVES: a stream's exchange record (what the inspector shows) holds no key in any form, even when the
 * events are redacted all at once and a long event is cut right through a key; redacting many strings at
 * once gives exactly what redacting each one gives.
 */

const KEY = 'sk-test-0123456789abcdefXYZ';

function recorder() {
  return new ExchangeRecorder({
    interface: 'chat',
    method: 'POST',
    url: 'http://127.0.0.1/v1/chat/completions',
    headers: { Authorization: `Bearer ${KEY}` },
    body: '{"stream":true}',
    streamed: true,
    redact: createRedactor([KEY]),
  });
}

describe('the exchange record of a stream', () => {
  it('hides the key in every event that echoes it, in any form, and keeps the other events as they came', () => {
    const rec = recorder();
    rec.startAttempt();
    const echoes = [
      `{"delta":"your key is ${KEY}"}`,
      `{"delta":"${KEY.replaceAll('-', '\\u002d')}"}`,
      `{"delta":"${encodeURIComponent(KEY).replace('-', '%2d')}"}`,
      `{"delta":"${base64Forms(KEY)[0]}"}`,
    ];
    const clean = ['{"delta":"Hello"}', '{"delta":" world"}', '[DONE]'];
    for (const data of [clean[0]!, ...echoes, clean[1]!, clean[2]!]) rec.event(undefined, data);
    const events = rec.finish().events!.map((e) => e.data);
    expect(events).toHaveLength(7);
    expect([events[0], events[5], events[6]]).toEqual(clean);
    for (const data of events.slice(1, 5)) {
      expect(data).toContain('••••');
      expect(data).not.toContain('0123456789');
      expect(data).not.toContain(base64Forms(KEY)[0]);
    }
    expect(rec.record.requestHeaders?.['Authorization']).toBe(`Bearer ••••fXYZ`);
  });

  it('cuts a very long event after redacting it, so the cut never leaves the start of a key', () => {
    const rec = recorder();
    rec.startAttempt();
    // the key starts 6 characters before the 64 KiB an event keeps
    rec.event(undefined, `${'x'.repeat(64 * 1024 - 6)}${KEY} and more`);
    const [event] = rec.finish().events!;
    expect(event!.data).toMatch(/more chars not recorded>$/);
    expect(event!.data).not.toContain(KEY.slice(0, 6));
  });

  it('records nothing of a key in a non-streamed body or the reply headers either', () => {
    const rec = recorder();
    rec.startAttempt();
    rec.headers(200, new Headers({ 'x-echo': KEY, 'content-type': 'application/json' }));
    rec.bodyText(`{"text":"${KEY}"}`);
    const x = rec.finish();
    expect(x.responseHeaders).toEqual({ 'x-echo': '••••fXYZ', 'content-type': 'application/json' });
    expect(x.responseBody).toBe('{"text":"••••fXYZ"}');
  });
});

describe('the exchange record of a long stream', () => {
  it('keeps the first and the last events with a marker between, every one redacted, in bounded size', () => {
    const rec = recorder();
    rec.startAttempt();
    const total = 30_000;
    for (let i = 0; i < total; i++) {
      // a key now and then, in the head, in the part left out and in the tail
      const data = i % 997 === 0 ? `{"i":${i},"echo":"${KEY}"}` : `{"i":${i},"delta":"w${i}\\n\\n"}`;
      rec.event(i % 2 === 0 ? 'message' : undefined, data);
    }
    const events = rec.finish().events!;
    const joined = JSON.stringify(events);
    expect(joined).not.toContain('0123456789');
    expect(joined.length).toBeLessThan(2 * 1024 * 1024);
    const marker = events.findIndex((e) => e.data.includes('events not recorded'));
    expect(marker).toBeGreaterThan(0);
    const ids = events.filter((_, i) => i !== marker).map((e) => Number(/"i":(\d+)/.exec(e.data)?.[1]));
    // the head from the first event on, the tail up to the last, in order
    expect(ids[0]).toBe(0);
    expect(ids.at(-1)).toBe(total - 1);
    expect(ids.slice(marker)).toEqual(ids.slice(marker).map((_, k) => total - (ids.length - marker) + k));
    const left = Number(/<(\d+) events not recorded/.exec(events[marker]!.data)?.[1]);
    expect(left + ids.length).toBe(total);
  });
});

describe('the tail of a long stream', () => {
  it('redacts every kept event of a tail whose events are large, also when the tail is redacted part-way', () => {
    const rec = recorder();
    rec.startAttempt();
    const total = 3_001;
    for (let i = 0; i < total; i++) {
      // 2 KiB events: the head's budget ends early and the tail's unredacted events fill batches
      const pad = 'p'.repeat(2048);
      rec.event(
        i % 3 === 0 ? `ev-${KEY}` : 'delta',
        `{"i":${i},"echo":"${i % 2 === 0 ? KEY : ''}","pad":"${pad}"}`,
      );
    }
    const events = rec.finish().events!;
    const joined = JSON.stringify(events);
    expect(joined).not.toContain('0123456789');
    // the last event (3,000: a key in its text and its name) is kept, both hidden
    const last = events.at(-1)!;
    expect(last.data).toContain(`"i":3000,"echo":"••••fXYZ"`);
    expect(last.event).toBe('ev-••••fXYZ');
    expect(events.filter((e) => e.event?.startsWith('ev-')).length).toBeGreaterThan(50);
  });

  it('does not scan the events left out of the record: redaction stays the same from 10,000 to 100,000 events', () => {
    const scanned = (total: number) => {
      resetHostWork();
      const rec = recorder();
      rec.startAttempt();
      for (let i = 0; i < total; i++) rec.event(undefined, `{"choices":[{"delta":{"content":"w${i} "}}]}`);
      rec.finish();
      return hostWork.redactChars;
    };
    const small = scanned(10_000);
    const large = scanned(100_000);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeLessThan(small * 1.5);
  });
});

describe('redacting many strings at once', () => {
  it('gives what redacting each string gives', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{6,30}$/),
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (key, texts, withKey) => {
          const redact = createRedactor([key]);
          const strings = texts.map((t, i) =>
            withKey.some((w) => w % (texts.length || 1) === i) ? t + key : t,
          );
          expect(redactAll(strings, redact)).toEqual(strings.map(redact));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves strings shorter than any form of a key as they are, and still hides a key of exactly that length', () => {
    const redact = createRedactor(['abcdefgh']);
    expect(redact('abcdefg')).toBe('abcdefg');
    expect(redact('abcdefgh')).toBe('••••');
  });
});
