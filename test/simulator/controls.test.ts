// The simulator takes every control the app sends, streamed or not, as the services do, and refuses a
// control of the wrong type with a 400 in the format's own error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { buildRequest } from '../../electron/core/index.ts';
import type { Params } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { generatePath, JSON_HEADERS, messagesHeaders, post } from './helpers.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const MODELS: Record<TextFormat, string> = {
  chat: 'gpt-4.1',
  responses: 'gpt-4.1',
  messages: 'claude-sonnet-4-5',
  generate: 'gemini-2.5-flash',
};

function send(format: TextFormat, body: unknown, stream: boolean): Promise<Response> {
  switch (format) {
    case 'chat':
      return post(sim, '/v1/chat/completions', body);
    case 'responses':
      return post(sim, '/v1/responses', body);
    case 'messages':
      return post(sim, '/v1/messages', body, messagesHeaders());
    case 'generate':
      return post(sim, generatePath(MODELS.generate, undefined, stream), body, JSON_HEADERS);
  }
}

const CONTROLS: Record<TextFormat, Params> = {
  chat: {
    stream: true,
    topP: 0.8,
    stop: ['ZZZ'],
    seed: 3,
    presencePenalty: 1,
    frequencyPenalty: -1,
    reasoningEffort: 'minimal',
    extraBody: '{"metadata": {"purpose": "lab"}}',
  },
  responses: {
    stream: true,
    topP: 0.8,
    reasoningEffort: 'high',
    reasoningSummary: 'detailed',
    extraBody: '{"store": false}',
  },
  messages: {
    stream: true,
    maxTokens: 2000,
    topP: 0.8,
    topK: 5,
    stop: ['ZZZ'],
    extraBody: '{"metadata": {}}',
  },
  generate: {
    stream: true,
    topP: 0.8,
    topK: 5,
    stop: ['ZZZ'],
    seed: 3,
    presencePenalty: 1,
    frequencyPenalty: -1,
    thinkingLevel: 'low',
    extraBody: '{"generationConfig": {"candidateCount": 1}}',
  },
};

describe('controls reach the simulator', () => {
  for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
    for (const stream of [false, true]) {
      it(`${format}, ${stream ? 'streamed' : 'not streamed'}: every control is accepted`, async () => {
        const body = buildRequest(format, MODELS[format], [user()], CONTROLS[format], stream);
        const res = await send(format, body, stream);
        const text = await res.text();
        expect(res.status, text).toBe(200);
        expect(text.length).toBeGreaterThan(0);
      });
    }
  }

  it('responses echoes reasoning and top_p on the response object', async () => {
    const body = buildRequest('responses', MODELS.responses, [user()], CONTROLS.responses, false);
    const res = await send('responses', body, false);
    expect(await res.json()).toMatchObject({
      top_p: 0.8,
      reasoning: { effort: 'high', summary: 'detailed' },
    });
  });
});

function user() {
  return { id: 'u', role: 'user' as const, text: 'hello', status: 'complete' as const, createdAt: 0 };
}

describe('wrong types are refused in the format shape', () => {
  it.each([
    [{ top_p: 2 }, 'top_p'],
    [{ stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop'],
    [{ stop: [1] }, 'stop'],
    [{ seed: 'x' }, 'seed'],
    [{ presence_penalty: 3 }, 'presence_penalty'],
    [{ frequency_penalty: '0' }, 'frequency_penalty'],
    [{ reasoning_effort: 'max' }, 'reasoning_effort'],
  ])('chat %j', async (bad, param) => {
    const res = await post(sim, '/v1/chat/completions', {
      model: MODELS.chat,
      messages: [{ role: 'user', content: 'hi' }],
      ...bad,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it('chat takes a single stop string, as the service does', async () => {
    const res = await post(sim, '/v1/chat/completions', {
      model: MODELS.chat,
      messages: [{ role: 'user', content: 'hi' }],
      stop: 'END',
    });
    expect(res.status).toBe(200);
  });

  it.each([
    [{ top_p: -1 }, 'top_p'],
    [{ reasoning: 'high' }, 'reasoning'],
    [{ reasoning: { effort: 'max' } }, 'reasoning.effort'],
    [{ reasoning: { summary: 'short' } }, 'reasoning.summary'],
  ])('responses %j', async (bad, param) => {
    const res = await post(sim, '/v1/responses', { model: MODELS.responses, input: 'hi', ...bad });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it.each([[{ top_p: 'x' }], [{ top_k: 0 }], [{ stop_sequences: 'END' }]])('messages %j', async (bad) => {
    const res = await post(
      sim,
      '/v1/messages',
      { model: MODELS.messages, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }], ...bad },
      messagesHeaders(),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });

  it.each([
    [{ topP: 5 }, /generationConfig.topP/],
    [{ topK: 1.5 }, /generationConfig.topK/],
    [{ stopSequences: ['1', '2', '3', '4', '5', '6'] }, /stopSequences/],
    [{ seed: 'x' }, /generationConfig.seed/],
    [{ presencePenalty: 9 }, /presencePenalty/],
    [{ frequencyPenalty: null, presencePenalty: '1' }, /presencePenalty/],
    [{ thinkingConfig: { thinkingLevel: 'medium' } }, /thinkingLevel/],
    [{ thinkingConfig: { thinkingLevel: 'low', thinkingBudget: 10 } }, /cannot both be set/],
  ])('generate %j', async (bad, message) => {
    const res = await post(
      sim,
      generatePath(MODELS.generate),
      { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: bad },
      JSON_HEADERS,
    );
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(error.message).toMatch(message);
  });
});
