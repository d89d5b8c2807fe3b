// A connection per conversation (issue 30): each conversation's requests go through its own connection
// with that connection's own key, whatever is active in Settings; a reply moved to another service goes
// back without what only its own service accepts; exports carry the connection by name.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { TOOL_EXAMPLES } from '../../shared/tools.ts';
import { CANARY, createHarness, type Harness } from '../support/app-core.ts';

const KEY_B = `sk-second-${randomBytes(12).toString('hex')}`;

let h: Harness;
let simB: RunningSimulator;
let second = '';

beforeEach(async () => {
  h = await createHarness();
  // a second service that takes only its own key, on its own port
  simB = await startSimulator({
    port: 0,
    keys: [{ key: KEY_B, families: ['bearer', 'messages', 'generate'] }],
  });
  const b = await h.call('saveConnection', { name: 'Gateway B', baseUrl: simB.baseUrl });
  await h.call('setKey', { connectionId: b.id, slot: 'default', key: KEY_B });
  second = b.id;
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  expect(JSON.stringify([h.results, h.events, h.logs]).includes(KEY_B)).toBe(false);
  await h.close();
  await simB.close();
});

const keysSeenBy = (sim: RunningSimulator) =>
  sim.requests.map((r) => `${r.headers['authorization'] ?? ''}${r.headers['x-api-key'] ?? ''}`).join('\n');

