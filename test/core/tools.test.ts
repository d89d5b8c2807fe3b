// Tool calls on the wire, per format: the functions and tool choice under each format's own fields, the
// calls read from a reply (whole or streamed in pieces, as the vendors stream them), and the next request
// carrying the calls verbatim followed by the results in the format's shape.
import { describe, expect, it } from 'vitest';
import { buildRequest, validateTurnInput } from '../../electron/core/index.ts';
import { FORMATS } from '../../electron/core/formats/index.ts';
import type { Params, Turn } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { TOOL_EXAMPLES, type ToolCall, type ToolChoice, type ToolResult } from '../../shared/tools.ts';
import { endReasonOfReply } from '../../shared/end-reason.ts';
import { parseEvents } from './helpers/parse-events.ts';
import { assistant, user } from './helpers/turns.ts';

const WEATHER = TOOL_EXAMPLES[0]!;
const TIME = TOOL_EXAMPLES[1]!;
const TOOLS: Params = { stream: true, tools: [WEATHER, TIME] };
const weatherSchema = JSON.parse(WEATHER.parameters) as unknown;

const sse = (events: unknown[], named = false) =>
  events
    .map((e) => {
      const data = typeof e === 'string' ? e : JSON.stringify(e);
      const type = named && typeof e === 'object' && e !== null ? (e as { type?: string }).type : undefined;
      return `${type ? `event: ${type}\n` : ''}data: ${data}\n\n`;
    })
    .join('');

/** A stream as the vendors send a reply with two parallel calls (arguments split mid-token). */
const STREAMS: Record<TextFormat, string> = {
  chat: sse([
    {
      id: 'chatcmpl-1',
      model: 'gpt-4o',
      choices: [
        {
          index: 0,
          delta: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } },
            ],
          },
          finish_reason: null,
        },
      ],
    },
    { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"ci' } }] } }] },
    {
      choices: [
        { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: 'ty": "Paris"}' } }] } },
      ],
    },
    {
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              { index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '' } },
            ],
          },
        },
      ],
    },
    {
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index: 1, function: { arguments: '{"timezone":"Europe/Paris"}' } }] },
        },
      ],
    },
    { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
    { choices: [], usage: { prompt_tokens: 80, completion_tokens: 40, total_tokens: 120 } },
    '[DONE]',
  ]),
  responses: sse(
    [
      {
        type: 'response.created',
        response: { id: 'resp_1', model: 'gpt-4.1', status: 'in_progress', output: [] },
      },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_a',
          name: 'get_weather',
          arguments: '',
          status: 'in_progress',
        },
      },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, delta: '{"city":' },
      {
        type: 'response.function_call_arguments.delta',
        item_id: 'fc_1',
        output_index: 0,
        delta: ' "Paris"}',
      },
      {
        type: 'response.function_call_arguments.done',
        item_id: 'fc_1',
        output_index: 0,
        arguments: '{"city": "Paris"}',
      },
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_a',
          name: 'get_weather',
          arguments: '{"city": "Paris"}',
          status: 'completed',
        },
      },
      {
        type: 'response.output_item.added',
        output_index: 1,
        item: {
          type: 'function_call',
          id: 'fc_2',
          call_id: 'call_b',
          name: 'get_time',
          arguments: '',
          status: 'in_progress',
        },
      },
      {
        type: 'response.function_call_arguments.delta',
        item_id: 'fc_2',
        output_index: 1,
        delta: '{"timezone":"Europe/Paris"}',
      },
      {
        type: 'response.output_item.done',
        output_index: 1,
        item: {
          type: 'function_call',
          id: 'fc_2',
          call_id: 'call_b',
          name: 'get_time',
          arguments: '{"timezone":"Europe/Paris"}',
          status: 'completed',
        },
      },
      {
        type: 'response.completed',
        response: {
          id: 'resp_1',
          model: 'gpt-4.1',
          status: 'completed',
          output: [
            {
              type: 'function_call',
              id: 'fc_1',
              call_id: 'call_a',
              name: 'get_weather',
              arguments: '{"city": "Paris"}',
              status: 'completed',
            },
            {
              type: 'function_call',
              id: 'fc_2',
              call_id: 'call_b',
              name: 'get_time',
              arguments: '{"timezone":"Europe/Paris"}',
              status: 'completed',
            },
          ],
          usage: { input_tokens: 80, output_tokens: 40, total_tokens: 120 },
        },
      },
    ],
    true,
  ),
  messages: sse(
    [
      {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: [],
          stop_reason: null,
          usage: { input_tokens: 80, output_tokens: 1 },
        },
      },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Two lookups.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQBsig' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: {} },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } },
      {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: '{"city": "Par' },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'is"}' } },
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_b', name: 'get_time', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 2,
        delta: { type: 'input_json_delta', partial_json: '{"timezone":"Europe/Paris"}' },
      },
      { type: 'content_block_stop', index: 2 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 40 },
      },
      { type: 'message_stop' },
    ],
    true,
  ),
  generate: sse([
    {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              {
                functionCall: { name: 'get_weather', args: { city: 'Paris' } },
                thoughtSignature: 'CiQB-sig',
              },
              { functionCall: { name: 'get_time', args: { timezone: 'Europe/Paris' } } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 80, candidatesTokenCount: 40, totalTokenCount: 120 },
      modelVersion: 'gemini-3-pro-preview',
    },
  ]),
};

