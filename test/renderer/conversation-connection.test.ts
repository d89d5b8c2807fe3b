// A conversation's connection on the page: a new one takes the tab's last connection (while it exists),
// moving an open one asks the host and shows what comes back (the note of what stays behind), and an
// import naming a connection that is not here says so.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/conversation.ts';
import { defaultParams } from '../../shared/conversation.ts';
import type { ConversationSummary } from '../../shared/contract.ts';
import { DEFAULT_SETTINGS } from '../../shared/default-settings.ts';
import { missingConnections, selectTabConnection } from '../../renderer/store/chat-helpers.ts';
import { fakeBridge, freshStore, ok } from './fake-bridge.ts';

let t: ReturnType<typeof freshStore>;
beforeEach(() => {
  t = freshStore();
});

const CONNECTIONS = [
  { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:1', builtIn: true },
  { id: 'gw', name: 'Gateway', baseUrl: 'https://gw.example', builtIn: false },
];

const conversation = (patch: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  format: 'messages',
  model: 'claude-haiku-4-5',
  title: 'A talk',
  params: defaultParams('messages'),
  turns: [],
  connection: { id: 'sandbox', name: 'Sandbox' },
  createdAt: 1,
  updatedAt: 1,
  ...patch,
});

describe('the tab’s connection', () => {
  it('a new conversation takes the tab’s last connection while it exists, else the active one', () => {
    t.store.setState({
      connections: CONNECTIONS,
      activeConnectionId: 'sandbox',
      settings: { ...DEFAULT_SETTINGS, tabs: { messages: { connectionId: 'gw' } } },
    });
    expect(selectTabConnection(t.store.getState(), 'messages')).toBe('gw');
    expect(selectTabConnection(t.store.getState(), 'chat')).toBe('sandbox');
    t.store.setState({ connections: CONNECTIONS.slice(0, 1) });
    expect(selectTabConnection(t.store.getState(), 'messages')).toBe('sandbox');
  });

  it('moves the open conversation through the host and shows what it says of the history', async () => {
    const moved = conversation({ connection: { id: 'gw', name: 'Gateway' }, boundElsewhere: 2 });
    const summary: ConversationSummary = {
      id: 'c1',
      format: 'messages',
      model: 'claude-haiku-4-5',
      title: 'A talk',
      origin: 'chat',
      connectionId: 'gw',
      turnCount: 4,
      createdAt: 1,
      updatedAt: 2,
    };
    const fake = fakeBridge({
      updateConversation: () => ok(summary),
      getConversation: () => ok(moved),
      updateSettings: (patch) => ok({ ...DEFAULT_SETTINGS, ...patch } as typeof DEFAULT_SETTINGS),
    });
    t.setBridge(fake.bridge);
    t.store.setState({
      connections: CONNECTIONS,
      activeConnectionId: 'sandbox',
      settings: DEFAULT_SETTINGS,
      loaded: { c1: conversation() },
      activeConversation: { ...t.store.getState().activeConversation, messages: 'c1' },
    });
    await t.store.getState().setConnection('messages', 'gw');
    expect(fake.calls.find((c) => c.op === 'updateConversation')?.input).toEqual({
      id: 'c1',
      connectionId: 'gw',
    });
    expect(t.store.getState().loaded['c1']?.boundElsewhere).toBe(2);
    expect(selectTabConnection(t.store.getState(), 'messages')).toBe('gw');
  });

  it('an open conversation asking for a connection that is not here has none until the user picks one', () => {
    t.store.setState({
      connections: CONNECTIONS,
      activeConnectionId: 'sandbox',
      loaded: { c1: conversation({ connection: { name: 'Office' } }) },
      activeConversation: { ...t.store.getState().activeConversation, messages: 'c1' },
    });
    expect(selectTabConnection(t.store.getState(), 'messages')).toBeNull();
    const row = (id: string, patch: Partial<ConversationSummary>): ConversationSummary => ({
      id,
      format: 'chat',
      model: 'gpt-5-mini',
      title: id,
      origin: 'chat',
      turnCount: 0,
      createdAt: 1,
      updatedAt: 1,
      ...patch,
    });
    const imported = [
      row('a', { wantedConnection: 'Office' }),
      row('b', { wantedConnection: 'Office' }),
      row('c', { connectionId: 'gw' }),
    ];
    expect([...missingConnections(imported)]).toEqual([['Office', 2]]);
  });
});