describe('a connection per conversation', () => {
  it('sends each conversation to its own connection with its own key only, and keeps it over a restart', async () => {
    const onA = await h.call('createConversation', { format: 'chat', model: 'gpt-5-mini' });
    const onB = await h.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      connectionId: second,
    });
    // a new conversation without a choice takes the active connection
    expect(onA.connection).toEqual({ id: h.connectionId, name: 'Test simulator' });
    expect(onB.connection).toEqual({ id: second, name: 'Gateway B' });

    const a = await h.call('sendMessage', { requestId: 'a', conversationId: onA.id, text: 'to A' });
    const b = await h.call('sendMessage', { requestId: 'b', conversationId: onB.id, text: 'to B' });
    expect([a.reply.status, b.reply.status]).toEqual(['complete', 'complete']);
    expect(h.sim.requests.map((r) => r.body).join()).toContain('to A');
    expect(simB.requests.map((r) => r.body).join()).toContain('to B');
    expect(h.sim.requests.map((r) => r.body).join()).not.toContain('to B');
    // nothing sends one connection's key to another's service
    expect(keysSeenBy(h.sim)).toContain(CANARY);
    expect(keysSeenBy(h.sim)).not.toContain(KEY_B);
    expect(keysSeenBy(simB)).toContain(KEY_B);
    expect(keysSeenBy(simB)).not.toContain(CANARY);

    // each connection's models, asked for by id; the active one is untouched
    const models = await h.call('listModels', { family: 'bearer', connectionId: second });
    expect(models.models.length).toBeGreaterThan(0);
    expect(simB.requests.at(-1)?.path).toMatch(/models/);
    expect((await h.call('listConnections', {})).activeId).toBe(h.connectionId);

    await h.restart();
    const list = await h.call('listConversations', {});
    expect(list.find((c) => c.id === onB.id)?.connectionId).toBe(second);
    const before = simB.requests.length;
    await h.call('sendMessage', { requestId: 'c', conversationId: onB.id, text: 'after a restart' });
    expect(simB.requests.length).toBeGreaterThan(before);
    expect(h.sim.requests.map((r) => r.body).join()).not.toContain('after a restart');
  });

  it('moves a conversation with history to another service, leaving out the signature bound to the first', async () => {
    const c = await h.call('createConversation', {
      format: 'generate',
      model: 'gemini-2.5-flash',
      params: { stream: false, thinkingBudget: 512, tools: [TOOL_EXAMPLES[0]!] },
    });
    const first = await h.call('sendMessage', {
      requestId: 'r1',
      conversationId: c.id,
      text: '[[call:get_weather]]',
    });
    const parts = first.reply.raw?.format === 'generate' ? first.reply.raw.parts : [];
    const signature = String(parts.find((p) => 'functionCall' in p)?.['thoughtSignature']);
    expect(signature.length).toBeGreaterThan(10);

    await h.call('updateConversation', { id: c.id, connectionId: second });
    const moved = await h.call('getConversation', { id: c.id });
    // the history stays, and the page is told what will not go to the new service
    expect(moved.turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(moved.connection?.name).toBe('Gateway B');
    expect(moved.boundElsewhere).toBe(1);

    const call = first.reply.toolCalls![0]!;
    const answered = await h.call('sendMessage', {
      requestId: 'r2',
      conversationId: c.id,
      text: '',
      toolResults: [{ callId: call.id, name: call.name, content: '{"temp":21}' }],
    });
    // the second service refuses a signature it did not issue: it was left out, so it answers
    expect(answered.reply.error).toBeUndefined();
    expect(answered.reply.text).toContain('Tool results received: get_weather');
    const sent = simB.requests.at(-1)?.body ?? '';
    expect(sent).toContain('get_weather');
    expect(sent).not.toContain(signature);
    expect(sent).not.toContain('thoughtSignature');
    // the stored reply keeps its payload: back on its own connection the signature goes again
    await h.call('updateConversation', { id: c.id, connectionId: h.connectionId });
    const back = await h.call('getConversation', { id: c.id });
    expect(back.turns[1]?.raw).toEqual(first.reply.raw);
    // now it is the reply the second service signed that stays there
    expect(back.boundElsewhere).toBe(1);
    const lastB = back.turns[3]?.raw;
    expect(lastB?.format === 'generate' && lastB.parts.some((p) => 'thoughtSignature' in p)).toBe(true);
  });

  it('exports the connection by name; an import matches it, or asks for a missing one', async () => {
    const c = await h.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      connectionId: second,
    });
    await h.call('sendMessage', { requestId: 'r', conversationId: c.id, text: 'hello B' });
    const file = await h.call('exportConversation', { id: c.id, as: 'json' });
    const parsed = JSON.parse(file.content) as { conversation: { connection?: unknown } };
    // the name travels; this data folder's id does not
    expect(parsed.conversation.connection).toEqual({ name: 'Gateway B' });

    const again = await h.call('importConversation', { content: file.content });
    expect(again.connection).toEqual({ id: second, name: 'Gateway B' });

    const elsewhere = JSON.stringify({
      ...parsed,
      conversation: { ...parsed.conversation, connection: { name: 'Office gateway' } },
    });
    const missing = await h.call('importConversation', { content: elsewhere });
    // never invented: unassigned, asking for the name, and nothing is sent until the user picks
    expect(missing.connection).toEqual({ name: 'Office gateway' });
    const summary = (await h.call('listConversations', {})).find((s) => s.id === missing.id);
    expect(summary).toMatchObject({ wantedConnection: 'Office gateway' });
    expect(summary?.connectionId).toBeUndefined();
    const refused = await h.fail('sendMessage', { requestId: 's', conversationId: missing.id, text: 'go' });
    expect(refused.message).toContain('"Office gateway", which is not here');
    await h.call('updateConversation', { id: missing.id, connectionId: second });
    const sent = await h.call('sendMessage', { requestId: 't', conversationId: missing.id, text: 'picked' });
    expect(sent.reply.status).toBe('complete');
    expect(simB.requests.map((r) => r.body).join()).toContain('picked');
  });

  it('a deleted connection leaves its conversations asking for it by name', async () => {
    const c = await h.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      connectionId: second,
    });
    await h.call('deleteConnection', { id: second });
    const after = await h.call('getConversation', { id: c.id });
    expect(after.connection).toEqual({ name: 'Gateway B' });
    const refused = await h.fail('sendMessage', { requestId: 'r', conversationId: c.id, text: 'hi' });
    expect(refused.message).toContain('Gateway B');
  });
});