/** Feeds a stream to the format's reducer: the pieces it showed, and the whole reply. */
function reduce(format: TextFormat, text: string) {
  const r = FORMATS[format].createReducer();
  const pieces = parseEvents(text).flatMap((ev) => r.push(ev)?.tools ?? []);
  expect(r.finished).toBe(true);
  return { pieces, reply: r.result() };
}

/** The arguments each call showed while streaming, put together from its pieces by index. */
function assemble(pieces: { index: number; id?: string; name?: string; args?: string }[]) {
  const calls: { id?: string; name?: string; args: string }[] = [];
  for (const p of pieces) {
    const c = (calls[p.index] ??= { args: '' });
    if (p.id) c.id = p.id;
    if (p.name) c.name = p.name;
    c.args += p.args ?? '';
  }
  return calls;
}

const FORMAT_LIST: TextFormat[] = ['chat', 'responses', 'messages', 'generate'];

describe('tools and tool choice on the wire', () => {
  const body = (format: TextFormat, p: Params) => buildRequest(format, 'm', [user('hi')], p, false);

  it('chat: tools as functions, tool_choice as a mode or a named function', () => {
    const b = body('chat', { ...TOOLS, toolChoice: { name: 'get_time' } });
    expect(b['tools']).toEqual([
      {
        type: 'function',
        function: { name: 'get_weather', description: WEATHER.description, parameters: weatherSchema },
      },
      expect.objectContaining({ type: 'function' }),
    ]);
    expect(b['tool_choice']).toEqual({ type: 'function', function: { name: 'get_time' } });
    expect(body('chat', { ...TOOLS, toolChoice: 'required' })['tool_choice']).toBe('required');
  });

  it('responses: flat function tools; a named choice is {type, name}', () => {
    const b = body('responses', { ...TOOLS, toolChoice: { name: 'get_weather' } });
    expect((b['tools'] as unknown[])[0]).toEqual({
      type: 'function',
      name: 'get_weather',
      description: WEATHER.description,
      parameters: weatherSchema,
      strict: false,
    });
    expect(b['tool_choice']).toEqual({ type: 'function', name: 'get_weather' });
  });

  it('messages: input_schema; required is "any", a name is "tool"', () => {
    const choices: [ToolChoice, unknown][] = [
      ['auto', { type: 'auto' }],
      ['none', { type: 'none' }],
      ['required', { type: 'any' }],
      [{ name: 'get_time' }, { type: 'tool', name: 'get_time' }],
    ];
    for (const [choice, wire] of choices) {
      expect(body('messages', { ...TOOLS, toolChoice: choice })['tool_choice']).toEqual(wire);
    }
    expect((body('messages', TOOLS)['tools'] as unknown[])[0]).toEqual({
      name: 'get_weather',
      description: WEATHER.description,
      input_schema: weatherSchema,
    });
  });

  it('generate: functionDeclarations with parametersJsonSchema; toolConfig modes', () => {
    const b = body('generate', { ...TOOLS, toolChoice: { name: 'get_time' } });
    expect(b['tools']).toEqual([
      {
        functionDeclarations: [
          { name: 'get_weather', description: WEATHER.description, parametersJsonSchema: weatherSchema },
          expect.objectContaining({ name: 'get_time' }),
        ],
      },
    ]);
    expect(b['toolConfig']).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_time'] },
    });
    expect(body('generate', { ...TOOLS, toolChoice: 'none' })['toolConfig']).toEqual({
      functionCallingConfig: { mode: 'NONE' },
    });
  });

  it.each(FORMAT_LIST)('%s: no tools, no tool fields (a choice alone is not sent)', (format) => {
    const b = body(format, { stream: false, tools: [], toolChoice: 'required' });
    for (const key of ['tools', 'tool_choice', 'toolConfig']) expect(b).not.toHaveProperty(key);
  });
});

