// PROVES: bad input from the user gets a clear message before any request reaches the service (the
// simulator records none), and nothing stored is lost (the conversation list and the conversation's turns
// are unchanged). Model ids with awkward characters are not bad input: they reach the service encoded
// correctly in the path (checked on the simulator's recorded request path).
// Figures: test-results/reliability/bad-input.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/app-core.ts';
import { writeFigures } from '../support/figures.ts';

let app: Harness;
let conversationId = '';
const figures: { case: string; operation: string; kind: string; message: string; requests: number }[] = [];
beforeAll(async () => {
  app = await createHarness({
    clientDefaults: { headersTimeoutMs: 10_000, idleTimeoutMs: 10_000, maxRetries: 2 },
    keepResults: false,
  });
  const c = await app.call('createConversation', {
    format: 'chat',
    model: 'gpt-5-mini',
    params: { stream: false },
  });
  conversationId = c.id;
  await app.call('sendMessage', { requestId: 'seed', conversationId, text: 'keep me' });
});
afterAll(async () => {
  await writeFigures('bad-input', figures);
  await app.close();
});

const newerExport = JSON.stringify({ quartet: 'conversation', version: 99, conversation: {} });
const CASES: [name: string, op: string, input: () => unknown, message: RegExp][] = [
  [
    'empty prompt',
    'sendMessage',
    () => ({ requestId: 'a', conversationId, text: '' }),
    /Write a message first/,
  ],
  [
    '10 MB + 1 prompt',
    'sendMessage',
    () => ({ requestId: 'a', conversationId, text: 'x'.repeat(10_000_001) }),
    /larger than 10 MB/,
  ],
  ['base address not a URL', 'saveConnection', () => ({ name: 'x', baseUrl: 'not a url' }), /./],
  ['base address ftp:', 'saveConnection', () => ({ name: 'x', baseUrl: 'ftp://127.0.0.1:1/v1' }), /./],
  [
    'base address with credentials',
    'saveConnection',
    () => ({ name: 'x', baseUrl: 'https://user:pw@example.com' }),
    /./,
  ],
  [
    'base address with a query',
    'saveConnection',
    () => ({ name: 'x', baseUrl: 'https://example.com/?key=abc' }),
    /./,
  ],
  [
    'image size malformed',
    'generateImages',
    () => ({ requestId: 'i', model: 'gpt-image-1', prompt: 'p', size: '1024*1024' }),
    /WIDTHxHEIGHT/,
  ],
  [
    'image size zero',
    'generateImages',
    () => ({ requestId: 'i', model: 'gpt-image-1', prompt: 'p', size: '0x10' }),
    /Each side of the size must be between 16 and 16,384 pixels/,
  ],
  [
    'n = 0',
    'generateImages',
    () => ({ requestId: 'i', model: 'gpt-image-1', prompt: 'p', n: 0 }),
    /whole number from 1 to 10/,
  ],
  [
    'n = 11',
    'generateImages',
    () => ({ requestId: 'i', model: 'gpt-image-1', prompt: 'p', n: 11 }),
    /whole number from 1 to 10/,
  ],
  [
    'n = 1.5',
    'generateImages',
    () => ({ requestId: 'i', model: 'gpt-image-1', prompt: 'p', n: 1.5 }),
    /whole number from 1 to 10/,
  ],
  [
    'a model id of 300 characters, refused where it enters, not at every later send',
    'createConversation',
    () => ({ format: 'chat', model: 'm'.repeat(300) }),
    /The model id is longer than 200 characters/,
  ],
  [
    "a new conversation's id that is not a UUID",
    'createConversation',
    () => ({ id: '../../conversation', format: 'chat', model: 'm' }),
    /A new conversation's id is a UUID/,
  ],
  [
    'token budget "100"',
    'updateConversation',
    () => ({ id: conversationId, params: { maxTokens: '100' } }),
    /Max tokens must be a whole number/,
  ],
  [
    'token budget NaN-ish',
    'createConversation',
    () => ({ format: 'chat', model: 'm', params: { maxTokens: 'lots' } }),
    /Max tokens must be a whole number/,
  ],
  [
    'thinking budget -2',
    'createConversation',
    () => ({ format: 'messages', model: 'm', params: { thinkingBudget: -2 } }),
    /thinking budget must be a whole number: 0 \(off\), -1 \(dynamic\)/,
  ],
  ['history file not JSON', 'importConversation', () => ({ content: '{ not json' }), /not valid JSON/],
  [
    'history file from a newer version',
    'importConversation',
    () => ({ content: newerExport }),
    /newer Quartet/,
  ],
  [
    'history file malformed',
    'importConversation',
    () => ({ content: JSON.stringify({ quartet: 'conversation', version: 1, conversation: { id: 1 } }) }),
    /malformed/,
  ],
];

