import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/index.ts';
import { pngSize } from '../../electron/simulator/png.ts';
import {
  bearer,
  drain,
  generatePath,
  JSON_HEADERS,
  jsonEvents,
  messagesHeaders,
  post,
  readEvents,
  readSse,
} from './helpers.ts';
import type { Fault, RunningSimulator } from '../../electron/simulator/index.ts';
import type { ParsedEvent } from './helpers.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterEach(() => sim.faults.clear());
afterAll(() => sim.close());

const CHAT = { model: 'gpt-5-mini', messages: [{ role: 'user', content: 'fault' }] };
const MESSAGE = {
  model: 'claude-haiku-4-5',
  max_tokens: 100,
  messages: [{ role: 'user', content: 'fault' }],
};
const CONTENTS = { contents: [{ role: 'user', parts: [{ text: 'fault' }] }] };

function chat(stream = false): Promise<Response> {
  return post(sim, '/v1/chat/completions', { ...CHAT, stream });
}
function messages(stream = false): Promise<Response> {
  return post(sim, '/v1/messages', { ...MESSAGE, stream }, messagesHeaders());
}
function responses(stream = false): Promise<Response> {
  return post(sim, '/v1/responses', { model: 'gpt-4.1', input: 'fault', stream });
}
function generate(stream = false): Promise<Response> {
  return post(sim, generatePath('gemini-2.5-flash', undefined, stream), CONTENTS, JSON_HEADERS);
}

/** Resolves to 'silent' when nothing arrives for `ms`: the only way to observe a stall is to wait for it. */
async function silentFor(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
): Promise<'silent' | 'data'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<'silent'>((resolve) => {
    timer = setTimeout(() => resolve('silent'), ms);
  });
  const next = reader.read().then(
    () => 'data' as const,
    () => 'data' as const,
  );
  const result = await Promise.race([silence, next]);
  clearTimeout(timer);
  return result;
}

describe('fault queue', () => {
  it('applies a fault to the next `times` matching requests, then serves normally', async () => {
    sim.faults.add({ kind: 'status', status: 500, times: 2, match: { interface: 'chat' } });
    expect(sim.faults.pending()).toBe(2);
    expect((await messages()).status).toBe(200); // does not match
    expect((await chat()).status).toBe(500);
    expect(sim.faults.pending()).toBe(1);
    expect((await chat()).status).toBe(500);
    expect((await chat()).status).toBe(200);
    expect(sim.faults.pending()).toBe(0);
  });

  it('matches on stream, and clear() drops everything queued', async () => {
    sim.faults.add({ kind: 'status', status: 503, match: { stream: true } });
    expect((await chat(false)).status).toBe(200);
    expect((await chat(true)).status).toBe(503);
    sim.faults.add({ kind: 'status', status: 503 });
    sim.faults.clear();
    expect(sim.faults.pending()).toBe(0);
    expect((await chat()).status).toBe(200);
  });

  it('refuses a fault with a bad times', () => {
    expect(() => sim.faults.add({ kind: 'status', status: 500, times: 0 })).toThrow(TypeError);
  });
});