describe('calls in a reply', () => {
  it.each(FORMAT_LIST)('%s: streamed pieces build the calls the reply ends with', (format) => {
    const { pieces, reply } = reduce(format, STREAMS[format]);
    const calls = reply.toolCalls ?? [];
    expect(calls.map((c) => c.name)).toEqual(['get_weather', 'get_time']);
    expect(calls.map((c) => JSON.parse(c.arguments) as unknown)).toEqual([
      { city: 'Paris' },
      { timezone: 'Europe/Paris' },
    ]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    // what the user watched build up is what was stored
    const live = assemble(pieces);
    expect(live.map((c) => c.name)).toEqual(['get_weather', 'get_time']);
    expect(live.map((c) => c.id)).toEqual(calls.map((c) => c.id));
    expect(live.map((c) => JSON.parse(c.args) as unknown)).toEqual(
      calls.map((c) => JSON.parse(c.arguments) as unknown),
    );
    // a reply that only calls functions is a whole answer, not an empty one
    expect(endReasonOfReply(format, reply)).toBeUndefined();
  });

  it('chat: the arguments arrive over several pieces, each shown as it comes', () => {
    const { pieces } = reduce('chat', STREAMS.chat);
    expect(pieces.filter((p) => p.index === 0).map((p) => p.args ?? '')).toEqual([
      '',
      '{"ci',
      'ty": "Paris"}',
    ]);
  });

  it('messages: the thinking block stays in front of tool_use in the stored payload', () => {
    const { reply } = reduce('messages', STREAMS.messages);
    const raw = reply.raw.format === 'messages' ? reply.raw.content : [];
    expect(raw.map((b) => b['type'])).toEqual(['thinking', 'tool_use', 'tool_use']);
    expect(raw[0]).toMatchObject({ signature: 'EqQBsig' });
    expect(raw[1]).toEqual({
      type: 'tool_use',
      id: 'toolu_a',
      name: 'get_weather',
      input: { city: 'Paris' },
    });
  });

  it('non-streamed replies give the same calls', () => {
    const bodies: Record<TextFormat, unknown> = {
      chat: {
        model: 'gpt-4o',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'call_a',
                  type: 'function',
                  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
                },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      },
      responses: {
        id: 'resp_1',
        status: 'completed',
        output: [
          {
            type: 'function_call',
            id: 'fc_1',
            call_id: 'call_a',
            name: 'get_weather',
            arguments: '{"city":"Paris"}',
            status: 'completed',
          },
        ],
      },
      messages: {
        content: [{ type: 'tool_use', id: 'call_a', name: 'get_weather', input: { city: 'Paris' } }],
        stop_reason: 'tool_use',
      },
      generate: {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [{ functionCall: { id: 'call_a', name: 'get_weather', args: { city: 'Paris' } } }],
            },
            finishReason: 'STOP',
          },
        ],
      },
    };
    for (const format of FORMAT_LIST) {
      const reply = FORMATS[format].parseReply(bodies[format]);
      expect(reply.toolCalls, format).toEqual([
        { id: 'call_a', name: 'get_weather', arguments: expect.any(String) },
      ]);
      expect(JSON.parse(reply.toolCalls![0]!.arguments), format).toEqual({ city: 'Paris' });
      expect(reply.text, format).toBe('');
    }
  });

  it('generate: a call without an id gets one that is unique in the reply', () => {
    const { reply } = reduce('generate', STREAMS.generate);
    expect(reply.toolCalls?.map((c) => c.id)).toEqual(['get_weather#0', 'get_time#1']);
  });
});

