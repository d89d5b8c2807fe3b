// The checker's parts on their own: the field checker, the stream judges, error shapes and the output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeChatStream } from '../../electron/conformance/chat.ts';
import { errorShapeProblems } from '../../electron/conformance/errors.ts';
import { judgeGenerateStream } from '../../electron/conformance/generate.ts';
import {
  reportToMarkdown,
  reportToTable,
  runConformance,
  type ConformanceReport,
} from '../../electron/conformance/index.ts';
import { judgeMessagesStream } from '../../electron/conformance/messages.ts';
import type { SseAnswer } from '../../electron/conformance/probe.ts';
import { judgeResponsesStream } from '../../electron/conformance/responses.ts';
import { checkFields } from '../../electron/conformance/schema.ts';
import { CHAT_COMPLETION, MESSAGE } from '../../shared/spec-tables.ts';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { parseEvents } from '../core/helpers/parse-events.ts';
import { PROXY_RESPONSES_STREAM } from '../core/helpers/recorded-streams.ts';

function sse(events: Array<[string | undefined, unknown]>): SseAnswer {
  return {
    kind: 'sse',
    status: 200,
    contentType: 'text/event-stream',
    events: events.map(([event, data]) => ({
      ...(event === undefined ? {} : { event }),
      data: typeof data === 'string' ? data : JSON.stringify(data),
    })),
    ms: 1,
    where: 'POST http://x/v1/y',
  };
}

const GOOD_CHAT = {
  id: 'c',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  service_tier: 'default',
};

describe('field checker', () => {
  it('accepts a reply that matches the table', () => {
    expect(checkFields(CHAT_COMPLETION, GOOD_CHAT)).toEqual({ problems: [], notes: [], rows: 13 });
  });

  it('names the concrete path, the expected type and what came back', () => {
    const { problems } = checkFields(CHAT_COMPLETION, { ...GOOD_CHAT, created: '1', usage: undefined });
    expect(problems.map((p) => p.message)).toEqual([
      'field "created" should be an integer, got a string "1"',
      'field "usage" is missing',
    ]);
  });

  it('reports a container of the wrong kind once, at its own path', () => {
    expect(
      checkFields(CHAT_COMPLETION, { ...GOOD_CHAT, usage: null }).problems.map((p) => p.message),
    ).toEqual(['field "usage" should be an object, got null']);
    expect(
      checkFields(CHAT_COMPLETION, { ...GOOD_CHAT, choices: ['x'] }).problems.map((p) => p.message),
    ).toEqual(['field "choices[0]" should be an object, got a string "x"']);
  });

  it('reports a missing array once, and an empty one as empty', () => {
    expect(checkFields(CHAT_COMPLETION, { ...GOOD_CHAT, choices: undefined }).problems).toEqual([
      expect.objectContaining({ path: 'choices', kind: 'missing' }),
    ]);
    expect(checkFields(CHAT_COMPLETION, { ...GOOD_CHAT, choices: [] }).problems).toEqual([
      expect.objectContaining({ path: 'choices', kind: 'empty' }),
    ]);
  });

  it('treats observed values as notes and "string or null" as either', () => {
    const message = {
      id: 'm',
      type: 'message',
      role: 'assistant',
      model: 'c',
      content: [{ type: 'text', text: 'hi', citations: [] }],
      stop_reason: 'max_tokens',
      stop_sequence: null,
      stop_details: null,
      context_management: { applied_edits: [] },
      usage: {
        input_tokens: 1,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: 1,
        output_tokens_details: { thinking_tokens: 0 },
        service_tier: 'standard',
        inference_geo: 'eu',
      },
    };
    const result = checkFields(MESSAGE, message);
    expect(result.problems).toEqual([]);
    expect(result.notes).toEqual([
      'stop_reason "max_tokens" (spec observed "end_turn")',
      'usage.inference_geo "eu" (spec observed "global" or "not_available")',
    ]);
    expect(checkFields(MESSAGE, { ...message, stop_sequence: 3 }).problems[0]?.message).toBe(
      'field "stop_sequence" should be a string or null, got an integer (3)',
    );
  });
});

