import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedReply, startSimulator } from '../../electron/simulator/index.ts';
import { bearer, jsonEvents, post, readSse } from './helpers.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const PATH = '/v1/chat/completions';

describe('chat completions', () => {
  it('answers with every field of spec §2.3', async () => {
    const res = await post(sim, PATH, {
      model: 'claude-sonnet-4-5',
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hello there' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const body = await res.json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'claude-sonnet-4-5',
      service_tier: expect.any(String),
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: simulatedReply('hello there', 'claude-sonnet-4-5', 1) },
          finish_reason: 'stop',
        },
      ],
    });
    expect(body.id).toEqual(expect.any(String));
    expect(Number.isInteger(body.created)).toBe(true);
    const { prompt_tokens, completion_tokens, total_tokens } = body.usage;
    expect(prompt_tokens).toBe(4);
    expect(total_tokens).toBe(prompt_tokens + completion_tokens);
  });

  it('counts user turns and answers the last user message', async () => {
    const res = await post(sim, PATH, {
      model: 'gpt-4.1',
      messages: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: [{ type: 'text', text: 'second' }] },
      ],
    });
    const body = await res.json();
    expect(body.choices[0].message.content).toBe(simulatedReply('second', 'gpt-4.1', 2));
  });

  it('stops at max_completion_tokens (or max_tokens) with finish_reason length', async () => {
    for (const limit of [{ max_completion_tokens: 3 }, { max_tokens: 3 }]) {
      const res = await post(sim, PATH, {
        model: 'gpt-4.1',
        messages: [{ role: 'user', content: 'hi' }],
        ...limit,
      });
      const body = await res.json();
      expect(body.choices[0]).toMatchObject({
        finish_reason: 'length',
        message: { content: 'Reply 1 from' },
      });
      expect(body.usage.completion_tokens).toBe(3);
    }
  });

  it('streams role, content pieces, finish chunk, usage chunk and [DONE] in that order', async () => {
    const res = await post(sim, PATH, {
      model: 'gemini-2.5-pro',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'stream me' }],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = await readSse(res);
    expect(events.every((e) => e.event === undefined)).toBe(true);
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = jsonEvents(events) as Array<{
      object: string;
      choices: Array<{ delta: { role?: string; content?: string }; finish_reason: string | null }>;
      usage: unknown;
    }>;
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    const finishIndex = chunks.findIndex((c) => c.choices[0]?.finish_reason === 'stop');
    const text = chunks
      .slice(1, finishIndex)
      .map((c) => c.choices[0]?.delta.content)
      .join('');
    expect(text).toBe(simulatedReply('stream me', 'gemini-2.5-pro', 1));
    expect(finishIndex - 1).toBeGreaterThan(3); // several deltas, so streaming is visible
    const usageChunk = chunks.at(-1);
    expect(finishIndex).toBe(chunks.length - 2);
    expect(usageChunk?.choices).toEqual([]);
    expect(usageChunk?.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 8, total_tokens: 10 });
  });

  it('streams without a usage chunk when include_usage is not asked for', async () => {
    const res = await post(sim, PATH, {
      model: 'gpt-5-mini',
      stream: true,
      messages: [{ role: 'user', content: 'x' }],
    });
    const chunks = jsonEvents(await readSse(res)) as Array<{ choices: unknown[]; usage?: unknown }>;
    expect(chunks.every((c) => c.choices.length === 1 && !('usage' in c))).toBe(true);
  });

  it('refuses bad requests with 400 in the Bearer error shape', async () => {
    const cases: unknown[] = [
      { model: 'gpt-4.1' },
      { model: 'gpt-4.1', messages: [{ role: 'robot', content: 'x' }] },
      { model: 'gpt-4.1', messages: [{ role: 'assistant', content: 'no user' }] },
      { model: 'gpt-4.1', temperature: 3, messages: [{ role: 'user', content: 'x' }] },
      {
        model: 'gpt-4.1',
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'x' }],
      },
      { model: 'gpt-image-1', messages: [{ role: 'user', content: 'x' }] },
      '{"model": "gpt-4.1", "messages": [',
      '[1, 2]',
    ];
    for (const body of cases) {
      const res = await post(sim, PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()).error;
      expect(Object.keys(error).sort()).toEqual(['code', 'message', 'param', 'type']);
      expect(error.type).toBe('invalid_request_error');
    }
  });

  it('answers an unknown model with 404', async () => {
    const res = await post(sim, PATH, { model: 'gpt-9', messages: [{ role: 'user', content: 'x' }] });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ code: 'model_not_found', param: 'model' });
  });

  it('answers GET on a POST endpoint with 405', async () => {
    const res = await fetch(`${sim.baseUrl}${PATH}`, { headers: bearer() });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).error.message).toContain('use POST');
  });
});
