// PROVES (property tests, fast-check): whatever a service sends back, in each of the four formats, streamed
// or not, the app core either refuses it with a clear message (never "internal") or stores a reply that the
// contract reads back, that exports and imports back to the same turn, and whose host work is linear in
// what arrived. The replies are built from each format's real shape with hostile values slipped into any
// field: huge and negative indexes, deep nesting, bidi and control characters, `__proto__` keys, hundreds
// of tool calls, wrong types, missing pieces; some bodies are arbitrary JSON.
// (fuzz.test.ts covers the contract's inputs, the SSE reader's bytes, names and indexes; fuzz-render
// covers drawing any stored turn.) Figures: test-results/reliability/fuzz-replies.json.
import fc from 'fast-check';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationSchema, type Turn } from '../../shared/conversation.ts';
import { payloadAgrees } from '../../shared/provider-payload.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { hostWork, resetHostWork } from '../../electron/core/work.ts';
import { CANARY, createHarness, type Harness } from '../support/app-core.ts';
import { writeFigures } from '../support/figures.ts';
import { hostile, type Hostile } from './hostile-server.ts';
import { hostileValue, maybe, replyArbitrary, type ServiceReply } from './reply-arbitraries.ts';

const figures: Record<string, number> = {};
let app: Harness;
let service: Hostile;
let next: ServiceReply = { stream: false, body: '{}' };

function answer(res: ServerResponse): void {
  if (next.stream) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(next.body);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(next.body);
  }
}

beforeAll(async () => {
  service = await hostile((_req, _body, res) => answer(res));
  app = await createHarness({
    connect: false,
    keepResults: false,
    clientDefaults: { headersTimeoutMs: 5_000, idleTimeoutMs: 5_000, maxRetries: 0 },
  });
  const connection = await app.call('saveConnection', { name: 'Fuzzed', baseUrl: service.url });
  await app.call('activateConnection', { id: connection.id });
  for (const slot of ['default', 'anthropic', 'google'] as const) {
    await app.dispatch('setKey', { connectionId: connection.id, slot, key: CANARY });
  }
});
afterAll(async () => {
  await writeFigures('fuzz-replies', figures);
  await app?.close();
  await service?.close();
});

/** What of a turn must survive export and import unchanged (ids and times are made anew on import). */
function kept(turn: Turn) {
  return {
    role: turn.role,
    text: turn.text,
    thoughts: turn.thoughts,
    status: turn.status,
    toolCalls: turn.toolCalls,
    raw: turn.raw,
    usage: turn.usage,
    endReason: turn.endReason,
  };
}

const FORMATS: TextFormat[] = ['chat', 'responses', 'messages', 'generate'];
const RUNS = 30;

describe.each(FORMATS)('any %s reply', (format) => {
  it(
    `${RUNS} streamed and ${RUNS} whole replies: refused with a reason, or stored, read back, exported and imported back, in linear work`,
    { timeout: 60_000 },
    async () => {
      let stored = 0;
      let refused = 0;
      let n = 0;
      for (const stream of [true, false]) {
        await fc.assert(
          fc.asyncProperty(replyArbitrary(format, stream), async (reply) => {
            next = reply;
            n += 1;
            // a conversation each: a reply with calls waits for their results before any other message
            const conversation = await app.call('createConversation', {
              format,
              model: 'fuzz-model',
              params: format === 'messages' ? { stream, maxTokens: 1024 } : { stream },
            });
            resetHostWork();
            const sent = await app.dispatch('sendMessage', {
              requestId: `r${n}`,
              conversationId: conversation.id,
              text: 'hello',
            });
            const work = hostWork.redactChars + hostWork.recordChars + hostWork.partialWriteChars;
            // Linear: a fixed number of passes over what arrived, plus the request's own (a few key forms
            // over a small request and its record).
            expect(work).toBeLessThanOrEqual(64 * reply.body.length + 2_000_000);
            if (!sent.ok) {
              refused += 1;
              if (sent.error.kind === 'internal')
                console.log(app.logs.slice(-3).join('\n'), reply.body.slice(0, 3000));
              expect(sent.error.kind).not.toBe('internal');
              expect(sent.error.message.trim().length).toBeGreaterThan(3);
              return;
            }
            const read = await app.call('getConversation', { id: conversation.id });
            const checked = ConversationSchema.safeParse(read);
            // the first problem, briefly: a stored reply the contract would refuse to read back
            expect(checked.success ? 'readable' : JSON.stringify(checked.error.issues[0]).slice(0, 400)).toBe(
              'readable',
            );
            const last = read.turns.at(-1);
            expect(last?.role).toBe('assistant');
            if (last?.status === 'error') {
              refused += 1;
              expect(last.error?.kind).not.toBe('internal');
              expect(last.error?.message.trim().length).toBeGreaterThan(3);
            } else stored += 1;
            const file = await app.call('exportConversation', { id: conversation.id, as: 'json' });
            const back = await app.call('importConversation', { content: file.content });
            // An import keeps a payload only where it says what the turn shows (shared/provider-payload.ts);
            // one that does not is dropped, and a complete reply says so.
            const expected = read.turns.map((t) => {
              if (payloadAgrees(t, format)) return kept(t);
              const { raw: _dropped, ...rest } = kept(t);
              return t.status === 'complete' ? { ...rest, payloadDropped: true } : rest;
            });
            expect(back.turns.map((t) => ({ ...kept(t), payloadDropped: t.payloadDropped }))).toEqual(
              expected,
            );
            await app.call('deleteConversation', { id: back.id });
            await app.call('deleteConversation', { id: conversation.id });
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
      figures[`${format}Stored`] = stored;
      figures[`${format}Refused`] = refused;
      // The generators reach both outcomes: a suite that only ever refused would prove little.
      expect(stored).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
  );
});

describe('the arbitraries', () => {
  it('reach the hostile shapes they promise', () => {
    const samples = fc.sample(hostileValue, { numRuns: 3000, seed: 26 }).map((v) => JSON.stringify(v) ?? '');
    expect(samples.some((s) => s.includes('\\u202e') || s.includes('\u202e'))).toBe(true);
    expect(samples.some((s) => s.startsWith('[[[[[[[['))).toBe(true);
    expect(samples.some((s) => s.includes('4294967294'))).toBe(true);
    expect(fc.sample(maybe(fc.constant('x')), { numRuns: 200, seed: 26 }).some((v) => v !== 'x')).toBe(true);
  });
});
