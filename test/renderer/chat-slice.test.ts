import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppInfo, ConversationSummary, SendResult, Settings } from '../../shared/contract.ts';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import { startEventRouting } from '../../renderer/store/events.ts';
import { summaryOf, visibleTurns } from '../../renderer/store/chat-helpers.ts';
import { fakeBridge, ok, settingsWith, type Impl, freshStore } from './fake-bridge.ts';

/** A promise plus the function that resolves it: lets a test look at the store while a call is running. */
function gate<T>() {
  let open: (v: T) => void = () => {};
  const promise = new Promise<T>((r) => (open = r));
  return { promise, open };
}

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };
const turn = (id: string, role: 'user' | 'assistant', text: string, extra: Partial<Turn> = {}): Turn => ({
  id,
  role,
  text,
  status: 'complete',
  createdAt: 1000,
  ...extra,
});
const conversation = (turns: Turn[] = [], extra: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  format: 'chat',
  model: 'gpt-5-mini',
  title: 'Hello',
  params: { stream: true },
  turns,
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});

let t = freshStore();
let stopRouting: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  t = freshStore();
  stopRouting();
  vi.useRealTimers();
});

function install(impl: Impl) {
  const fake = fakeBridge(impl);
  t.setBridge(fake.bridge);
  stopRouting = startEventRouting(t.store);
  t.store.setState({ settings: SETTINGS });
  return fake;
}

