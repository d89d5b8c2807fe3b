import { describe, expect, it } from 'vitest';
import { ApiError, createServiceClient, toAppError, type ClientOptions } from '../../electron/core/index.ts';
import type { Turn } from '../../shared/conversation.ts';
import type { Exchange } from '../../shared/exchange.ts';
import type { TextFormat } from '../../shared/formats.ts';
import {
  fakeFetch,
  hangUntilAborted,
  json,
  splitStream,
  sse,
  stallingStream,
  text,
  type Scripted,
} from './helpers/fake-fetch.ts';
import { paddedPng, pngHeader, webpVp8x } from './helpers/images.ts';
import { failInfo, failure } from './helpers/failure.ts';

const user = (t: string): Turn => ({ id: 'u', role: 'user', text: t, status: 'complete', createdAt: 0 });
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** Names the tests pretend to resolve; anything else is a public address. No test asks real DNS. */
const PRETEND_DNS: Record<string, string[]> = {
  'router.example': ['192.168.1.1'],
  'mixed.example': ['93.184.216.34', '10.0.0.7'],
  'metadata.example': ['169.254.169.254'],
  'v6.example': ['::ffff:127.0.0.1'],
};

function setup(replies: Scripted[], opts: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(...replies);
  const exchanges: Exchange[] = [];
  const addresses: string[] = [];
  const client = createServiceClient({
    baseUrl: 'https://svc.example/gateway/v1/',
    keys: {
      default: 'default-key-0000',
      bearer: 'bearer-key-1111',
      messages: 'messages-key-2222',
      generate: 'gen key/+&=3333',
    },
    fetch: fake.fetch,
    sleep: async () => undefined,
    onExchange: (x) => exchanges.push(x),
    lookup: (host) => Promise.resolve(PRETEND_DNS[host] ?? ['93.184.216.34']),
    // image URLs are fetched from the address the check resolved: here through the same scripted replies
    imageFetch: (url, address, init) => {
      addresses.push(address);
      return fake.fetch(url.href, { ...init, redirect: 'manual' });
    },
    ...opts,
  });
  return { fake, exchanges, client, addresses };
}

const CHAT_OK = () =>
  json({
    model: 'gpt-5-mini',
    choices: [{ message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  });
const REPLIES: Record<TextFormat, () => Response> = {
  chat: CHAT_OK,
  responses: () =>
    json({
      id: 'r',
      status: 'completed',
      output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] }],
    }),
  messages: () => json({ type: 'message', content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn' }),
  generate: () =>
    json({ candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }] }),
};

