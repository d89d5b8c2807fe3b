// Opt-in probe `<format>.tool-calls`: does a function call make the round trip? The spec is silent on tools,
// so the answer is information ('info'), never a verdict. Two requests in the vendor's documented shapes,
// built here by hand (the checker does not lean on the app's own format code): the main request with one
// function offered and the call required, then the same conversation with the call and its result.
import type { TextFormat } from '../../shared/formats.ts';
import { isRecord } from '../../shared/wire.ts';
import { describeAnswer, describeHttp, keyedRequest, oneLine, send } from './probe.ts';
import { emit, ms } from './report.ts';
import type { FormatRun, TextFormatCheck } from './text-format.ts';
import type { Ctx } from './types.ts';

export const TOOL_PROMPT = 'What is the weather in Paris? Use the get_weather function.';
const NAME = 'get_weather';
const DESCRIPTION = 'Current weather for a city.';
const PARAMETERS = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' } },
  required: ['city'],
};
/** The result the probe answers every call with. */
export const TOOL_RESULT = { temperature_c: 21, sky: 'clear' };

type Json = Record<string, unknown>;

interface Call {
  id: string;
  args: unknown;
}

interface ToolTurns {
  /** the main request with the function offered, a call required, and the prompt as the user turn */
  ask(main: Json): Json;
  /** the calls of a reply, in order; [] when it made none */
  calls(reply: Json): Call[];
  /** the first request plus the reply's turn (verbatim) and the results */
  answer(asked: Json, reply: Json, calls: Call[]): Json;
}

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const rec = (v: unknown): Json => (isRecord(v) ? v : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const TOOL_TURNS: Record<TextFormat, ToolTurns> = {
  chat: {
    ask: (main) => ({
      ...main,
      messages: [{ role: 'user', content: TOOL_PROMPT }],
      tools: [
        { type: 'function', function: { name: NAME, description: DESCRIPTION, parameters: PARAMETERS } },
      ],
      tool_choice: 'required',
    }),
    calls: (reply) =>
      arr(rec(rec(arr(reply['choices'])[0])['message'])['tool_calls']).map((c) => ({
        id: str(rec(c)['id']),
        args: parsed(str(rec(rec(c)['function'])['arguments'])),
      })),
    answer: (asked, reply, calls) => ({
      ...asked,
      tool_choice: 'auto',
      messages: [
        ...arr(asked['messages']),
        rec(arr(reply['choices'])[0])['message'],
        ...calls.map((c) => ({ role: 'tool', tool_call_id: c.id, content: JSON.stringify(TOOL_RESULT) })),
      ],
    }),
  },
  responses: {
    ask: (main) => ({
      ...main,
      input: [{ role: 'user', content: TOOL_PROMPT }],
      tools: [
        { type: 'function', name: NAME, description: DESCRIPTION, parameters: PARAMETERS, strict: false },
      ],
      tool_choice: 'required',
    }),
    calls: (reply) =>
      arr(reply['output'])
        .filter((i) => rec(i)['type'] === 'function_call')
        .map((i) => ({ id: str(rec(i)['call_id']), args: parsed(str(rec(i)['arguments'])) })),
    answer: (asked, reply, calls) => ({
      ...asked,
      tool_choice: 'auto',
      input: [
        ...arr(asked['input']),
        ...arr(reply['output'])
          .filter((i) => rec(i)['type'] === 'function_call')
          .map((i) => {
            const { id: _id, status: _status, ...item } = rec(i);
            return item;
          }),
        ...calls.map((c) => ({
          type: 'function_call_output',
          call_id: c.id,
          output: JSON.stringify(TOOL_RESULT),
        })),
      ],
    }),
  },
  messages: {
    ask: (main) => ({
      ...main,
      messages: [{ role: 'user', content: TOOL_PROMPT }],
      tools: [{ name: NAME, description: DESCRIPTION, input_schema: PARAMETERS }],
      tool_choice: { type: 'any' },
    }),
    calls: (reply) =>
      arr(reply['content'])
        .filter((b) => rec(b)['type'] === 'tool_use')
        .map((b) => ({ id: str(rec(b)['id']), args: rec(b)['input'] })),
    answer: (asked, reply, calls) => ({
      ...asked,
      tool_choice: { type: 'auto' },
      messages: [
        ...arr(asked['messages']),
        { role: 'assistant', content: reply['content'] },
        {
          role: 'user',
          content: calls.map((c) => ({
            type: 'tool_result',
            tool_use_id: c.id,
            content: JSON.stringify(TOOL_RESULT),
          })),
        },
      ],
    }),
  },
  generate: {
    ask: (main) => ({
      ...main,
      contents: [{ role: 'user', parts: [{ text: TOOL_PROMPT }] }],
      tools: [
        {
          functionDeclarations: [{ name: NAME, description: DESCRIPTION, parametersJsonSchema: PARAMETERS }],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    }),
    calls: (reply) =>
      arr(rec(rec(arr(reply['candidates'])[0])['content'])['parts'])
        .filter((p) => isRecord(rec(p)['functionCall']))
        .map((p) => {
          const fc = rec(rec(p)['functionCall']);
          return { id: str(fc['id']), args: fc['args'] };
        }),
    answer: (asked, reply, calls) => {
      // the model turn goes back verbatim: a functionCall part's thoughtSignature must stay on it
      const modelTurn = rec(rec(arr(reply['candidates'])[0])['content']);
      return {
        ...asked,
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
        contents: [
          ...arr(asked['contents']),
          { role: 'model', parts: arr(modelTurn['parts']) },
          {
            role: 'user',
            parts: calls.map((c) => ({
              functionResponse: { name: NAME, response: TOOL_RESULT, ...(c.id !== '' ? { id: c.id } : {}) },
            })),
          },
        ],
      };
    },
  },
};

/** The first request a format's tool probe sends for `model` (exported for tests). */
export function toolCallRequest(f: TextFormatCheck, model: string): Json {
  return TOOL_TURNS[f.group].ask(f.request(model));
}

export async function checkToolCalls(ctx: Ctx, f: TextFormatCheck, run: FormatRun): Promise<void> {
  const report = (detail: string): void => emit(ctx, f.group, 'tool-calls', 'Tool calls', 'info', detail);
  if (!run.answered) return report('not checked: the text request did not succeed');
  const turns = TOOL_TURNS[f.group];
  const asked = turns.ask(run.request);
  const first = await send(ctx, keyedRequest(f.family, run.key, run.url, asked));
  if (first.kind === 'failed') return report(`could not tell: offered ${NAME}; got ${describeAnswer(first)}`);
  if (first.status < 200 || first.status >= 300) {
    return report(
      `not accepted: offered ${NAME} with a call required; the service answered ${describeHttp(first)}`,
    );
  }
  const reply = rec(first.json);
  const calls = turns.calls(reply);
  if (calls.length === 0) {
    return report(`no call: offered ${NAME} with a call required, and the reply called no function`);
  }
  const called = `called ${NAME}(${oneLine(JSON.stringify(calls[0]?.args ?? {}), 80)})${
    calls.length > 1 ? ` and ${calls.length - 1} more` : ''
  } in ${ms(first.ms)}`;
  const second = await send(ctx, keyedRequest(f.family, run.key, run.url, turns.answer(asked, reply, calls)));
  if (second.kind === 'failed') return report(`${called}; sending the result: ${describeAnswer(second)}`);
  if (second.status < 200 || second.status >= 300) {
    return report(`${called}; the result was not accepted: ${describeHttp(second)}`);
  }
  const text = isRecord(second.json) ? f.text.of(second.json) : undefined;
  const words =
    typeof text === 'string' && text.trim() !== ''
      ? `; the reply: ${JSON.stringify(oneLine(text, 160))}`
      : '';
  report(
    `round trip completed: ${called}, the result went back, HTTP ${second.status} in ${ms(second.ms)}${words}`,
  );
}
