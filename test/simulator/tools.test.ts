// Tool calls through the simulator, every format, streamed and not: the [[call]] directive and the tool
// choice, the calls' shapes and stream pieces, a round trip with results, and the history checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, toolResultsSentence } from '../../electron/simulator/index.ts';
import { bearer, generatePath, JSON_HEADERS, jsonEvents, messagesHeaders, post, readSse } from './helpers.ts';
import { parseSchema, schemaProblem } from '../../shared/json-schema.ts';
import { resultValue, TOOL_EXAMPLES } from '../../shared/tools.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** get_weather and get_time, as the tools panel offers them. */
const DEFS = TOOL_EXAMPLES.slice(0, 2).map((t) => ({
  name: t.name,
  description: t.description ?? '',
  schema: parseSchema(t.parameters),
}));
const SCHEMA = Object.fromEntries(DEFS.map((d) => [d.name, d.schema]));

interface Call {
  id: string;
  name: string;
  args: string;
}
interface Reply {
  calls: Call[];
  text: string;
  finish: string;
  /** what the follow-up sends back for this reply (message, output items, content blocks, parts) */
  raw: unknown;
  usage: Json;
}
interface Result {
  call: Call;
  content: string;
}
type Choice = 'auto' | 'none' | 'required' | { name: string };

interface Format {
  name: string;
  send(body: Json, stream: boolean): Promise<Response>;
  /** the fields that declare DEFS (and the choice) */
  tools(choice?: Choice): Json;
  /** the history: the user's prompt, then (when given) the reply with calls and the results */
  body(prompt: string, answered?: { reply: Reply; results: Result[]; text?: string }): Json;
  reply(body: Json): Reply;
  streamed(events: Json[]): Reply;
  callFinish: string;
  textFinish: string;
  /** how a call id starts (generate: the id a client makes up) */
  idPrefix: RegExp;
}

function callsCheck(calls: Call[]): void {
  for (const call of calls) {
    expect(schemaProblem(JSON.parse(call.args), SCHEMA[call.name])).toBeUndefined();
  }
  expect(new Set(calls.map((c) => c.id)).size).toBe(calls.length);
}

const CHAT: Format = {
  name: 'chat',
  send: (body, stream) =>
    post(
      sim,
      '/v1/chat/completions',
      { ...body, stream, ...(stream ? { stream_options: { include_usage: true } } : {}) },
      bearer(),
    ),
  tools: (choice) => ({
    tools: DEFS.map((d) => ({
      type: 'function',
      function: { name: d.name, description: d.description, parameters: d.schema },
    })),
    ...(choice === undefined
      ? {}
      : {
          tool_choice:
            typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } },
        }),
  }),
  body: (prompt, answered) => ({
    model: 'gpt-5-mini',
    messages: [
      { role: 'user', content: prompt },
      ...(answered
        ? [
            answered.reply.raw,
            ...answered.results.map((r) => ({ role: 'tool', tool_call_id: r.call.id, content: r.content })),
            ...(answered.text ? [{ role: 'user', content: answered.text }] : []),
          ]
        : []),
    ],
  }),
  reply(body) {
    const choice = obj(arr(body['choices'])[0]);
    const message = obj(choice['message']);
    return {
      calls: arr(message['tool_calls']).map((c) => ({
        id: str(obj(c)['id']),
        name: str(obj(obj(c)['function'])['name']),
        args: str(obj(obj(c)['function'])['arguments']),
      })),
      text: str(message['content']),
      finish: str(choice['finish_reason']),
      raw: message,
      usage: obj(body['usage']),
    };
  },
  streamed(events) {
    const calls: Call[] = [];
    let text = '';
    let finish = '';
    let usage: Json = {};
    for (const e of events) {
      if (e['usage']) usage = obj(e['usage']);
      const choice = obj(arr(e['choices'])[0]);
      const delta = obj(choice['delta']);
      text += str(delta['content']);
      for (const p of arr(delta['tool_calls'])) {
        const piece = obj(p);
        const call = (calls[Number(piece['index'])] ??= { id: '', name: '', args: '' });
        if (typeof piece['id'] === 'string') call.id = piece['id'];
        call.name += str(obj(piece['function'])['name']);
        call.args += str(obj(piece['function'])['arguments']);
      }
      if (typeof choice['finish_reason'] === 'string') finish = choice['finish_reason'];
    }
    const raw = {
      role: 'assistant',
      content: text === '' ? null : text,
      tool_calls: calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.args },
      })),
    };
    return { calls, text, finish, raw, usage };
  },
  callFinish: 'tool_calls',
  textFinish: 'stop',
  idPrefix: /^call_[A-Za-z0-9]{24}$/,
};

