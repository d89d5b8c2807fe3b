import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ClientOptions, type TurnReply } from '../../electron/core/index.ts';
import {
  SANDBOX_KEY,
  simulatedReply,
  startSimulator,
  type Fault,
  type RunningSimulator,
} from '../../electron/simulator/index.ts';
import type { Params, Turn } from '../../shared/conversation.ts';
import { describeError } from '../../shared/errors.ts';
import type { Exchange } from '../../shared/exchange.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { failure } from './helpers/failure.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.faults.clear();
});

const MODEL: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-4.1',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};
const FORMATS = Object.keys(MODEL) as TextFormat[];

let seq = 0;
const user = (text: string): Turn => ({
  id: `u${++seq}`,
  role: 'user',
  text,
  status: 'complete',
  createdAt: seq,
});
const fromReply = (r: TurnReply): Turn => ({
  id: `a${++seq}`,
  role: 'assistant',
  text: r.text,
  ...(r.thoughts !== undefined ? { thoughts: r.thoughts } : {}),
  raw: r.raw,
  status: 'complete',
  createdAt: seq,
});

function client(opts: Partial<ClientOptions> = {}) {
  const exchanges: Exchange[] = [];
  const c = createServiceClient({
    baseUrl: `${sim.baseUrl}/v1`,
    keys: { default: SANDBOX_KEY },
    retryBaseMs: 5,
    retryMaxMs: 20,
    onExchange: (x) => exchanges.push(x),
    ...opts,
  });
  return { c, exchanges };
}

const ask = (
  format: TextFormat,
  history: Turn[],
  params: Partial<Params> = {},
  opts: Partial<ClientOptions> = {},
) => {
  const { c, exchanges } = client(opts);
  const deltas: string[] = [];
  const thoughts: string[] = [];
  const promise = c.sendTurn({
    format,
    model: MODEL[format],
    history,
    params: { stream: false, ...params },
    onDelta: (d) => {
      if (d.text) deltas.push(d.text);
      if (d.thought) thoughts.push(d.thought);
    },
  });
  return { promise, deltas, thoughts, exchanges };
};

describe('every interface against the simulator', () => {
  it('lists the models', async () => {
    const { c, exchanges } = client();
    const { models, exchange } = await c.listModels();
    expect(models.map((m) => m.id)).toEqual(
      expect.arrayContaining(['gpt-5-mini', 'claude-sonnet-4-5', 'gemini-2.5-pro', 'gpt-image-1']),
    );
    expect(exchanges).toEqual([exchange]);
    expect(exchange.status).toBe(200);
  });

  for (const format of FORMATS) {
    for (const stream of [false, true]) {
      it(`${format}, ${stream ? 'streaming' : 'one body'}`, async () => {
        // paced, so that the events arrive in reads of their own: the events of one read are one delta
        const prompt = stream ? 'hello there [[gap:2]]' : 'hello there';
        const { promise, deltas, exchanges } = ask(format, [user(prompt)], {
          stream,
          maxTokens: 2000,
        });
        const r = await promise;
        expect(r.text).toBe(simulatedReply(prompt, MODEL[format], 1));
        expect(r.raw.format).toBe(format);
        expect(r.usage?.input).toBeGreaterThan(0);
        expect(r.usage?.output).toBeGreaterThan(0);
        expect(r.finishReason).toBeTruthy();
        expect(r.model).toBe(MODEL[format]);
        expect(exchanges).toEqual([r.exchange]);
        expect(r.exchange.attempts).toBe(1);
        if (stream) {
          expect(deltas.length).toBeGreaterThan(3);
          expect(deltas.join('')).toBe(r.text);
          expect(r.exchange.events?.length).toBeGreaterThan(3);
          expect(r.timings.firstTokenMs).toBeLessThanOrEqual(r.timings.totalMs!);
        } else {
          expect(r.exchange.responseBody).toContain('Reply 1');
        }
      });
    }
  }

  it('a multi-turn conversation in each format replays the history', async () => {
    for (const format of FORMATS) {
      const history = [user('first question')];
      const first = await ask(format, history).promise;
      history.push(fromReply(first), user('second question'));
      const second = await ask(format, history, { stream: true }).promise;
      expect(second.text, format).toBe(simulatedReply('second question', MODEL[format], 2));
    }
  });

  it('images: real PNG bytes with the real size, and a size the service adjusted', async () => {
    const { c } = client();
    const exact = await c.generateImages({
      model: 'gpt-image-1',
      prompt: 'a lighthouse',
      size: '1024x1536',
      quality: 'low',
    });
    expect(exact.images[0]).toMatchObject({
      format: 'png',
      width: 1024,
      height: 1536,
      reportedSize: '1024x1536',
      sizeAdjusted: false,
    });
    const adjusted = await c.generateImages({
      model: 'gpt-image-1',
      prompt: 'a lighthouse',
      size: '800x600',
      n: 2,
    });
    expect(adjusted.images).toHaveLength(2);
    for (const img of adjusted.images) {
      expect(img).toMatchObject({ requestedSize: '800x600', sizeAdjusted: true });
      expect(`${img.width}x${img.height}`).toBe(img.reportedSize);
    }
    expect(adjusted.exchange.responseBody).toMatch(/base64 chars elided/);
  });
});