describe('the wire: paths, methods and headers', () => {
  it('chat, responses: Bearer with the family key; nothing else', async () => {
    for (const format of ['chat', 'responses'] as const) {
      const { client, fake } = setup([REPLIES[format]()]);
      const r = await client.sendTurn({
        format,
        model: 'gpt-5-mini',
        history: [user('hi')],
        params: { stream: false },
      });
      expect(r.text).toBe('ok');
      const call = fake.calls[0]!;
      expect(call.method).toBe('POST');
      expect(call.url).toBe(
        `https://svc.example/gateway/v1/${format === 'chat' ? 'chat/completions' : 'responses'}`,
      );
      expect(call.headers).toEqual({
        authorization: 'Bearer bearer-key-1111',
        'content-type': 'application/json',
      });
    }
  });

  it('messages: x-api-key and anthropic-version, no Authorization', async () => {
    const { client, fake } = setup([REPLIES.messages()]);
    await client.sendTurn({
      format: 'messages',
      model: 'claude-haiku-4-5',
      history: [user('hi')],
      params: { stream: false },
    });
    expect(fake.calls[0]!.url).toBe('https://svc.example/gateway/v1/messages');
    expect(fake.calls[0]!.headers).toEqual({
      'x-api-key': 'messages-key-2222',
      'anthropic-version': '2023-06-01',
      'content-type': 'application/json',
    });
  });

  it('generate: the URL-encoded key in the query, the model as one path segment, no auth header', async () => {
    const { client, fake } = setup([
      REPLIES.generate(),
      sse('data: {"candidates":[{"content":{"parts":[{"text":"ok"}]},"finishReason":"STOP"}]}\n\n'),
    ]);
    await client.sendTurn({
      format: 'generate',
      model: 'tuned/gemini:1',
      history: [user('hi')],
      params: { stream: false },
    });
    await client.sendTurn({
      format: 'generate',
      model: 'gemini-2.5-pro',
      history: [user('hi')],
      params: { stream: true },
    });
    expect(fake.calls[0]!.url).toBe(
      'https://svc.example/gateway/v1beta/models/tuned%2Fgemini%3A1:generateContent?key=gen%20key%2F%2B%26%3D3333',
    );
    expect(fake.calls[1]!.url).toBe(
      'https://svc.example/gateway/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse&key=gen%20key%2F%2B%26%3D3333',
    );
    expect(fake.calls[0]!.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(fake.calls[0]!.body!)).not.toHaveProperty('model');
  });

  it('images: Bearer, and only the fields that are set', async () => {
    const { client, fake } = setup([json({ data: [{ b64_json: b64(pngHeader(4, 4)) }] })]);
    await client.generateImages({
      model: 'gpt-image-1',
      prompt: 'a cat',
      size: '1024x1024',
      n: 1,
      quality: 'low',
      outputFormat: 'png',
    });
    expect(fake.calls[0]!.url).toBe('https://svc.example/gateway/v1/images/generations');
    expect(fake.calls[0]!.headers).toEqual({
      authorization: 'Bearer bearer-key-1111',
      'content-type': 'application/json',
    });
    expect(JSON.parse(fake.calls[0]!.body!)).toEqual({
      model: 'gpt-image-1',
      prompt: 'a cat',
      size: '1024x1024',
      n: 1,
      quality: 'low',
      output_format: 'png',
    });
  });

  it('models: the chosen family key, carried the way that family carries it', async () => {
    const list = () =>
      json({
        object: 'list',
        data: [
          { id: 'gpt-5-mini', object: 'model', owned_by: 'sim', created: 1 },
          { id: 'claude-haiku-4-5', object: 'model' },
        ],
      });
    const { client, fake } = setup([list(), list(), list()]);
    const bearer = await client.listModels();
    expect(bearer.models).toEqual([
      { id: 'gpt-5-mini', ownedBy: 'sim', created: 1 },
      { id: 'claude-haiku-4-5' },
    ]);
    await client.listModels({ family: 'messages' });
    await client.listModels({ family: 'generate' });
    expect(fake.calls.map((c) => [c.method, c.url, c.headers])).toEqual([
      ['GET', 'https://svc.example/gateway/v1/models', { authorization: 'Bearer bearer-key-1111' }],
      [
        'GET',
        'https://svc.example/gateway/v1/models',
        { 'x-api-key': 'messages-key-2222', 'anthropic-version': '2023-06-01' },
      ],
      ['GET', 'https://svc.example/gateway/v1/models?key=gen%20key%2F%2B%26%3D3333', {}],
    ]);
  });

  it('a user with only a messages key lists models with it', async () => {
    const { client, fake } = setup([json({ data: [{ id: 'claude-haiku-4-5' }] })], {
      keys: { messages: 'messages-only-key' },
    });
    await client.listModels();
    expect(fake.calls[0]!.headers['x-api-key']).toBe('messages-only-key');
  });

  it('the default key serves families without their own key', async () => {
    const { client, fake } = setup([CHAT_OK()], { keys: { default: 'the-default-key' } });
    await client.sendTurn({ format: 'chat', model: 'm', history: [user('hi')], params: { stream: false } });
    expect(fake.calls[0]!.headers.authorization).toBe('Bearer the-default-key');
  });

  it('refuses before any request: no key, bad base address, bad input', async () => {
    const { client, fake } = setup([], { keys: { bearer: 'only-bearer-key' } });
    const e = await failInfo(
      client.sendTurn({ format: 'messages', model: 'm', history: [user('hi')], params: { stream: false } }),
    );
    expect(e).toMatchObject({ kind: 'invalid-input' });
    expect(e.message).toMatch(/No API key for Messages/);
    const empty = await failInfo(
      client.sendTurn({ format: 'chat', model: 'm', history: [user(' ')], params: { stream: false } }),
    );
    expect(empty.kind).toBe('invalid-input');
    const img = await failInfo(
      client.generateImages({ model: 'gpt-image-1', prompt: 'x', size: 'big', n: 11 }),
    );
    expect(img.kind).toBe('invalid-input');
    expect(img.message).toMatch(/1 to 10/);
    expect(img.message).toMatch(/WIDTHxHEIGHT/);
    expect(fake.calls).toHaveLength(0);
    expect(() => createServiceClient({ baseUrl: 'ftp://x', keys: {} })).toThrow(ApiError);
    expect(toAppError(new Error('boom'))).toEqual({ kind: 'internal', message: 'boom' });
  });

  it('endpoints() shows every final address', () => {
    const { client } = setup([]);
    expect(client.root).toBe('https://svc.example/gateway');
    expect(client.endpoints('gemini-2.5-flash').generate).toBe(
      'https://svc.example/gateway/v1beta/models/gemini-2.5-flash:generateContent',
    );
  });
});