const RESPONSES: Format = {
  name: 'responses',
  send: (body, stream) => post(sim, '/v1/responses', { ...body, stream }, bearer()),
  tools: (choice) => ({
    tools: DEFS.map((d) => ({
      type: 'function',
      name: d.name,
      description: d.description,
      parameters: d.schema,
      strict: false,
    })),
    ...(choice === undefined
      ? {}
      : { tool_choice: typeof choice === 'string' ? choice : { type: 'function', name: choice.name } }),
  }),
  body: (prompt, answered) => ({
    model: 'gpt-4.1',
    input: [
      { role: 'user', content: prompt },
      ...(answered
        ? [
            ...arr(answered.reply.raw),
            ...answered.results.map((r) => ({
              type: 'function_call_output',
              call_id: r.call.id,
              output: r.content,
            })),
            ...(answered.text ? [{ role: 'user', content: answered.text }] : []),
          ]
        : []),
    ],
  }),
  reply(body) {
    const output = arr(body['output']).map(obj);
    return {
      calls: output
        .filter((i) => i['type'] === 'function_call')
        .map((i) => ({ id: str(i['call_id']), name: str(i['name']), args: str(i['arguments']) })),
      text: output
        .filter((i) => i['type'] === 'message')
        .flatMap((i) => arr(i['content']).map((p) => str(obj(p)['text'])))
        .join(''),
      finish: str(body['status']),
      raw: output,
      usage: obj(body['usage']),
    };
  },
  streamed(events) {
    const byItem = new Map<string, Call>();
    let text = '';
    let final: Json = {};
    for (const e of events) {
      const type = e['type'];
      const item = obj(e['item']);
      if (type === 'response.output_item.added' && item['type'] === 'function_call') {
        byItem.set(str(item['id']), {
          id: str(item['call_id']),
          name: str(item['name']),
          args: str(item['arguments']),
        });
      }
      if (type === 'response.function_call_arguments.delta') {
        const call = byItem.get(str(e['item_id']));
        if (call) call.args += str(e['delta']);
      }
      if (type === 'response.output_text.delta') text += str(e['delta']);
      if (type === 'response.completed') final = obj(e['response']);
    }
    return {
      calls: [...byItem.values()],
      text,
      finish: str(final['status']),
      raw: arr(final['output']),
      usage: obj(final['usage']),
    };
  },
  callFinish: 'completed',
  textFinish: 'completed',
  idPrefix: /^call_[A-Za-z0-9]{24}$/,
};

const MESSAGES: Format = {
  name: 'messages',
  send: (body, stream) => post(sim, '/v1/messages', { ...body, stream }, messagesHeaders()),
  tools: (choice) => ({
    tools: DEFS.map((d) => ({ name: d.name, description: d.description, input_schema: d.schema })),
    ...(choice === undefined
      ? {}
      : {
          tool_choice:
            choice === 'required'
              ? { type: 'any' }
              : typeof choice === 'string'
                ? { type: choice }
                : { type: 'tool', name: choice.name },
        }),
  }),
  body: (prompt, answered) => ({
    model: 'claude-haiku-4-5',
    max_tokens: 4000,
    messages: [
      { role: 'user', content: prompt },
      ...(answered
        ? [
            { role: 'assistant', content: answered.reply.raw },
            {
              role: 'user',
              content: [
                ...answered.results.map((r) => ({
                  type: 'tool_result',
                  tool_use_id: r.call.id,
                  content: r.content,
                })),
                ...(answered.text ? [{ type: 'text', text: answered.text }] : []),
              ],
            },
          ]
        : []),
    ],
  }),
  reply(body) {
    const blocks = arr(body['content']).map(obj);
    return {
      calls: blocks
        .filter((b) => b['type'] === 'tool_use')
        .map((b) => ({ id: str(b['id']), name: str(b['name']), args: JSON.stringify(b['input']) })),
      text: blocks.map((b) => str(b['text'])).join(''),
      finish: str(body['stop_reason']),
      raw: blocks,
      usage: obj(body['usage']),
    };
  },
  streamed(events) {
    const blocks: Json[] = [];
    const partial: string[] = [];
    let finish = '';
    let usage: Json = {};
    for (const e of events) {
      const index = Number(e['index']);
      if (e['type'] === 'content_block_start') {
        blocks[index] = { ...obj(e['content_block']) };
        partial[index] = '';
      }
      if (e['type'] === 'content_block_delta') {
        const block = obj(blocks[index]);
        const d = obj(e['delta']);
        if (d['type'] === 'text_delta') block['text'] = str(block['text']) + str(d['text']);
        if (d['type'] === 'thinking_delta') block['thinking'] = str(block['thinking']) + str(d['thinking']);
        if (d['type'] === 'signature_delta') block['signature'] = d['signature'];
        if (d['type'] === 'input_json_delta') partial[index] += str(d['partial_json']);
      }
      if (e['type'] === 'content_block_stop' && obj(blocks[index])['type'] === 'tool_use') {
        obj(blocks[index])['input'] = JSON.parse(partial[index] || '{}');
      }
      if (e['type'] === 'message_delta') {
        finish = str(obj(e['delta'])['stop_reason']);
        usage = obj(e['usage']);
      }
    }
    const calls = blocks.flatMap((b, i) =>
      b['type'] === 'tool_use' ? [{ id: str(b['id']), name: str(b['name']), args: partial[i] ?? '' }] : [],
    );
    return { calls, text: blocks.map((b) => str(b['text'])).join(''), finish, raw: blocks, usage };
  },
  callFinish: 'tool_use',
  textFinish: 'end_turn',
  idPrefix: /^toolu_01[A-Za-z0-9]{22}$/,
};

