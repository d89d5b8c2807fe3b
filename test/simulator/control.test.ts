import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/index.ts';
import { JSON_HEADERS, post } from './helpers.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const CHAT = { model: 'gpt-4.1', messages: [{ role: 'user', content: 'c' }] };

function control(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${sim.baseUrl}/__sim/${path}`, {
    method,
    headers: JSON_HEADERS,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('control paths for tests in other processes', () => {
  it('queues a fault over HTTP and clears faults with {clear: true}', async () => {
    const added = await control('POST', 'faults', {
      kind: 'status',
      status: 503,
      times: 2,
      match: { interface: 'chat' },
    });
    expect(await added.json()).toEqual({ pending: 2 });
    expect(sim.faults.pending()).toBe(2);
    expect((await post(sim, '/v1/chat/completions', CHAT)).status).toBe(503);
    expect(await (await control('GET', 'faults')).json()).toEqual({ pending: 1 });
    await control('POST', 'faults', { clear: true });
    expect(sim.faults.pending()).toBe(0);
    expect((await post(sim, '/v1/chat/completions', CHAT)).status).toBe(200);
  });

  it('refuses a malformed fault with a reason', async () => {
    for (const fault of [
      { kind: 'explode' },
      { kind: 'stall' },
      { kind: 'status', status: 99 },
      { kind: 'html', status: 502, times: 0 },
      { kind: 'reset', afterEvents: 1, match: { interface: 'video' } },
      'nope',
    ]) {
      const res = await control('POST', 'faults', fault);
      expect(res.status, JSON.stringify(fault)).toBe(400);
      expect((await res.json()).error.message).toEqual(expect.any(String));
    }
    expect(sim.faults.pending()).toBe(0);
  });

  it('lists and clears recorded requests, leaving its own paths out', async () => {
    await control('DELETE', 'requests');
    await post(sim, '/v1/chat/completions', CHAT);
    const recorded = await (await control('GET', 'requests')).json();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      body: JSON.stringify(CHAT),
    });
    await control('DELETE', 'requests');
    expect(sim.requests).toHaveLength(0);
  });

  it('sets quirks, refusing unknown ones', async () => {
    const set = await control('POST', 'quirks', { wrongObjectConstant: true });
    expect(await set.json()).toMatchObject({ wrongObjectConstant: true, omitField: null });
    expect((await (await post(sim, '/v1/chat/completions', CHAT)).json()).object).toBe('chat.completions');
    await control('POST', 'quirks', { wrongObjectConstant: false });
    expect((await control('POST', 'quirks', { teleport: true })).status).toBe(400);
    expect((await control('POST', 'quirks', { omitField: 5 })).status).toBe(400);
  });

  it('answers unknown control paths with 404', async () => {
    expect((await control('GET', 'nothing')).status).toBe(404);
  });
});