/** The history of a two-step call: the question, the reply with two calls, the results. */
function roundTrip(format: TextFormat, results?: ToolResult[], params: Params = TOOLS) {
  const { reply } = reduce(format, STREAMS[format]);
  const calls: ToolCall[] = reply.toolCalls ?? [];
  const answered: ToolResult[] = results ?? [
    { callId: calls[0]!.id, name: 'get_weather', content: '{"temp": 21, "sky": "clear"}' },
    { callId: calls[1]!.id, name: 'get_time', content: '14:05' },
  ];
  const history: Turn[] = [
    user('Weather and time in Paris?'),
    assistant(reply.text, reply.raw, { toolCalls: calls }),
    { ...user(''), toolResults: answered },
  ];
  return { history, calls, reply, body: buildRequest(format, 'm', history, params, true) };
}

describe('a choice that forces a call is not sent again with the results (the model would loop)', () => {
  /** The tool choice field of each format, as it goes on the wire. */
  const choiceOf = (format: TextFormat, b: Record<string, unknown>): unknown =>
    format === 'generate' ? b['toolConfig'] : b['tool_choice'];
  const AUTO: Record<TextFormat, unknown> = {
    chat: 'auto',
    responses: 'auto',
    messages: { type: 'auto' },
    generate: { functionCallingConfig: { mode: 'AUTO' } },
  };
  const FORCED: Record<TextFormat, unknown> = {
    chat: 'required',
    responses: 'required',
    messages: { type: 'any' },
    generate: { functionCallingConfig: { mode: 'ANY' } },
  };

  it.each(FORMAT_LIST)('%s: required asks for a call, then goes as auto with the results', (format) => {
    const params: Params = { ...TOOLS, toolChoice: 'required' };
    const asking = buildRequest(format, 'm', [user('Weather in Paris?')], params, true);
    expect(choiceOf(format, asking)).toEqual(FORCED[format]);
    expect(choiceOf(format, roundTrip(format, undefined, params).body)).toEqual(AUTO[format]);
  });

  it.each(FORMAT_LIST)('%s: a named function goes as auto with the results', (format) => {
    const params: Params = { ...TOOLS, toolChoice: { name: 'get_weather' } };
    expect(choiceOf(format, roundTrip(format, undefined, params).body)).toEqual(AUTO[format]);
  });

  it.each(FORMAT_LIST)('%s: none and auto go as they are; a later question forces again', (format) => {
    const none = roundTrip(format, undefined, { ...TOOLS, toolChoice: 'none' }).body;
    expect(JSON.stringify(choiceOf(format, none))).toMatch(/none|NONE/);
    const { history } = roundTrip(format);
    const params: Params = { ...TOOLS, toolChoice: 'required' };
    const later = buildRequest(
      format,
      'm',
      [...history, assistant('It is sunny.'), user('And in Rome?')],
      params,
      true,
    );
    expect(choiceOf(format, later)).toEqual(FORCED[format]);
  });
});