function generateCalls(parts: Json[]): Call[] {
  return parts
    .filter((p) => p['functionCall'] !== undefined)
    .map((p, n) => {
      // the service's optional id (the simulator always sends one); a client makes one up otherwise
      const fc = obj(p['functionCall']);
      return { id: str(fc['id']) || `#${n}`, name: str(fc['name']), args: JSON.stringify(fc['args']) };
    });
}

function partsOf(body: Json): Json[] {
  return arr(obj(obj(arr(body['candidates'])[0])['content'])['parts']).map(obj);
}

const GENERATE: Format = {
  name: 'generate',
  send: (body, stream) => post(sim, generatePath('gemini-2.5-flash', undefined, stream), body, JSON_HEADERS),
  tools: (choice) => ({
    tools: [
      {
        functionDeclarations: DEFS.map((d) => ({
          name: d.name,
          description: d.description,
          parametersJsonSchema: d.schema,
        })),
      },
    ],
    ...(choice === undefined
      ? {}
      : {
          toolConfig: {
            functionCallingConfig:
              choice === 'required'
                ? { mode: 'ANY' }
                : typeof choice === 'string'
                  ? { mode: choice.toUpperCase() }
                  : { mode: 'ANY', allowedFunctionNames: [choice.name] },
          },
        }),
  }),
  body: (prompt, answered) => ({
    contents: [
      { role: 'user', parts: [{ text: prompt }] },
      ...(answered
        ? [
            { role: 'model', parts: answered.reply.raw },
            {
              role: 'user',
              parts: [
                ...answered.results.map((r) => {
                  const value = resultValue(r.content);
                  const response = Object.keys(obj(value)).length > 0 ? value : { result: value };
                  return { functionResponse: { name: r.call.name, response, id: r.call.id } };
                }),
                ...(answered.text ? [{ text: answered.text }] : []),
              ],
            },
          ]
        : []),
    ],
  }),
  reply(body) {
    const parts = partsOf(body);
    return {
      calls: generateCalls(parts),
      text: parts.map((p) => (p['thought'] === true ? '' : str(p['text']))).join(''),
      finish: str(obj(arr(body['candidates'])[0])['finishReason']),
      raw: parts,
      usage: obj(body['usageMetadata']),
    };
  },
  streamed(events) {
    const parts = events.flatMap(partsOf);
    const last = events.at(-1) ?? {};
    return {
      calls: generateCalls(parts),
      text: parts.map((p) => (p['thought'] === true ? '' : str(p['text']))).join(''),
      finish: str(obj(arr(last['candidates'])[0])['finishReason']),
      raw: parts,
      usage: obj(last['usageMetadata']),
    };
  },
  callFinish: 'STOP',
  textFinish: 'STOP',
  idPrefix: /^[A-Za-z0-9]{12}$/,
};

const FORMATS = [CHAT, RESPONSES, MESSAGES, GENERATE];

async function ask(f: Format, body: Json, stream: boolean): Promise<Reply> {
  const res = await f.send(body, stream);
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  return stream ? f.streamed(jsonEvents(await readSse(res))) : f.reply((await res.json()) as Json);
}

