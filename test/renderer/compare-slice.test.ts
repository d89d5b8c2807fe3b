import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../shared/contract.ts';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import { startEventRouting } from '../../renderer/store/events.ts';
import {
  COMPARE_FILES,
  defaultColumns,
  lastReplyFigures,
  retryOf,
  type CompareColumn,
  rankLowest,
} from '../../renderer/store/compare-slice.ts';
import { fakeBridge, ok, settingsWith, type Impl, freshStore } from './fake-bridge.ts';
import { describeUpload } from './compare-fixtures.ts';

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };
let t = freshStore();
let stopRouting: (() => void) | null = null;
afterEach(() => {
  t = freshStore();
  stopRouting?.();
  stopRouting = null;
});

function turn(role: 'user' | 'assistant', text: string, over: Partial<Turn> = {}): Turn {
  return { id: crypto.randomUUID(), role, text, status: 'complete', createdAt: Date.now(), ...over };
}

/** A host whose sendMessage waits until the test lets each request finish. */
function host(overrides: Impl = {}) {
  const pending = new Map<string, (v: unknown) => void>();
  let convSeq = 0;
  const fake = fakeBridge({
    updateSettings: (patch) => ok(settingsWith(SETTINGS, patch)),
    createConversation: (input) =>
      ok({
        id: `conv${++convSeq}`,
        format: input.format,
        model: input.model,
        title: 't',
        params: { stream: true },
        turns: [],
        createdAt: 1,
        updatedAt: 1,
      }),
    updateConversation: (input) =>
      ok({
        id: input.id,
        format: 'chat',
        model: input.model ?? 'm',
        title: 't',
        origin: 'compare',
        turnCount: 0,
        createdAt: 1,
        updatedAt: 1,
      }),
    sendMessage: (input) =>
      new Promise((resolve) => pending.set(input.requestId, resolve as (v: unknown) => void)),
    abortRequest: ({ requestId }) => {
      pending.get(requestId)?.(
        ok({
          userTurn: turn('user', 'x'),
          reply: turn('assistant', 'part', { status: 'partial' }),
          totals: {},
        }),
      );
      return ok({ aborted: true });
    },
    ...overrides,
  });
  t.setBridge(fake.bridge);
  stopRouting = startEventRouting(t.store);
  const answer = (requestId: string, text: string, over: Partial<Turn> = {}) =>
    pending.get(requestId)?.(
      ok({
        userTurn: turn('user', 'q'),
        reply: turn('assistant', text, {
          timings: { firstTokenMs: 100, totalMs: 400 },
          usage: { input: 5, output: 7 },
          finishReason: 'stop',
          exchangeId: `ex-${requestId}`,
          ...over,
        }),
        totals: {},
      }),
    );
  return { ...fake, pending, answer };
}

function setUp(models: [string, string][]) {
  t.store.setState({ settings: SETTINGS });
  t.store.getState().hydrateCompare({
    ...SETTINGS,
    compareColumns: models.map(([format, model]) => ({ format: format as 'chat', model })),
  });
}