describe('results in the next request', () => {
  it('chat: the assistant message with its tool_calls, then one tool message per call', () => {
    const { body } = roundTrip('chat');
    const messages = body['messages'] as Record<string, unknown>[];
    expect(messages.map((m) => m['role'])).toEqual(['user', 'assistant', 'tool', 'tool']);
    expect(messages[1]).toMatchObject({ content: null });
    expect((messages[1]!['tool_calls'] as unknown[]).length).toBe(2);
    expect(messages[2]).toEqual({
      role: 'tool',
      tool_call_id: 'call_a',
      content: '{"temp": 21, "sky": "clear"}',
    });
    expect(messages[3]).toEqual({ role: 'tool', tool_call_id: 'call_b', content: '14:05' });
  });

  it('responses: function_call items without their item id, then function_call_output items', () => {
    const { body } = roundTrip('responses');
    const input = body['input'] as Record<string, unknown>[];
    expect(input.map((i) => i['type'] ?? i['role'])).toEqual([
      'user',
      'function_call',
      'function_call',
      'function_call_output',
      'function_call_output',
    ]);
    expect(input[1]).toEqual({
      type: 'function_call',
      call_id: 'call_a',
      name: 'get_weather',
      arguments: '{"city": "Paris"}',
    });
    expect(input[3]).toEqual({
      type: 'function_call_output',
      call_id: 'call_a',
      output: '{"temp": 21, "sky": "clear"}',
    });
  });

  it('messages: the assistant content verbatim (thinking first), then tool_result blocks opening the user turn', () => {
    const { body, reply } = roundTrip('messages');
    const messages = body['messages'] as Record<string, unknown>[];
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: reply.raw.format === 'messages' ? reply.raw.content : [],
    });
    expect(messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_a', content: '{"temp": 21, "sky": "clear"}' },
        { type: 'tool_result', tool_use_id: 'toolu_b', content: '14:05' },
      ],
    });
  });

  it('generate: the model parts with the signature on the same part, then functionResponse parts', () => {
    const { body } = roundTrip('generate');
    const contents = body['contents'] as { role: string; parts: Record<string, unknown>[] }[];
    expect(contents[1]!.parts[0]).toEqual({
      functionCall: { name: 'get_weather', args: { city: 'Paris' } },
      thoughtSignature: 'CiQB-sig',
    });
    expect(contents[2]).toEqual({
      role: 'user',
      parts: [
        // an object result goes as it is; any other value is wrapped, since `response` must be an object
        { functionResponse: { name: 'get_weather', response: { temp: 21, sky: 'clear' } } },
        { functionResponse: { name: 'get_time', response: { result: '14:05' } } },
      ],
    });
  });

  it('an error result is said as one (messages is_error, generate {error}, text elsewhere)', () => {
    const failing = (format: TextFormat) => {
      const { calls } = roundTrip(format);
      return roundTrip(
        format,
        calls.map((c) => ({ callId: c.id, name: c.name, content: 'service down', isError: true })),
      ).body;
    };
    const m = (failing('messages')['messages'] as { content: Record<string, unknown>[] }[])[2]!;
    expect(m.content[0]).toMatchObject({ is_error: true, content: 'service down' });
    const g = (failing('generate')['contents'] as { parts: Record<string, unknown>[] }[])[2]!;
    expect(g.parts[0]).toEqual({
      functionResponse: { name: 'get_weather', response: { error: 'service down' } },
    });
    const c = (failing('chat')['messages'] as Record<string, unknown>[])[2]!;
    expect(c['content']).toBe('Error: service down');
  });

  it('text added to the results follows them in the same turn', () => {
    const { history } = roundTrip('messages');
    const withText = [...history.slice(0, 2), { ...history[2]!, text: 'Use Celsius.' }];
    const messages = buildRequest('messages', 'm', withText, TOOLS, true)['messages'] as {
      content: Record<string, unknown>[];
    }[];
    expect(messages[2]!.content.map((b) => b['type'])).toEqual(['tool_result', 'tool_result', 'text']);
    const chatHistory = roundTrip('chat').history;
    const chatWithText = [...chatHistory.slice(0, 2), { ...chatHistory[2]!, text: 'Use Celsius.' }];
    const chat = buildRequest('chat', 'm', chatWithText, TOOLS, true)['messages'] as Record<
      string,
      unknown
    >[];
    expect(chat.map((m) => m['role'])).toEqual(['user', 'assistant', 'tool', 'tool', 'user']);
  });
});