async function refused(f: Format, body: Json, stream = false): Promise<{ message: string; error: Json }> {
  const res = await f.send(body, stream);
  expect(res.status).toBe(400);
  const error = obj(((await res.json()) as Json)['error']);
  if (f.name === 'generate') expect(error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  else expect(error['type']).toBe('invalid_request_error');
  return { message: str(error['message']), error };
}

function withTools(f: Format, prompt: string, choice?: Choice, extra: Json = {}): Json {
  return { ...f.body(prompt), ...f.tools(choice), ...extra };
}

function answeredBody(f: Format, reply: Reply, results: Result[], extra: Json = {}, text?: string): Json {
  return {
    ...f.body('[[call:get_weather,get_time]]', { reply, results, ...(text ? { text } : {}) }),
    ...f.tools(),
    ...extra,
  };
}

const RESULTS = (calls: Call[]): Result[] =>
  calls.map((call) => ({ call, content: call.name === 'get_weather' ? '{"temp": 21}' : '12:00' }));
const SENTENCE = 'Tool results received: get_weather → {"temp":21}; get_time → "12:00".';

describe.each(FORMATS)('$name tool calls', (f) => {
  describe.each([false, true])('stream %s', (stream) => {
    it('[[call]] calls the first declared function with arguments that match its schema', async () => {
      const reply = await ask(f, withTools(f, 'What is the weather? [[call]]'), stream);
      expect(reply.calls.map((c) => c.name)).toEqual(['get_weather']);
      expect(reply.calls[0]?.id).toMatch(f.idPrefix);
      expect(JSON.parse(reply.calls[0]?.args ?? '')).toEqual({ city: 'text', unit: 'celsius' });
      callsCheck(reply.calls);
      expect(reply.finish).toBe(f.callFinish);
      expect(reply.text).toBe('');
    });

    it('[[call:get_weather,get_time]] makes parallel calls in that order, each with its own id', async () => {
      const reply = await ask(f, withTools(f, 'Both please [[call:get_weather,get_time]]'), stream);
      expect(reply.calls.map((c) => c.name)).toEqual(['get_weather', 'get_time']);
      expect(JSON.parse(reply.calls[1]?.args ?? '')).toEqual({ timezone: 'text' });
      callsCheck(reply.calls);
    });

    it('[[call:get_time,get_time]] calls one function twice', async () => {
      const reply = await ask(f, withTools(f, '[[call:get_time,get_time]]'), stream);
      expect(reply.calls.map((c) => c.name)).toEqual(['get_time', 'get_time']);
      callsCheck(reply.calls);
    });

    it('a round trip: the results of the calls get the results sentence', async () => {
      const first = await ask(f, withTools(f, '[[call:get_weather,get_time]]'), stream);
      const second = await ask(f, answeredBody(f, first, RESULTS(first.calls)), stream);
      expect(second.calls).toEqual([]);
      expect(second.text).toBe(SENTENCE);
      expect(second.finish).toBe(f.textFinish);
      // results in another order are reported in the order the request holds them
      const swapped = await ask(f, answeredBody(f, first, RESULTS(first.calls).reverse()), stream);
      expect(swapped.text).toBe('Tool results received: get_time → "12:00"; get_weather → {"temp":21}.');
    });

    it('a turn that answers calls makes no call, even with the directive or tool_choice required', async () => {
      const first = await ask(f, withTools(f, '[[call]]'), stream);
      const again = answeredBody(f, first, RESULTS(first.calls), f.tools('required'), 'more [[call]]');
      const reply = await ask(f, again, stream);
      expect(reply.calls).toEqual([]);
      expect(reply.text).toBe('Tool results received: get_weather → {"temp":21}.');
    });

    it('tool_choice none never calls; required calls the first function; a named choice calls that one', async () => {
      const none = await ask(f, withTools(f, 'hi [[call]]', 'none'), stream);
      expect(none.calls).toEqual([]);
      expect(none.text).toContain('you said "hi [[call]]"');
      const required = await ask(f, withTools(f, 'hi', 'required'), stream);
      expect(required.calls.map((c) => c.name)).toEqual(['get_weather']);
      const named = await ask(f, withTools(f, 'hi', { name: 'get_time' }), stream);
      expect(named.calls.map((c) => c.name)).toEqual(['get_time']);
      const auto = await ask(f, withTools(f, 'hi', 'auto'), stream);
      expect(auto.calls).toEqual([]);
      expect(auto.finish).toBe(f.textFinish);
    });

    it('counts the calls as output tokens', async () => {
      const reply = await ask(f, withTools(f, '[[call]]'), stream);
      const out =
        reply.usage['completion_tokens'] ??
        reply.usage['output_tokens'] ??
        reply.usage['candidatesTokenCount'];
      expect(out).toBeGreaterThan(0);
    });
  });

  it('streamed calls have the same ids, names and arguments as the whole reply', async () => {
    const body = withTools(f, '[[call:get_weather,get_time]]');
    const whole = await ask(f, body, false);
    const streamed = await ask(f, body, true);
    expect(streamed.calls).toEqual(whole.calls);
  });

  it('a round trip whose first reply was streamed', async () => {
    const first = await ask(f, withTools(f, '[[call:get_weather,get_time]]'), true);
    const second = await ask(f, answeredBody(f, first, RESULTS(first.calls)), false);
    expect(second.text).toBe(SENTENCE);
  });

  it('without tools the directive is plain text', async () => {
    const reply = await ask(f, f.body('hi [[call]]'), false);
    expect(reply.calls).toEqual([]);
    expect(reply.text).toContain('[[call]]');
  });

  it('an unknown function in the directive is refused, naming it', async () => {
    const { message } = await refused(f, withTools(f, '[[call:get_weather,launch_rocket]]'));
    expect(message).toContain("no function named 'launch_rocket'");
    expect(message).toContain('get_weather, get_time');
  });

  it('a tool_choice that names an undeclared function is refused', async () => {
    const { message } = await refused(f, withTools(f, 'hi', { name: 'launch_rocket' }));
    expect(message).toContain('launch_rocket');
  });

  it('a tools field of the wrong type is refused', async () => {
    const { message } = await refused(f, { ...f.body('hi'), tools: { name: 'get_weather' } });
    expect(message).toMatch(/tools/i);
  });
});

// the formats whose results-only turn keeps the last user text as the prompt (messages and generate read a
// turn of results alone as an empty prompt, so the directive is not seen there)
describe.each(FORMATS.filter((f) => f.name === 'chat' || f.name === 'responses'))(
  '$name keep calling',
  (f) => {
    describe.each([false, true])('stream %s', (stream) => {
      it('with [[keep-calling]] a turn that answers calls is answered with the calls again', async () => {
        const prompt = '[[call:get_time]] [[keep-calling]]';
        const first = await ask(f, withTools(f, prompt), stream);
        const answered = { ...f.body(prompt, { reply: first, results: RESULTS(first.calls) }), ...f.tools() };
        const again = await ask(f, answered, stream);
        expect(again.calls.map((c) => c.name)).toEqual(['get_time']);
        expect(again.finish).toBe(f.callFinish);
      });
    });
  },
);

describe('pairing errors', () => {
  async function firstReply(f: Format): Promise<Reply> {
    return ask(f, withTools(f, '[[call:get_weather,get_time]]'), false);
  }
  const stranger = (call: Call): Call => ({
    ...call,
    id: call.id.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x')),
  });

  it('chat: a call without a tool message, and a tool message answering no call', async () => {
    const reply = await firstReply(CHAT);
    const [weather, time] = reply.calls as [Call, Call];
    const missing = await refused(CHAT, answeredBody(CHAT, reply, RESULTS([weather])));
    expect(missing.message).toBe(
      `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${time.id}`,
    );
    expect(missing.error).toMatchObject({ param: 'messages.[1].role', code: null });
    const extra = await refused(
      CHAT,
      answeredBody(CHAT, reply, [...RESULTS(reply.calls), { call: stranger(time), content: '1' }]),
    );
    expect(extra.message).toBe(
      "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    );
    expect(extra.error).toMatchObject({ param: 'messages.[4].role', code: null });
    // a tool message with no assistant message before it at all
    const orphan = await refused(CHAT, {
      ...CHAT.tools(),
      model: 'gpt-5-mini',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'tool', tool_call_id: 'call_1', content: 'x' },
      ],
    });
    expect(orphan.message).toContain("messages with role 'tool' must be a response");
    // the same result twice answers one call once
    const twice = await refused(
      CHAT,
      answeredBody(CHAT, reply, [...RESULTS(reply.calls), ...RESULTS([weather])]),
    );
    expect(twice.message).toContain("messages with role 'tool' must be a response");
  });

  it('chat: tool_choice without tools is refused', async () => {
    const { message, error } = await refused(CHAT, { ...CHAT.body('hi'), tool_choice: 'auto' });
    expect(message).toContain("'tool_choice' is only allowed when 'tools' are specified");
    expect(error['param']).toBe('tool_choice');
  });

  it('responses: a call without output, and an output answering no call', async () => {
    const reply = await firstReply(RESPONSES);
    const [weather, time] = reply.calls as [Call, Call];
    const missing = await refused(RESPONSES, answeredBody(RESPONSES, reply, RESULTS([weather])));
    expect(missing.message).toBe(`No tool output found for function call ${time.id}.`);
    expect(missing.error['param']).toBe('input');
    const odd = stranger(time);
    const extra = await refused(
      RESPONSES,
      answeredBody(RESPONSES, reply, [...RESULTS(reply.calls), { call: odd, content: '1' }]),
    );
    expect(extra.message).toBe(`No tool call found for function call output with call_id ${odd.id}.`);
    expect(extra.error['param']).toBe('input');
  });

  it('responses: previous_response_id carries the calls, so a follow-up of outputs alone is answered', async () => {
    const res = await RESPONSES.send({ ...withTools(RESPONSES, '[[call:get_weather,get_time]]') }, false);
    const first = (await res.json()) as Json;
    const calls = RESPONSES.reply(first).calls;
    const follow = {
      model: 'gpt-4.1',
      previous_response_id: first['id'],
      ...RESPONSES.tools(),
      input: RESULTS(calls).map((r) => ({
        type: 'function_call_output',
        call_id: r.call.id,
        output: r.content,
      })),
    };
    expect((await ask(RESPONSES, follow, false)).text).toBe(SENTENCE);
    expect((await ask(RESPONSES, follow, true)).text).toBe(SENTENCE);
    // going on with text only leaves the calls unanswered
    const unanswered = await refused(RESPONSES, {
      model: 'gpt-4.1',
      previous_response_id: first['id'],
      input: 'and?',
    });
    expect(unanswered.message).toBe(`No tool output found for function call ${calls[0]?.id}.`);
  });

  it('messages: a tool_use without tool_result, and a tool_result answering no tool_use', async () => {
    const reply = await firstReply(MESSAGES);
    const [weather, time] = reply.calls as [Call, Call];
    const missing = await refused(MESSAGES, answeredBody(MESSAGES, reply, RESULTS([weather])));
    expect(missing.message).toBe(
      `messages.1: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${time.id}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
    );
    const odd = stranger(time);
    const extra = await refused(
      MESSAGES,
      answeredBody(MESSAGES, reply, [{ call: odd, content: '1' }, ...RESULTS(reply.calls)]),
    );
    expect(extra.message).toBe(
      `messages.2.content.0: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${odd.id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
    );
    // results that do not open the message do not answer the calls
    const late = MESSAGES.body('[[call:get_weather,get_time]]', { reply, results: [] });
    const messages = arr(late['messages']);
    messages[2] = {
      role: 'user',
      content: [
        { type: 'text', text: 'first' },
        ...RESULTS(reply.calls).map((r) => ({
          type: 'tool_result',
          tool_use_id: r.call.id,
          content: r.content,
        })),
      ],
    };
    const notFirst = await refused(MESSAGES, { ...late, messages, ...MESSAGES.tools() });
    expect(notFirst.message).toContain(
      '`tool_use` ids were found without `tool_result` blocks immediately after',
    );
  });

  it('generate: function responses must match the calls one for one', async () => {
    const reply = await firstReply(GENERATE);
    const [weather] = reply.calls as [Call, Call];
    const message =
      'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.';
    expect((await refused(GENERATE, answeredBody(GENERATE, reply, RESULTS([weather])))).message).toBe(
      message,
    );
    const three = [...RESULTS(reply.calls), ...RESULTS([weather])];
    expect((await refused(GENERATE, answeredBody(GENERATE, reply, three))).message).toBe(message);
    // a function response with no call before it
    const orphan = {
      ...GENERATE.tools(),
      contents: [
        { role: 'user', parts: [{ functionResponse: { name: 'get_time', response: { result: 1 } } }] },
      ],
    };
    expect((await refused(GENERATE, orphan)).message).toBe(message);
  });
});

describe("images in tool results, read strictly in each format's own shape", () => {
  const PIXEL =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
  const SAID = `get_weather → {"temp":21} with 1 file: image/png 1x1 (${Buffer.from(PIXEL, 'base64').length} bytes)`;
  /** The follow-up to two calls, with `edit` changing the body's first result. */
  async function followUp(f: Format, edit: (body: Json) => void): Promise<Json> {
    const reply = await ask(f, withTools(f, '[[call:get_weather,get_time]]'), false);
    const body = answeredBody(f, reply, RESULTS(reply.calls));
    edit(body);
    return body;
  }
  const messagesResult = (b: Json) => obj(arr(obj(arr(b['messages'])[2])['content'])[0]);
  const responsesOutput = (b: Json) =>
    obj(arr(b['input']).find((i) => obj(i)['type'] === 'function_call_output'));
  const generateResponse = (b: Json) =>
    obj(obj(arr(obj(arr(b['contents'])[2])['parts'])[0])['functionResponse']);

  it('messages: a tool_result of text and base64 image blocks; another block type is refused', async () => {
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } };
    const good = await followUp(MESSAGES, (b) => {
      messagesResult(b)['content'] = [{ type: 'text', text: '{"temp": 21}' }, image];
    });
    expect((await ask(MESSAGES, good, false)).text).toContain(SAID);
    const bad = await followUp(MESSAGES, (b) => {
      messagesResult(b)['content'] = [{ type: 'input_image', image_url: `data:image/png;base64,${PIXEL}` }];
    });
    expect((await refused(MESSAGES, bad)).message).toContain("type 'input_image' is not supported");
  });

  it('responses: an output list of input_text and input_image; an output_text part is refused', async () => {
    const good = await followUp(RESPONSES, (b) => {
      responsesOutput(b)['output'] = [
        { type: 'input_text', text: '{"temp": 21}' },
        { type: 'input_image', image_url: `data:image/png;base64,${PIXEL}` },
      ];
    });
    expect((await ask(RESPONSES, good, false)).text).toContain(SAID);
    const bad = await followUp(RESPONSES, (b) => {
      responsesOutput(b)['output'] = [{ type: 'output_text', text: 'x' }];
    });
    expect((await refused(RESPONSES, bad)).message).toContain("type 'output_text' is not supported");
  });

  it('generate: functionResponse.parts of inlineData; a text part there is refused', async () => {
    const good = await followUp(GENERATE, (b) => {
      generateResponse(b)['parts'] = [{ inlineData: { mimeType: 'image/png', data: PIXEL } }];
    });
    expect((await ask(GENERATE, good, false)).text).toContain(SAID);
    const bad = await followUp(GENERATE, (b) => {
      generateResponse(b)['parts'] = [{ text: 'a chart' }];
    });
    expect((await refused(GENERATE, bad)).message).toContain(
      'functionResponse.parts[0] must hold inlineData',
    );
  });

  it('chat: a tool message takes text only; the image goes in the user message after it', async () => {
    const bad = await followUp(CHAT, (b) => {
      obj(arr(b['messages'])[2])['content'] = [
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
      ];
    });
    expect((await refused(CHAT, bad)).message).toContain("type 'image_url' is not supported");
    const good = await followUp(CHAT, (b) => {
      arr(b['messages']).push({
        role: 'user',
        content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } }],
      });
    });
    expect((await ask(CHAT, good, false)).text).toContain('Received 1 attachment: image/png 1x1');
  });
});