describe('keys never leak', () => {
  const KEYS = { bearer: 'sk-live-SUPERSECRET-abcd', generate: 'AIza/secret+key=9876' };
  const leaks = (value: unknown) => {
    const s = JSON.stringify(value);
    return [KEYS.bearer, KEYS.generate, encodeURIComponent(KEYS.generate), 'SUPERSECRET'].filter((k) =>
      s.includes(k),
    );
  };

  it('not in errors or exchange records, even when the service echoes the key', async () => {
    const echo = json(
      {
        error: {
          message: `Incorrect API key provided: ${KEYS.bearer}.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
      401,
    );
    const { client, exchanges } = setup([echo], { keys: KEYS });
    const e = await failure(
      client.sendTurn({ format: 'chat', model: 'm', history: [user('hi')], params: { stream: false } }),
    );
    expect(e.info.message).toBe('Incorrect API key provided: ••••abcd.');
    expect(exchanges[0]!.requestHeaders['Authorization']).toBe('Bearer ••••abcd');
    expect(leaks([e.info, e.message, e.exchange, exchanges])).toEqual([]);
  });

  it('not in the generate URL of the record', async () => {
    const { client, exchanges } = setup(
      [
        json(
          {
            error: { code: 400, message: `API key not valid: ${KEYS.generate}`, status: 'INVALID_ARGUMENT' },
          },
          400,
        ),
      ],
      { keys: KEYS },
    );
    const e = await failure(
      client.sendTurn({ format: 'generate', model: 'g', history: [user('hi')], params: { stream: false } }),
    );
    expect(exchanges[0]!.url).toBe(
      'https://svc.example/gateway/v1beta/models/g:generateContent?key=••••9876',
    );
    expect(e.info.vendorType).toBe('INVALID_ARGUMENT');
    expect(leaks([e.info, exchanges])).toEqual([]);
  });

  it('not in a connection error message that quotes the URL', async () => {
    const err = new TypeError('fetch failed', {
      cause: new Error(`getaddrinfo ENOTFOUND for https://x/?key=${encodeURIComponent(KEYS.generate)}`),
    });
    const { client } = setup([err, err, err], { keys: KEYS });
    const e = await failure(
      client.sendTurn({ format: 'generate', model: 'g', history: [user('hi')], params: { stream: false } }),
    );
    expect(e.info.kind).toBe('connection');
    expect(leaks([e.info, e.message])).toEqual([]);
  });
});

describe('timeouts and stopping', () => {
  it('headers timeout: retried, then reported as timeout-headers with the attempts', async () => {
    const { client, fake, exchanges } = setup([hangUntilAborted, hangUntilAborted, hangUntilAborted], {
      headersTimeoutMs: 20,
    });
    const e = await failure(
      client.sendTurn({ format: 'chat', model: 'm', history: [user('hi')], params: { stream: false } }),
    );
    expect(e.info).toMatchObject({ kind: 'timeout-headers', attempts: 3, interface: 'chat' });
    expect(e.info.message).toBe('no response headers within 20 ms');
    expect(fake.calls.every((c) => c.signal?.aborted)).toBe(true);
    expect(exchanges).toHaveLength(1);
  });

  it('idle timeout mid-stream: not retried after output, partial text kept', async () => {
    const first = 'data: {"choices":[{"delta":{"content":"Hello"}}]}\n\n';
    const { client, fake } = setup([(call) => sse(stallingStream(first, call.signal))], {
      idleTimeoutMs: 30,
    });
    const e = await failure(
      client.sendTurn({ format: 'chat', model: 'm', history: [user('hi')], params: { stream: true } }),
    );
    expect(e.info).toMatchObject({ kind: 'timeout-idle', attempts: 1 });
    expect(e.info.message).toBe('the reply went silent for 30 ms');
    expect(e.partial?.text).toBe('Hello');
    expect(fake.calls[0]!.signal?.aborted).toBe(true);
  });

  it('a user stop is "aborted", distinct from timeouts, keeps the partial text, and is not retried', async () => {
    const ctl = new AbortController();
    const first = 'data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n';
    const { client, fake, exchanges } = setup([(call) => sse(stallingStream(first, call.signal))]);
    const e = await failure(
      client.sendTurn({
        format: 'chat',
        model: 'm',
        history: [user('hi')],
        params: { stream: true },
        signal: ctl.signal,
        onDelta: () => ctl.abort(),
      }),
    );
    expect(e.info).toMatchObject({ kind: 'aborted', attempts: 1 });
    expect(e.partial?.text).toBe('Hel');
    expect(fake.calls).toHaveLength(1);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.error?.kind).toBe('aborted');
  });

  it('a stop while waiting for headers', async () => {
    const ctl = new AbortController();
    const { client } = setup([
      (call) => {
        queueMicrotask(() => ctl.abort());
        return hangUntilAborted(call);
      },
    ]);
    const e = await failInfo(
      client.sendTurn({
        format: 'chat',
        model: 'm',
        history: [user('hi')],
        params: { stream: false },
        signal: ctl.signal,
      }),
    );
    expect(e.kind).toBe('aborted');
  });
});

