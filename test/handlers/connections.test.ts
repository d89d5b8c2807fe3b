import { afterEach, describe, expect, it } from 'vitest';
import { KEY_SLOTS } from '../../shared/formats.ts';
import { hostile, json } from '../reliability/hostile-server.ts';
import { CANARY, createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

describe('the built-in sandbox', () => {
  it('has no control routes any local process could use, and keeps its port across a restart', async () => {
    // (they open only with the host process's own secret, which the e2e tests use to inject faults)
    h = await createHarness({ sandbox: true, connect: false });
    const c = await h.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      params: { stream: false },
    });
    await h.call('sendMessage', { requestId: 'r', conversationId: c.id, text: 'a private prompt' });
    const live = (await h.call('listConnections', {})).connections[0]?.baseUrl ?? '';
    const prompts = await fetch(`${live}/__sim/requests`);
    expect(prompts.status).toBe(404);
    expect(await prompts.text()).not.toContain('a private prompt');
    const fault = await fetch(`${live}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ kind: 'status', status: 500 }),
    });
    expect(fault.status).toBe(404);
    const after = await h.call('sendMessage', { requestId: 's', conversationId: c.id, text: 'still fine' });
    expect(after.reply.status).toBe('complete');
    const wrong = await fetch(`${live}/__sim/requests`, { headers: { 'x-quartet-sim-control': 'guessed' } });
    expect(wrong.status).toBe(404);
    const own = await fetch(`${live}/__sim/requests`, {
      headers: { 'x-quartet-sim-control': h.core.sandboxControlSecret },
    });
    expect(own.status).toBe(200);

    await h.restart();
    await h.call('sendMessage', { requestId: 't', conversationId: c.id, text: 'after a restart' });
    expect((await h.call('listConnections', {})).connections[0]?.baseUrl).toBe(live);
  });

  it('is created and activated on first run, starts with the host, and has its key built in', async () => {
    h = await createHarness({ sandbox: true, connect: false });
    const { connections, activeId } = await h.call('listConnections', {});
    expect(connections).toHaveLength(1);
    const sandbox = connections[0];
    // its real address from the first listing: the page never shows port 0
    expect(sandbox).toMatchObject({ name: 'Sandbox', builtIn: true });
    expect(sandbox?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox?.baseUrl).not.toBe('http://127.0.0.1:0');
    expect(activeId).toBe(sandbox?.id);
    const id = sandbox?.id ?? '';

    const status = await h.call('getKeyStatus', { connectionId: id });
    expect(status.map((s) => [s.slot, s.set, s.source])).toEqual(
      KEY_SLOTS.map((slot) => [slot, true, 'builtin']),
    );
    const refused = await h.fail('setKey', { connectionId: id, slot: 'default', key: 'my-own-key-123456' });
    expect(refused.kind).toBe('invalid-input');
    expect(refused.message).toMatch(/built in/);
    expect((await h.fail('clearKey', { connectionId: id, slot: 'default' })).kind).toBe('invalid-input');

    // It answers on that address.
    const c = await h.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      params: { stream: false },
    });
    const sent = await h.call('sendMessage', { requestId: 'r', conversationId: c.id, text: 'Hello sandbox' });
    expect(sent.reply.status).toBe('complete');
    const live = (await h.call('listConnections', {})).connections[0]?.baseUrl ?? '';
    expect(live).toBe(sandbox?.baseUrl);
    expect((await h.call('testKey', { connectionId: id, slot: 'messages' })).ok).toBe(true);
    expect((await h.call('listModels', { family: 'generate' })).models.map((m) => m.id)).toContain(
      'gemini-2.5-pro',
    );

    // A restart does not add a second sandbox, and its address is known before the page asks (issue 27).
    await h.restart();
    const listed = (await h.call('listConnections', {})).connections;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      ...sandbox,
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/),
    });
    const again = await h.call('sendMessage', { requestId: 's', conversationId: c.id, text: 'Still there?' });
    expect(again.reply.status).toBe('complete');
  });

  it('is not offered when the host turns it off', async () => {
    h = await createHarness({ connect: false });
    expect(await h.call('listConnections', {})).toEqual({ connections: [], activeId: null });
    const c = await h.call('createConversation', { format: 'chat', model: 'gpt-5-mini' });
    const error = await h.fail('sendMessage', { requestId: 'r', conversationId: c.id, text: 'hi' });
    expect(error).toMatchObject({ kind: 'invalid-input' });
    expect(error.message).toMatch(/No connection/);
    expect((await h.call('getConversation', { id: c.id })).turns).toEqual([]);
  });
});

describe('connections and keys', () => {
  it('validates the address, stores it as typed, and activates another when the active one goes', async () => {
    h = await createHarness();
    const bad = await h.fail('saveConnection', { name: 'Bad', baseUrl: 'ftp://example.com' });
    expect(bad).toMatchObject({ kind: 'invalid-input', issues: [{ path: 'baseUrl' }] });
    expect(bad.message).toMatch(/http:\/\/ or https:\/\//);
    expect((await h.fail('saveConnection', { name: '', baseUrl: 'https://x.test' })).issues?.[0]?.path).toBe(
      'name',
    );
    expect((await h.fail('saveConnection', { name: 'x', baseUrl: 'https://u:p@x.test' })).kind).toBe(
      'invalid-input',
    );

    const second = await h.call('saveConnection', {
      name: '  Second ',
      baseUrl: 'https://api.example.com/v1/',
    });
    expect(second).toMatchObject({ name: 'Second', baseUrl: 'https://api.example.com/v1/', builtIn: false });
    const renamed = await h.call('saveConnection', {
      id: second.id,
      name: 'Renamed',
      baseUrl: 'https://b.example.com',
    });
    expect(renamed).toMatchObject({ id: second.id, name: 'Renamed', baseUrl: 'https://b.example.com' });
    expect((await h.fail('saveConnection', { id: 'gone', name: 'x', baseUrl: 'https://x.test' })).kind).toBe(
      'not-found',
    );

    let listed = await h.call('listConnections', {});
    expect(listed.activeId).toBe(h.connectionId);
    expect(listed.connections.map((c) => c.id)).toEqual([h.connectionId, second.id]);

    await h.call('setKey', { connectionId: second.id, slot: 'messages', key: 'second-messages-key-0000' });
    expect(await h.call('deleteConnection', { id: h.connectionId })).toEqual({ activeId: second.id });
    listed = await h.call('listConnections', {});
    expect(listed).toEqual({ connections: [renamed], activeId: second.id });
    // The deleted connection's keys left the vault with it.
    expect(await h.vault.get(`${h.connectionId}:default`)).toBeUndefined();
    expect(await h.call('deleteConnection', { id: second.id })).toEqual({ activeId: null });
    expect(await h.vault.get(`${second.id}:messages`)).toBeUndefined();
    expect((await h.fail('activateConnection', { id: second.id })).kind).toBe('not-found');
  });

  it('keeps keys in the vault by connection and slot, and shows only the last four characters', async () => {
    h = await createHarness();
    expect(await h.vault.get(`${h.connectionId}:default`)).toBe(CANARY);
    const status = await h.call('getKeyStatus', { connectionId: h.connectionId });
    expect(status).toEqual([
      { slot: 'default', set: true, last4: CANARY.slice(-4), source: 'vault' },
      { slot: 'bearer', set: false },
      { slot: 'messages', set: false },
      { slot: 'generate', set: false },
    ]);
    const short = await h.call('setKey', { connectionId: h.connectionId, slot: 'bearer', key: 'short-key' });
    expect(short).toEqual({ slot: 'bearer', set: true, source: 'vault' });
    const spaced = await h.fail('setKey', { connectionId: h.connectionId, slot: 'bearer', key: 'has space' });
    expect(spaced.issues?.[0]).toMatchObject({ path: 'key' });
    expect(spaced.message).not.toContain('has space');
    expect(await h.call('clearKey', { connectionId: h.connectionId, slot: 'bearer' })).toEqual({
      slot: 'bearer',
      set: false,
    });
  });

  it('tests a slot with its own key alone and reports the model count or why not', async () => {
    h = await createHarness();
    const ok = await h.call('testKey', { connectionId: h.connectionId, slot: 'default' });
    expect(ok).toMatchObject({ ok: true, modelCount: 7 });
    expect(await h.call('testKey', { connectionId: h.connectionId, slot: 'generate' })).toEqual({
      ok: false,
      message: 'No key is set in this slot.',
    });
    await h.call('setKey', { connectionId: h.connectionId, slot: 'generate', key: 'sim-generate-key' });
    const generate = await h.call('testKey', { connectionId: h.connectionId, slot: 'generate' });
    expect(generate).toMatchObject({ ok: true, modelCount: 2 });
    await h.call('setKey', { connectionId: h.connectionId, slot: 'messages', key: 'wrong-key-for-messages' });
    const wrong = await h.call('testKey', { connectionId: h.connectionId, slot: 'messages' });
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toMatch(/401/);
    expect(wrong.message).not.toContain('wrong-key-for-messages');
    // Each test is recorded for the inspector.
    expect(h.eventsOf('exchange').length).toBe(3);
  });

  it('lists models with the active connection key of a family', async () => {
    h = await createHarness();
    const bearer = await h.call('listModels', { family: 'bearer' });
    expect(bearer.models).toContainEqual({ id: 'gpt-image-1', ownedBy: 'openai' });
    const exchange = await h.call('getExchange', { id: bearer.exchangeId });
    expect(exchange.requestHeaders['Authorization'] ?? exchange.requestHeaders['authorization']).toMatch(
      /••••/,
    );
  });
});

describe('keys and a connection that moves', () => {
  it('are not sent to a new origin until the user confirms them; a junk key typed beside them does not unlock them', async () => {
    h = await createHarness();
    const received: string[] = [];
    const elsewhere = await hostile((req, _body, res) => {
      received.push(JSON.stringify(req.headers));
      json(res, 200, { object: 'list', data: [] });
    });
    try {
      await h.call('setKey', { connectionId: h.connectionId, slot: 'messages', key: `${CANARY}-messages` });
      const c = await h.call('createConversation', {
        format: 'chat',
        model: 'gpt-5-mini',
        params: { stream: false },
      });
      // Whoever controls the page re-points the connection at a server of theirs.
      await h.call('saveConnection', { id: h.connectionId, name: 'Test simulator', baseUrl: elsewhere.url });
      const refused = await h.fail('sendMessage', { requestId: 'r', conversationId: c.id, text: 'hi' });
      expect(refused.message).toMatch(/Confirm them for the new address/);
      expect((await h.fail('testKey', { connectionId: h.connectionId, slot: 'default' })).message).toMatch(
        /Confirm them/,
      );
      expect((await h.fail('checkConnection', { requestId: 'k' })).message).toMatch(/Confirm/);
      const status = await h.call('getKeyStatus', { connectionId: h.connectionId });
      expect(status.filter((k) => k.set).every((k) => k.confirmFor === new URL(elsewhere.url).origin)).toBe(
        true,
      );
      // a junk key in another slot is typed for the new address, but does not unlock the others
      await h.call('setKey', { connectionId: h.connectionId, slot: 'generate', key: 'junk-key-typed-here' });
      expect((await h.fail('sendMessage', { requestId: 's', conversationId: c.id, text: 'hi' })).kind).toBe(
        'invalid-input',
      );
      expect(received).toEqual([]);

      // The user moves it back: the same origin as when the keys were entered, no question asked.
      await h.call('saveConnection', {
        id: h.connectionId,
        name: 'Test simulator',
        baseUrl: `${h.sim.baseUrl}/`,
      });
      expect(
        (await h.call('sendMessage', { requestId: 't', conversationId: c.id, text: 'hi' })).reply.status,
      ).toBe('complete');
      // Moved again, then confirmed: now they go.
      await h.call('saveConnection', { id: h.connectionId, name: 'Test simulator', baseUrl: elsewhere.url });
      const confirmed = await h.call('confirmKeys', { connectionId: h.connectionId });
      expect(confirmed.some((k) => k.confirmFor !== undefined)).toBe(false);
      await h.call('testKey', { connectionId: h.connectionId, slot: 'default' });
      expect(received).toHaveLength(1);
    } finally {
      await elsewhere.close();
    }
  });
});