describe('chat stream pieces', () => {
  it('a call opens with index, id, type, name and empty arguments; the arguments follow in several pieces', async () => {
    const res = await CHAT.send(withTools(CHAT, '[[call:get_weather,get_time]]'), true);
    const deltas = jsonEvents(await readSse(res)).flatMap((e) =>
      arr(obj(obj(arr(e['choices'])[0])['delta'])['tool_calls']).map(obj),
    );
    for (const index of [0, 1]) {
      const mine = deltas.filter((d) => d['index'] === index);
      expect(mine[0]).toEqual({
        index,
        id: expect.stringMatching(/^call_/),
        type: 'function',
        function: { name: index === 0 ? 'get_weather' : 'get_time', arguments: '' },
      });
      const rest = mine.slice(1);
      expect(rest.length).toBeGreaterThanOrEqual(2);
      for (const d of rest) expect(Object.keys(d).sort()).toEqual(['function', 'index']);
    }
  });

  it('usage counts the calls, and include_usage sends it', async () => {
    const res = await CHAT.send(
      { ...withTools(CHAT, '[[call]]'), stream_options: { include_usage: true } },
      true,
    );
    const reply = CHAT.streamed(jsonEvents(await readSse(res)));
    expect(reply.usage['completion_tokens']).toBeGreaterThan(0);
    expect(reply.usage['total_tokens']).toBe(
      Number(reply.usage['prompt_tokens']) + Number(reply.usage['completion_tokens']),
    );
  });

  it('parallel_tool_calls false makes one call', async () => {
    const reply = await ask(
      CHAT,
      withTools(CHAT, '[[call:get_weather,get_time]]', undefined, { parallel_tool_calls: false }),
      false,
    );
    expect(reply.calls.map((c) => c.name)).toEqual(['get_weather']);
  });

  it('the non-streamed message has content null beside its tool_calls', async () => {
    const reply = await ask(CHAT, withTools(CHAT, '[[call]]'), false);
    expect(reply.raw).toMatchObject({ role: 'assistant', content: null, tool_calls: [{ type: 'function' }] });
  });
});

