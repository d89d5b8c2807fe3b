import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TextFormat } from '../../shared/formats.ts';
import { simulatedReply } from '../../electron/simulator/index.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

async function newConversation(format: TextFormat, stream: boolean, model = 'gpt-5-mini') {
  return h.call('createConversation', { format, model, params: { stream } });
}

describe('sendMessage', () => {
  for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
    it(`${format}: stores both turns and returns the reply without streaming`, async () => {
      const conversation = await newConversation(format, false);
      const result = await h.call('sendMessage', {
        requestId: 'r1',
        conversationId: conversation.id,
        text: 'Hello there',
      });
      expect(result.userTurn).toMatchObject({ role: 'user', text: 'Hello there', status: 'complete' });
      expect(result.reply).toMatchObject({
        role: 'assistant',
        status: 'complete',
        text: simulatedReply('Hello there', 'gpt-5-mini', 1),
      });
      expect(result.reply.raw?.format).toBe(format);
      expect(result.reply.exchangeId).toBeDefined();
      expect(result.totals.output).toBeGreaterThan(0);
      expect(h.eventsOf('delta', 'r1')).toEqual([]);

      const stored = await h.call('getConversation', { id: conversation.id });
      expect(stored.turns).toEqual([result.userTurn, result.reply]);
      expect(stored.title).toBe('Hello there');
      // The exchange was stored and announced.
      const announced = h.eventsOf('exchange', 'r1').map((e) => e.summary.id);
      expect(announced).toContain(result.reply.exchangeId);
      const exchange = await h.call('getExchange', { id: result.reply.exchangeId ?? '' });
      expect(exchange.interface).toBe(format);
    });
  }

  it('a first message sent right after its conversation was asked for, without waiting for the answer', async () => {
    const id = randomUUID();
    // both calls go before either is answered, as the page sends a new chat's first message
    const creating = h.dispatch('createConversation', { id, format: 'chat', model: 'gpt-5-mini' });
    const sending = h.dispatch('sendMessage', { requestId: 'r1', conversationId: id, text: 'Hello there' });
    const [created, sent] = await Promise.all([creating, sending]);
    // the answer is the conversation as created, whatever the send has added since
    expect(created).toMatchObject({ ok: true, value: { id, turns: [] } });
    expect(sent.ok).toBe(true);
    const stored = await h.call('getConversation', { id });
    expect(stored.turns.map((t) => [t.role, t.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(stored.title).toBe('Hello there');
  });

  it('refuses to create a conversation under an id that is taken, and leaves that one as it was', async () => {
    const first = await newConversation('chat', true);
    await h.call('sendMessage', { requestId: 'r1', conversationId: first.id, text: 'Keep me' });
    const error = await h.fail('createConversation', { id: first.id, format: 'messages', model: 'm' });
    expect(error).toMatchObject({
      kind: 'invalid-input',
      message: 'A conversation with this id exists already.',
    });
    const kept = await h.call('getConversation', { id: first.id });
    expect(kept).toMatchObject({ format: 'chat', title: 'Keep me' });
    expect(kept.turns).toHaveLength(2);
  });

  it('streams deltas in order; they join to the stored reply', async () => {
    const conversation = await newConversation('messages', true);
    const result = await h.call('sendMessage', {
      requestId: 'r1',
      conversationId: conversation.id,
      // paced: the events of one network read come as one delta
      text: 'Tell me something long [[gap:2]]',
    });
    const deltas = h.eventsOf('delta', 'r1');
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.map((d) => d.text ?? '').join('')).toBe(result.reply.text);
    expect(result.reply.status).toBe('complete');
    expect(result.reply.timings?.firstTokenMs).toBeDefined();
  });

  it('keeps history across turns and sums the totals', async () => {
    const conversation = await newConversation('chat', true);
    const first = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: conversation.id,
      text: 'one',
    });
    const second = await h.call('sendMessage', {
      requestId: 'b',
      conversationId: conversation.id,
      text: 'two',
    });
    expect(second.reply.text).toBe(simulatedReply('two', 'gpt-5-mini', 2));
    expect(second.totals.output).toBe((first.reply.usage?.output ?? 0) + (second.reply.usage?.output ?? 0));
    const list = await h.call('listConversations', {});
    expect(list[0]).toMatchObject({ id: conversation.id, turnCount: 4, title: 'one' });
  });

  it('stops mid-stream on abortRequest and keeps the partial reply, marked', async () => {
    const conversation = await newConversation('chat', true);
    h.sim.faults.add({ kind: 'slowStream', ms: 200, match: { interface: 'chat' } });
    const sending = h.call('sendMessage', {
      requestId: 'slow',
      conversationId: conversation.id,
      text: 'Tell me something long',
    });
    await h.waitForEvent('delta', (d) => d.requestId === 'slow');
    expect(await h.call('abortRequest', { requestId: 'slow' })).toEqual({ aborted: true });
    const result = await sending;
    expect(result.reply.status).toBe('partial');
    expect(result.reply.error?.kind).toBe('aborted');
    expect(result.reply.text.length).toBeGreaterThan(0);
    const full = simulatedReply('Tell me something long', 'gpt-5-mini', 1);
    expect(full.startsWith(result.reply.text)).toBe(true);
    expect(result.reply.text.length).toBeLessThan(full.length);
    const stored = await h.call('getConversation', { id: conversation.id });
    expect(stored.turns.map((t) => [t.role, t.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'partial'],
    ]);
    expect(await h.call('abortRequest', { requestId: 'slow' })).toEqual({ aborted: false });
  });

  it('stores a service error as an error turn, keeps the user turn once, and regenerate retries', async () => {
    const conversation = await newConversation('generate', false);
    h.sim.faults.add({ kind: 'status', status: 503, match: { interface: 'generate' } });
    const failed = await h.call('sendMessage', {
      requestId: 'x',
      conversationId: conversation.id,
      text: 'Are you there?',
    });
    expect(failed.reply.status).toBe('error');
    expect(failed.reply.error).toMatchObject({ kind: 'http', status: 503, interface: 'generate' });
    expect(failed.reply.exchangeId).toBeDefined();

    const retried = await h.call('regenerate', { requestId: 'y', conversationId: conversation.id });
    expect(retried.userTurn.id).toBe(failed.userTurn.id);
    expect(retried.reply.status).toBe('complete');
    expect(retried.reply.text).toBe(simulatedReply('Are you there?', 'gpt-5-mini', 1));
    const stored = await h.call('getConversation', { id: conversation.id });
    expect(stored.turns.map((t) => [t.role, t.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    // a failed reply without text is replaced, not kept as a version
    expect(stored.turns[1]?.versions).toBeUndefined();
    expect(h.rows(conversation.id)).toHaveLength(2);
  });

  it('keeps a partial reply when the stream breaks, and regenerate adds a version beside it', async () => {
    const conversation = await newConversation('responses', true);
    h.sim.faults.add({ kind: 'reset', afterEvents: 6, match: { interface: 'responses' } });
    const broken = await h.call('sendMessage', {
      requestId: 'x',
      conversationId: conversation.id,
      text: 'Tell me something long',
    });
    expect(broken.reply.status).toBe('partial');
    expect(broken.reply.error?.kind).toBe('connection');
    const again = await h.call('regenerate', { requestId: 'y', conversationId: conversation.id });
    expect(again.reply.status).toBe('complete');
    const stored = await h.call('getConversation', { id: conversation.id });
    expect(stored.turns).toHaveLength(2);
    expect(stored.turns[1]?.versions).toEqual([broken.reply.id, again.reply.id]);
  });

  it('edits a user turn as a new version beside it: the old one and what followed stay', async () => {
    const conversation = await newConversation('chat', false);
    const first = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: conversation.id,
      text: 'first',
    });
    await h.call('sendMessage', { requestId: 'b', conversationId: conversation.id, text: 'second' });
    const edited = await h.call('sendMessage', {
      requestId: 'c',
      conversationId: conversation.id,
      text: 'first, edited',
      editTurnId: first.userTurn.id,
    });
    expect(edited.userTurn.id).not.toBe(first.userTurn.id);
    expect(edited.userTurn.versions).toEqual([first.userTurn.id, edited.userTurn.id]);
    expect(edited.reply.text).toBe(simulatedReply('first, edited', 'gpt-5-mini', 1));
    const stored = await h.call('getConversation', { id: conversation.id });
    expect(stored.turns.map((t) => t.text)).toEqual(['first, edited', edited.reply.text]);
    // The old branch is still there, and still found.
    expect((await h.call('searchConversations', { query: 'second' })).map((hit) => hit.role).sort()).toEqual([
      'assistant',
      'user',
    ]);
    expect(h.rows(conversation.id)).toHaveLength(6);
  });

  it('refuses bad input before any request and stores nothing', async () => {
    const conversation = await newConversation('messages', false);
    const before = h.sim.requests.length;
    const empty = await h.fail('sendMessage', { requestId: 'a', conversationId: conversation.id, text: '' });
    expect(empty.kind).toBe('invalid-input');
    expect(empty.issues?.[0]).toMatchObject({ path: 'text', message: 'Write a message first.' });
    const blank = await h.fail('sendMessage', {
      requestId: 'a',
      conversationId: conversation.id,
      text: '   ',
    });
    expect(blank.kind).toBe('invalid-input');
    const missing = await h.fail('sendMessage', { requestId: 'a', conversationId: 'nope', text: 'hi' });
    expect(missing.kind).toBe('not-found');
    const wrongTypes = await h.fail('sendMessage', { requestId: 5, text: ['x'] });
    expect(wrongTypes.kind).toBe('invalid-input');
    expect(wrongTypes.issues?.map((i) => i.path).sort()).toEqual(['conversationId', 'requestId', 'text']);
    const nothing = await h.fail('regenerate', { requestId: 'a', conversationId: conversation.id });
    expect(nothing.kind).toBe('invalid-input');
    // Parameters the format refuses are the user's to fix: no turn is stored for them.
    await h.call('updateConversation', { id: conversation.id, params: { stream: false, temperature: 1.5 } });
    const params = await h.fail('sendMessage', {
      requestId: 'a',
      conversationId: conversation.id,
      text: 'hi',
    });
    expect(params.kind).toBe('invalid-input');
    expect(params.issues?.[0]?.path).toBe('params.temperature');
    expect(h.sim.requests.length).toBe(before);
    expect((await h.call('getConversation', { id: conversation.id })).turns).toEqual([]);
  });

  it('refuses a second reply in a busy conversation, and survives the conversation being deleted meanwhile', async () => {
    const conversation = await newConversation('chat', true);
    h.sim.faults.add({ kind: 'slowStream', ms: 100, match: { interface: 'chat' } });
    const sending = h.dispatch('sendMessage', {
      requestId: 'a',
      conversationId: conversation.id,
      text: 'Tell me something long',
    });
    await h.waitForEvent('delta', (d) => d.requestId === 'a');
    const busy = await h.fail('sendMessage', {
      requestId: 'b',
      conversationId: conversation.id,
      text: 'again',
    });
    expect(busy.kind).toBe('invalid-input');
    expect(busy.message).toMatch(/still running/);
    expect(await h.call('deleteConversation', { id: conversation.id })).toEqual({ deleted: true });
    await h.call('abortRequest', { requestId: 'a' });
    const result = await sending;
    expect(!result.ok && result.error.kind).toBe('not-found');
    expect(await h.call('listConversations', {})).toEqual([]);
  });

  it('answers an unknown operation with invalid-input', async () => {
    const error = await h.fail('dropDatabase', {});
    expect(error).toMatchObject({ kind: 'invalid-input' });
    expect(error.message).toContain('dropDatabase');
    expect((await h.fail('__proto__', {})).kind).toBe('invalid-input');
    expect((await h.fail('getAppInfo', { extra: 1 })).kind).toBe('invalid-input');
  });
});
