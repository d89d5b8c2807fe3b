// The opt-in tool-call probe: each text format is offered one function with a call required, and the
// result goes back in the format's shape; the report says (as info: the spec is silent on tools) how the
// round trip went, or where it stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runConformance,
  type ConformanceOptions,
  type ConformanceReport,
} from '../../electron/conformance/index.ts';
import { TOOL_PROMPT } from '../../electron/conformance/tool-calls.ts';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const FORMATS = ['chat', 'responses', 'messages', 'generate'] as const;

function check(opts: Partial<ConformanceOptions> = {}): Promise<ConformanceReport> {
  return runConformance({ baseUrl: sim.baseUrl, keys: { default: SANDBOX_KEY }, timeoutMs: 10_000, ...opts });
}

const toolCalls = (report: ConformanceReport, format: string) =>
  report.results.find((r) => r.id === `${format}.tool-calls`);

/** Whether a request is the probe's, and if so whether it is the second one (it carries results). */
function probeStep(init: RequestInit | undefined): 'ask' | 'answer' | undefined {
  const body = typeof init?.body === 'string' ? init.body : '';
  if (!body.includes(TOOL_PROMPT)) return undefined;
  return /tool_call_id|function_call_output|tool_result|functionResponse/.test(body) ? 'answer' : 'ask';
}

/** A fetch that answers one step of the probe itself, and passes everything else to the simulator. */
function intercepting(step: 'ask' | 'answer', answer: () => Promise<Response>): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) =>
    probeStep(init) === step ? answer() : fetch(input, init)) as typeof fetch;
}

describe('against the simulator', () => {
  it('is not sent unless asked for', async () => {
    const report = await check();
    expect(report.results.filter((r) => r.id.endsWith('.tool-calls'))).toEqual([]);
  });

  it('completes the round trip in each format, quoting the call and the final reply', async () => {
    const bodies: string[] = [];
    const recording = ((input: string | URL | Request, init?: RequestInit) => {
      if (probeStep(init) === 'answer') bodies.push(String(init?.body));
      return fetch(input, init);
    }) as typeof fetch;
    const report = await check({ tools: true, fetch: recording });
    for (const format of FORMATS) {
      const result = toolCalls(report, format);
      expect(result?.status, format).toBe('info');
      expect(result?.name).toBe('Tool calls');
      expect(result?.detail, format).toMatch(
        /^round trip completed: called get_weather\(\{"city":".*"\}\) in \d+ ms, the result went back, HTTP 200 in \d+ ms; the reply: ".+"$/,
      );
    }
    expect(report.summary.fail).toBe(0);
    expect(report.summary.warn).toBe(0);
    // generate: the model turn went back with its signature on the function-call part
    const generate = bodies.find((b) => b.includes('functionResponse'));
    expect(generate).toBeDefined();
    const contents = (
      JSON.parse(generate!) as { contents: { role: string; parts: Record<string, unknown>[] }[] }
    ).contents;
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    const ids = report.results.map((r) => r.id);
    expect(ids.indexOf('chat.tool-calls')).toBeGreaterThan(ids.indexOf('chat.stream'));
    expect(ids.indexOf('chat.tool-calls')).toBeLessThan(ids.indexOf('responses.auth'));
  });
});

describe('against a service that does not do tools', () => {
  it('says the offer was not accepted, with the service’s own words', async () => {
    const refuse = () =>
      Promise.resolve(
        Response.json(
          { error: { message: 'tools are not supported', type: 'invalid_request_error' } },
          { status: 400 },
        ),
      );
    const report = await check({ tools: true, fetch: intercepting('ask', refuse) });
    for (const format of FORMATS) {
      expect(toolCalls(report, format)?.detail, format).toMatch(/^not accepted: offered get_weather .*400/);
    }
  });

  it('says when the reply called nothing', async () => {
    const plain: Record<string, unknown> = {
      chat: {
        choices: [{ index: 0, message: { role: 'assistant', content: 'Sunny.' }, finish_reason: 'stop' }],
      },
      responses: { status: 'completed', output: [] },
      messages: { content: [{ type: 'text', text: 'Sunny.' }], stop_reason: 'end_turn' },
      generate: { candidates: [{ content: { role: 'model', parts: [{ text: 'Sunny.' }] } }] },
    };
    const formatOf = (url: string) =>
      url.includes('/chat/')
        ? 'chat'
        : url.includes(':generate')
          ? 'generate'
          : url.includes('/messages')
            ? 'messages'
            : 'responses';
    const answering = ((input: string | URL | Request, init?: RequestInit) =>
      probeStep(init) === 'ask'
        ? Promise.resolve(Response.json(plain[formatOf(String(input))]))
        : fetch(input, init)) as typeof fetch;
    const report = await check({ tools: true, fetch: answering });
    for (const format of FORMATS) {
      expect(toolCalls(report, format)?.detail, format).toMatch(/^no call: /);
    }
  });

  it('says when the result was refused', async () => {
    const refuse = () =>
      Promise.resolve(Response.json({ error: { message: 'no tool results here' } }, { status: 422 }));
    const report = await check({ tools: true, fetch: intercepting('answer', refuse) });
    expect(toolCalls(report, 'messages')?.detail).toMatch(
      /^called get_weather\(.*\) in \d+ ms; the result was not accepted: .*422/,
    );
  });
});
