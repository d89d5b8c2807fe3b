import { describe, expect, it } from 'vitest';
import { buildRequest, validateTurnInput, appendStreamedParts } from '../../electron/core/index.ts';
import { parseChatReply } from '../../electron/core/formats/chat.ts';
import { parseResponsesReply } from '../../electron/core/formats/responses.ts';
import { parseMessagesReply } from '../../electron/core/formats/messages.ts';
import { parseGenerateReply } from '../../electron/core/formats/generate.ts';
import { FORMATS } from '../../electron/core/formats/index.ts';
import type { Params } from '../../shared/conversation.ts';
import { parseEvents } from './helpers/parse-events.ts';
import { PROXY_REPLY_PIECES, PROXY_RESPONSES_STREAM, STREAMS } from './helpers/recorded-streams.ts';
import { assistant, user } from './helpers/turns.ts';

const P = (p: Partial<Params> = {}): Params => ({ stream: false, ...p });

describe('chat request', () => {
  it('puts the system message first and maps the parameters', () => {
    const body = buildRequest(
      'chat',
      'gpt-5-mini',
      [user('a'), assistant('b'), user('c')],
      P({ system: 'sys', maxTokens: 50, temperature: 0.3 }),
      true,
    );
    expect(body).toEqual({
      model: 'gpt-5-mini',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
      ],
      max_completion_tokens: 50,
      temperature: 0.3,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends only what is set, and skips failed assistant turns', () => {
    const body = buildRequest(
      'chat',
      'm',
      [user('a'), assistant('oops', undefined, { status: 'error' }), user('b')],
      P(),
      false,
    );
    expect(body).toEqual({
      model: 'm',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'user', content: 'b' },
      ],
    });
  });
});

describe('responses request', () => {
  it('sends a single user turn as a plain string', () => {
    expect(
      buildRequest(
        'responses',
        'gpt-4.1',
        [user('hello')],
        P({ system: 's', maxTokens: 9, temperature: 1 }),
        true,
      ),
    ).toEqual({
      model: 'gpt-4.1',
      input: 'hello',
      instructions: 's',
      max_output_tokens: 9,
      temperature: 1,
      stream: true,
    });
  });

  it('replays earlier output message items and sends other turns as role items', () => {
    const item = {
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'b', annotations: [] }],
    };
    const reasoning = { type: 'reasoning', id: 'rs_1', summary: [] };
    const body = buildRequest(
      'responses',
      'gpt-4.1',
      [
        user('a'),
        assistant('b', { format: 'responses', output: [reasoning, item] }),
        user('c'),
        assistant('d', { format: 'chat', message: { role: 'assistant', content: 'd' } }),
        user('e'),
      ],
      P(),
      false,
    );
    expect(body['input']).toEqual([
      { role: 'user', content: 'a' },
      item,
      { role: 'user', content: 'c' },
      { role: 'assistant', content: 'd' },
      { role: 'user', content: 'e' },
    ]);
    expect(body).not.toHaveProperty('stream');
  });
});

describe('messages request', () => {
  it('always sends max_tokens, with the top-level system', () => {
    expect(buildRequest('messages', 'claude-haiku-4-5', [user('hi')], P({ system: 'sys' }), false)).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 1024,
      system: 'sys',
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('replays thinking blocks unmodified and in order, and enables thinking from the budget', () => {
    const content = [
      { type: 'thinking', thinking: 't', signature: 'sig' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'text', text: 'answer', citations: [] },
    ];
    const body = buildRequest(
      'messages',
      'claude-sonnet-4-5',
      [user('a'), assistant('answer', { format: 'messages', content }), user('b')],
      P({ maxTokens: 4000, thinkingBudget: 2048, stream: true }),
      true,
    );
    expect(body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4000,
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content },
        { role: 'user', content: 'b' },
      ],
      thinking: { type: 'enabled', budget_tokens: 2048 },
      stream: true,
    });
  });

  it('replays a partial reply as text: its blocks may lack signatures', () => {
    const body = buildRequest(
      'messages',
      'm',
      [
        user('a'),
        assistant(
          'half',
          { format: 'messages', content: [{ type: 'thinking', thinking: 'x', signature: '' }] },
          { status: 'partial' },
        ),
        user('b'),
      ],
      P(),
      false,
    );
    expect(body['messages']).toEqual([
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'half' },
      { role: 'user', content: 'b' },
    ]);
  });
});