describe('checks before sending', () => {
  const check = (format: TextFormat, history: Turn[], params: Params = TOOLS) =>
    validateTurnInput({ format, model: 'm', history, params });

  it.each(FORMAT_LIST)('%s: results answering every call once may be sent with no text', (format) => {
    expect(check(format, roundTrip(format).history)).toBeUndefined();
  });

  it('a call without a result, a result for no call, and two results for one call are refused, naming the call', () => {
    const { history, calls } = roundTrip('chat');
    const only = (results: ToolResult[]) => [
      ...history.slice(0, 2),
      { ...history[2]!, toolResults: results },
    ];
    const a = { callId: calls[0]!.id, name: 'get_weather', content: '1' };
    const b = { callId: calls[1]!.id, name: 'get_time', content: '2' };
    expect(check('chat', only([a]))?.message).toContain('get_time (call_b) has no result');
    expect(check('chat', only([a, b, { ...b, callId: 'call_x' }]))?.message).toContain('answers no call');
    expect(check('chat', only([a, b, a]))?.message).toContain('has two results');
  });

  it('a named tool choice must name a defined function', () => {
    const problem = check('chat', [user('hi')], { ...TOOLS, toolChoice: { name: 'nope' } });
    expect(problem?.message).toContain('names nope, which is not defined');
  });

  it('messages with thinking takes only auto or none', () => {
    const thinking: Params = { ...TOOLS, maxTokens: 4096, thinkingBudget: 2048, toolChoice: 'required' };
    expect(check('messages', [user('hi')], thinking)?.message).toContain('auto or none');
    expect(check('messages', [user('hi')], { ...thinking, toolChoice: 'auto' })).toBeUndefined();
  });

  it('a broken schema or a duplicate name is refused with a message', () => {
    const broken = check('chat', [user('hi')], {
      ...TOOLS,
      tools: [{ ...WEATHER, parameters: '{"type": ' }],
    });
    expect(broken?.message).toMatch(/JSON Schema: not valid JSON at line 1/);
    const twice = check('chat', [user('hi')], { ...TOOLS, tools: [WEATHER, WEATHER] });
    expect(twice?.message).toContain('Two functions are named get_weather');
  });
});

describe('a message after unanswered calls', () => {
  it('is refused before the request, naming the functions waiting for results', () => {
    const { history } = roundTrip('generate');
    const problem = validateTurnInput({
      format: 'generate',
      model: 'm',
      history: [...history.slice(0, 2), user('never mind')],
      params: TOOLS,
    });
    expect(problem?.message).toBe(
      'The last reply called get_weather, get_time: send the results first (the form under the reply).',
    );
  });

  it('is allowed after a reply the user rewrote (it goes back as text, without its calls)', () => {
    const { history } = roundTrip('chat');
    const edited = { ...history[1]!, edited: true };
    expect(
      validateTurnInput({
        format: 'chat',
        model: 'm',
        history: [history[0]!, edited, user('ok')],
        params: TOOLS,
      }),
    ).toBeUndefined();
  });
});