describe('stream content problems', () => {
  it('an error event after 200: kind stream with the vendor type and the partial text', async () => {
    const body =
      'event: message_start\ndata: {"type":"message_start","message":{"model":"claude-sonnet-4-5","usage":{"input_tokens":3}}}\n\n' +
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Par"}}\n\n' +
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const { client, fake } = setup([sse(body)]);
    const e = await failure(
      client.sendTurn({ format: 'messages', model: 'm', history: [user('hi')], params: { stream: true } }),
    );
    expect(e.info).toMatchObject({
      kind: 'stream',
      vendorType: 'overloaded_error',
      message: 'Overloaded',
      interface: 'messages',
      attempts: 1,
    });
    expect(e.partial?.text).toBe('Par');
    expect(fake.calls).toHaveLength(1);
  });

  it('invalid JSON in an event', async () => {
    const { client } = setup([sse('data: {"choices":[{"delta":{"content":"A"}}]}\n\ndata: {not json\n\n')]);
    const e = await failure(
      client.sendTurn({ format: 'chat', model: 'm', history: [user('hi')], params: { stream: true } }),
    );
    expect(e.info.kind).toBe('stream');
    expect(e.info.message).toMatch(/not valid JSON/);
    expect(e.partial?.text).toBe('A');
  });

  it('a stream that ends without its final event', async () => {
    const { client } = setup([sse('data: {"choices":[{"delta":{"content":"A"}}]}\n\n')]);
    const e = await failure(
      client.sendTurn({ format: 'chat', model: 'm', history: [user('hi')], params: { stream: true } }),
    );
    expect(e.info.kind).toBe('stream');
    expect(e.info.message).toMatch(/ended before its final event/);
    expect(e.partial?.text).toBe('A');
  });

  it('a JSON body although streaming was requested is read as the whole reply', async () => {
    const { client } = setup([CHAT_OK()]);
    const deltas: string[] = [];
    const r = await client.sendTurn({
      format: 'chat',
      model: 'm',
      history: [user('hi')],
      params: { stream: true },
      onDelta: (d) => deltas.push(d.text ?? ''),
    });
    expect(r.text).toBe('ok');
    expect(deltas).toEqual(['ok']);
  });
});

