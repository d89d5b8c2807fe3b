// A conversation's connection on the page: a new one takes the tab's last connection (while it exists),
// moving an open one asks the host and shows what comes back (the note of what stays behind), and an
// import naming a connection that is not here asks which saved one it stands for; lists filter and name
// connections.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/conversation.ts';
import { defaultParams } from '../../shared/conversation.ts';
import type { ConversationSummary } from '../../shared/contract.ts';
import { DEFAULT_SETTINGS } from '../../shared/default-settings.ts';
import {
  missingConnections,
  rowConnectionName,
  selectTabConnection,
} from '../../renderer/store/chat-helpers.ts';
import { compact } from '../../shared/compact.ts';
import { connectionFilterOf, onConnection } from '../../renderer/store/library-list.ts';
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
    expect([...missingConnections(imported)]).toEqual([['Office', ['a', 'b']]]);
  });
});

const summaryRow = (id: string, patch: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  format: 'chat',
  model: 'gpt-5-mini',
  title: id,
  origin: 'chat',
  turnCount: 2,
  createdAt: 1,
  updatedAt: 1,
  ...patch,
});

describe('lists by connection', () => {
  it('a row names its connection once there is something to tell apart', () => {
    const one = { connections: CONNECTIONS.slice(0, 1), activeConnectionId: 'sandbox' };
    expect(rowConnectionName(one, { connectionId: 'sandbox' })).toBeUndefined();
    const two = { connections: CONNECTIONS, activeConnectionId: 'sandbox' };
    expect(rowConnectionName(two, { connectionId: 'sandbox' })).toBe('Sandbox');
    expect(rowConnectionName(two, { connectionId: 'gw' })).toBe('Gateway');
    expect(rowConnectionName(one, { wantedConnection: 'Office' })).toBe('Office (not here)');
    expect(rowConnectionName(one, {})).toBeUndefined();
  });

  it('each tab keeps its own filter, and the filter keeps the rows of that connection', () => {
    const rows = [
      summaryRow('a', { connectionId: 'sandbox' }),
      summaryRow('b', { connectionId: 'gw' }),
      summaryRow('c', { wantedConnection: 'Office' }),
    ];
    t.store.getState().setTabConnection('chat', 'gw');
    t.store.getState().setTabConnection('messages', 'none');
    t.store.getState().setTab('messages');
    t.store.getState().setTab('chat');
    const filters = t.store.getState().tabConnection;
    expect(filters).toMatchObject({ chat: 'gw', messages: 'none', responses: 'all' });
    expect(rows.filter((r) => onConnection(r, filters.chat)).map((r) => r.id)).toEqual(['b']);
    expect(rows.filter((r) => onConnection(r, filters.messages)).map((r) => r.id)).toEqual(['c']);
    expect(rows.filter((r) => onConnection(r, filters.responses))).toHaveLength(3);
    // a filter on a connection deleted since lists every connection, as its select then shows
    expect(connectionFilterOf('gone', CONNECTIONS)).toBe('all');
    expect(connectionFilterOf('gw', CONNECTIONS)).toBe('gw');
  });
});

describe('an import naming a connection that is not here', () => {
  const imported = [
    summaryRow('a', { wantedConnection: 'Office' }),
    summaryRow('b', { wantedConnection: 'Office' }),
    summaryRow('c', { wantedConnection: 'Lab' }),
    summaryRow('d', { connectionId: 'gw' }),
  ];

  it('asks once per name, then moves the ones given a connection and leaves the rest unassigned', async () => {
    const fake = fakeBridge({
      updateConversation: ({ id, connectionId }) => ok(summaryRow(id, compact({ connectionId }))),
    });
    t.setBridge(fake.bridge);
    t.store.setState({ connections: CONNECTIONS, activeConnectionId: 'sandbox', conversations: imported });
    t.store.getState().askMissingConnections(imported);
    expect(t.store.getState().connectionAsk).toEqual([
      { name: 'Office', ids: ['a', 'b'] },
      { name: 'Lab', ids: ['c'] },
    ]);
    await t.store.getState().answerMissingConnections({ Office: 'gw', Lab: null });
    expect(t.store.getState().connectionAsk).toBeNull();
    expect(fake.calls.filter((c) => c.op === 'updateConversation').map((c) => c.input)).toEqual([
      { id: 'a', connectionId: 'gw' },
      { id: 'b', connectionId: 'gw' },
    ]);
    const byId = new Map(t.store.getState().conversations.map((c) => [c.id, c]));
    expect(byId.get('a')?.connectionId).toBe('gw');
    expect(byId.get('c')).toMatchObject({ wantedConnection: 'Lab' });
    expect(byId.get('c')?.connectionId).toBeUndefined();
  });

  it('asks nothing when every conversation found its connection', () => {
    t.store.getState().askMissingConnections([summaryRow('d', { connectionId: 'gw' })]);
    expect(t.store.getState().connectionAsk).toBeNull();
  });
});
