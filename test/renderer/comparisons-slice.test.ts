// The Compare view's past comparisons: each new comparison gets an id its columns' conversations carry;
// the list opens one into the columns (formats, models, turns, parameters) and deletes one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../shared/conversation.ts';
import { freshStore } from './fake-bridge.ts';
import { compareHost, comparisonOf, conversation, setUpColumns } from './compare-fixtures.ts';

let t = freshStore();
let host: ReturnType<typeof compareHost> | null = null;
afterEach(() => {
  host?.stopRouting();
  host = null;
  t = freshStore();
});

const s = () => t.store.getState();

async function sendAll(text: string): Promise<void> {
  s().setComparePrompt(text);
  const sending = s().sendCompare();
  const h = host;
  if (h) await vi.waitFor(() => expect(h.pending.size).toBe(s().compareColumns.length));
  h?.answerAll();
  await sending;
}

/** A host that also lists and deletes the given comparisons. */
function withComparisons(comparisons: { id: string; convs: Conversation[] }[]) {
  const list = comparisons.map((c) => comparisonOf(c.id, c.convs));
  const h = compareHost(t, {
    listComparisons: () => ({ ok: true, value: list }),
    deleteComparison: ({ id }) => {
      const i = list.findIndex((c) => c.id === id);
      const deleted = i < 0 ? 0 : (list.splice(i, 1)[0]?.columns.length ?? 0);
      return { ok: true, value: { deleted } };
    },
  });
  for (const c of comparisons) for (const conv of c.convs) h.conversations.set(conv.id, conv);
  return h;
}

describe('a comparison’s id', () => {
  it('is made on the first send, carried by every column’s conversation, and new after "New comparison"', async () => {
    host = compareHost(t);
    setUpColumns(t, ['chat', 'messages', 'generate']);
    expect(s().comparisonId).toBeNull();
    await sendAll('Hello');
    const first = s().comparisonId;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(host.inputs('createConversation').map((c) => c.comparisonId)).toEqual([first, first, first]);

    // a column started over (its format changed) joins the same comparison
    s().setCompareColumn(s().compareColumns[2]?.key ?? '', { format: 'responses' });
    await sendAll('More');
    expect(host.inputs('createConversation').at(-1)).toMatchObject({
      format: 'responses',
      comparisonId: first,
    });
    expect(s().comparisonId).toBe(first);

    await s().newComparison();
    expect(s().comparisonId).toBeNull();
    await sendAll('Another');
    const second = s().comparisonId;
    expect(second).not.toBe(first);
    expect(
      host
        .inputs('createConversation')
        .slice(-3)
        .map((c) => c.comparisonId),
    ).toEqual([second, second, second]);
  });
});

describe('the list', () => {
  it('loads, and says so when the host cannot list them', async () => {
    host = withComparisons([{ id: 'cmp1', convs: [conversation('a', 'chat', { stream: true })] }]);
    await s().loadComparisons();
    expect(s().comparisons.map((c) => c.id)).toEqual(['cmp1']);
    expect(s().comparisonsLoaded).toBe(true);

    host.stopRouting();
    t = freshStore();
    host = compareHost(t, {
      listComparisons: () => ({ ok: false, error: { kind: 'internal', message: 'The database is locked.' } }),
    });
    await s().loadComparisons();
    expect(s().comparisonsError?.message).toBe('The database is locked.');
    expect(s().comparisons).toEqual([]);
    expect(s().comparisonsLoading).toBe(false);
  });

  it('is fetched again after a send once it has been shown', async () => {
    host = withComparisons([]);
    setUpColumns(t, ['chat', 'chat']);
    await sendAll('Before the list was opened');
    expect(host.inputs('listComparisons')).toHaveLength(0);
    await s().loadComparisons();
    await sendAll('After');
    await vi.waitFor(() => expect(host?.inputs('listComparisons')).toHaveLength(2));
  });
});

