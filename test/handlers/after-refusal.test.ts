// A refused or empty reply must not poison the conversation: the simulator is as strict as the real
// services (an empty messages turn and a part-less generate turn are refused with 400), and the app
// leaves such turns out of the history it sends, so the next turn goes through.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFUSAL_EXPLANATION, simulatedReply } from '../../electron/simulator/index.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

const CASES = [
  { format: 'messages', model: 'claude-haiku-4-5', reason: 'refusal', detail: REFUSAL_EXPLANATION },
  { format: 'generate', model: 'gemini-2.5-flash', reason: 'content-filter', detail: REFUSAL_EXPLANATION },
] as const;

describe('a conversation after a refused reply', () => {
  for (const c of CASES) {
    for (const stream of [false, true]) {
      it(`${c.format}${stream ? ', streamed' : ''}: says why the reply is empty, then goes on`, async () => {
        const conversation = await h.call('createConversation', {
          format: c.format,
          model: c.model,
          params: c.format === 'messages' ? { stream, maxTokens: 1024 } : { stream },
        });
        const refused = await h.call('sendMessage', {
          requestId: 'r1',
          conversationId: conversation.id,
          text: 'Something the model will not do [[refuse]]',
        });
        expect(refused.reply.text).toBe('');
        expect(refused.reply.endReason).toBe(c.reason);
        expect(refused.reply.endDetail).toContain(c.detail);

        const next = await h.call('sendMessage', {
          requestId: 'r2',
          conversationId: conversation.id,
          text: 'Then something else',
        });
        expect(next.reply.status).toBe('complete');
        expect(next.reply.text).toBe(simulatedReply('Then something else', c.model, 2));
        // the empty turn was left out; both user turns went, in order, in the form the format takes
        const exchange = await h.call('getExchange', { id: next.reply.exchangeId ?? '' });
        const sent = JSON.parse(exchange.requestBody ?? '{}') as Record<string, unknown>;
        const turns = (c.format === 'messages' ? sent['messages'] : sent['contents']) as unknown[];
        expect(JSON.stringify(turns)).not.toMatch(/"content":""|"parts":\[\]/);
        expect(JSON.stringify(turns)).toMatch(/will not do.*something else/);
      });
    }
  }
});

describe('the simulator is as strict as the real services', () => {
  it('refuses an empty messages turn, except a final assistant one', async () => {
    const post = (messages: unknown[]) =>
      fetch(`${h.sim.baseUrl}/v1/messages`, {
        method: 'POST',
        headers: {
          'x-api-key': 'quartet-sandbox',
          'anthropic-version': '2023-06-01',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ model: 'claude-haiku-4-5', max_tokens: 100, messages }),
      });
    const bad = await post([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'two' },
    ]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /all messages must have non-empty content except for the optional final assistant message/,
    );
    const prefill = await post([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: '' },
    ]);
    expect(prefill.status).toBe(200);
  });

  it('refuses a generate turn without parts', async () => {
    const res = await fetch(
      `${h.sim.baseUrl}/v1beta/models/gemini-2.5-flash:generateContent?key=quartet-sandbox`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          contents: [
            { role: 'user', parts: [{ text: 'one' }] },
            { role: 'model', parts: [] },
            { role: 'user', parts: [{ text: 'two' }] },
          ],
        }),
      },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /contents\[1\]\.parts: contents\.parts must not be empty/,
    );
  });
});
