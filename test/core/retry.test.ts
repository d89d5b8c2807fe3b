import { describe, expect, it } from 'vitest';
import { backoffMs, decideRetry, parseRetryAfter, type RetryPolicy } from '../../electron/core/index.ts';
import { createServiceClient } from '../../electron/core/index.ts';
import type { Turn } from '../../shared/conversation.ts';
import type { Exchange } from '../../shared/exchange.ts';
import { failure } from './helpers/failure.ts';
import { fakeFetch, json, resettingStream, sse, text, type Scripted } from './helpers/fake-fetch.ts';

const policy: RetryPolicy = { maxRetries: 2, baseMs: 500, maxMs: 8000, random: () => 0 };
const H = (h: Record<string, string>) => new Headers(h);

describe('parseRetryAfter', () => {
  it('prefers retry-after-ms', () => {
    expect(parseRetryAfter(H({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
  });
  it('reads seconds, fractions included', () => {
    expect(parseRetryAfter(H({ 'retry-after': '2' }))).toBe(2000);
    expect(parseRetryAfter(H({ 'retry-after': '0.5' }))).toBe(500);
  });
  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter(H({ 'retry-after': 'Wed, 21 Oct 2015 07:28:03 GMT' }), now)).toBe(3000);
    expect(parseRetryAfter(H({ 'retry-after': 'Wed, 21 Oct 2015 07:27:00 GMT' }), now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(H({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(H({}))).toBeUndefined();
  });
});

describe('decideRetry', () => {
  it.each([408, 409, 429, 500, 502, 503, 504, 529])('retries HTTP %i', (status) => {
    expect(decideRetry({ kind: 'http', status }, 1, policy, false).retry).toBe(true);
  });
  it.each([400, 401, 403, 404, 413, 422])('does not retry HTTP %i', (status) => {
    expect(decideRetry({ kind: 'http', status }, 1, policy, false).retry).toBe(false);
  });
  it.each(['connection', 'timeout-headers', 'timeout-idle'] as const)('retries %s', (kind) => {
    expect(decideRetry({ kind }, 1, policy, false).retry).toBe(true);
  });
  it.each(['stream', 'invalid-response', 'aborted'] as const)('never retries %s', (kind) => {
    expect(decideRetry({ kind }, 1, policy, false).retry).toBe(false);
  });
  it('x-should-retry overrides the status both ways', () => {
    expect(
      decideRetry({ kind: 'http', status: 400, headers: H({ 'x-should-retry': 'true' }) }, 1, policy, false)
        .retry,
    ).toBe(true);
    expect(
      decideRetry({ kind: 'http', status: 503, headers: H({ 'x-should-retry': 'false' }) }, 1, policy, false)
        .retry,
    ).toBe(false);
  });
  it('stops after maxRetries', () => {
    expect(decideRetry({ kind: 'http', status: 503 }, 2, policy, false).retry).toBe(true);
    expect(decideRetry({ kind: 'http', status: 503 }, 3, policy, false).retry).toBe(false);
  });
  it('never retries once output reached the user', () => {
    expect(decideRetry({ kind: 'connection' }, 1, policy, true).retry).toBe(false);
    expect(
      decideRetry({ kind: 'http', status: 503, headers: H({ 'x-should-retry': 'true' }) }, 1, policy, true)
        .retry,
    ).toBe(false);
  });
  it('waits as asked, else backs off exponentially with a cap and up to 25% jitter', () => {
    expect(
      decideRetry({ kind: 'http', status: 429, headers: H({ 'retry-after': '3' }) }, 1, policy, false),
    ).toEqual({ retry: true, delayMs: 3000 });
    expect(
      decideRetry({ kind: 'http', status: 429, headers: H({ 'retry-after': '3600' }) }, 1, policy, false),
    ).toEqual({ retry: true, delayMs: 500 });
    expect([1, 2, 3, 4, 5, 6].map((r) => backoffMs(r, policy))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(backoffMs(1, { ...policy, random: () => 1 })).toBe(375);
  });
});

const user = (t: string): Turn => ({ id: 'u', role: 'user', text: t, status: 'complete', createdAt: 0 });
const OK = () =>
  json({ choices: [{ message: { role: 'assistant', content: 'fine' }, finish_reason: 'stop' }] });

function setup(...replies: Scripted[]) {
  const fake = fakeFetch(...replies);
  const delays: number[] = [];
  const exchanges: Exchange[] = [];
  const client = createServiceClient({
    baseUrl: 'http://127.0.0.1:1',
    keys: { default: 'test-key-0123456789' },
    fetch: fake.fetch,
    sleep: async (ms) => {
      delays.push(ms);
    },
    onExchange: (x) => exchanges.push(x),
  });
  return { fake, delays, exchanges, client };
}

describe('retries through the client (queued fake fetch)', () => {
  it('honours retry-after-ms, then retry-after seconds, then an HTTP date', async () => {
    const date = new Date(Date.now() + 60_000).toUTCString();
    const { client, delays, exchanges } = setup(
      json({ error: { message: 'slow down' } }, 429, { 'retry-after-ms': '120' }),
      json({ error: { message: 'slow down' } }, 429, { 'retry-after': '7' }),
      OK(),
    );
    const r = await client.sendTurn({
      format: 'chat',
      model: 'm',
      history: [user('hi')],
      params: { stream: false },
    });
    expect(r.text).toBe('fine');
    expect(delays).toEqual([120, 7000]);
    expect(r.exchange.attempts).toBe(3);
    expect(exchanges).toHaveLength(1);

    const second = setup(json({}, 503, { 'retry-after': date }), OK());
    await second.client.sendTurn({
      format: 'chat',
      model: 'm',
      history: [user('hi')],
      params: { stream: false },
    });
    expect(second.delays[0]).toBeGreaterThan(50_000);
    expect(second.delays[0]).toBeLessThanOrEqual(60_000);
  });

  it('gives up after 2 retries (3 attempts) and says how many attempts were made', async () => {
    const overloaded = () =>
      json({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 529);
    const { client, fake, delays, exchanges } = setup(overloaded(), overloaded(), overloaded(), OK());
    const e = await failure(
      client.sendTurn({ format: 'messages', model: 'm', history: [user('hi')], params: { stream: false } }),
    );
    expect(e.info).toMatchObject({
      kind: 'http',
      status: 529,
      vendorType: 'overloaded_error',
      attempts: 3,
      interface: 'messages',
    });
    expect(fake.calls).toHaveLength(3);
    expect(delays).toHaveLength(2);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.error?.attempts).toBe(3);
    expect(e.exchange?.id).toBe(e.info.exchangeId);
  });

  it('x-should-retry: false stops a retryable status; true retries a 400', async () => {
    const a = setup(json({ error: { message: 'no' } }, 503, { 'x-should-retry': 'false' }), OK());
    const e = await failure(
      a.client.sendTurn({ format: 'chat', model: 'm', history: [user('hi')], params: { stream: false } }),
    );
    expect(e.info.attempts).toBe(1);
    const b = setup(json({ error: { message: 'try again' } }, 400, { 'x-should-retry': 'true' }), OK());
    expect(
      (
        await b.client.sendTurn({
          format: 'chat',
          model: 'm',
          history: [user('hi')],
          params: { stream: false },
        })
      ).exchange.attempts,
    ).toBe(2);
  });

  it('retries a refused connection', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    });
    const { client } = setup(refused, OK());
    expect(
      (
        await client.sendTurn({
          format: 'chat',
          model: 'm',
          history: [user('hi')],
          params: { stream: false },
        })
      ).exchange.attempts,
    ).toBe(2);
    const all = setup(refused, refused, refused);
    const e = await failure(
      all.client.sendTurn({ format: 'chat', model: 'm', history: [user('hi')], params: { stream: false } }),
    );
    expect(e.info).toMatchObject({ kind: 'connection', attempts: 3 });
    expect(e.info.message).toBe('could not reach the service: the connection was refused (ECONNREFUSED)');
  });

  it('never retries once text was delivered, and keeps the partial text', async () => {
    const first = 'data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n';
    const { client, fake } = setup(sse(resettingStream(first)), OK());
    const seen: string[] = [];
    const e = await failure(
      client.sendTurn({
        format: 'chat',
        model: 'm',
        history: [user('hi')],
        params: { stream: true },
        onDelta: (d) => seen.push(d.text ?? ''),
      }),
    );
    expect(seen).toEqual(['Hel']);
    expect(fake.calls).toHaveLength(1);
    expect(e.info).toMatchObject({ kind: 'connection', attempts: 1 });
    expect(e.info.message).toMatch(/connection broke while reading the reply: the connection was reset/);
    expect(e.partial?.text).toBe('Hel');
    expect(e.exchange?.events).toHaveLength(1);
  });

  it('retries a stream that broke before any output', async () => {
    const { client, fake } = setup(sse(resettingStream(': nothing yet\n\n')), OK());
    const r = await client.sendTurn({
      format: 'chat',
      model: 'm',
      history: [user('hi')],
      params: { stream: true },
    });
    expect(r.text).toBe('fine');
    expect(fake.calls).toHaveLength(2);
  });

  it('does not retry a 200 whose content is wrong', async () => {
    const { client, fake } = setup(text('not json', 200), OK());
    const e = await failure(
      client.sendTurn({ format: 'chat', model: 'm', history: [user('hi')], params: { stream: false } }),
    );
    expect(e.info.kind).toBe('invalid-response');
    expect(fake.calls).toHaveLength(1);
  });
});
