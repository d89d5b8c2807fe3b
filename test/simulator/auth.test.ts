import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, SIM_MODELS, startSimulator } from '../../electron/simulator/index.ts';
import { bearer, generatePath, JSON_HEADERS, messagesHeaders, post } from './helpers.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const CHAT = { model: 'gpt-4.1', messages: [{ role: 'user', content: 'x' }] };
const MESSAGE = { model: 'claude-haiku-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'x' }] };
const CONTENTS = { contents: [{ role: 'user', parts: [{ text: 'x' }] }] };

async function listIds(init: RequestInit, query = ''): Promise<string[]> {
  const res = await fetch(`${sim.baseUrl}/v1/models${query}`, init);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.object).toBe('list');
  for (const entry of body.data) {
    expect(entry).toEqual({
      id: expect.any(String),
      object: 'model',
      created: expect.any(Number),
      owned_by: expect.any(String),
    });
  }
  return body.data.map((m: { id: string }) => m.id);
}

describe('model list', () => {
  it('lists every model for the sandbox key', async () => {
    expect(await listIds({ headers: bearer() })).toEqual(SIM_MODELS.map((m) => m.id));
  });

  it("lists what each group's key may use, asked the way its family sends keys", async () => {
    expect(await listIds({ headers: bearer('sim-bearer-key') })).toHaveLength(SIM_MODELS.length);
    expect(await listIds({ headers: messagesHeaders('sim-messages-key') })).toEqual([
      'claude-sonnet-4-5',
      'claude-haiku-4-5',
    ]);
    expect(await listIds({}, '?key=sim-generate-key')).toEqual(['gemini-2.5-pro', 'gemini-2.5-flash']);
  });

  it('refuses a key sent the way another family sends keys', async () => {
    const res = await fetch(`${sim.baseUrl}/v1/models`, { headers: bearer('sim-messages-key') });
    expect(res.status).toBe(401);
    const viaQuery = await fetch(`${sim.baseUrl}/v1/models?key=sim-bearer-key`);
    expect(viaQuery.status).toBe(403);
    expect((await viaQuery.json()).error.status).toBe('PERMISSION_DENIED');
  });

  it('refuses a missing or unknown key', async () => {
    expect((await fetch(`${sim.baseUrl}/v1/models`)).status).toBe(401);
    const unknown = await fetch(`${sim.baseUrl}/v1/models`, { headers: bearer('nope') });
    expect(unknown.status).toBe(401);
    const body = await unknown.json();
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_api_key' });
    expect(JSON.stringify(body)).not.toContain('nope');
  });
});