describe('columns', () => {
  it('starts with chat, messages and generate using each tab’s last model', () => {
    expect(defaultColumns({ ...SETTINGS, tabs: { chat: { model: 'gpt-5-mini' } } })).toEqual([
      { format: 'chat', model: 'gpt-5-mini' },
      { format: 'messages', model: '' },
      { format: 'generate', model: '' },
    ]);
  });

  it('adds up to four and removes down to two, remembering the pairs in settings', () => {
    const { calls } = host();
    setUp([
      ['chat', 'm'],
      ['messages', 'm'],
    ]);
    const s = () => t.store.getState();
    s().addCompareColumn();
    s().addCompareColumn();
    s().addCompareColumn();
    expect(s().compareColumns.map((c) => c.format)).toEqual(['chat', 'messages', 'responses', 'generate']);
    s().removeCompareColumn(s().compareColumns[0]?.key ?? '');
    s().removeCompareColumn(s().compareColumns[0]?.key ?? '');
    s().removeCompareColumn(s().compareColumns[0]?.key ?? '');
    expect(s().compareColumns).toHaveLength(2);
    expect(calls.filter((c) => c.op === 'updateSettings').at(-1)?.input).toEqual({
      compareColumns: [
        { format: 'responses', model: 'm', params: { stream: true } },
        { format: 'generate', model: 'm', params: { stream: true } },
      ],
      compareSameParams: true,
      compareParams: { stream: true },
    });
  });

  it('starts a column over when its format changes', () => {
    host();
    setUp([
      ['chat', 'm'],
      ['messages', 'm'],
    ]);
    const key = t.store.getState().compareColumns[0]?.key ?? '';
    t.store.setState((s) => ({
      compareColumns: s.compareColumns.map((c) =>
        c.key === key ? { ...c, conversationId: 'conv9', turns: [turn('user', 'q')] } : c,
      ),
    }));
    t.store.getState().setCompareColumn(key, { model: 'other' });
    expect(t.store.getState().compareColumns[0]?.conversationId).toBe('conv9');
    t.store.getState().setCompareColumn(key, { format: 'responses' });
    expect(t.store.getState().compareColumns[0]).toMatchObject({
      format: 'responses',
      conversationId: null,
      turns: [],
    });
  });
});

describe('retry', () => {
  it('sends a column’s failed request again, to that column alone, when nothing of it was stored', async () => {
    const s = () => t.store.getState();
    let refused = false;
    const h = host({
      // the first messages request fails before the host stores anything (ok: false)
      sendMessage: (input) => {
        const col = s().compareColumns.find((c) => c.conversationId === input.conversationId);
        if (col?.format === 'messages' && !refused) {
          refused = true;
          return { ok: false, error: { kind: 'connection' as const, message: 'offline' } };
        }
        return ok({
          userTurn: turn('user', input.text),
          reply: turn('assistant', `${col?.format} answers`),
          totals: {},
        });
      },
    });
    setUp([
      ['chat', 'm'],
      ['messages', 'm'],
    ]);
    s().setComparePrompt('Hello');
    await s().sendCompare();
    const failed = s().compareColumns[1];
    if (!failed) throw new Error('no column');
    expect(failed.error?.message).toBe('offline');
    expect(retryOf(failed)).toBe('resend');
    expect(s().compareColumns.map((c) => (c.error ? null : retryOf(c)))).toEqual([null, null]);

    expect(await s().retryColumn(failed.key)).toBe(true);
    const sends = h.calls.filter((c) => c.op === 'sendMessage').map((c) => c.input);
    // one to each column, then the failed one again with the same text, and nothing to the other
    expect(sends).toHaveLength(3);
    expect(sends[2]).toMatchObject({ text: 'Hello', conversationId: failed.conversationId });
    expect(s().compareColumns.map((c) => c.turns.map((x) => x.text))).toEqual([
      ['Hello', 'chat answers'],
      ['Hello', 'messages answers'],
    ]);
    expect(s().compareColumns[1]?.error).toBeNull();
    expect(retryOf(s().compareColumns[1] as CompareColumn)).toBeNull();
  });
});