describe('streamed deltas', () => {
  const chunk = (delta: object, finish?: string) =>
    `data: ${JSON.stringify({ choices: [{ delta, ...(finish ? { finish_reason: finish } : {}) }] })}\n\n`;
  const bytes = (...events: string[]) => new TextEncoder().encode(events.join(''));
  const streamOf = (reads: string[][]) => {
    const all = reads.map((r) => r.join(''));
    const cuts = all
      .slice(0, -1)
      .map((_, i) => new TextEncoder().encode(all.slice(0, i + 1).join('')).length);
    return sse(splitStream(bytes(...all), cuts));
  };
  const send = (client: ReturnType<typeof setup>['client']) => {
    const seen: unknown[] = [];
    const reply = client.sendTurn({
      format: 'chat',
      model: 'm',
      history: [user('hi')],
      params: { stream: true },
      onDelta: (d) => seen.push(d.tool ? { tool: d.tool.name ?? d.tool.args } : d),
    });
    return { reply, seen };
  };

  it('the events of one network read come as one delta; each read as its own', async () => {
    const { client } = setup([
      streamOf([
        [chunk({ content: 'One ' }), chunk({ content: 'two ' }), chunk({ reasoning_content: 'so' })],
        [chunk({ content: 'three' }), chunk({}, 'stop'), 'data: [DONE]\n\n'],
      ]),
    ]);
    const { reply, seen } = send(client);
    expect((await reply).text).toBe('One two three');
    expect(seen).toEqual([{ text: 'One two ', thought: 'so' }, { text: 'three' }]);
  });

  it('a piece of a function call goes on its own, after the text before it and before the text after', async () => {
    const call = { index: 0, id: 'c1', type: 'function', function: { name: 'look', arguments: '{}' } };
    const { client } = setup([
      streamOf([
        [
          chunk({ content: 'Let me ' }),
          chunk({ content: 'look.' }),
          chunk({ tool_calls: [call] }),
          chunk({ content: ' Done.' }),
          chunk({}, 'tool_calls'),
          'data: [DONE]\n\n',
        ],
      ]),
    ]);
    const { reply, seen } = send(client);
    expect((await reply).toolCalls).toHaveLength(1);
    expect(seen).toEqual([{ text: 'Let me look.' }, { tool: 'look' }, { text: ' Done.' }]);
  });

  it('a read that breaks part-way still shows what came before the bad event', async () => {
    const { client } = setup([
      streamOf([[chunk({ content: 'A' }), chunk({ content: 'B' }), 'data: {oops\n\n']]),
    ]);
    const { reply, seen } = send(client);
    const e = await failure(reply);
    expect(e.info.message).toMatch(/not valid JSON/);
    expect(e.partial?.text).toBe('AB');
    expect(seen).toEqual([{ text: 'AB' }]);
  });
});

describe('exchange records', () => {
  it('a streamed call records its events with times and one final record', async () => {
    const { client, exchanges } = setup([
      sse(
        'data: {"choices":[{"delta":{"content":"A"}}]}\n\ndata: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
      ),
    ]);
    const r = await client.sendTurn({
      format: 'chat',
      model: 'm',
      history: [user('hi')],
      params: { stream: true },
    });
    expect(exchanges).toEqual([r.exchange]);
    const x = r.exchange;
    expect(x).toMatchObject({ interface: 'chat', method: 'POST', status: 200, streamed: true, attempts: 1 });
    expect(x.events?.map((e) => e.data)).toEqual([
      '{"choices":[{"delta":{"content":"A"}}]}',
      '{"choices":[{"delta":{},"finish_reason":"stop"}]}',
      '[DONE]',
    ]);
    expect(x.events?.every((e) => e.t >= 0)).toBe(true);
    expect(x.timings.headersMs).toBeGreaterThanOrEqual(0);
    expect(x.timings.firstEventMs).toBeGreaterThanOrEqual(0);
    expect(x.timings.totalMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(x.requestBody!)).toMatchObject({ stream: true });
    expect(x.responseHeaders?.['content-type']).toBe('text/event-stream');
  });

  it('long base64 image data is elided in the record', async () => {
    const big = paddedPng(1024, 1024, 50_000);
    const { client, exchanges } = setup([
      json({ created: 1, size: '1024x1024', data: [{ b64_json: b64(big) }] }),
    ]);
    const r = await client.generateImages({ model: 'gpt-image-1', prompt: 'x' });
    expect(r.images[0]!.width).toBe(1024);
    expect(exchanges[0]!.responseBody).toMatch(/"b64_json":"<\d+ base64 chars elided>"/);
    expect(exchanges[0]!.responseBody!.length).toBeLessThan(500);
  });
});

