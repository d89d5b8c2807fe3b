// A structured-output request gets a deterministic JSON instance of its schema (or a fixed object in JSON
// mode) through every format, streamed and not, and the reply passes the app's own check; a malformed
// field is refused in the format's error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../electron/core/index.ts';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import type { Params } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { checkJsonReply, JSON_MODE_SAMPLE } from '../../shared/json-schema.ts';
import { generatePath, JSON_HEADERS, messagesHeaders, post } from './helpers.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(() => sim.close());

const MODELS: Record<TextFormat, string> = {
  chat: 'gpt-4.1',
  responses: 'gpt-4.1',
  messages: 'claude-sonnet-4-5',
  generate: 'gemini-2.5-flash',
};
const SCHEMA = JSON.stringify({
  type: 'object',
  properties: {
    city: { type: 'string' },
    rank: { type: 'integer', minimum: 1 },
    kind: { enum: ['town', 'city'] },
    ok: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'number' } },
  },
  required: ['city'],
  additionalProperties: false,
});

async function ask(format: TextFormat, params: Params) {
  const c = createServiceClient({ baseUrl: `${sim.baseUrl}/v1`, keys: { default: SANDBOX_KEY } });
  const deltas: string[] = [];
  const r = await c.sendTurn({
    format,
    model: MODELS[format],
    history: [{ id: 'u', role: 'user', text: 'where?', status: 'complete', createdAt: 0 }],
    params: { maxTokens: 2000, ...params },
    onDelta: (d) => void (d.text && deltas.push(d.text)),
  });
  return { text: r.text, deltas };
}

describe('structured replies', () => {
  for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
    for (const stream of [false, true]) {
      it(`${format}, ${stream ? 'streamed' : 'one body'}: the schema's instance, which passes the check`, async () => {
        const { text, deltas } = await ask(format, {
          stream,
          output: { mode: 'schema', name: 'place', schema: SCHEMA },
        });
        expect(JSON.parse(text)).toEqual({ city: 'text', rank: 1, kind: 'town', ok: true, tags: [0] });
        expect(checkJsonReply(text, SCHEMA).message).toBe('Valid JSON, matches the schema.');
        if (stream) expect(deltas.join('')).toBe(text);
      });
    }
    if (format !== 'messages') {
      it(`${format}: JSON mode gives the fixed object`, async () => {
        const { text } = await ask(format, { stream: true, output: { mode: 'json' } });
        expect(JSON.parse(text)).toEqual(JSON_MODE_SAMPLE);
      });
    }
  }

  it('responses echoes the requested text.format', async () => {
    const res = await post(sim, '/v1/responses', {
      model: MODELS.responses,
      input: 'hi',
      text: { format: { type: 'json_object' } },
    });
    expect((await res.json()).text).toEqual({ format: { type: 'json_object' } });
  });
});

describe('malformed structured-output fields are refused', () => {
  it.each([
    [{ response_format: 'json' }, 'response_format'],
    [{ response_format: { type: 'yaml' } }, 'response_format.type'],
    [
      { response_format: { type: 'json_schema', json_schema: { schema: {} } } },
      'response_format.json_schema.name',
    ],
    [
      { response_format: { type: 'json_schema', json_schema: { name: 'n', schema: [] } } },
      'response_format.json_schema.schema',
    ],
  ])('chat %j', async (bad, param) => {
    const res = await post(sim, '/v1/chat/completions', {
      model: MODELS.chat,
      messages: [{ role: 'user', content: 'hi' }],
      ...bad,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it.each([
    [{ text: { format: { type: 'json_schema', schema: {} } } }, 'text.format.name'],
    [{ text: { format: { type: 'json_schema', name: 'n' } } }, 'text.format.schema'],
  ])('responses %j', async (bad, param) => {
    const res = await post(sim, '/v1/responses', { model: MODELS.responses, input: 'hi', ...bad });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ param });
  });

  it('messages: a format that is not json_schema', async () => {
    const res = await post(
      sim,
      '/v1/messages',
      {
        model: MODELS.messages,
        max_tokens: 100,
        messages: [{ role: 'user', content: 'hi' }],
        output_config: { format: { type: 'json_object' } },
      },
      messagesHeaders(),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });

  it('generate: a schema without the JSON MIME type', async () => {
    const res = await post(
      sim,
      generatePath(MODELS.generate),
      {
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        generationConfig: { responseJsonSchema: { type: 'object' } },
      },
      JSON_HEADERS,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/responseMimeType/);
  });
});
