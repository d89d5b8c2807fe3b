// A function call's round trip through the app core and the simulator: the reply's calls are stored and
// streamed as pieces, results answering them go back in the format's shape (checked before any request),
// and all of it survives a restart.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextFormat } from '../../shared/formats.ts';
import type { Params } from '../../shared/conversation.ts';
import { TOOL_EXAMPLES } from '../../shared/tools.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

const FORMATS: TextFormat[] = ['chat', 'responses', 'messages', 'generate'];
const MODEL: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};
const TOOLS = [TOOL_EXAMPLES[0]!, TOOL_EXAMPLES[1]!];

async function conversation(format: TextFormat, params: Partial<Params> = {}) {
  return h.call('createConversation', {
    format,
    model: MODEL[format],
    params: { stream: true, tools: TOOLS, ...params },
  });
}

describe('a tool call through the app core', () => {
  for (const format of FORMATS) {
    it(`${format}: parallel calls streamed as pieces, answered, continued, and kept over a restart`, async () => {
      const c = await conversation(format);
      const first = await h.call('sendMessage', {
        requestId: 'r1',
        conversationId: c.id,
        text: 'Weather and time? [[call:get_weather,get_time]]',
      });
      const calls = first.reply.toolCalls ?? [];
      expect(calls.map((t) => t.name)).toEqual(['get_weather', 'get_time']);
      expect(first.reply.endReason).toBeUndefined();
      // the pieces the page was sent put together give the stored calls
      const built: { id?: string; name?: string; args: string }[] = [];
      for (const d of h.eventsOf('delta', 'r1')) {
        if (!d.tool) continue;
        const call = (built[d.tool.index] ??= { args: '' });
        if (d.tool.id) call.id = d.tool.id;
        if (d.tool.name) call.name = d.tool.name;
        call.args += d.tool.args ?? '';
      }
      expect(built.map((b) => ({ id: b.id, name: b.name, arguments: b.args }))).toEqual(calls);

      const results = [
        { callId: calls[0]!.id, name: 'get_weather', content: '{"temp":21}' },
        { callId: calls[1]!.id, name: 'get_time', content: '"14:05"' },
      ];
      const second = await h.call('sendMessage', {
        requestId: 'r2',
        conversationId: c.id,
        text: '',
        toolResults: results,
      });
      expect(second.userTurn.toolResults).toEqual(results);
      expect(second.reply.status).toBe('complete');
      expect(second.reply.text).toContain(
        'Tool results received: get_weather → {"temp":21}; get_time → "14:05".',
      );

      await h.restart();
      const stored = await h.call('getConversation', { id: c.id });
      expect(stored.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(stored.turns[1]!.toolCalls).toEqual(calls);
      expect(stored.turns[2]!.toolResults).toEqual(results);
      // a third turn after the restart still replays the calls and results the service pairs
      const third = await h.call('sendMessage', { requestId: 'r3', conversationId: c.id, text: 'Thanks!' });
      expect(third.reply.status).toBe('complete');
      expect(third.reply.error).toBeUndefined();
    });
  }

  it('generate with thinking: the signed call goes back with its signature, over a restart', async () => {
    const c = await conversation('generate', { thinkingBudget: 512, stream: false });
    const first = await h.call('sendMessage', {
      requestId: 'r1',
      conversationId: c.id,
      text: '[[call:get_weather]]',
    });
    const raw = first.reply.raw?.format === 'generate' ? first.reply.raw.parts : [];
    const signed = raw.find((p) => 'functionCall' in p);
    expect(signed?.['thoughtSignature']).toEqual(expect.any(String));
    await h.restart();
    const call = first.reply.toolCalls![0]!;
    const second = await h.call('sendMessage', {
      requestId: 'r2',
      conversationId: c.id,
      text: '',
      toolResults: [{ callId: call.id, name: call.name, content: '{"temp":21}' }],
    });
    // the simulator refuses a replayed call without the signature it was issued with
    expect(second.reply.error).toBeUndefined();
    expect(second.reply.text).toContain('Tool results received: get_weather');
    const exchange = await h.call('getExchange', { id: second.reply.exchangeId! });
    expect(exchange.requestBody).toContain(String(signed?.['thoughtSignature']));
  });

  it('results that do not answer the calls are refused before any request, and nothing is stored', async () => {
    const c = await conversation('chat');
    const first = await h.call('sendMessage', {
      requestId: 'r1',
      conversationId: c.id,
      text: '[[call:get_weather,get_time]]',
    });
    const [a] = first.reply.toolCalls ?? [];
    const failure = await h.fail('sendMessage', {
      requestId: 'r2',
      conversationId: c.id,
      text: '',
      toolResults: [{ callId: a!.id, name: 'get_weather', content: '1' }],
    });
    expect(failure.kind).toBe('invalid-input');
    expect(failure.message).toMatch(/get_time \(.+\) has no result yet/);
    const stored = await h.call('getConversation', { id: c.id });
    expect(stored.turns).toHaveLength(2);
  });

  it('a reply that only calls functions is a whole answer (not "no text")', async () => {
    const c = await conversation('messages', { stream: false });
    const first = await h.call('sendMessage', { requestId: 'r1', conversationId: c.id, text: '[[call]]' });
    expect(first.reply.text).toBe('');
    expect(first.reply.toolCalls).toHaveLength(1);
    expect(first.reply.endReason).toBeUndefined();
    expect(first.reply.finishReason).toBe('tool_use');
  });
});