describe('thought signatures survive multi-turn generate content', () => {
  for (const stream of [false, true]) {
    it(`three turns with thoughts (${stream ? 'streaming' : 'one body'})`, async () => {
      const params = { stream, includeThoughts: true, thinkingBudget: -1 };
      const history: Turn[] = [];
      for (const [i, prompt] of ['one', 'two', 'three'].entries()) {
        history.push(user(prompt));
        const r = await ask('generate', history, params).promise;
        expect(r.text).toBe(simulatedReply(prompt, MODEL.generate, i + 1));
        expect(r.thoughts).toMatch(new RegExp(`on turn ${i + 1}`));
        expect(r.text).not.toContain('The user wrote');
        if (r.raw.format !== 'generate') throw new Error('wrong raw');
        expect(r.raw.parts.some((p) => typeof p['thoughtSignature'] === 'string')).toBe(true);
        history.push(fromReply(r));
      }
    });
  }

  // As the service: a text part's signature is not checked (clients join streamed text and move it); a
  // function call's is, strictly (test/simulator/tools.test.ts, "generate content signatures on calls").
  it('a text turn whose signatures were altered or dropped still goes on', async () => {
    const history = [user('one')];
    const first = await ask('generate', history, { stream: true, includeThoughts: true }).promise;
    if (first.raw.format !== 'generate') throw new Error('wrong raw');
    expect(first.raw.parts.some((p) => typeof p['thoughtSignature'] === 'string')).toBe(true);
    const altered = first.raw.parts.map((p) =>
      typeof p['thoughtSignature'] === 'string'
        ? { ...p, thoughtSignature: `x${String(p['thoughtSignature'])}` }
        : p,
    );
    const dropped = first.raw.parts.filter((p) => p['thoughtSignature'] === undefined);
    for (const parts of [altered, dropped]) {
      const turn: Turn = { ...fromReply(first), raw: { format: 'generate', parts } };
      const next = await ask('generate', [...history, turn, user('two')], { stream: true }).promise;
      expect(next.text).not.toBe('');
    }
  });

  it('messages thinking blocks go back with their signatures', async () => {
    const params = { maxTokens: 4000, thinkingBudget: 2048 };
    const history = [user('think first')];
    const first = await ask('messages', history, { ...params, stream: true }).promise;
    expect(first.thoughts).toMatch(/think first/);
    if (first.raw.format !== 'messages') throw new Error('wrong raw');
    expect(first.raw.content[0]).toMatchObject({ type: 'thinking', signature: expect.any(String) });
    history.push(fromReply(first), user('then answer'));
    const second = await ask('messages', history, params).promise;
    expect(second.text).toBe(simulatedReply('then answer', MODEL.messages, 2));
  });
});