describe('images', () => {
  it('reports the requested size, the reported size, the real size and whether it was adjusted', async () => {
    const { client } = setup([
      json({
        created: 7,
        size: '1024x1024',
        data: [
          { b64_json: b64(pngHeader(1024, 1024)) },
          { b64_json: b64(webpVp8x(1024, 1536)), size: '1024x1536' },
        ],
        usage: { total_tokens: 5 },
      }),
    ]);
    const r = await client.generateImages({ model: 'gpt-image-1', prompt: 'x', size: '1000x1000', n: 2 });
    expect(r.created).toBe(7);
    expect(r.usage).toEqual({ total_tokens: 5 });
    expect(r.images.map(({ bytes: _b, ...rest }) => rest)).toEqual([
      {
        format: 'png',
        mime: 'image/png',
        width: 1024,
        height: 1024,
        requestedSize: '1000x1000',
        reportedSize: '1024x1024',
        sizeAdjusted: true,
      },
      {
        format: 'webp',
        mime: 'image/webp',
        width: 1024,
        height: 1536,
        requestedSize: '1000x1000',
        reportedSize: '1024x1536',
        sizeAdjusted: true,
      },
    ]);
  });

  it('fetches images returned as URLs, without sending the key there', async () => {
    const { client, fake } = setup([
      json({ data: [{ url: 'https://cdn.example/img.png' }] }),
      new Response(pngHeader(256, 256).slice().buffer, {
        status: 200,
        headers: { 'content-type': 'image/png' },
      }),
    ]);
    const r = await client.generateImages({ model: 'dall-e-2', prompt: 'x', size: '256x256' });
    expect(r.images[0]).toMatchObject({ width: 256, height: 256, sizeAdjusted: false });
    expect(fake.calls[1]!.url).toBe('https://cdn.example/img.png');
    expect(fake.calls[1]!.headers).toEqual({});
  });

  it.each([
    ['http://127.0.0.1:8080/a.png', '127.0.0.1'],
    ['http://localhost/a.png', '127.0.0.1'],
    ['http://[::1]/a.png', '::1'],
    ['http://router.example/a.png', '192.168.1.1'],
    ['http://mixed.example/a.png', '10.0.0.7'],
    ['http://metadata.example/latest', '169.254.169.254'],
    ['http://v6.example/a.png', '::ffff:127.0.0.1'],
  ])(
    'refuses an image URL on this machine or a private network (%s) before fetching it',
    async (link, address) => {
      const { client, fake } = setup([json({ data: [{ url: link }] })]);
      const e = await failInfo(client.generateImages({ model: 'dall-e-2', prompt: 'x' }));
      expect(e.kind).toBe('invalid-response');
      expect(e.message).toContain(`(${address})`);
      expect(fake.calls).toHaveLength(1);
    },
  );

  it('checks every redirect of an image URL: a public address that redirects inward is refused', async () => {
    const { client, fake } = setup([
      json({ data: [{ url: 'https://cdn.example/img.png' }] }),
      new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } }),
    ]);
    const e = await failInfo(client.generateImages({ model: 'dall-e-2', prompt: 'x' }));
    expect(e.message).toContain('169.254.169.254');
    expect(fake.calls.map((c) => c.url)).toEqual([
      'https://svc.example/gateway/v1/images/generations',
      'https://cdn.example/img.png',
    ]);
  });

  it('a local service may hand out image URLs on its own origin, and only there', async () => {
    const { client, fake, addresses } = setup(
      [
        json({ data: [{ url: 'http://127.0.0.1:8787/files/img.png' }] }),
        new Response(pngHeader(64, 64).slice().buffer, { status: 200 }),
      ],
      { baseUrl: 'http://127.0.0.1:8787' },
    );
    const r = await client.generateImages({ model: 'dall-e-2', prompt: 'x' });
    expect(r.images[0]).toMatchObject({ width: 64, height: 64 });
    expect(fake.calls[1]!.url).toBe('http://127.0.0.1:8787/files/img.png');
    expect(addresses).toEqual(['127.0.0.1']);
  });

  it.each([
    ['another port of this machine', 'http://127.0.0.1:9/img.png', '127.0.0.1'],
    ['the router', 'http://router.example/a.png', '192.168.1.1'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data', '169.254.169.254'],
  ])('a local service’s image URL to %s is refused, before any connection', async (_what, link, address) => {
    const { client, fake, addresses } = setup([json({ data: [{ url: link }] })], {
      baseUrl: 'http://127.0.0.1:8787',
    });
    const e = await failInfo(client.generateImages({ model: 'dall-e-2', prompt: 'x' }));
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toContain(`(${address})`);
    expect(fake.calls).toHaveLength(1);
    expect(addresses).toEqual([]);
  });

  it('a redirect from the local service’s own origin to another internal address is refused', async () => {
    const { client, addresses } = setup(
      [
        json({ data: [{ url: 'http://127.0.0.1:8787/img.png' }] }),
        new Response(null, { status: 302, headers: { location: 'http://192.168.1.1/admin' } }),
      ],
      { baseUrl: 'http://127.0.0.1:8787' },
    );
    const e = await failInfo(client.generateImages({ model: 'dall-e-2', prompt: 'x' }));
    expect(e.message).toContain('(192.168.1.1)');
    expect(addresses).toEqual(['127.0.0.1']);
  });

  it('a name that answers a public address to the check and an internal one later is fetched from the checked address, resolved once', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const asked: string[] = [];
    const { client, addresses } = setup(
      [
        json({ data: [{ url: 'https://rebind.example/img.png' }] }),
        new Response(pngHeader(32, 32).slice().buffer, { status: 200 }),
      ],
      {
        lookup: (host) => {
          asked.push(host);
          return Promise.resolve(answers.shift() ?? ['127.0.0.1']);
        },
      },
    );
    await client.generateImages({ model: 'dall-e-2', prompt: 'x' });
    expect(asked).toEqual(['rebind.example']);
    expect(addresses).toEqual(['93.184.216.34']);
  });

  it('refuses an image that declares more pixels than the budget (an image bomb) before storing it', async () => {
    const { client } = setup([json({ data: [{ b64_json: b64(paddedPng(16000, 16000, 1000)) }] })]);
    const e = await failInfo(client.generateImages({ model: 'gpt-image-1', prompt: 'x' }));
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toMatch(
      /16000x16000 pixels \(256 megapixels\), more than Quartet decodes \(64 megapixels\)/,
    );
  });

  it.each([
    [{ data: [{ b64_json: 'not*base64' }] }, /image 1 of 1: b64_json is not valid base64/],
    [
      { data: [{ b64_json: b64(new TextEncoder().encode('<html>nope</html>')) }] },
      /image 1 of 1 is not a PNG, JPEG or WebP image \(17 bytes starting 3c 68 74 6d/,
    ],
    [{ data: [] }, /no images/],
    [{ data: [{ revised_prompt: 'x' }] }, /neither b64_json nor url/],
  ])('refuses a reply it cannot use: %#', async (body, message) => {
    const { client } = setup([json(body)]);
    const e = await failInfo(client.generateImages({ model: 'gpt-image-1', prompt: 'x' }));
    expect(e).toMatchObject({ kind: 'invalid-response', interface: 'images' });
    expect(e.message).toMatch(message);
  });

  it('a body cut in the middle', async () => {
    const { client } = setup([text('{"data":[{"b64_json":"iVBORw0', 200, 'application/json')]);
    const e = await failInfo(client.generateImages({ model: 'gpt-image-1', prompt: 'x' }));
    expect(e.kind).toBe('invalid-response');
    expect(e.message).toMatch(/not complete JSON/);
  });
});
