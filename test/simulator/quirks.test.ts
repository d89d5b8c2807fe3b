import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUIRKS, startSimulator } from '../../electron/simulator/index.ts';
import { pngSize } from '../../electron/simulator/png.ts';
import { generatePath, JSON_HEADERS, jsonEvents, messagesHeaders, post, readSse } from './helpers.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterEach(() => sim.setQuirks(DEFAULT_QUIRKS));
afterAll(() => sim.close());

const CHAT = { model: 'gpt-4.1', messages: [{ role: 'user', content: 'q' }] };
const THINKING = { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } };

async function chatBody(): Promise<Record<string, unknown>> {
  return (await (await post(sim, '/v1/chat/completions', CHAT)).json()) as Record<string, unknown>;
}

describe('quirks', () => {
  it('omitField drops a field from replies and from streamed payloads', async () => {
    sim.setQuirks({ omitField: 'chat.service_tier' });
    expect(await chatBody()).not.toHaveProperty('service_tier');
    sim.setQuirks({ omitField: 'chat.choices.finish_reason' });
    expect((await chatBody())['choices']).toEqual([
      expect.not.objectContaining({ finish_reason: expect.anything() }),
    ]);
    sim.setQuirks({ omitField: 'generate.modelVersion' });
    const res = await post(
      sim,
      generatePath('gemini-2.5-flash', undefined, true),
      { contents: [{ parts: [{ text: 'q' }] }] },
      JSON_HEADERS,
    );
    expect(jsonEvents(await readSse(res)).every((c) => !('modelVersion' in c))).toBe(true);
    sim.setQuirks({ omitField: 'responses.status' });
    const stream = jsonEvents(
      await readSse(await post(sim, '/v1/responses', { model: 'gpt-4.1', input: 'q', stream: true })),
    );
    expect(stream.at(-1)?.['response']).not.toHaveProperty('status');
  });

  it('wrongObjectConstant names the chat object wrongly', async () => {
    sim.setQuirks({ wrongObjectConstant: true });
    expect((await chatBody())['object']).toBe('chat.completions');
  });

  it('acceptDoubledPath serves /v1/v1 and /v1beta/v1beta', async () => {
    sim.setQuirks({ acceptDoubledPath: true });
    expect((await post(sim, '/v1/v1/chat/completions', CHAT)).status).toBe(200);
    const res = await post(
      sim,
      `/v1beta${generatePath('gemini-2.5-pro')}`,
      { contents: [{ parts: [{ text: 'q' }] }] },
      JSON_HEADERS,
    );
    expect(res.status).toBe(200);
  });

  it('ignoreSignatures accepts a call turn without its signature; noSignatures issues none', async () => {
    const path = generatePath('gemini-2.5-flash');
    const tools = {
      tools: [{ functionDeclarations: [{ name: 'get_time', parametersJsonSchema: { type: 'object' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: THINKING,
    };
    const first = await (
      await post(sim, path, { contents: [{ role: 'user', parts: [{ text: 'a' }] }], ...tools }, JSON_HEADERS)
    ).json();
    const call = first.candidates[0].content.parts.find((p: { functionCall?: unknown }) => p.functionCall);
    const followUp = {
      contents: [
        { role: 'user', parts: [{ text: 'a' }] },
        { role: 'model', parts: [{ functionCall: call.functionCall }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'get_time', id: call.functionCall.id, response: { t: 1 } } }],
        },
      ],
      ...tools,
    };
    expect((await post(sim, path, followUp, JSON_HEADERS)).status).toBe(400);
    sim.setQuirks({ ignoreSignatures: true });
    expect((await post(sim, path, followUp, JSON_HEADERS)).status).toBe(200);
    sim.setQuirks({ ignoreSignatures: false, noSignatures: true });
    const unsigned = await (
      await post(
        sim,
        path,
        { contents: [{ parts: [{ text: 'c' }] }], generationConfig: THINKING },
        JSON_HEADERS,
      )
    ).json();
    expect(JSON.stringify(unsigned)).not.toContain('thoughtSignature');
  });

  it('misreportImageSize says a size the pixels do not have', async () => {
    sim.setQuirks({ misreportImageSize: true });
    const res = await post(sim, '/v1/images/generations', {
      model: 'gpt-image-1',
      prompt: 'p',
      size: '1024x1536',
    });
    const body = await res.json();
    const real = pngSize(Buffer.from(body.data[0].b64_json, 'base64'));
    expect(`${real?.width}x${real?.height}`).toBe('1024x1536');
    expect(body.size).not.toBe('1024x1536');
    expect(body.data[0].size).toBe(body.size);
  });

  it('lenientMessages accepts a request without anthropic-version or max_tokens', async () => {
    const { 'anthropic-version': _, ...headers } = messagesHeaders();
    const body = { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'q' }] };
    expect((await post(sim, '/v1/messages', body, headers)).status).toBe(400);
    sim.setQuirks({ lenientMessages: true });
    expect((await post(sim, '/v1/messages', body, headers)).status).toBe(200);
  });

  it('usageMismatch makes totals disagree with input + output', async () => {
    sim.setQuirks({ usageMismatch: true });
    const usage = (await chatBody())['usage'] as {
      prompt_tokens: number;
      completion_tokens: number;
      total_tokens: number;
    };
    expect(usage.total_tokens).not.toBe(usage.prompt_tokens + usage.completion_tokens);
  });

  it('can be set when starting', async () => {
    const own = await startSimulator({ quirks: { wrongObjectConstant: true } });
    try {
      const body = await (await post(own, '/v1/chat/completions', CHAT)).json();
      expect(body.object).toBe('chat.completions');
    } finally {
      await own.close();
    }
  });
});