describe('answering faults', () => {
  it('status: vendor error shape and the retry headers', async () => {
    sim.faults.add({
      kind: 'status',
      status: 429,
      retryAfter: '2',
      retryAfterMs: 1500,
      shouldRetry: true,
      message: 'slow down',
    });
    const res = await chat();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('retry-after-ms')).toBe('1500');
    expect(res.headers.get('x-should-retry')).toBe('true');
    expect((await res.json()).error).toEqual({
      message: 'slow down',
      type: 'rate_limit_error',
      param: null,
      code: 'rate_limit_exceeded',
    });

    sim.faults.add({ kind: 'status', status: 529, shouldRetry: false });
    const overloaded = await messages();
    expect(overloaded.status).toBe(529);
    expect(overloaded.headers.get('x-should-retry')).toBe('false');
    expect((await overloaded.json()).error.type).toBe('overloaded_error');

    sim.faults.add({ kind: 'status', status: 503 });
    const unavailable = await generate();
    expect((await unavailable.json()).error).toMatchObject({ code: 503, status: 'UNAVAILABLE' });
  });

  it('html: a gateway page', async () => {
    sim.faults.add({ kind: 'html', status: 502 });
    const res = await chat();
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(await res.text()).toContain('<h1>502 Bad Gateway</h1>');
  });

  it('text: a plain body, possibly empty', async () => {
    sim.faults.add({ kind: 'text', status: 504, body: '' });
    const res = await responses();
    expect(res.status).toBe(504);
    expect(await res.text()).toBe('');
  });

  it('slowHeaders: the headers wait', async () => {
    sim.faults.add({ kind: 'slowHeaders', ms: 120 });
    const started = performance.now();
    const res = await chat();
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(res.status).toBe(200);
  });

  it('bigBody: a valid reply of the requested size', async () => {
    sim.faults.add({ kind: 'bigBody', bytes: 200_000 });
    const text = await (await chat()).text();
    expect(Buffer.byteLength(text)).toBe(200_000);
    expect(JSON.parse(text).object).toBe('chat.completion');
  });
});

describe('non-streamed body faults', () => {
  it('reset: the connection is cut mid-body', async () => {
    sim.faults.add({ kind: 'reset', afterEvents: 0 });
    await expect(chat().then((r) => r.text())).rejects.toThrow();
  });

  it('truncate and badJson: 200 with a body that is not JSON', async () => {
    for (const kind of ['truncate', 'badJson'] as const) {
      sim.faults.add({ kind, afterEvents: 0 });
      const res = await chat();
      expect(res.status).toBe(200);
      await expect(res.json()).rejects.toThrow();
    }
  });

  it('errorEvent: 200 with an error body', async () => {
    sim.faults.add({ kind: 'errorEvent', afterEvents: 0 });
    const res = await messages();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
  });
});