describe('key groups', () => {
  it('a messages-only key works for messages and lists models, and fails clearly for chat', async () => {
    const keys = { default: 'sim-messages-key' };
    const ok = await ask('messages', [user('hi')], {}, { keys }).promise;
    expect(ok.text).toContain('Reply 1');
    const { c } = client({ keys });
    const { models } = await c.listModels({ family: 'messages' });
    expect(models.map((m) => m.id)).toContain('claude-haiku-4-5');
    // In its own slot, the key is the one the model list picks by itself.
    const own = client({ keys: { messages: 'sim-messages-key' } });
    expect((await own.c.listModels()).exchange.requestHeaders['x-api-key']).toBe('••••-key');
    const e = await failure(ask('chat', [user('hi')], {}, { keys }).promise);
    expect(e.info).toMatchObject({ kind: 'http', status: 401, interface: 'chat', attempts: 1 });
    expect(describeError(e.info)).toMatch(/^chat: HTTP 401.*does not support chat completions/);
  });

  it('family keys override the default key', async () => {
    const keys = { default: 'sim-bearer-key', generate: 'sim-generate-key' };
    expect((await ask('generate', [user('hi')], {}, { keys }).promise).text).toContain('Reply 1');
    expect((await ask('chat', [user('hi')], {}, { keys }).promise).text).toContain('Reply 1');
  });

  it('keys never appear in exchange records, even unknown keys echoed back', async () => {
    const key = 'sk-unknown-SECRET-9999';
    const { promise, exchanges } = ask('generate', [user('hi')], {}, { keys: { default: key } });
    const e = await failure(promise);
    expect(e.info.status).toBe(401);
    const all = JSON.stringify([exchanges, e.info, e.message]);
    expect(all).not.toContain('SECRET');
    expect(exchanges[0]!.url).toContain('key=••••9999');
    const sandbox = ask('messages', [user('hi')], { stream: true });
    await sandbox.promise;
    expect(JSON.stringify(sandbox.exchanges)).not.toContain(SANDBOX_KEY);
    expect(sandbox.exchanges[0]!.requestHeaders['x-api-key']).toBe('••••dbox');
  });
});