describe('sending', () => {
  it("makes each column's request before the page draws its new conversation", async () => {
    // React draws a store change in a microtask: a request made after an await came after that drawing
    const order: string[] = [];
    const h = host({
      sendMessage: (input) => {
        order.push(`request ${input.conversationId}`);
        return new Promise(() => {});
      },
    });
    setUp([
      ['chat', 'gpt-5-mini'],
      ['messages', 'gpt-5-mini'],
    ]);
    const stop = t.store.subscribe((s, before) => {
      s.compareColumns.forEach((c, i) => {
        if (c.conversationId !== before.compareColumns[i]?.conversationId)
          queueMicrotask(() => order.push(`drawn ${c.conversationId}`));
      });
    });
    t.store.getState().setComparePrompt('Hello');
    void t.store.getState().sendCompare();
    await vi.waitFor(() => expect(order).toHaveLength(4));
    stop();
    expect(order.indexOf('request conv1')).toBeLessThan(order.indexOf('drawn conv1'));
    expect(order.indexOf('request conv2')).toBeLessThan(order.indexOf('drawn conv2'));
    expect(t.store.getState().compareColumns.map((c) => c.conversationId)).toEqual(['conv1', 'conv2']);
    expect(h.calls.filter((c) => c.op === 'createConversation')).toHaveLength(2);
  });

  it('creates a compare conversation per column, sends to all at once and streams into each', async () => {
    const h = host();
    setUp([
      ['chat', 'gpt-5-mini'],
      ['messages', 'gpt-5-mini'],
      ['generate', 'gpt-5-mini'],
    ]);
    t.store.getState().setComparePrompt('Hello');
    const sending = t.store.getState().sendCompare();
    expect(t.store.getState().comparePrompt).toBe('');

    // every request is in flight before any of them has answered
    await vi.waitFor(() => expect(h.pending.size).toBe(3));
    const creates = h.calls.filter((c) => c.op === 'createConversation').map((c) => c.input);
    expect(creates).toEqual([
      expect.objectContaining({ format: 'chat', model: 'gpt-5-mini', origin: 'compare', title: 'Hello' }),
      expect.objectContaining({ format: 'messages', model: 'gpt-5-mini', origin: 'compare' }),
      expect.objectContaining({ format: 'generate', model: 'gpt-5-mini', origin: 'compare' }),
    ]);
    const messagesParams = (creates[1] as { params: { maxTokens?: number } }).params;
    expect(messagesParams.maxTokens).toBe(1024);

    const [r1, r2, r3] = [...h.pending.keys()] as [string, string, string];
    h.emit('delta', { requestId: r1, text: 'Hel' });
    h.emit('delta', { requestId: r1, text: 'lo' });
    h.emit('delta', { requestId: r2, thought: 'hmm' });
    await vi.waitFor(() => expect(t.store.getState().runTexts[r1]?.text).toBe('Hello'));
    expect(t.store.getState().runTexts[r2]?.thoughts).toBe('hmm');
    expect(t.store.getState().runs[r1]?.firstTokenAt).not.toBeNull();

    h.answer(r1, 'one');
    h.answer(r2, 'two', { timings: { firstTokenMs: 50, totalMs: 900 } });
    h.answer(r3, 'three');
    expect(await sending).toBe(true);
    const cols = t.store.getState().compareColumns;
    expect(cols.map((c) => c.turns.at(-1)?.text)).toEqual(['one', 'two', 'three']);
    expect(cols.every((c) => c.run === null)).toBe(true);
    expect(t.store.getState().runTexts).toEqual({});
    expect(t.store.getState().runs).toEqual({});

    // a second turn goes to the same conversations
    t.store.getState().setComparePrompt('And again');
    const again = t.store.getState().sendCompare();
    await vi.waitFor(() => expect(h.pending.size).toBe(6));
    expect(h.calls.filter((c) => c.op === 'createConversation')).toHaveLength(3);
    const sends = h.calls
      .filter((c) => c.op === 'sendMessage')
      .map((c) => (c.input as { conversationId: string }).conversationId);
    expect(sends).toEqual(['conv1', 'conv2', 'conv3', 'conv1', 'conv2', 'conv3']);
    for (const id of [...h.pending.keys()].slice(3)) h.answer(id, 'more');
    await again;
    expect(t.store.getState().compareColumns[0]?.turns).toHaveLength(4);
  });

  it('runs the columns that have a model and says which one lacks it', async () => {
    const h = host();
    setUp([
      ['chat', 'gpt-5-mini'],
      ['messages', ''],
    ]);
    t.store.getState().setComparePrompt('Hi');
    const sending = t.store.getState().sendCompare();
    await vi.waitFor(() => expect(h.pending.size).toBe(1));
    expect(t.store.getState().compareColumns[1]?.error?.message).toMatch(/Choose a model/);
    for (const id of h.pending.keys()) h.answer(id, 'ok');
    await sending;
  });

  it('gives the prompt back when no column could send it', async () => {
    // the host refuses every conversation
    host({ createConversation: () => ({ ok: false, error: { kind: 'connection', message: 'refused' } }) });
    setUp([
      ['chat', 'a'],
      ['messages', 'b'],
    ]);
    t.store.getState().setComparePrompt('Keep me');
    await t.store.getState().sendCompare();
    expect(t.store.getState().comparePrompt).toBe('Keep me');
    expect(t.store.getState().compareColumns.map((c) => c.error?.message)).toEqual(['refused', 'refused']);
  });

  it('stops every running column', async () => {
    const h = host();
    setUp([
      ['chat', 'a'],
      ['messages', 'b'],
    ]);
    t.store.getState().setComparePrompt('Long one');
    const sending = t.store.getState().sendCompare();
    await vi.waitFor(() => expect(h.pending.size).toBe(2));
    await t.store.getState().stopCompare();
    await sending;
    expect(h.calls.filter((c) => c.op === 'abortRequest')).toHaveLength(2);
    expect(t.store.getState().compareColumns.map((c) => c.turns.at(-1)?.status)).toEqual([
      'partial',
      'partial',
    ]);
  });

  it('"New comparison" forgets the conversations but keeps the columns', async () => {
    host();
    setUp([
      ['chat', 'a'],
      ['messages', 'b'],
    ]);
    t.store.setState((s) => ({
      compareColumns: s.compareColumns.map((c) => ({
        ...c,
        conversationId: 'x',
        turns: [turn('user', 'q')],
      })),
    }));
    const keys = t.store.getState().compareColumns.map((c) => c.key);
    await t.store.getState().newComparison();
    const cols = t.store.getState().compareColumns;
    expect(cols.map((c) => c.key)).toEqual(keys);
    expect(cols.map((c) => [c.format, c.model, c.conversationId, c.turns.length])).toEqual([
      ['chat', 'a', null, 0],
      ['messages', 'b', null, 0],
    ]);
  });
});