describe('stream judges', () => {
  const chunk = (content: string, finish: string | null = null): unknown => ({
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  });

  it('chat: wants [DONE] last and a finish_reason', () => {
    expect(
      judgeChatStream(
        sse([
          [undefined, chunk('a')],
          [undefined, chunk('b', 'stop')],
          [undefined, '[DONE]'],
        ]),
      ),
    ).toMatchObject({ problems: [], summary: expect.stringMatching(/2 chunks .* reassembles to "ab"/) });
    expect(judgeChatStream(sse([[undefined, chunk('a')]])).problems).toEqual([
      'expected the stream to end with data: [DONE]; it did not',
      'expected a last choice chunk with finish_reason; none had one',
    ]);
  });

  it('responses: wants created first, completed last, increasing sequence numbers and matching text', () => {
    let n = 0;
    const ev = (type: string, fields: Record<string, unknown> = {}): [string, unknown] => [
      type,
      { type, sequence_number: n++, ...fields },
    ];
    const completed = {
      status: 'completed',
      usage: { input_tokens: 1 },
      output: [{ type: 'message', content: [{ type: 'output_text', text: 'xy' }] }],
    };
    const good = [
      ev('response.created'),
      ev('response.in_progress'),
      ev('response.output_item.added'),
      ev('response.content_part.added'),
      ev('response.output_text.delta', { delta: 'x' }),
      ev('response.output_text.delta', { delta: 'y' }),
      ev('response.output_text.done', { text: 'xy' }),
      ev('response.content_part.done'),
      ev('response.output_item.done'),
      ev('response.completed', { response: completed }),
    ];
    expect(judgeResponsesStream(sse(good))).toMatchObject({ problems: [], warnings: [] });
    const swapped = [...good.slice(1, 2), ...good.slice(0, 1), ...good.slice(2, 9)];
    expect(judgeResponsesStream(sse(swapped)).problems).toEqual(
      expect.arrayContaining([
        'sequence_number does not increase at event "response.created"',
        'expected the first event to be "response.created"; got "response.in_progress"',
        'expected the last event to be "response.completed"; got "response.output_item.done"',
      ]),
    );
  });

  it('responses: tells output items apart by output_index; a new item_id per event is a warning', () => {
    const recorded: SseAnswer = { ...sse([]), events: parseEvents(PROXY_RESPONSES_STREAM) };
    const judged = judgeResponsesStream(recorded);
    expect(judged.problems).toEqual([]);
    expect(judged.warnings).toEqual([
      'the events of output item 0 carry different item_id values: clients must tell items apart by output_index',
    ]);
    expect(judged.summary).toMatch(/text reassembles to "There are \*\*3\*\* r's in strawberry\."/);

    // two message items (a preamble and an answer): each item's deltas match its own done text
    let n = 0;
    const ev = (type: string, fields: Record<string, unknown> = {}): [string, unknown] => [
      type,
      { type, sequence_number: n++, ...fields },
    ];
    const message = (text: string) => ({ type: 'message', content: [{ type: 'output_text', text }] });
    const two = [
      ev('response.created'),
      ev('response.output_text.delta', { output_index: 0, item_id: 'a', delta: 'Looking' }),
      ev('response.output_text.done', { output_index: 0, item_id: 'a', text: 'Looking' }),
      ev('response.output_text.delta', { output_index: 1, item_id: 'b', delta: 'Found' }),
      ev('response.output_text.done', { output_index: 1, item_id: 'b', text: 'Found' }),
      ev('response.completed', {
        response: { status: 'completed', usage: {}, output: [message('Looking'), message('Found')] },
      }),
    ];
    expect(judgeResponsesStream(sse(two)).problems).toEqual([]);
  });

  it('messages: wants blocks opened before their deltas and closed before message_stop', () => {
    const ev = (type: string, fields: Record<string, unknown> = {}): [string, unknown] => [
      type,
      { type, ...fields },
    ];
    const stream = [
      ev('message_start'),
      ev('content_block_start', { index: 0 }),
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'hi' } }),
      ev('message_delta', { delta: { stop_reason: 'end_turn' } }),
      ev('message_stop'),
    ];
    expect(judgeMessagesStream(sse(stream)).problems).toEqual(['content blocks never stopped: 0']);
  });

  it('generate: wants a finishReason on the last event', () => {
    const part = (text: string, finish?: string): unknown => ({
      candidates: [
        { content: { role: 'model', parts: [{ text }] }, ...(finish ? { finishReason: finish } : {}) },
      ],
    });
    expect(
      judgeGenerateStream(
        sse([
          [undefined, part('a')],
          [undefined, part('b', 'STOP')],
        ]),
      ).problems,
    ).toEqual([]);
    expect(
      judgeGenerateStream(
        sse([
          [undefined, part('a', 'STOP')],
          [undefined, part('b')],
        ]),
      ).problems,
    ).toEqual(['expected the last event to carry candidates[0].finishReason; got nothing']);
  });
});

