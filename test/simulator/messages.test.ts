import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedReply, startSimulator } from '../../electron/simulator/index.ts';
import { countTokens } from '../../electron/simulator/replies.ts';
import { jsonEvents, messagesHeaders, post, readSse } from './helpers.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const PATH = '/v1/messages';

function ask(body: Record<string, unknown>, headers = messagesHeaders()): Promise<Response> {
  return post(sim, PATH, { model: 'claude-sonnet-4-5', max_tokens: 2000, ...body }, headers);
}

describe('messages', () => {
  it('answers with every field of spec §2.6', async () => {
    const res = await ask({ system: 'Be brief.', messages: [{ role: 'user', content: 'hello' }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^msg_/),
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: simulatedReply('hello', 'claude-sonnet-4-5', 1), citations: [] }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      stop_details: null,
      context_management: { applied_edits: [] },
      usage: {
        input_tokens: 3,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: countTokens(simulatedReply('hello', 'claude-sonnet-4-5', 1)),
        output_tokens_details: { thinking_tokens: 0 },
        server_tool_use: null,
        service_tier: 'standard',
        inference_geo: 'global',
      },
    });
  });

  it('puts a signed thinking block first when thinking is enabled', async () => {
    const res = await ask({
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [
        { role: 'user', content: 'one' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hm', signature: 'sig' },
            { type: 'text', text: 'ok' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'two' }] },
      ],
    });
    const body = await res.json();
    expect(body.content).toHaveLength(2);
    expect(body.content[0]).toEqual({
      type: 'thinking',
      thinking: expect.any(String),
      signature: expect.any(String),
    });
    expect(body.content[1].text).toBe(simulatedReply('two', 'claude-sonnet-4-5', 2));
    expect(body.usage.output_tokens_details.thinking_tokens).toBeGreaterThan(0);
    expect(body.usage.output_tokens).toBe(
      body.usage.output_tokens_details.thinking_tokens + countTokens(body.content[1].text),
    );
  });

  it('stops at max_tokens with stop_reason max_tokens', async () => {
    const body = await (await ask({ max_tokens: 4, messages: [{ role: 'user', content: 'hi' }] })).json();
    expect(body).toMatchObject({
      stop_reason: 'max_tokens',
      content: [{ text: 'Reply 1 from claude-sonnet-4-5:' }],
    });
  });

  it('streams message_start, ping, thinking and text blocks, message_delta and message_stop', async () => {
    const res = await ask({
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 1500 },
      messages: [{ role: 'user', content: 'stream' }],
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = await readSse(res);
    const payloads = jsonEvents(events);
    payloads.forEach((p, i) => expect(p['type']).toBe(events[i]?.event));
    const names = events.map((e) => e.event).filter((n, i, all) => n !== all[i - 1]);
    expect(names).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const deltas = payloads
      .filter((p) => p['type'] === 'content_block_delta')
      .map((p) => p['delta'] as { type: string; text?: string; signature?: string });
    expect(deltas.map((d) => d.type)).toContain('thinking_delta');
    expect(deltas.filter((d) => d.type === 'signature_delta')).toHaveLength(1);
    const text = deltas
      .filter((d) => d.type === 'text_delta')
      .map((d) => d.text)
      .join('');
    expect(text).toBe(simulatedReply('stream', 'claude-sonnet-4-5', 1));
    const delta = payloads.find((p) => p['type'] === 'message_delta');
    expect(delta).toMatchObject({
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { input_tokens: 1 },
    });
  });

  it('requires max_tokens and anthropic-version, and checks the thinking budget', async () => {
    const noMax = await post(
      sim,
      PATH,
      { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'x' }] },
      messagesHeaders(),
    );
    expect(noMax.status).toBe(400);
    expect(await noMax.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const { 'anthropic-version': _, ...noVersion } = messagesHeaders();
    const missing = await ask({ messages: [{ role: 'user', content: 'x' }] }, noVersion);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toContain('anthropic-version');
    const newer = await ask(
      { messages: [{ role: 'user', content: 'x' }] },
      { ...messagesHeaders(), 'anthropic-version': '2026-10-21' },
    );
    expect(newer.status).toBe(400);
    for (const thinking of [
      { type: 'enabled', budget_tokens: 1000 },
      { type: 'enabled', budget_tokens: 2000 },
      { type: 'on' },
    ]) {
      const res = await ask({ thinking, messages: [{ role: 'user', content: 'x' }] });
      expect(res.status, JSON.stringify(thinking)).toBe(400);
    }
  });

  it('answers an unknown model with not_found_error', async () => {
    const res = await ask({ model: 'claude-0', messages: [{ role: 'user', content: 'x' }] });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });
});