describe('responses stream events', () => {
  it('added (empty arguments), argument deltas, arguments done, item done, then completed', async () => {
    const res = await RESPONSES.send(withTools(RESPONSES, '[[call]]'), true);
    const events = jsonEvents(await readSse(res));
    const types = events.map((e) => e['type']);
    expect(types.slice(0, 3)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
    ]);
    expect(types.at(-1)).toBe('response.completed');
    expect(types.at(-2)).toBe('response.output_item.done');
    expect(types.at(-3)).toBe('response.function_call_arguments.done');
    const deltas = events.filter((e) => e['type'] === 'response.function_call_arguments.delta');
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    const added = obj(events[2]?.['item']);
    expect(added).toMatchObject({ type: 'function_call', arguments: '', name: 'get_weather' });
    const done = events.at(-3) ?? {};
    expect(done).toMatchObject({ item_id: added['id'], output_index: 0 });
    expect(done['arguments']).toBe(deltas.map((d) => d['delta']).join(''));
    const final = obj(events.at(-1)?.['response']);
    expect(final['status']).toBe('completed');
    expect(arr(final['output'])).toEqual([
      {
        id: expect.stringMatching(/^fc_/),
        type: 'function_call',
        status: 'completed',
        arguments: done['arguments'],
        call_id: expect.stringMatching(/^call_/),
        name: 'get_weather',
      },
    ]);
    expect(arr(final['tools'])).toHaveLength(2);
  });
});

