import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedReply, startSimulator } from '../../electron/simulator/index.ts';
import { jsonEvents, post, readSse } from './helpers.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const PATH = '/v1/responses';

describe('responses', () => {
  it('answers a string input with every field of spec §2.4', async () => {
    const res = await post(sim, PATH, { model: 'gpt-5-mini', input: 'hello', instructions: 'Be brief.' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      object: 'response',
      model: 'gpt-5-mini',
      status: 'completed',
      service_tier: expect.any(String),
      instructions: 'Be brief.',
      output: [
        {
          type: 'message',
          id: expect.any(String),
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: simulatedReply('hello', 'gpt-5-mini', 1), annotations: [] }],
        },
      ],
    });
    expect(Number.isInteger(body.created_at)).toBe(true);
    const { input_tokens, output_tokens, total_tokens } = body.usage;
    expect(input_tokens).toBe(3);
    expect(total_tokens).toBe(input_tokens + output_tokens);
  });

  it('takes an array of role items with string or part content', async () => {
    const res = await post(sim, PATH, {
      model: 'claude-haiku-4-5',
      input: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'two' }] },
      ],
    });
    const body = await res.json();
    expect(body.output[0].content[0].text).toBe(simulatedReply('two', 'claude-haiku-4-5', 2));
  });

  it('continues a conversation with previous_response_id', async () => {
    const first = await (await post(sim, PATH, { model: 'gpt-4.1', input: 'first' })).json();
    const second = await (
      await post(sim, PATH, { model: 'gpt-4.1', input: 'second', previous_response_id: first.id })
    ).json();
    expect(second.previous_response_id).toBe(first.id);
    expect(second.output[0].content[0].text).toBe(simulatedReply('second', 'gpt-4.1', 2));
    expect(second.usage.input_tokens).toBeGreaterThan(first.usage.total_tokens);
    const missing = await post(sim, PATH, {
      model: 'gpt-4.1',
      input: 'x',
      previous_response_id: 'resp_nope',
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.param).toBe('previous_response_id');
  });

  it('reports incomplete when max_output_tokens cuts the reply', async () => {
    const body = await (
      await post(sim, PATH, { model: 'gpt-4.1', input: 'hi', max_output_tokens: 2 })
    ).json();
    expect(body).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    expect(body.output[0].content[0].text).toBe('Reply 1');
  });

  it('streams the named events in order, each with its type and a rising sequence_number', async () => {
    const res = await post(sim, PATH, { model: 'gemini-2.5-flash', input: 'stream this', stream: true });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = await readSse(res);
    const payloads = jsonEvents(events);
    payloads.forEach((p, i) => {
      expect(p['type']).toBe(events[i]?.event);
      expect(p['sequence_number']).toBe(i);
    });
    const names = events.map((e) => e.event).filter((n, i, all) => n !== all[i - 1]);
    expect(names).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const deltas = payloads.filter((p) => p['type'] === 'response.output_text.delta').map((p) => p['delta']);
    expect(deltas.length).toBeGreaterThan(3);
    const expected = simulatedReply('stream this', 'gemini-2.5-flash', 1);
    expect(deltas.join('')).toBe(expected);
    const completed = payloads.at(-1)?.['response'] as Record<string, unknown>;
    expect(completed).toMatchObject({
      status: 'completed',
      output: [{ content: [{ type: 'output_text', text: expected }] }],
      usage: { input_tokens: 2, output_tokens: 8, total_tokens: 10 },
    });
  });

  it('refuses an input it cannot read', async () => {
    for (const input of [
      undefined,
      [],
      [{ role: 'user', content: [{ type: 'input_image', image_url: 'x' }] }],
      5,
    ]) {
      const res = await post(sim, PATH, { model: 'gpt-4.1', input });
      expect(res.status).toBe(400);
      expect((await res.json()).error.type).toBe('invalid_request_error');
    }
  });
});