describe('generate request', () => {
  it('maps roles, system instruction and only the config fields that are set', () => {
    expect(buildRequest('generate', 'gemini-2.5-pro', [user('hi')], P(), false)).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });
    expect(
      buildRequest(
        'generate',
        'gemini-2.5-pro',
        [user('hi')],
        P({ system: 's', temperature: 0.5, maxTokens: 10, includeThoughts: true, thinkingBudget: -1 }),
        true,
      ),
    ).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      systemInstruction: { parts: [{ text: 's' }] },
      generationConfig: {
        temperature: 0.5,
        maxOutputTokens: 10,
        thinkingConfig: { includeThoughts: true, thinkingBudget: -1 },
      },
    });
    expect(
      buildRequest('generate', 'g', [user('hi')], P({ thinkingBudget: 0 }), false)['generationConfig'],
    ).toEqual({
      thinkingConfig: { thinkingBudget: 0 },
    });
  });

  it('replays model parts exactly: same parts, order and signatures, empty signed parts kept', () => {
    const parts = [
      { text: 'thinking…', thought: true },
      { text: 'Answer ' },
      { text: 'part two', thoughtSignature: 'AAA=' },
      { text: '', thoughtSignature: 'BBB=' },
    ];
    const body = buildRequest(
      'generate',
      'g',
      [user('a'), assistant('Answer part two', { format: 'generate', parts }), user('b')],
      P(),
      false,
    );
    expect(body['contents']).toEqual([
      { role: 'user', parts: [{ text: 'a' }] },
      { role: 'model', parts },
      { role: 'user', parts: [{ text: 'b' }] },
    ]);
  });

  it('sends a reply from another format as text', () => {
    const body = buildRequest(
      'generate',
      'g',
      [
        user('a'),
        assistant('b', { format: 'chat', message: { role: 'assistant', content: 'b' } }),
        user('c'),
      ],
      P(),
      false,
    );
    expect(body['contents']).toEqual([
      { role: 'user', parts: [{ text: 'a' }] },
      { role: 'model', parts: [{ text: 'b' }] },
      { role: 'user', parts: [{ text: 'c' }] },
    ]);
  });
});

describe('streamed generate parts', () => {
  it('joins plain text pieces but never merges a signed part or changes its text', () => {
    const into: Record<string, unknown>[] = [];
    appendStreamedParts(into, [{ text: 'T1', thought: true }]);
    appendStreamedParts(into, [{ text: 'T2', thought: true }]);
    appendStreamedParts(into, [{ text: 'a' }]);
    appendStreamedParts(into, [{ text: 'b' }]);
    appendStreamedParts(into, [{ text: 'c', thoughtSignature: 'S1' }]);
    appendStreamedParts(into, [{ text: 'd' }]);
    appendStreamedParts(into, [{ text: '', thoughtSignature: 'S2' }]);
    expect(into).toEqual([
      { text: 'T1T2', thought: true },
      { text: 'ab' },
      { text: 'c', thoughtSignature: 'S1' },
      { text: 'd' },
      { text: '', thoughtSignature: 'S2' },
    ]);
  });

  it('the final raw payload of the recorded stream keeps the empty signed part last', () => {
    const r = FORMATS.generate.createReducer();
    for (const ev of parseEvents(STREAMS.generate)) r.push(ev);
    expect(r.finished).toBe(true);
    const result = r.result();
    expect(result.raw).toEqual({
      format: 'generate',
      parts: [
        { text: 'Thinking about it', thought: true },
        { text: 'Héllo wörld 🌍' },
        { text: '', thoughtSignature: 'c2lnbmF0dXJl' },
      ],
    });
    expect(result.thoughts).toBe('Thinking about it');
    expect(result.text).toBe('Héllo wörld 🌍');
    expect(result.usage).toEqual({ input: 5, output: 3, total: 12, thinking: 4 });
    expect(result.finishReason).toBe('STOP');
  });
});

