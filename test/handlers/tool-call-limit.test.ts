// One limit on function calls end to end (MAX_TOOL_CALLS): a reply with 129 calls was stored, could never
// be answered (the page showed zod's raw "Too big" message) and its own export did not import back. Now
// such a reply keeps its text with a clear end reason and no calls; a reply at the limit is answered, and
// both export and import back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextFormat } from '../../shared/formats.ts';
import { MAX_TOOL_CALLS } from '../../shared/limits.ts';
import { TOOL_EXAMPLES } from '../../shared/tools.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness({ keepResults: false });
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

const MODEL: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};

const calls = (n: number) => `Call [[call:${Array.from({ length: n }, () => 'get_weather').join(',')}]]`;

async function conversation(format: TextFormat, stream: boolean) {
  return h.call('createConversation', {
    format,
    model: MODEL[format],
    params: { stream, tools: [TOOL_EXAMPLES[0]!], ...(format === 'messages' ? { maxTokens: 4096 } : {}) },
  });
}

async function roundTrip(id: string): Promise<void> {
  const file = await h.call('exportConversation', { id, as: 'json', branches: 'all' });
  const back = await h.call('importConversation', { content: file.content });
  expect(back.turns.length).toBeGreaterThan(0);
}

describe('a reply with more function calls than Quartet answers', () => {
  for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
    for (const stream of [true, false]) {
      it(`${format}${stream ? ', streamed' : ''}: kept without its calls, with why; it exports and imports back`, async () => {
        const c = await conversation(format, stream);
        const sent = await h.call('sendMessage', {
          requestId: `r-${format}-${stream}`,
          conversationId: c.id,
          text: calls(MAX_TOOL_CALLS + 1),
        });
        expect(sent.reply).toMatchObject({ status: 'partial', endReason: 'too-many-calls' });
        expect(sent.reply.toolCalls).toBeUndefined();
        expect(sent.reply.error?.message).toMatch(/Quartet answers at most 128 in one reply/);
        await roundTrip(c.id);
        // the conversation goes on: a new message is sent after it (the reply goes back as its text)
        const next = await h.call('sendMessage', {
          requestId: `n-${format}-${stream}`,
          conversationId: c.id,
          text: 'Hi',
        });
        expect(next.reply.status).toBe('complete');
      });
    }
  }

  it(`a reply of exactly ${MAX_TOOL_CALLS} calls is answered, and exports and imports back`, async () => {
    const c = await conversation('chat', false);
    const sent = await h.call('sendMessage', {
      requestId: 'r',
      conversationId: c.id,
      text: calls(MAX_TOOL_CALLS),
    });
    const made = sent.reply.toolCalls ?? [];
    expect(made).toHaveLength(MAX_TOOL_CALLS);
    const answered = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: '',
      toolResults: made.map((call) => ({ callId: call.id, name: call.name, content: '{"temp":21}' })),
    });
    expect(answered.reply.status).toBe('complete');
    await roundTrip(c.id);
  });

  it('results for more calls than a reply makes are refused with a sentence, not a raw schema message', async () => {
    const c = await conversation('chat', false);
    const error = await h.fail('sendMessage', {
      requestId: 'x',
      conversationId: c.id,
      text: '',
      toolResults: Array.from({ length: MAX_TOOL_CALLS + 1 }, (_, i) => ({
        callId: `c${i}`,
        name: 'f',
        content: '1',
      })),
    });
    expect(`${error.message} ${JSON.stringify(error.issues ?? [])}`).toContain(
      `A message answers at most ${MAX_TOOL_CALLS} function calls.`,
    );
  });
});