describe('stream faults', () => {
  it('slowStream: events are spaced out', async () => {
    sim.faults.add({ kind: 'slowStream', ms: 15 });
    const started = performance.now();
    const events = await readSse(await chat(true));
    expect(events.length).toBeGreaterThan(5);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15 * (events.length - 1) - 5);
  });

  it('slowStream: a client that gives up mid-stream leaves the simulator serving', async () => {
    sim.faults.add({ kind: 'slowStream', ms: 5_000 });
    const controller = new AbortController();
    const res = await fetch(`${sim.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: bearer(),
      body: JSON.stringify({ ...CHAT, stream: true }),
      signal: controller.signal,
    });
    const { events, reader } = await readEvents(res, 1);
    expect(events).toHaveLength(1);
    controller.abort();
    await expect(drain(reader)).rejects.toThrow();
    expect((await chat()).status).toBe(200);
  });

  it('truncate: ends cleanly without the final event of each format', async () => {
    const finals: Array<[() => Promise<Response>, (events: ParsedEvent[]) => boolean]> = [
      [() => chat(true), (e) => e.some((x) => x.data === '[DONE]')],
      [() => messages(true), (e) => e.some((x) => x.event === 'message_stop')],
      [() => responses(true), (e) => e.some((x) => x.event === 'response.completed')],
      [() => generate(true), (e) => e.some((x) => x.data.includes('finishReason'))],
    ];
    for (const [request, hasFinal] of finals) {
      sim.faults.add({ kind: 'truncate', afterEvents: 1000 });
      const events = await readSse(await request());
      expect(events.length).toBeGreaterThan(3);
      expect(hasFinal(events)).toBe(false);
    }
    sim.faults.add({ kind: 'truncate', afterEvents: 2 });
    expect(await readSse(await chat(true))).toHaveLength(2);
  });

  it('badJson: one data line is not JSON, the rest of the stream still comes', async () => {
    sim.faults.add({ kind: 'badJson', afterEvents: 2 });
    const events = await readSse(await messages(true));
    const broken = events.filter((e) => {
      try {
        JSON.parse(e.data);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken).toHaveLength(1);
    expect(events.indexOf(broken[0] as (typeof events)[number])).toBe(2);
    expect(events.at(-1)?.event).toBe('message_stop');
  });

  it('errorEvent: HTTP 200 then the format error event', async () => {
    sim.faults.add({ kind: 'errorEvent', afterEvents: 3, times: 4 });
    const msg = await readSse(await messages(true));
    expect(msg).toHaveLength(4);
    expect(msg[3]?.event).toBe('error');
    expect(JSON.parse(msg[3]?.data ?? '')).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error' },
    });

    const resp = await readSse(await responses(true));
    expect(resp.map((e) => e.event).slice(3)).toEqual(['error', 'response.failed']);
    const payloads = jsonEvents(resp);
    expect(payloads.map((p) => p['sequence_number'])).toEqual([0, 1, 2, 3, 4]);
    expect(payloads[4]).toMatchObject({ response: { status: 'failed' } });

    const chatEvents = jsonEvents(await readSse(await chat(true)));
    expect(chatEvents.at(-1)).toMatchObject({ error: { type: 'server_error' } });
    const gen = jsonEvents(await readSse(await generate(true)));
    expect(gen.at(-1)).toMatchObject({ error: { code: 503, status: 'UNAVAILABLE' } });
  });

  it('reset: the socket is destroyed after N events', async () => {
    sim.faults.add({ kind: 'reset', afterEvents: 3 });
    const { events, reader } = await readEvents(await responses(true), 3);
    expect(events).toHaveLength(3);
    await expect(drain(reader)).rejects.toThrow();
  });

  it('stall: N events, then silence until close() ends it', async () => {
    const own = await startSimulator();
    own.faults.add({ kind: 'stall', afterEvents: 2 });
    const res = await post(own, '/v1/chat/completions', { ...CHAT, stream: true }, bearer());
    const { events, reader } = await readEvents(res, 2);
    expect(events).toHaveLength(2);
    expect(await silentFor(reader, 150)).toBe('silent');
    await own.close();
    await expect(drain(reader)).rejects.toThrow();
  });

  it('bigBody on a stream: one long but valid data line', async () => {
    sim.faults.add({ kind: 'bigBody', bytes: 100_000 });
    const events = await readSse(await chat(true));
    expect(events[0]?.data.length).toBe(100_000);
    expect(JSON.parse(events[0]?.data ?? '').object).toBe('chat.completion.chunk');
  });
});

describe('image faults', () => {
  async function imageData(fault: Fault): Promise<string> {
    sim.faults.add(fault);
    const res = await post(sim, '/v1/images/generations', {
      model: 'gpt-image-1',
      prompt: 'p',
      size: '1024x1024',
    });
    expect(res.status).toBe(200);
    return (await res.json()).data[0].b64_json as string;
  }

  it('imageBadBase64: data that is not base64', async () => {
    expect(await imageData({ kind: 'imageBadBase64' })).not.toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
  });

  it('imageNotAnImage: valid base64 of bytes that are no image', async () => {
    const bytes = Buffer.from(await imageData({ kind: 'imageNotAnImage' }), 'base64');
    expect(bytes.length).toBeGreaterThan(0);
    expect(pngSize(bytes)).toBeUndefined();
  });

  it('imageCutBody: a PNG cut before its end', async () => {
    const bytes = Buffer.from(await imageData({ kind: 'imageCutBody' }), 'base64');
    expect(pngSize(bytes)).toEqual({ width: 1024, height: 1024 });
    expect(bytes.includes(Buffer.from('IEND'))).toBe(false);
  });
});

describe('closing', () => {
  it('close() ends a request waiting on slow headers', async () => {
    const own = await startSimulator();
    own.faults.add({ kind: 'slowHeaders', ms: 60_000 });
    const pending = post(own, '/v1/chat/completions', CHAT, bearer());
    // The request is waiting once the simulator has recorded it.
    await expect.poll(() => own.requests.length).toBe(1);
    await own.close();
    await expect(pending).rejects.toThrow();
  });
});