describe('streamed replies of each recorded format', () => {
  it('messages: thinking goes to thoughts, blocks keep their signature', () => {
    const r = FORMATS.messages.createReducer();
    const thoughts: string[] = [];
    for (const ev of parseEvents(STREAMS.messages)) {
      const d = r.push(ev);
      if (d?.thought) thoughts.push(d.thought);
    }
    const result = r.result();
    expect(thoughts.join('')).toBe('Let me think');
    expect(result.raw).toEqual({
      format: 'messages',
      content: [
        { type: 'thinking', thinking: 'Let me think', signature: 'sig-abc==' },
        { type: 'text', text: 'Héllo wörld 🌍' },
      ],
    });
    expect(result.usage).toEqual({ input: 5, output: 3, total: 8 });
    expect(result.finishReason).toBe('end_turn');
    expect(result.model).toBe('claude-sonnet-4-5');
  });

  it('chat and responses: usage, model and finish reason', () => {
    for (const format of ['chat', 'responses'] as const) {
      const r = FORMATS[format].createReducer();
      for (const ev of parseEvents(STREAMS[format])) r.push(ev);
      expect(r.finished).toBe(true);
      const result = r.result();
      expect(result.usage).toEqual({ input: 5, output: 3, total: 8 });
      expect(result.finishReason).toBe(format === 'chat' ? 'stop' : 'completed');
    }
  });

  it('responses: one output item is one paragraph, even when every event carries a new item_id', () => {
    const r = FORMATS.responses.createReducer();
    const shown: string[] = [];
    for (const ev of parseEvents(PROXY_RESPONSES_STREAM)) {
      const d = r.push(ev);
      if (d?.text) shown.push(d.text);
    }
    // each delta exactly as sent: no paragraph break between pieces of the same item
    expect(shown).toEqual(PROXY_REPLY_PIECES);
    expect(r.result().text).toBe("There are **3** r's in strawberry.");
  });

  it('responses: call arguments follow their output_index, whatever item_id each delta carries', () => {
    const call = { type: 'function_call', id: 'fc_a', call_id: 'call_1', name: 'get_weather', arguments: '' };
    const events = [
      { type: 'response.output_item.added', output_index: 0, item: call },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_b', output_index: 0, delta: '{"city":' },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_c', output_index: 0, delta: '"Oslo"}' },
    ];
    const r = FORMATS.responses.createReducer();
    const args = events
      .map((e) => r.push({ event: e.type, data: JSON.stringify(e) })?.tools?.[0])
      .filter((t) => t !== undefined);
    expect(args).toEqual([
      { index: 0, id: 'call_1', name: 'get_weather' },
      { index: 0, args: '{"city":' },
      { index: 0, args: '"Oslo"}' },
    ]);
  });

  it('each format reports a stream cut before its final event as unfinished, with the partial text', () => {
    for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
      const events = parseEvents(STREAMS[format]);
      const r = FORMATS[format].createReducer();
      for (const ev of events.slice(0, -1)) r.push(ev);
      if (format !== 'generate') expect(r.finished, format).toBe(false);
      expect(r.partial().text.length, format).toBeGreaterThan(0);
    }
  });
});