describe("a tool result's images in the next request, in each format's own shape", () => {
  /** A 1x1 PNG, as a tool returns it; its bytes are read from `files` by id, as the host reads the file. */
  const PIXEL = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );
  const B64 = PIXEL.toString('base64');
  const image = {
    id: 'img-1',
    name: 'local-chart-1.png',
    mimeType: 'image/png',
    kind: 'image' as const,
    bytes: PIXEL.length,
    width: 1,
    height: 1,
  };
  const files = new Map([[image.id, new Uint8Array(PIXEL)]]);
  const withImage = (format: TextFormat, content = 'the chart', model = 'm') => {
    const { history, calls } = roundTrip(format);
    const results: ToolResult[] = [
      { callId: calls[0]!.id, name: 'get_weather', content, images: [image] },
      { callId: calls[1]!.id, name: 'get_time', content: '14:05' },
    ];
    const turns = [...history.slice(0, 2), { ...history[2]!, toolResults: results }];
    return { calls, body: buildRequest(format, model, turns, TOOLS, true, files) };
  };

  it('messages: tool_result content lists a text block and a base64 image block', () => {
    const { body } = withImage('messages');
    const last = (body['messages'] as { content: Record<string, unknown>[] }[])[2]!;
    expect(last.content[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_a',
      content: [
        { type: 'text', text: 'the chart' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: B64 } },
      ],
    });
    // a result without images keeps its text content
    expect(last.content[1]).toEqual({ type: 'tool_result', tool_use_id: 'toolu_b', content: '14:05' });
  });

  it('messages: an image-only result has no empty text block (the service refuses one)', () => {
    const { body } = withImage('messages', '');
    const last = (body['messages'] as { content: { content: unknown }[] }[])[2]!;
    expect(last.content[0]!.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: B64 } },
    ]);
  });

  it('responses: function_call_output.output lists input_text and input_image (a data URL)', () => {
    const { body } = withImage('responses');
    const outputs = (body['input'] as Record<string, unknown>[]).filter(
      (i) => i['type'] === 'function_call_output',
    );
    expect(outputs[0]).toEqual({
      type: 'function_call_output',
      call_id: 'call_a',
      output: [
        { type: 'input_text', text: 'the chart' },
        { type: 'input_image', image_url: `data:image/png;base64,${B64}` },
      ],
    });
    expect(outputs[1]).toEqual({ type: 'function_call_output', call_id: 'call_b', output: '14:05' });
  });

  it('generate, a 3-series model: the functionResponse carries the image as an inlineData part', () => {
    const { body } = withImage('generate', 'the chart', 'gemini-3-flash-preview');
    const contents = body['contents'] as { parts: Record<string, unknown>[] }[];
    expect(contents[2]!.parts).toEqual([
      {
        functionResponse: {
          name: 'get_weather',
          response: { result: 'the chart' },
          parts: [{ inlineData: { mimeType: 'image/png', data: B64 } }],
        },
      },
      { functionResponse: { name: 'get_time', response: { result: '14:05' } } },
    ]);
  });

  it('generate, an older model: the image follows the function responses as inlineData, the call named', () => {
    const { body } = withImage('generate', 'the chart', 'gemini-2.5-flash');
    const contents = body['contents'] as { parts: Record<string, unknown>[] }[];
    expect(contents[2]!.parts).toEqual([
      { functionResponse: { name: 'get_weather', response: { result: 'the chart' } } },
      { functionResponse: { name: 'get_time', response: { result: '14:05' } } },
      { text: 'Image returned by get_weather (call get_weather#0):' },
      { inlineData: { mimeType: 'image/png', data: B64 } },
    ]);
  });

  it('chat: the tool message keeps text and a note; the image follows in one user message naming the call', () => {
    const { body } = withImage('chat');
    const messages = body['messages'] as Record<string, unknown>[];
    expect(messages.map((m) => m['role'])).toEqual(['user', 'assistant', 'tool', 'tool', 'user']);
    expect(messages[2]).toEqual({
      role: 'tool',
      tool_call_id: 'call_a',
      content: 'the chart\n[The image this tool returned follows in the next user message.]',
    });
    expect(messages[3]).toEqual({ role: 'tool', tool_call_id: 'call_b', content: '14:05' });
    expect(messages[4]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Image returned by get_weather (call call_a):' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${B64}` } },
      ],
    });
  });

  it.each(FORMAT_LIST)('%s: an image whose file is missing is refused, naming the result', (format) => {
    const { history, calls } = roundTrip(format);
    const turns = [
      ...history.slice(0, 2),
      {
        ...history[2]!,
        toolResults: [
          { callId: calls[0]!.id, name: 'get_weather', content: 'x', images: [image] },
          { callId: calls[1]!.id, name: 'get_time', content: '14:05' },
        ],
      },
    ];
    expect(() => buildRequest(format, 'm', turns, TOOLS, true, new Map())).toThrow(
      /local-chart-1\.png of the result of get_weather is missing/,
    );
  });
});