describe('figures', () => {
  it('reads the last reply of a column', () => {
    expect(lastReplyFigures({ turns: [] })).toBeNull();
    const f = lastReplyFigures({
      turns: [
        turn('user', 'q'),
        turn('assistant', 'a', {
          timings: { firstTokenMs: 10, totalMs: 20 },
          usage: { input: 1, output: 2 },
          finishReason: 'stop',
          exchangeId: 'e1',
        }),
      ],
    });
    expect(f).toEqual({
      ttftMs: 10,
      totalMs: 20,
      input: 1,
      output: 2,
      finish: 'stop',
      status: 'complete',
      exchangeId: 'e1',
    });
  });

  it('marks the fastest and slowest only when they differ', () => {
    expect(rankLowest([300, 100, 200])).toEqual(['worst', 'best', undefined]);
    expect(rankLowest([100, undefined])).toEqual([undefined, undefined]);
    expect(rankLowest([5, 5])).toEqual([undefined, undefined]);
  });
});

describe('continue in its tab', () => {
  /** Two columns, one sent and answered: the first column holds conv1. */
  async function answered(h: ReturnType<typeof host>) {
    setUp([
      ['messages', 'm'],
      ['chat', 'm'],
    ]);
    t.store.getState().setComparePrompt('Hello');
    const sending = t.store.getState().sendCompare();
    await vi.waitFor(() => expect(h.pending.size).toBe(2));
    for (const requestId of h.pending.keys()) h.answer(requestId, 'hi');
    await sending;
    return t.store.getState().compareColumns[0]!;
  }

  it('moves the column’s conversation to its tab, opens it there fresh, and starts the column over', async () => {
    const h = host({
      getConversation: ({ id }) =>
        ok({
          id,
          format: 'messages',
          model: 'm',
          title: 't',
          params: { stream: true },
          turns: [turn('user', 'Hello'), turn('assistant', 'hi')],
          createdAt: 1,
          updatedAt: 2,
        }),
    });
    const col = await answered(h);
    expect(col.conversationId).toBe('conv1');
    // an older copy the tab may hold is not what opens
    t.store.setState({ loaded: { conv1: staleCopy('conv1') } });

    expect(await t.store.getState().continueInTab(col.key)).toBe(true);
    const s = t.store.getState();
    expect(h.calls.filter((c) => c.op === 'updateConversation').at(-1)?.input).toEqual({
      id: 'conv1',
      origin: 'chat',
    });
    expect(s.activeTab).toBe('messages');
    expect(s.activeConversation.messages).toBe('conv1');
    expect(s.loaded.conv1?.turns).toHaveLength(2);
    expect(s.conversations.map((c) => c.id)).toContain('conv1');
    expect(s.compareColumns[0]).toMatchObject({ key: col.key, format: 'messages', model: 'm', turns: [] });
    expect(s.compareColumns[0]?.conversationId).toBeNull();
    // the other column keeps its conversation
    expect(s.compareColumns[1]?.conversationId).toBe('conv2');
  });

  it('says why when the conversation could not be moved, and keeps the column as it was', async () => {
    const h = host();
    const col = await answered(h);
    // the host refuses the move from now on
    t.setBridge(
      fakeBridge({
        updateConversation: () => ({ ok: false, error: { kind: 'internal', message: 'disk full' } }),
      }).bridge,
    );
    expect(await t.store.getState().continueInTab(col.key)).toBe(false);
    const s = t.store.getState();
    expect(s.notices.at(-1)?.message).toBe('Could not continue it in Messages: disk full');
    expect(s.compareColumns[0]?.conversationId).toBe('conv1');
    expect(s.activeTab).not.toBe('messages');
  });
});