describe('error shapes', () => {
  it('knows each family shape', () => {
    expect(
      errorShapeProblems('bearer', 401, { error: { message: 'm', type: 't', param: null, code: null } }),
    ).toEqual([]);
    expect(errorShapeProblems('bearer', 401, { error: { message: 'm', type: 't' } })).toEqual([
      '"error.param" is missing',
      '"error.code" is missing',
    ]);
    expect(
      errorShapeProblems('messages', 401, {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'm' },
      }),
    ).toEqual(['"error.type" for HTTP 401 should be "authentication_error", got "invalid_request_error"']);
    expect(
      errorShapeProblems('generate', 400, { error: { code: 401, message: 'm', status: 'INVALID_ARGUMENT' } }),
    ).toEqual(['"error.code" should repeat the HTTP status 400, got 401']);
    expect(errorShapeProblems('generate', 400, { message: 'm' })).toEqual([
      '"error" should be an object, got nothing',
    ]);
  });
});

describe('against services that differ on the wire', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it('warns when streaming is asked for and one JSON body comes back', async () => {
    // A proxy that drops the stream flag and rewrites the streaming generate method to the plain one.
    const noStreams: typeof fetch = (input, init) => {
      const url = String(input).replace(':streamGenerateContent?alt=sse&', ':generateContent?');
      const body =
        typeof init?.body === 'string' ? init.body.replace('"stream":true', '"stream":false') : init?.body;
      return fetch(url, { ...init, body: body ?? null });
    };
    const report = await runConformance({
      baseUrl: sim.baseUrl,
      keys: { default: SANDBOX_KEY },
      fetch: noStreams,
    });
    for (const group of ['chat', 'responses', 'messages', 'generate']) {
      expect(report.results.find((r) => r.id === `${group}.stream`)).toMatchObject({
        status: 'warn',
        detail: expect.stringMatching(
          /expected text\/event-stream .*; got one JSON body: streaming is not supported/,
        ),
      });
    }
    expect(report.summary.fail).toBe(0);
  });

  it('reports a probe that gets no answer in time', async () => {
    const silent: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const report = await runConformance({
      baseUrl: sim.baseUrl,
      keys: { default: SANDBOX_KEY },
      fetch: silent,
      timeoutMs: 50,
    });
    expect(report.results.at(-1)).toMatchObject({
      id: 'addresses.reachable',
      status: 'fail',
      detail: expect.stringMatching(/got no answer \(no answer within 50 ms\)/),
    });
  });
});

describe('output', () => {
  const report: ConformanceReport = {
    baseUrl: 'http://h/v1',
    root: 'http://h',
    startedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
    durationMs: 1234,
    results: [
      {
        id: 'addresses.root',
        group: 'addresses',
        name: 'Base address',
        status: 'info',
        detail: 'root http://h',
      },
      {
        id: 'chat.auth',
        group: 'chat',
        name: 'Auth',
        status: 'pass',
        detail: 'key accepted as Authorization: Bearer <key>',
      },
      {
        id: 'chat.fields',
        group: 'chat',
        name: 'Fields',
        status: 'fail',
        detail: 'a | b ' + 'word '.repeat(40),
      },
    ],
    summary: { pass: 1, warn: 0, fail: 1, info: 1 },
  };

  it('writes Markdown with a section per group and cells that stay cells', () => {
    const md = reportToMarkdown(report);
    expect(md).toContain('# Quartet service check');
    expect(md).toContain('- Service: http://h/v1 (root http://h)');
    expect(md).toContain('- Started: 2025-01-02T03:04:05.000Z');
    expect(md).toContain('- Result: FAILED: 1 pass, 0 warn, 1 fail, 1 info in 1.2 s');
    expect(md).toContain('## Chat Completions');
    expect(md).toContain('| ✅ pass | Auth (`chat.auth`) | key accepted as Authorization: Bearer \\<key> |');
    expect(md).toContain('| ❌ fail | Fields (`chat.fields`) | a \\| b word');
  });

  it('writes a terminal table, coloured only when asked, wrapped to the width', () => {
    const plain = reportToTable(report, { color: false, width: 60 });
    expect(plain).not.toContain('\u001b[');
    for (const line of plain.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    expect(plain).toMatch(/^ {2}FAIL {2}chat\.fields {5}a \| b word/m);
    expect(plain.trimEnd().split('\n').at(-1)).toBe('FAILED  1 pass, 0 warn, 1 fail, 1 info in 1.2 s');
    const coloured = reportToTable(report, { color: true });
    expect(coloured).toContain('\u001b[31mFAIL\u001b[0m');
    expect(coloured).toContain('\u001b[32mPASS\u001b[0m');
  });
});