describe('opening one', () => {
  it('loads each column’s format, model, turns and parameters; the next send goes on in those conversations', async () => {
    host = withComparisons([
      {
        id: 'cmp1',
        convs: [
          conversation('a', 'chat', { stream: true, system: 'Pirate.' }),
          conversation(
            'b',
            'messages',
            { stream: true, maxTokens: 2048, thinkingBudget: 1024 },
            { model: 'claude-x' },
          ),
        ],
      },
    ]);
    setUpColumns(t, ['generate', 'responses', 'chat']);
    await s().loadComparisons();
    expect(await s().openComparison('cmp1')).toBe(true);
    const cols = s().compareColumns;
    expect(cols.map((c) => [c.format, c.model, c.conversationId, c.turns.length])).toEqual([
      ['chat', 'gpt-5-mini', 'a', 2],
      ['messages', 'claude-x', 'b', 2],
    ]);
    expect(s().comparisonId).toBe('cmp1');
    // the two differ: each column shows its own
    expect(s().compareSameParams).toBe(false);
    expect(cols.map((c) => c.params)).toEqual([
      { stream: true, system: 'Pirate.' },
      { stream: true, maxTokens: 2048, thinkingBudget: 1024 },
    ]);
    // remembered as the view's columns
    expect(host.settings.compareColumns.map((c) => c.format)).toEqual(['chat', 'messages']);

    await sendAll('Go on');
    expect(host.inputs('createConversation')).toHaveLength(0);
    expect(host.inputs('updateConversation')).toHaveLength(0);
    expect(host.inputs('sendMessage').map((c) => c.conversationId)).toEqual(['a', 'b']);
    expect(s().compareColumns.map((c) => c.turns.length)).toEqual([4, 4]);
  });

  it('made with "same for all", it opens with the switch on and the shared set', async () => {
    host = withComparisons([
      {
        id: 'cmp1',
        convs: [
          conversation('a', 'chat', { stream: true, temperature: 0.4 }),
          conversation('b', 'messages', { stream: true, temperature: 0.4, maxTokens: 1024 }),
        ],
      },
    ]);
    setUpColumns(t, ['chat', 'chat'], { compareSameParams: false });
    await s().loadComparisons();
    await s().openComparison('cmp1');
    expect(s().compareSameParams).toBe(true);
    expect(s().compareParams).toEqual({ stream: true, temperature: 0.4 });
  });

  it('an old comparison of one conversation gets a second, empty column', async () => {
    host = withComparisons([{ id: 'a', convs: [conversation('a', 'chat', { stream: true })] }]);
    setUpColumns(t, ['chat', 'messages']);
    await s().loadComparisons();
    await s().openComparison('a');
    expect(s().compareColumns.map((c) => [c.format, c.conversationId])).toEqual([
      ['chat', 'a'],
      ['responses', null],
    ]);
  });

  it('stops what runs first', async () => {
    host = withComparisons([
      {
        id: 'cmp1',
        convs: [conversation('a', 'chat', { stream: true }), conversation('b', 'chat', { stream: true })],
      },
    ]);
    setUpColumns(t, ['chat', 'chat']);
    await s().loadComparisons();
    s().setComparePrompt('Long one');
    const sending = s().sendCompare();
    await vi.waitFor(() => expect(host?.pending.size).toBe(2));
    expect(await s().openComparison('cmp1')).toBe(true);
    await sending;
    expect(host.inputs('abortRequest')).toHaveLength(2);
    expect(s().compareColumns.map((c) => c.conversationId)).toEqual(['a', 'b']);
    expect(s().compareColumns.every((c) => c.run === null)).toBe(true);
  });

  it('says why when a conversation cannot be read, and keeps the columns as they were', async () => {
    host = withComparisons([{ id: 'cmp1', convs: [conversation('a', 'chat', { stream: true })] }]);
    host.conversations.delete('a');
    setUpColumns(t, ['generate', 'messages']);
    await s().loadComparisons();
    expect(await s().openComparison('cmp1')).toBe(false);
    expect(s().compareColumns.map((c) => c.format)).toEqual(['generate', 'messages']);
    expect(s().notices.at(-1)?.message).toMatch(/Could not open “Hello”: No conversation a\./);
    expect(await s().openComparison('unknown')).toBe(false);
  });
});

describe('deleting one', () => {
  it('removes it from the list; the columns start over when it was on screen', async () => {
    const convs = [
      conversation('a', 'chat', { stream: true }),
      conversation('b', 'generate', { stream: true }),
    ];
    host = withComparisons([
      { id: 'cmp1', convs },
      {
        id: 'cmp2',
        convs: [conversation('c', 'chat', { stream: true }), conversation('d', 'chat', { stream: true })],
      },
    ]);
    setUpColumns(t, ['chat', 'chat']);
    await s().loadComparisons();
    await s().openComparison('cmp1');
    // one of its conversations is open in its tab too (a search hit)
    t.store.setState((st) => ({
      loaded: { ...st.loaded, a: convs[0]! },
      activeConversation: { ...st.activeConversation, chat: 'a' },
    }));

    expect(await s().deleteComparison('cmp2')).toBe(true);
    expect(s().compareColumns.map((c) => c.conversationId)).toEqual(['a', 'b']);
    expect(await s().deleteComparison('cmp1')).toBe(true);
    expect(s().comparisons).toEqual([]);
    expect(s().comparisonId).toBeNull();
    expect(s().compareColumns.map((c) => [c.format, c.conversationId, c.turns.length])).toEqual([
      ['chat', null, 0],
      ['generate', null, 0],
    ]);
    expect(s().loaded.a).toBeUndefined();
    expect(s().activeConversation.chat).toBeNull();
  });

  it('keeps it when the host refuses, and says why', async () => {
    host = compareHost(t, {
      listComparisons: () => ({
        ok: true,
        value: [comparisonOf('cmp1', [conversation('a', 'chat', { stream: true })])],
      }),
      deleteComparison: () => ({ ok: false, error: { kind: 'internal', message: 'The disk is full.' } }),
    });
    await s().loadComparisons();
    expect(await s().deleteComparison('cmp1')).toBe(false);
    expect(s().comparisons).toHaveLength(1);
    expect(s().notices.at(-1)?.message).toMatch(/The disk is full\./);
  });
});