describe('sending', () => {
  it('creates the conversation on the first message with the tab model, streams, then stores the reply', async () => {
    const reply = gate<ReturnType<typeof ok<SendResult>>>();
    const { calls, emit } = install({
      // the page chooses the new conversation's id; the host keeps it
      createConversation: (input) => ok(conversation([], { id: input.id ?? 'c1' })),
      sendMessage: () => reply.promise,
    });
    t.store.getState().setModel('chat', 'gpt-5-mini');
    t.store.getState().setDraft('new:chat', 'Hello there\nsecond line');
    const sending = t.store.getState().send('chat', 'Hello there\nsecond line');
    await vi.advanceTimersByTimeAsync(0);

    const create = calls.find((c) => c.op === 'createConversation');
    expect(create?.input).toMatchObject({
      format: 'chat',
      model: 'gpt-5-mini',
      title: 'Hello there second line', // the shared rule: the host titles it the same
      origin: 'chat',
    });
    const id = String(create?.input.id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.store.getState().activeConversation.chat).toBe(id);
    expect(t.store.getState().drafts['new:chat']).toBeUndefined();
    // the request went without waiting for the host's answer to the creation, for the same conversation
    expect(calls.map((c) => c.op)).toEqual(['createConversation', 'sendMessage']);
    expect(calls[1]?.input.conversationId).toBe(id);

    const pending = t.store.getState().pending[id];
    expect(pending?.text).toBe('Hello there\nsecond line');
    const requestId = pending?.requestId ?? '';
    expect(calls.find((c) => c.op === 'sendMessage')?.input.requestId).toBe(requestId);

    // deltas are batched: three events, one store update
    let updates = 0;
    const unsub = t.store.subscribe((s, prev) => {
      if (s.runTexts !== prev.runTexts) updates++;
    });
    emit('delta', { requestId, text: 'Hi' });
    emit('delta', { requestId, text: ' you' });
    emit('delta', { requestId, thought: 'hmm' });
    emit('delta', { requestId: 'someone-else', text: 'ignored' });
    expect(t.store.getState().runTexts[requestId]?.text).toBe('');
    await vi.advanceTimersByTimeAsync(60);
    unsub();
    expect(updates).toBe(1);
    expect(t.store.getState().runTexts[requestId]).toEqual({ text: 'Hi you', thoughts: 'hmm' });
    expect(t.store.getState().runs[requestId]?.firstTokenAt).not.toBeNull();

    const userTurn = turn('u1', 'user', 'Hello there\nsecond line');
    const assistant = turn('a1', 'assistant', 'Hi you', { usage: { input: 3, output: 2, total: 5 } });
    reply.open(ok({ userTurn, reply: assistant, totals: { input: 3, output: 2, total: 5 } }));
    expect(await sending).toBe(true);

    const s = t.store.getState();
    expect(s.pending[id]).toBeUndefined();
    expect(s.runTexts[requestId]).toBeUndefined();
    expect(s.runs[requestId]).toBeUndefined();
    expect(s.loaded[id]?.turns.map((t) => t.id)).toEqual(['u1', 'a1']);
    expect(s.conversations[0]).toMatchObject({ id, turnCount: 2 });
  });

  it('makes the request before the page draws the new conversation', async () => {
    // React draws a store change in a microtask: a request made after an await came after that drawing
    const order: string[] = [];
    const { calls } = install({
      createConversation: (input) => ok(conversation([], { id: input.id ?? 'c1' })),
      sendMessage: () => {
        order.push('request');
        return new Promise(() => {});
      },
    });
    t.store.getState().setModel('chat', 'gpt-5-mini');
    t.store.getState().setDraft('new:chat', 'Hello');
    const stop = t.store.subscribe((s, before) => {
      if (s.activeConversation.chat !== before.activeConversation.chat)
        queueMicrotask(() => order.push('drawn'));
    });
    void t.store.getState().send('chat', 'Hello');
    await vi.advanceTimersByTimeAsync(0);
    stop();
    expect(order).toEqual(['request', 'drawn']);
    expect(t.store.getState().activeConversation.chat).toBe(calls[0]?.input.id);
    expect(t.store.getState().drafts['new:chat']).toBeUndefined();
  });

  it('gives the text back to the composer when the send fails before reaching the service', async () => {
    install({
      getConversation: () => ok(conversation()),
      sendMessage: () => ({
        ok: false,
        error: { kind: 'invalid-input', message: 'The message is larger than 10 MB.' },
      }),
    });
    await t.store.getState().openConversation('chat', 'c1');
    t.store.getState().setDraft('c1', 'my precious words');
    expect(await t.store.getState().send('chat', 'my precious words')).toBe(false);
    expect(t.store.getState().drafts.c1).toBe('my precious words');
    expect(t.store.getState().notices.at(-1)).toMatchObject({
      kind: 'error',
      message: 'The message is larger than 10 MB.',
    });
    expect(t.store.getState().pending.c1).toBeUndefined();
  });

  it('saves a model and system prompt picked just before sending, before the request is made', async () => {
    const order: string[] = [];
    const saved = gate<ReturnType<typeof ok<ConversationSummary>>>();
    const { calls } = install({
      getConversation: () => ok(conversation()),
      updateConversation: () => {
        order.push('update');
        return saved.promise;
      },
      sendMessage: () => {
        order.push('send');
        return ok({ userTurn: turn('u1', 'user', 'hi'), reply: turn('a1', 'assistant', 'yo'), totals: {} });
      },
    });
    await t.store.getState().openConversation('chat', 'c1');
    t.store.getState().setModel('chat', 'gpt-5');
    t.store.getState().setParams('chat', { stream: true, system: 'be brief' });
    // Enter pressed well within the save's quiet period
    const sending = t.store.getState().send('chat', 'hi');
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['update', 'update']);
    expect(calls.filter((c) => c.op === 'updateConversation').map((c) => c.input)).toEqual([
      { id: 'c1', model: 'gpt-5' },
      { id: 'c1', params: { stream: true, system: 'be brief' } },
    ]);
    saved.open(ok(summaryOf(conversation([], { model: 'gpt-5' }))));
    expect(await sending).toBe(true);
    expect(order).toEqual(['update', 'update', 'send']);
    // the saves were made once, not again when their timers would have run
    await vi.advanceTimersByTimeAsync(1000);
    expect(order).toEqual(['update', 'update', 'send']);
  });

  it('does not send when the change made just before could not be saved, and keeps the text', async () => {
    const { calls } = install({
      getConversation: () => ok(conversation()),
      updateConversation: () => ({ ok: false, error: { kind: 'internal', message: 'disk full' } }),
    });
    await t.store.getState().openConversation('chat', 'c1');
    t.store.getState().setModel('chat', 'gpt-5');
    t.store.getState().setDraft('c1', 'keep me');
    expect(await t.store.getState().send('chat', 'keep me')).toBe(false);
    expect(calls.some((c) => c.op === 'sendMessage')).toBe(false);
    expect(t.store.getState().drafts.c1).toBe('keep me');
    expect(t.store.getState().notices.at(-1)?.message).toContain('disk full');
  });

  it('regenerate also waits for a model picked a moment before', async () => {
    const order: string[] = [];
    install({
      getConversation: () => ok(conversation([turn('u1', 'user', 'one'), turn('a1', 'assistant', 'A')])),
      updateConversation: () => (order.push('update'), ok(summaryOf(conversation()))),
      regenerate: () => (
        order.push('regenerate'),
        ok({ userTurn: turn('u1', 'user', 'one'), reply: turn('a2', 'assistant', 'B'), totals: {} })
      ),
    });
    await t.store.getState().openConversation('chat', 'c1');
    t.store.getState().setModel('chat', 'gpt-5');
    await t.store.getState().regenerate('c1');
    expect(order).toEqual(['update', 'regenerate']);
  });

  it('refuses to start a conversation without a model', async () => {
    const { calls } = install({});
    expect(await t.store.getState().send('messages', 'hi')).toBe(false);
    expect(calls.some((c) => c.op === 'createConversation')).toBe(false);
    expect(t.store.getState().notices.at(-1)?.message).toBe('Choose a model first.');
  });

  it('edit-and-resend hides the edited turn onward while running, then shows the new version', async () => {
    const reply = gate<ReturnType<typeof ok<SendResult>>>();
    let turns = [
      turn('u1', 'user', 'one'),
      turn('a1', 'assistant', 'A'),
      turn('u2', 'user', 'two'),
      turn('a2', 'assistant', 'B'),
    ];
    const { calls } = install({
      // the host's branch: the old one until the edit is stored, then the new version's
      getConversation: () => ok(conversation(turns)),
      sendMessage: () => reply.promise,
    });
    await t.store.getState().openConversation('chat', 'c1');
    const sending = t.store.getState().send('chat', 'two, edited', { editTurnId: 'u2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.find((c) => c.op === 'sendMessage')?.input).toMatchObject({
      editTurnId: 'u2',
      text: 'two, edited',
    });
    const s = t.store.getState();
    expect(visibleTurns(s.loaded.c1?.turns ?? [], s.pending.c1).map((t) => t.id)).toEqual(['u1', 'a1']);
    const u3 = turn('u3', 'user', 'two, edited');
    turns = [...turns.slice(0, 2), { ...u3, versions: ['u2', 'u3'] }, turn('a3', 'assistant', 'C')];
    reply.open(ok({ userTurn: u3, reply: turn('a3', 'assistant', 'C'), totals: {} }));
    await sending;
    expect(t.store.getState().loaded.c1?.turns.map((t) => t.id)).toEqual(['u1', 'a1', 'u3', 'a3']);
    // then the versions as the host counts them
    await vi.waitFor(() => expect(t.store.getState().loaded.c1?.turns[2]?.versions).toEqual(['u2', 'u3']));
  });

  it('regenerate replaces the last reply on screen, failed or not', async () => {
    let turns = [
      turn('u1', 'user', 'one'),
      turn('a1', 'assistant', '', { status: 'error', error: { kind: 'http', status: 500, message: 'boom' } }),
    ];
    install({
      getConversation: () => ok(conversation(turns)),
      regenerate: () => {
        turns = [turn('u1', 'user', 'one'), turn('a2', 'assistant', 'fine now')];
        return ok({
          userTurn: turn('u1', 'user', 'one'),
          reply: turn('a2', 'assistant', 'fine now'),
          totals: {},
        });
      },
    });
    await t.store.getState().openConversation('chat', 'c1');
    await t.store.getState().regenerate('c1');
    expect(t.store.getState().loaded.c1?.turns.map((t) => t.id)).toEqual(['u1', 'a2']);
  });

  it('stop aborts the running request by its id', async () => {
    const reply = gate<ReturnType<typeof ok<SendResult>>>();
    const { calls } = install({
      getConversation: () => ok(conversation()),
      sendMessage: () => reply.promise,
      abortRequest: () => ok({ aborted: true }),
    });
    await t.store.getState().openConversation('chat', 'c1');
    const sending = t.store.getState().send('chat', 'long story please');
    await vi.advanceTimersByTimeAsync(0);
    const requestId = t.store.getState().pending.c1?.requestId;
    await t.store.getState().stop('c1');
    expect(calls.find((c) => c.op === 'abortRequest')?.input).toEqual({ requestId });
    expect(t.store.getState().runs[requestId ?? '']?.stopping).toBe(true);
    reply.open(
      ok({
        userTurn: turn('u1', 'user', 'long story please'),
        reply: turn('a1', 'assistant', 'Once', { status: 'partial' }),
        totals: {},
      }),
    );
    await sending;
    expect(t.store.getState().loaded.c1?.turns.at(-1)).toMatchObject({ status: 'partial', text: 'Once' });
  });
});