describe('non-streamed replies', () => {
  it('chat', () => {
    expect(
      parseChatReply({
        id: 'x',
        object: 'chat.completion',
        model: 'gpt-5-mini',
        choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
      }),
    ).toEqual({
      text: 'hi',
      raw: { format: 'chat', message: { role: 'assistant', content: 'hi' } },
      model: 'gpt-5-mini',
      finishReason: 'stop',
      usage: { input: 1, output: 2, total: 3 },
    });
  });

  it('responses: text from output_text parts, thoughts from reasoning summaries', () => {
    const output = [
      { type: 'reasoning', id: 'r', summary: [{ type: 'summary_text', text: 'why' }] },
      {
        type: 'message',
        id: 'm',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'hi' }],
      },
    ];
    expect(
      parseResponsesReply({
        id: 'resp',
        model: 'gpt-4.1',
        status: 'completed',
        output,
        usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 },
      }),
    ).toEqual({
      text: 'hi',
      thoughts: 'why',
      raw: { format: 'responses', responseId: 'resp', output },
      model: 'gpt-4.1',
      finishReason: 'completed',
      usage: { input: 1, output: 2, total: 3 },
    });
  });

  it('messages: usage with thinking and cache fields, total = input + output', () => {
    const r = parseMessagesReply({
      model: 'claude-haiku-4-5',
      content: [{ type: 'text', text: 'hi', citations: [] }],
      stop_reason: 'end_turn',
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_read_input_tokens: 2,
        cache_creation_input_tokens: 3,
        output_tokens_details: { thinking_tokens: 4 },
      },
    });
    expect(r.usage).toEqual({ input: 10, output: 5, total: 15, thinking: 4, cacheRead: 2, cacheWrite: 3 });
    expect(r.text).toBe('hi');
    expect(r.finishReason).toBe('end_turn');
  });

  it('generate: thought parts go to thoughts, never into text', () => {
    const parts = [
      { text: 'pondering', thought: true },
      { text: 'answer', thoughtSignature: 'S' },
    ];
    const r = parseGenerateReply({
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }],
      usageMetadata: {
        promptTokenCount: 1,
        candidatesTokenCount: 2,
        totalTokenCount: 5,
        thoughtsTokenCount: 2,
      },
      modelVersion: 'gemini-2.5-flash',
    });
    expect(r).toEqual({
      text: 'answer',
      thoughts: 'pondering',
      raw: { format: 'generate', parts },
      model: 'gemini-2.5-flash',
      finishReason: 'STOP',
      usage: { input: 1, output: 2, total: 5, thinking: 2 },
    });
  });

  it('refuses bodies that are not replies', () => {
    expect(() => parseChatReply({})).toThrow(/choices\[0\]\.message/);
    expect(() => parseResponsesReply({})).toThrow(/output/);
    expect(() => parseMessagesReply({})).toThrow(/content/);
    expect(() => parseGenerateReply({})).toThrow(/candidates/);
  });
});

describe('validateTurnInput', () => {
  const ok = { format: 'chat' as const, model: 'gpt-5-mini', history: [user('hi')], params: P() };

  it('accepts a normal turn, and a model id with a space (the service lists it, so it is usable)', () => {
    expect(validateTurnInput(ok)).toBeUndefined();
    expect(validateTurnInput({ ...ok, model: 'my model' })).toBeUndefined();
  });

  it.each([
    [{ ...ok, model: '' }, /Choose a model/],
    [{ ...ok, model: 'gpt\u00075' }, /control characters/],
    [{ ...ok, history: [user('   ')] }, /Write a message/],
    [{ ...ok, history: [] }, /end with the new user message/],
    [{ ...ok, params: P({ temperature: 3 }) }, /./],
    [{ ...ok, format: 'messages' as const, params: P({ thinkingBudget: 500 }) }, /at least 1024/],
    [
      { ...ok, format: 'messages' as const, params: P({ thinkingBudget: 2048 }) },
      /below max tokens \(1024\)/,
    ],
    [
      {
        ...ok,
        format: 'messages' as const,
        params: P({ thinkingBudget: 2048, maxTokens: 4096, temperature: 0.5 }),
      },
      /temperature must be 1/,
    ],
    [{ ...ok, format: 'messages' as const, params: P({ temperature: 1.5 }) }, /between 0 and 1/],
  ])('refuses %#', (input, message) => {
    const e = validateTurnInput(input);
    expect(e?.kind).toBe('invalid-input');
    expect(e?.message).toMatch(message);
  });
});