describe('key groups and auth methods', () => {
  it('accepts each family with its own key group and the sandbox key', async () => {
    expect((await post(sim, '/v1/chat/completions', CHAT, bearer('sim-bearer-key'))).status).toBe(200);
    expect((await post(sim, '/v1/messages', MESSAGE, messagesHeaders('sim-messages-key'))).status).toBe(200);
    expect(
      (await post(sim, generatePath('gemini-2.5-pro', 'sim-generate-key'), CONTENTS, JSON_HEADERS)).status,
    ).toBe(200);
    expect((await post(sim, '/v1/messages', MESSAGE, messagesHeaders(SANDBOX_KEY))).status).toBe(200);
  });

  it('answers a Bearer-family request with a wrong key, group or method with 401 in its shape', async () => {
    const cases: Array<Record<string, string>> = [
      JSON_HEADERS,
      bearer('unknown-key'),
      bearer('sim-messages-key'),
      messagesHeaders(),
      { ...JSON_HEADERS, authorization: `Basic ${SANDBOX_KEY}` },
    ];
    for (const headers of cases) {
      const res = await post(sim, '/v1/chat/completions', CHAT, headers);
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    }
  });

  it('answers a messages request with Bearer auth, a wrong key or group with authentication_error', async () => {
    const cases: Array<Record<string, string>> = [
      bearer(),
      { ...messagesHeaders(), 'x-api-key': 'unknown-key' },
      messagesHeaders('sim-bearer-key'),
      { ...JSON_HEADERS, 'anthropic-version': '2023-06-01' },
    ];
    for (const headers of cases) {
      const res = await post(sim, '/v1/messages', MESSAGE, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        type: 'error',
        error: { type: 'authentication_error', message: expect.any(String) },
      });
    }
    const viaBearer = await post(sim, '/v1/messages', MESSAGE, bearer());
    expect((await viaBearer.json()).error.message).toContain('x-api-key');
  });

  it('takes the generate-content key in the x-goog-api-key header too, as the real service does', async () => {
    const path = '/v1beta/models/gemini-2.5-pro:generateContent';
    const ok = await post(sim, path, CONTENTS, { ...JSON_HEADERS, 'x-goog-api-key': SANDBOX_KEY });
    expect(ok.status).toBe(200);
    const wrong = await post(sim, path, CONTENTS, { ...JSON_HEADERS, 'x-goog-api-key': 'sim-messages-key' });
    expect(wrong.status).toBe(403);
  });

  it('answers generate content without a key 401, with a wrong group 403 PERMISSION_DENIED', async () => {
    const none = await post(sim, '/v1beta/models/gemini-2.5-pro:generateContent', CONTENTS, bearer());
    expect(none.status).toBe(401);
    expect((await none.json()).error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    const wrongGroup = await post(
      sim,
      generatePath('gemini-2.5-pro', 'sim-messages-key'),
      CONTENTS,
      JSON_HEADERS,
    );
    expect(wrongGroup.status).toBe(403);
    expect((await wrongGroup.json()).error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
  });

  it('answers a model the key may not use with 404', async () => {
    const res = await post(
      sim,
      '/v1/messages',
      { ...MESSAGE, model: 'gpt-4.1' },
      messagesHeaders('sim-messages-key'),
    );
    expect(res.status).toBe(404);
    expect((await res.json()).error.type).toBe('not_found_error');
  });

  it('takes custom key groups', async () => {
    const custom = await startSimulator({ keys: [{ key: 'k1', families: ['messages', 'generate'] }] });
    try {
      expect((await post(custom, '/v1/messages', MESSAGE, messagesHeaders('k1'))).status).toBe(200);
      expect((await post(custom, '/v1/chat/completions', CHAT, bearer(SANDBOX_KEY))).status).toBe(401);
    } finally {
      await custom.close();
    }
  });
});

describe('paths', () => {
  it('answers doubled prefixes with 404 in the family shape', async () => {
    const chat = await post(sim, '/v1/v1/chat/completions', CHAT);
    expect(chat.status).toBe(404);
    expect((await chat.json()).error.message).toContain('twice');
    const messages = await post(sim, '/v1/v1/messages', MESSAGE, messagesHeaders());
    expect(messages.status).toBe(404);
    expect((await messages.json()).type).toBe('error');
    const generate = await post(sim, `/v1beta${generatePath('gemini-2.5-pro')}`, CONTENTS, JSON_HEADERS);
    expect(generate.status).toBe(404);
    expect((await generate.json()).error.status).toBe('NOT_FOUND');
  });

  it('answers unknown paths with 404 and every response with a request id', async () => {
    for (const path of ['/', '/v1', '/v1/chat', '/v1beta/models/gemini-2.5-pro', '/v1/messages/']) {
      const res = await fetch(`${sim.baseUrl}${path}`, { method: 'POST', headers: bearer(), body: '{}' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('request-id')).toEqual(res.headers.get('x-request-id'));
      expect(res.headers.get('request-id')).toMatch(/^req_/);
    }
  });

  it('records each request with its path, lowercased headers and body', async () => {
    const before = sim.requests.length;
    await post(sim, '/v1/chat/completions?trace=1', CHAT, { ...bearer(), 'X-Custom': 'Yes' });
    const recorded = sim.requests.slice(before);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions?trace=1',
      headers: { 'x-custom': 'Yes', authorization: `Bearer ${SANDBOX_KEY}` },
      body: JSON.stringify(CHAT),
      at: expect.any(Number),
    });
  });
});