describe('parameters and model', () => {
  it('saves an open conversation’s parameters once after a burst of changes, and remembers them for the tab', async () => {
    const { calls } = install({
      getConversation: () => ok(conversation()),
      updateConversation: (i) =>
        ok({
          id: i.id,
          format: 'chat',
          model: 'gpt-5-mini',
          title: 'Hello',
          origin: 'chat',
          turnCount: 0,
          createdAt: 1,
          updatedAt: 2,
        }),
      updateSettings: (patch) => ok(settingsWith(SETTINGS, patch)),
    });
    await t.store.getState().openConversation('chat', 'c1');
    for (const temperature of [0.2, 0.4, 0.6, 0.8])
      t.store.getState().setParams('chat', { stream: true, temperature });
    expect(t.store.getState().loaded.c1?.params.temperature).toBe(0.8);
    await vi.advanceTimersByTimeAsync(500);
    const updates = calls.filter((c) => c.op === 'updateConversation');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.input).toEqual({ id: 'c1', params: { stream: true, temperature: 0.8 } });
    const settings = calls.filter((c) => c.op === 'updateSettings');
    expect(settings).toHaveLength(1);
    expect(settings[0]?.input).toEqual({ tabs: { chat: { params: { stream: true, temperature: 0.8 } } } });
  });

  it('a conversation the host could not create: one notice saying why, the text and the chat left as they were', async () => {
    const { calls } = install({
      createConversation: () => ({
        ok: false,
        error: { kind: 'not-found', message: 'That connection is gone.' },
      }),
      // the host finds no conversation for the request that followed
      sendMessage: () => ({
        ok: false,
        error: { kind: 'not-found', message: 'This conversation no longer exists.' },
      }),
    });
    t.store.getState().setModel('chat', 'gpt-5-mini');
    t.store.getState().setDraft('new:chat', 'Keep me');
    expect(await t.store.getState().send('chat', 'Keep me')).toBe(false);
    const s = t.store.getState();
    expect(calls.map((c) => c.op)).toEqual(['createConversation', 'sendMessage']);
    expect(s.notices.map((n) => n.message)).toEqual([expect.stringContaining('That connection is gone.')]);
    expect(s.activeConversation.chat ?? null).toBeNull();
    expect(s.drafts).toEqual({ 'new:chat': 'Keep me' });
    expect(s.loaded).toEqual({});
    expect(s.pending).toEqual({});
    // and the composer takes a send again
    expect(await t.store.getState().send('chat', 'Keep me')).toBe(false);
    expect(calls.filter((c) => c.op === 'createConversation')).toHaveLength(2);
  });

  it('a new messages conversation starts with max tokens 1024', async () => {
    const { calls } = install({
      createConversation: () => ok(conversation([], { format: 'messages' })),
      sendMessage: () => new Promise(() => {}),
    });
    t.store.getState().setModel('messages', 'claude-haiku-4-5');
    void t.store.getState().send('messages', 'hi');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.find((c) => c.op === 'createConversation')?.input).toMatchObject({
      params: { stream: true, maxTokens: 1024 },
    });
  });
});