describe('bad input from the user', () => {
  for (const [name, op, input, message] of CASES) {
    it(`${name}: a clear message, no request, nothing lost`, async () => {
      const listBefore = await app.call('listConversations', {});
      const turnsBefore = (await app.call('getConversation', { id: conversationId })).turns;
      const requestsBefore = app.sim.requests.length;
      const error = await app.fail(op, input());
      const requests = app.sim.requests.length - requestsBefore;
      figures.push({
        case: name,
        operation: op,
        kind: error.kind,
        message: error.issues?.[0]?.message ?? error.message,
        requests,
      });
      expect(error.kind).toBe('invalid-input');
      expect(`${error.message} ${error.issues?.map((i) => i.message).join(' ') ?? ''}`).toMatch(message);
      expect(error.message.length).toBeGreaterThan(5);
      expect(requests).toBe(0);
      expect(await app.call('listConversations', {})).toEqual(listBefore);
      expect((await app.call('getConversation', { id: conversationId })).turns).toEqual(turnsBefore);
    });
  }
});

describe('awkward model ids reach the service encoded', () => {
  it('a model id with a control character: refused before any request, with the reason', async () => {
    const c = await app.call('createConversation', {
      format: 'generate',
      model: 'my\u0007model',
      params: { stream: false },
    });
    const before = app.sim.requests.length;
    const error = await app.fail('sendMessage', { requestId: 'space', conversationId: c.id, text: 'hi' });
    figures.push({
      case: 'model "my\\u0007model"',
      operation: 'sendMessage',
      kind: error.kind,
      message: error.message,
      requests: app.sim.requests.length - before,
    });
    expect(error).toMatchObject({
      kind: 'invalid-input',
      message: 'The model id "my\\u0007model" contains control characters, which no request can carry.',
    });
    expect(app.sim.requests.length).toBe(before);
    expect((await app.call('getConversation', { id: c.id })).turns).toEqual([]);
  });
  // a space too: the model list is the service's to fill, and any id it lists must be usable
  const IDS = ['org/model', '100%', 'a:b', 'mödel-ü', 'x?y#z', 'my model'];
  for (const model of IDS) {
    it(`generate: ${JSON.stringify(model)}`, async () => {
      const c = await app.call('createConversation', {
        format: 'generate',
        model,
        params: { stream: false },
      });
      const before = app.sim.requests.length;
      const result = await app.call('sendMessage', {
        requestId: `m-${model}`,
        conversationId: c.id,
        text: 'hi',
      });
      const sent = app.sim.requests.slice(before);
      expect(sent).toHaveLength(1);
      const path = sent[0]?.path ?? '';
      const expected = `/v1beta/models/${encodeURIComponent(model)}:generateContent`;
      figures.push({
        case: `model ${JSON.stringify(model)}`,
        operation: 'sendMessage',
        kind: result.reply.status,
        message: path.split('?')[0] ?? '',
        requests: sent.length,
      });
      expect(path.split('?')[0]).toBe(expected);
      // the model id is one path segment: nothing of it leaks into the query or a second segment
      expect(
        decodeURIComponent(
          path.split('?')[0]?.slice('/v1beta/models/'.length, -':generateContent'.length) ?? '',
        ),
      ).toBe(model);
    });
  }
});