/** A conversation as an earlier open left it in the page: no turns yet. */
function staleCopy(id: string): Conversation {
  return {
    id,
    format: 'messages',
    model: 'm',
    title: 't',
    params: { stream: true },
    turns: [],
    createdAt: 1,
    updatedAt: 1,
  };
}

describe('files in a comparison', () => {
  const png = new File([new Uint8Array(9)], 'chart.png', { type: 'image/png' });

  it('sends the same files to every column, and a prompt of files alone', async () => {
    const h = host({ putAttachment: describeUpload });
    setUp([
      ['chat', 'gpt-5-mini'],
      ['messages', 'claude-haiku-4-5'],
    ]);
    await t.store.getState().addFiles(COMPARE_FILES, [png]);
    const sending = t.store.getState().sendCompare();
    await vi.waitFor(() => expect(h.pending.size).toBe(2));
    const sends = h.calls.filter((c) => c.op === 'sendMessage').map((c) => c.input);
    expect(sends.map((s) => s['attachmentIds'])).toEqual([['att-chart.png'], ['att-chart.png']]);
    // shown with the prompt in each column while it runs; gone from the composer
    expect(t.store.getState().compareColumns.map((c) => c.run?.attachments?.[0]?.name)).toEqual([
      'chart.png',
      'chart.png',
    ]);
    expect(t.store.getState().composerFiles[COMPARE_FILES]).toEqual([]);
    for (const id of h.pending.keys()) h.answer(id, 'A chart.');
    expect(await sending).toBe(true);
    expect(t.store.getState().composerFiles[COMPARE_FILES]).toBeUndefined();
  });

  it('names the column whose format cannot take a file, and sends nothing', async () => {
    const h = host({ putAttachment: (i) => describeUpload({ ...i, name: 'cat.gif' }) });
    setUp([
      ['chat', 'gpt-5-mini'],
      ['generate', 'gemini-2.5-flash'],
    ]);
    await t.store
      .getState()
      .addFiles(COMPARE_FILES, [new File([new Uint8Array(9)], 'cat.gif', { type: 'image/gif' })]);
    // the uploaded file is a GIF: the generate column refuses it
    t.store.setState((s) => ({
      composerFiles: {
        [COMPARE_FILES]: (s.composerFiles[COMPARE_FILES] ?? []).map((f) =>
          f.attachment ? { ...f, attachment: { ...f.attachment, mimeType: 'image/gif' } } : f,
        ),
      },
    }));
    t.store.getState().setComparePrompt('What is it?');
    expect(await t.store.getState().sendCompare()).toBe(false);
    expect(h.calls.some((c) => c.op === 'sendMessage')).toBe(false);
    expect(t.store.getState().notices.at(-1)?.message).toMatch(
      /^Not sent: Column 2 \(Generate Content\): "cat\.gif" is a GIF/,
    );
    expect(t.store.getState().comparePrompt).toBe('What is it?');
  });
});