describe('search, delete, import', () => {
  it('searches after a pause, drops stale answers, and opens a hit in its own tab at its turn', async () => {
    const { calls } = install({
      searchConversations: (i) =>
        ok([
          {
            conversationId: 'c1',
            turnId: 'u1',
            format: 'generate',
            title: 'Old',
            origin: 'chat',
            role: 'user',
            snippet: `a \u0001${i.query}\u0002 b`,
            createdAt: 1,
          },
        ]),
      getConversation: () => ok(conversation([turn('u1', 'user', 'x')], { format: 'generate' })),
    });
    t.store.getState().setSearchQuery('chat', 'ze');
    t.store.getState().setSearchQuery('chat', 'zebra');
    expect(t.store.getState().search.chat.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(200);
    expect(calls.filter((c) => c.op === 'searchConversations').map((c) => c.input)).toEqual([
      { query: 'zebra', limit: 60 },
    ]);
    const hit = t.store.getState().search.chat.hits[0];
    expect(hit?.snippet).toContain('zebra');
    if (!hit) throw new Error('no hit');
    await t.store.getState().openHit(hit);
    const s = t.store.getState();
    expect(s.activeTab).toBe('generate');
    expect(s.activeConversation.generate).toBe('c1');
    expect(s.scrollRequest).toMatchObject({ conversationId: 'c1', turnId: 'u1' });
  });

  it('deleting the open conversation leaves the tab on a new one', async () => {
    install({ getConversation: () => ok(conversation()), deleteConversation: () => ok({ deleted: true }) });
    t.store.setState({
      conversations: [
        {
          id: 'c1',
          format: 'chat',
          model: 'm',
          title: 't',
          origin: 'chat',
          turnCount: 0,
          createdAt: 1,
          updatedAt: 1,
        },
      ],
    });
    await t.store.getState().openConversation('chat', 'c1');
    expect(await t.store.getState().deleteConversation('c1')).toBe(true);
    const s = t.store.getState();
    expect(s.activeConversation.chat).toBeNull();
    expect(s.conversations).toEqual([]);
    expect(s.loaded.c1).toBeUndefined();
  });

  it('import: a bad file comes back as a message, a good one opens in its tab', async () => {
    install({
      importConversation: (i) =>
        i.content === 'nope'
          ? {
              ok: false,
              error: { kind: 'invalid-input', message: 'The file is not a Quartet conversation export.' },
            }
          : ok(conversation([], { id: 'c9', format: 'messages', title: 'Imported' })),
    });
    expect(await t.store.getState().importConversation('nope')).toBe(
      'The file is not a Quartet conversation export.',
    );
    expect(await t.store.getState().importConversation('{}')).toBeNull();
    const s = t.store.getState();
    expect(s.activeTab).toBe('messages');
    expect(s.activeConversation.messages).toBe('c9');
    expect(s.conversations[0]?.title).toBe('Imported');
  });
});

describe('start-up', () => {
  it('loads settings, connections, conversations and images, then shows the host’s notices once', async () => {
    const { calls } = install({
      getAppInfo: () =>
        ok({
          host: 'web',
          version: '0.1.0',
          dataDir: '/tmp/q',
          vault: { backend: 'file', weak: true, message: 'Keys are only obfuscated.' },
          notices: ['The database was damaged; it was set aside and a new one started.'],
        }),
      getSettings: () => ok(SETTINGS),
      listConnections: () => ok({ connections: [], activeId: null }),
      listConversations: () =>
        ok([
          {
            id: 'old',
            format: 'chat',
            model: 'm',
            title: 'Old',
            origin: 'chat',
            turnCount: 2,
            createdAt: 1,
            updatedAt: 1,
          },
          {
            id: 'new',
            format: 'generate',
            model: 'm',
            title: 'New',
            origin: 'chat',
            turnCount: 2,
            createdAt: 2,
            updatedAt: 5,
          },
        ]),
      listImages: () => ok({ items: [], total: 0 }),
      listFolders: () => ok([{ id: 'f', name: 'Work', collapsed: false, createdAt: 1 }]),
    });
    await t.store.getState().init();
    const s = t.store.getState();
    expect(s.ready).toBe(true);
    expect(s.appInfo?.host).toBe('web');
    expect(s.conversations.map((c) => c.id)).toEqual(['new', 'old']);
    expect(calls.find((c) => c.op === 'listConversations')?.input).toEqual({ origin: 'chat' });
    expect(s.folders.map((f) => f.name)).toEqual(['Work']);
    expect(s.notices).toHaveLength(1);
    expect(s.notices[0]).toMatchObject({
      kind: 'warning',
      sticky: true,
      message: expect.stringContaining('damaged'),
    });
    // sticky: still there long after info notices would have gone
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.store.getState().notices).toHaveLength(1);
    t.store.getState().notify('Copied', 'success');
    await vi.advanceTimersByTimeAsync(6_000);
    expect(t.store.getState().notices.map((n) => n.message)).toEqual([s.notices[0]?.message]);
  });
});