describe('messages stream and thinking', () => {
  const THINKING = { thinking: { type: 'enabled', budget_tokens: 1024 } };

  it('tool_use blocks open with an empty input and get it as input_json_delta pieces', async () => {
    const res = await MESSAGES.send(withTools(MESSAGES, '[[call]]'), true);
    const events = jsonEvents(await readSse(res));
    const start = events.find((e) => e['type'] === 'content_block_start');
    expect(obj(start?.['content_block'])).toEqual({
      type: 'tool_use',
      id: expect.stringMatching(/^toolu_01/),
      name: 'get_weather',
      input: {},
    });
    const pieces = events.filter((e) => obj(e['delta'])['type'] === 'input_json_delta');
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    expect(obj(events.find((e) => e['type'] === 'message_delta')?.['delta'])['stop_reason']).toBe('tool_use');
  });

  it.each([false, true])(
    'with thinking the thinking block comes before tool_use (stream %s)',
    async (stream) => {
      const reply = await ask(
        MESSAGES,
        withTools(MESSAGES, '[[call:get_weather,get_time]]', undefined, THINKING),
        stream,
      );
      const blocks = arr(reply.raw).map(obj);
      expect(blocks.map((b) => b['type'])).toEqual(['thinking', 'tool_use', 'tool_use']);
      expect(str(blocks[0]?.['signature'])).not.toBe('');
      const answered = await ask(
        MESSAGES,
        answeredBody(MESSAGES, reply, RESULTS(reply.calls), THINKING),
        stream,
      );
      expect(answered.text).toBe(SENTENCE);
    },
  );

  it('a replay that drops the thinking block or alters its signature is refused', async () => {
    const reply = await ask(MESSAGES, withTools(MESSAGES, '[[call]]', undefined, THINKING), false);
    const blocks = arr(reply.raw).map(obj);
    const dropped = { ...reply, raw: blocks.slice(1) };
    const { message } = await refused(
      MESSAGES,
      answeredBody(MESSAGES, dropped, RESULTS(reply.calls), THINKING),
    );
    expect(message).toMatch(
      /^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`\. When `thinking` is enabled/,
    );
    const altered = { ...reply, raw: [{ ...blocks[0], signature: 'AAAA' }, ...blocks.slice(1)] };
    expect(
      (await refused(MESSAGES, answeredBody(MESSAGES, altered, RESULTS(reply.calls), THINKING))).message,
    ).toBe('messages.1.content.0: Invalid `signature` in `thinking` block');
    // without thinking on the follow-up, the block is not required
    expect(
      (await ask(MESSAGES, answeredBody(MESSAGES, dropped, RESULTS(reply.calls)), false)).text,
    ).toContain('Tool results received');
  });

  it('thinking with a tool_choice that forces a call is refused', async () => {
    const { message } = await refused(MESSAGES, withTools(MESSAGES, 'hi', 'required', THINKING));
    expect(message).toBe('Thinking may not be enabled when tool_choice forces tool use.');
  });

  it('disable_parallel_tool_use makes one call', async () => {
    const body = withTools(MESSAGES, '[[call:get_weather,get_time]]', undefined, {
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
    });
    expect((await ask(MESSAGES, body, false)).calls).toHaveLength(1);
  });

  it('tool blocks in the wrong role are refused', async () => {
    const body = {
      ...MESSAGES.tools(),
      model: 'claude-haiku-4-5',
      max_tokens: 100,
      messages: [
        { role: 'user', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_time', input: {} }] },
      ],
    };
    expect((await refused(MESSAGES, body)).message).toContain(
      '`tool_use` blocks can only be in `assistant` messages',
    );
  });
});

describe('generate content signatures on calls', () => {
  const THINKING = { generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } } };

  it.each([false, true])(
    'the first functionCall part carries the signature, parallel ones none (stream %s)',
    async (stream) => {
      const reply = await ask(
        GENERATE,
        withTools(GENERATE, '[[call:get_weather,get_time]]', undefined, THINKING),
        stream,
      );
      const parts = arr(reply.raw).map(obj);
      expect(
        parts.map((p) => (p['thought'] === true ? 'thought' : p['functionCall'] ? 'call' : 'text')),
      ).toEqual(['thought', 'call', 'call']);
      expect(str(parts[1]?.['thoughtSignature'])).not.toBe('');
      expect(parts[2]?.['thoughtSignature']).toBeUndefined();
      expect(reply.finish).toBe('STOP');
      const answered = await ask(
        GENERATE,
        answeredBody(GENERATE, reply, RESULTS(reply.calls), THINKING),
        stream,
      );
      expect(answered.text).toBe(SENTENCE);
    },
  );

  it('streamed, each functionCall part arrives whole in a chunk of its own', async () => {
    const res = await GENERATE.send(withTools(GENERATE, '[[call:get_weather,get_time]]'), true);
    const chunks = jsonEvents(await readSse(res));
    const callChunks = chunks.map(partsOf).filter((parts) => parts.some((p) => p['functionCall']));
    expect(callChunks).toHaveLength(2);
    expect(callChunks.every((parts) => parts.length === 1)).toBe(true);
    expect(obj(callChunks[0]?.[0]?.['functionCall'])['args']).toEqual({ city: 'text', unit: 'celsius' });
  });

  it('a replay that drops the signature of the first call is refused with the service message', async () => {
    const reply = await ask(
      GENERATE,
      withTools(GENERATE, '[[call:get_weather,get_time]]', undefined, THINKING),
      false,
    );
    const parts = arr(reply.raw).map(obj);
    const stripped = parts.map(({ thoughtSignature: _sig, ...rest }) => rest);
    const { message } = await refused(
      GENERATE,
      answeredBody(GENERATE, { ...reply, raw: stripped }, RESULTS(reply.calls), THINKING),
    );
    expect(message).toBe(
      'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:get_weather` , position 2.',
    );
    // a signature moved to the second call is not valid there
    const moved = [
      parts[0],
      { functionCall: parts[1]?.['functionCall'] },
      { ...parts[2], thoughtSignature: parts[1]?.['thoughtSignature'] },
    ];
    expect(
      (
        await refused(
          GENERATE,
          answeredBody(GENERATE, { ...reply, raw: moved }, RESULTS(reply.calls), THINKING),
        )
      ).message,
    ).toMatch(/thought signature is not valid/i);
  });

  it('without thinking no signature is issued, and none is asked for', async () => {
    const reply = await ask(GENERATE, withTools(GENERATE, '[[call]]'), false);
    expect(arr(reply.raw).map(obj)[0]?.['thoughtSignature']).toBeUndefined();
    expect((await ask(GENERATE, answeredBody(GENERATE, reply, RESULTS(reply.calls)), false)).text).toContain(
      'Tool results received',
    );
  });

  it('ANY with allowedFunctionNames calls the allowed function; a declaration in OpenAPI style works too', async () => {
    const body = {
      ...GENERATE.body('hi'),
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_time',
              parameters: { type: 'OBJECT', properties: { timezone: { type: 'STRING' } } },
            },
            { name: 'get_weather', parametersJsonSchema: SCHEMA['get_weather'] },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_time'] } },
    };
    const reply = await ask(GENERATE, body, false);
    expect(reply.calls.map((c) => [c.name, JSON.parse(c.args)])).toEqual([
      ['get_time', { timezone: 'text' }],
    ]);
  });
});

describe('toolResultsSentence', () => {
  it('compacts JSON, quotes plain text, cuts long results to 200 characters', () => {
    expect(
      toolResultsSentence([
        { name: 'get_weather', content: '{ "temp": 21 }' },
        { name: 'get_time', content: '12:00' },
      ]),
    ).toBe(SENTENCE);
    const long = toolResultsSentence([{ name: 'f', content: JSON.stringify('x'.repeat(500)) }]);
    const shown = long.slice('Tool results received: f → '.length, -1);
    expect(shown).toHaveLength(200);
    expect(shown.endsWith('…')).toBe(true);
  });
});
