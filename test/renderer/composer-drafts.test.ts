// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/conversation.ts';
import type { Settings } from '../../shared/contract.ts';
import { MAX_MESSAGE_CHARS } from '../../shared/limits.ts';
import { startDraftMemory } from '../../renderer/store/draft-memory.ts';
import { fakeBridge, freshStore, ok, type Impl } from './fake-bridge.ts';

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };
const conversation = (id: string): Conversation => ({
  id,
  format: 'chat',
  model: 'gpt-5-mini',
  title: 'Hello',
  params: { stream: true },
  turns: [],
  createdAt: 1,
  updatedAt: 1,
});

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  localStorage.clear();
});

function storeWith(impl: Impl) {
  const t = freshStore();
  const fake = fakeBridge(impl);
  t.setBridge(fake.bridge);
  t.store.setState({ settings: SETTINGS });
  stops.push(startDraftMemory(t.store));
  return { store: t.store, calls: fake.calls };
}

describe('a message too large to send', () => {
  it('is refused with its size and the limit before any conversation is created', async () => {
    const { store, calls } = storeWith({ createConversation: () => ok(conversation('c1')) });
    store.getState().setModel('chat', 'gpt-5-mini');
    const text = 'x'.repeat(MAX_MESSAGE_CHARS + 1);
    expect(await store.getState().send('chat', text)).toBe(false);
    expect(calls.map((c) => c.op)).not.toContain('createConversation');
    expect(calls.map((c) => c.op)).not.toContain('sendMessage');
    expect(store.getState().activeConversation.chat ?? null).toBeNull();
    expect(store.getState().notices.at(-1)?.message).toMatch(/10,000,001.*10,000,000/);
  });

  it('is refused the same way in an open conversation, its text left in the box', async () => {
    const { store, calls } = storeWith({ getConversation: () => ok(conversation('c1')) });
    await store.getState().openConversation('chat', 'c1');
    const text = 'y'.repeat(MAX_MESSAGE_CHARS + 5);
    store.getState().setDraft('c1', text);
    expect(await store.getState().send('chat', text)).toBe(false);
    expect(calls.map((c) => c.op)).not.toContain('sendMessage');
    expect(store.getState().drafts.c1).toBe(text);
  });
});

describe('drafts kept in the page', () => {
  it('come back in a new page (a reload after the host was down) and go when the message is sent', async () => {
    const first = storeWith({ getConversation: () => ok(conversation('c1')) });
    await first.store.getState().openConversation('chat', 'c1');
    first.store.getState().setDraft('c1', 'typed while the host was down');
    first.store.getState().setDraft('new:messages', 'a new one');

    // a new page: a fresh store over the same storage
    const second = storeWith({
      getConversation: () => ok(conversation('c1')),
      sendMessage: () =>
        ok({
          userTurn: { id: 'u1', role: 'user', text: 'x', status: 'complete', createdAt: 1 },
          reply: { id: 'a1', role: 'assistant', text: 'y', status: 'complete', createdAt: 2 },
          totals: {},
        }),
    });
    expect(second.store.getState().drafts).toMatchObject({
      c1: 'typed while the host was down',
      'new:messages': 'a new one',
    });
    await second.store.getState().openConversation('chat', 'c1');
    expect(await second.store.getState().send('chat', 'typed while the host was down')).toBe(true);
    expect(localStorage.getItem('quartet.draft.c1')).toBeNull();
    expect(localStorage.getItem('quartet.draft.new:messages')).toBe('a new one');

    const third = storeWith({});
    expect(third.store.getState().drafts.c1).toBeUndefined();
  });

  it('does not keep a draft too large for the storage (nor an older, shorter copy of it)', () => {
    const { store } = storeWith({});
    store.getState().setDraft('c1', 'start');
    expect(localStorage.getItem('quartet.draft.c1')).toBe('start');
    store.getState().setDraft('c1', 'z'.repeat(MAX_MESSAGE_CHARS + 1));
    expect(localStorage.getItem('quartet.draft.c1')).toBeNull();
  });
});