describe('start-up, waiting on the host', () => {
  it('asks for everything the first screen needs at once, and is ready only when all of it has come', async () => {
    const info = gate<ReturnType<typeof ok<AppInfo>>>();
    const { calls } = install({
      getAppInfo: () => info.promise,
      getSettings: () => ok(SETTINGS),
      listConnections: () => ok({ connections: [], activeId: null }),
      listConversations: () => ok([]),
      listImages: () => ok({ items: [], total: 0 }),
      listFolders: () => ok([]),
    });
    const started = t.store.getState().init();
    // one round trip: every call is out before the first answer comes back
    await vi.waitFor(() =>
      expect(calls.map((c) => c.op).sort()).toEqual([
        'getAppInfo',
        'getSettings',
        'listConnections',
        'listConversations',
        'listFolders',
        'listImages',
      ]),
    );
    expect(t.store.getState().ready).toBe(false);
    info.open(
      ok({
        host: 'web',
        version: '0.1.0',
        dataDir: '/tmp/q',
        vault: { backend: 'file', weak: false, message: '' },
        notices: [],
      }),
    );
    await started;
    expect(t.store.getState().ready).toBe(true);
    expect(t.store.getState().appInfo?.host).toBe('web');
  });
});

describe('pressing Enter twice, or sending while a reply runs', () => {
  it('makes one conversation and one turn of two presses in a new chat, and says why the second did nothing', async () => {
    const creating = gate<ReturnType<typeof ok<Conversation>>>();
    const reply = gate<ReturnType<typeof ok<SendResult>>>();
    const { calls } = install({
      createConversation: () => creating.promise,
      sendMessage: () => reply.promise,
    });
    t.store.getState().setModel('chat', 'gpt-5-mini');
    t.store.getState().setDraft('new:chat', 'Only once');
    const first = t.store.getState().send('chat', 'Only once');
    const second = t.store.getState().send('chat', 'Only once');
    expect(await second).toBe(false);
    expect(t.store.getState().notices.at(-1)?.message).toMatch(/already sending/i);
    // and a press while the host has not answered the creation yet (the request has gone)
    expect(await t.store.getState().send('chat', 'Only once')).toBe(false);
    expect(t.store.getState().notices.at(-1)?.message).toMatch(/already sending/i);
    const id = String(calls.find((c) => c.op === 'createConversation')?.input.id);
    creating.open(ok(conversation([], { id })));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.op === 'createConversation')).toHaveLength(1);
    expect(calls.filter((c) => c.op === 'sendMessage')).toHaveLength(1);

    // a third press once the reply runs: refused with the reason, the text kept, nothing queued for later
    t.store.getState().setDraft(`chat:${id}`, 'A follow-up');
    expect(await t.store.getState().send('chat', 'A follow-up')).toBe(false);
    expect(t.store.getState().notices.at(-1)?.message).toMatch(/still being written/);
    expect(t.store.getState().drafts[`chat:${id}`]).toBe('A follow-up');
    reply.open(
      ok({
        userTurn: turn('u1', 'user', 'Only once'),
        reply: turn('a1', 'assistant', 'Done.'),
        totals: { turns: 2 },
      } as unknown as SendResult),
    );
    expect(await first).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.filter((c) => c.op === 'sendMessage')).toHaveLength(1);
  });
});