describe('faults: attempts, what the user sees, partial text kept', () => {
  const run = (
    fault: Fault,
    format: TextFormat,
    params: Partial<Params> = {},
    opts: Partial<ClientOptions> = {},
  ) => {
    sim.faults.add(fault);
    return ask(format, [user('tell me something')], params, opts);
  };

  it('429 with retry-after-ms, then success', async () => {
    const { promise, exchanges } = run({ kind: 'status', status: 429, retryAfterMs: 10 }, 'chat');
    const r = await promise;
    expect(r.exchange.attempts).toBe(2);
    expect(exchanges).toHaveLength(1);
  });

  it('429 with retry-after in seconds, then success', async () => {
    const r = await run({ kind: 'status', status: 429, retryAfter: '0' }, 'responses').promise;
    expect(r.exchange.attempts).toBe(2);
  });

  it('529 overloaded three times: gives up after 3 attempts with the vendor message', async () => {
    const { promise, exchanges } = run({ kind: 'status', status: 529, times: 3 }, 'messages');
    const e = await failure(promise);
    expect(e.info).toMatchObject({ kind: 'http', status: 529, vendorType: 'overloaded_error', attempts: 3 });
    expect(describeError(e.info)).toMatch(/^messages: HTTP 529 \(overloaded_error\): /);
    expect(exchanges).toHaveLength(1);
    expect(sim.faults.pending()).toBe(0);
  });

  it('x-should-retry: false is obeyed', async () => {
    const e = await failure(run({ kind: 'status', status: 503, shouldRetry: false }, 'generate').promise);
    expect(e.info).toMatchObject({ kind: 'http', status: 503, vendorType: 'UNAVAILABLE', attempts: 1 });
  });

  it('a 502 HTML page every time', async () => {
    const e = await failure(run({ kind: 'html', status: 502, times: 3 }, 'chat').promise);
    expect(e.info.attempts).toBe(3);
    expect(describeError(e.info)).toBe(
      "chat: HTTP 502: the gateway answered with an HTML page: '502 Bad Gateway'",
    );
  });

  it('a plain-text 400', async () => {
    const e = await failure(run({ kind: 'text', status: 400, body: 'bad things happened' }, 'chat').promise);
    expect(describeError(e.info)).toBe(
      "chat: HTTP 400: the service answered with plain text: 'bad things happened'",
    );
    expect(e.info.attempts).toBe(1);
  });

  it('headers slower than the timeout: retried', async () => {
    const r = await run({ kind: 'slowHeaders', ms: 2_000 }, 'chat', {}, { headersTimeoutMs: 100 }).promise;
    expect(r.exchange.attempts).toBe(2);
    const e = await failure(
      run({ kind: 'slowHeaders', ms: 2_000, times: 3 }, 'chat', {}, { headersTimeoutMs: 100 }).promise,
    );
    expect(e.info).toMatchObject({ kind: 'timeout-headers', attempts: 3 });
  });

  it('a slow stream within the idle timeout still completes', async () => {
    const { promise, deltas } = run({ kind: 'slowStream', ms: 5 }, 'messages', { stream: true });
    const r = await promise;
    expect(deltas.join('')).toBe(r.text);
  });

  for (const format of FORMATS) {
    it(`${format}: a stalled stream ends in an idle timeout, partial text kept, not retried`, async () => {
      const { promise, deltas } = run(
        { kind: 'stall', afterEvents: 6 },
        format,
        { stream: true },
        { idleTimeoutMs: 150 },
      );
      const e = await failure(promise);
      expect(e.info).toMatchObject({ kind: 'timeout-idle', attempts: 1, interface: format });
      expect(e.partial?.text).toBe(deltas.join(''));
      expect(e.partial?.text.length).toBeGreaterThan(0);
      expect(e.exchange?.events?.length).toBe(6);
    });

    it(`${format}: a reset mid-stream is a connection error with the partial text`, async () => {
      const e = await failure(run({ kind: 'reset', afterEvents: 6 }, format, { stream: true }).promise);
      expect(e.info).toMatchObject({ kind: 'connection', attempts: 1 });
      expect(e.partial?.text.length).toBeGreaterThan(0);
    });

    it(`${format}: a stream without its final event is incomplete`, async () => {
      const e = await failure(run({ kind: 'truncate', afterEvents: 6 }, format, { stream: true }).promise);
      expect(e.info).toMatchObject({ kind: 'stream', attempts: 1 });
      expect(e.info.message).toMatch(/ended before its final event/);
      expect(e.partial?.text.length).toBeGreaterThan(0);
    });

    it(`${format}: invalid JSON in an event`, async () => {
      const e = await failure(run({ kind: 'badJson', afterEvents: 6 }, format, { stream: true }).promise);
      expect(e.info).toMatchObject({ kind: 'stream', attempts: 1 });
      expect(e.info.message).toMatch(/not valid JSON/);
      expect(e.partial?.text.length).toBeGreaterThan(0);
    });

    it(`${format}: HTTP 200 followed by an error event`, async () => {
      const e = await failure(run({ kind: 'errorEvent', afterEvents: 6 }, format, { stream: true }).promise);
      expect(e.info).toMatchObject({ kind: 'stream', attempts: 1, interface: format });
      expect(e.info.message).toMatch(/overloaded|failed|error/i);
      expect(e.partial?.text.length).toBeGreaterThan(0);
    });
  }

  it('a stall before any output is retried', async () => {
    const r = await run({ kind: 'stall', afterEvents: 0 }, 'chat', { stream: true }, { idleTimeoutMs: 100 })
      .promise;
    expect(r.exchange.attempts).toBe(2);
  });

  it('a non-streamed body cut by a reset is retried', async () => {
    const r = await run({ kind: 'reset', afterEvents: 0 }, 'responses').promise;
    expect(r.exchange.attempts).toBe(2);
  });

  it('a non-streamed 200 that carries an error', async () => {
    const e = await failure(run({ kind: 'errorEvent', afterEvents: 0 }, 'messages').promise);
    expect(e.info).toMatchObject({ kind: 'stream', vendorType: 'overloaded_error', attempts: 1 });
  });

  it('big bodies and big events are read', async () => {
    const r = await run({ kind: 'bigBody', bytes: 3_000_000 }, 'chat').promise;
    expect(r.text).toContain('Reply 1');
    expect(r.exchange.responseBody!.length).toBeLessThan(600_000);
    const s = await run({ kind: 'bigBody', bytes: 1_000_000 }, 'generate', { stream: true }).promise;
    expect(s.text).toContain('Reply 1');
  });

  it.each([
    [{ kind: 'imageBadBase64' } as const, /b64_json is not valid base64/],
    [{ kind: 'imageNotAnImage' } as const, /is not a PNG, JPEG or WebP image/],
    [{ kind: 'imageCutBody' } as const, /is cut short/],
  ])('images: %j', async (fault, message) => {
    sim.faults.add(fault);
    const { c, exchanges } = client();
    const e = await failure(c.generateImages({ model: 'gpt-image-1', prompt: 'x' }));
    expect(e.info).toMatchObject({ kind: 'invalid-response', interface: 'images', attempts: 1 });
    expect(e.info.message).toMatch(message);
    expect(exchanges).toHaveLength(1);
  });
});
