// @vitest-environment jsdom
// Answering function calls: the form under the last reply (one field per call, the function's fixed result
// filled in, an error box, Send results and Ctrl+Enter), the pairing check before anything is sent,
// automatic answers when every call has a fixed result (at most 5 rounds in a row, then the app stops and
// says why; a stopped reply is never answered), and the results turn shown as a compact bubble.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendResult } from '../../shared/contract.ts';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import type { ToolCall, ToolDef, ToolResult } from '../../shared/tools.ts';
import { ToolResultsForm } from '../../renderer/components/turn/ToolResults.tsx';
import { UserBubble } from '../../renderer/features/chat/Bubbles.tsx';
import { MAX_AUTO_ROUNDS } from '../../renderer/store/tools-slice.ts';
import { fakeBridge, freshStore, ok, type Impl } from './fake-bridge.ts';
import { renderWithStore } from './components/render.tsx';

afterEach(cleanup);

const WEATHER: ToolDef = { name: 'get_weather', parameters: '{"type":"object"}', fixedResult: '{"temp":21}' };
const TIME: ToolDef = { name: 'get_time', parameters: '{"type":"object"}' };
const CALLS: ToolCall[] = [
  { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
  { id: 'call_2', name: 'get_time', arguments: '{}' },
];

const user = (id: string, extra: Partial<Turn> = {}): Turn => ({
  id,
  role: 'user',
  text: '',
  status: 'complete',
  createdAt: 1,
  ...extra,
});
const reply = (id: string, extra: Partial<Turn> = {}): Turn => ({
  id,
  role: 'assistant',
  text: '',
  status: 'complete',
  createdAt: 2,
  ...extra,
});

function conversation(turns: Turn[], tools: ToolDef[]): Conversation {
  return {
    id: 'c1',
    format: 'chat',
    model: 'gpt-5-mini',
    title: 't',
    params: { stream: true, tools },
    turns,
    createdAt: 0,
    updatedAt: 0,
  };
}

function setup(turns: Turn[], tools: ToolDef[], impl: Impl = {}) {
  const t = freshStore();
  const fake = fakeBridge(impl);
  t.setBridge(fake.bridge);
  t.store.setState({
    loaded: { c1: conversation(turns, tools) },
    activeConversation: { ...t.store.getState().activeConversation, chat: 'c1' },
  });
  return { store: t.store, calls: fake.calls };
}

const sent = (calls: { op: string; input: Record<string, unknown> }[]) =>
  calls.filter((c) => c.op === 'sendMessage').map((c) => c.input);

describe('the results form', () => {
  const turns = [user('u1', { text: 'weather and time?' }), reply('a1', { toolCalls: CALLS })];

  function form(impl: Impl = {}) {
    const t = setup(turns, [WEATHER, TIME], impl);
    renderWithStore(<ToolResultsForm conversationId="c1" reply={turns[1]!} busy={false} />, t.store);
    return t;
  }

  it('has one field per call, the fixed result filled in, and waits for the others', () => {
    form();
    const inputs = screen.getAllByTestId('tool-result-input') as HTMLTextAreaElement[];
    expect(inputs.map((i) => i.value)).toEqual(['{"temp":21}', '']);
    expect(screen.getByText(/fixed result/)).toBeTruthy();
    expect(screen.getByTestId('tool-results-problem').textContent).toMatch(
      /Type a result for get_time \(call_2\)/,
    );
    expect(screen.getByTestId('tool-results-send')).toHaveProperty('disabled', true);
  });

  it('sends one result per call (text empty), with the error box, then forgets what was typed', async () => {
    const result: SendResult = {
      userTurn: user('u2', { toolResults: [] }),
      reply: reply('a2', { text: 'Tool results received.' }),
      totals: {},
    };
    const { calls, store } = form({ sendMessage: () => ok(result) });
    fireEvent.change(screen.getAllByTestId('tool-result-input')[1]!, { target: { value: 'clock broken' } });
    fireEvent.click(screen.getAllByTestId('tool-result-is-error')[1]!);
    fireEvent.click(screen.getByTestId('tool-results-send'));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]).toMatchObject({
      conversationId: 'c1',
      text: '',
      toolResults: [
        { callId: 'call_1', name: 'get_weather', content: '{"temp":21}' },
        { callId: 'call_2', name: 'get_time', content: 'clock broken', isError: true },
      ],
    });
    expect(sent(calls)[0]?.toolResults).toEqual([
      { callId: 'call_1', name: 'get_weather', content: '{"temp":21}' },
      { callId: 'call_2', name: 'get_time', content: 'clock broken', isError: true },
    ]);
    await waitFor(() =>
      expect(store.getState().loaded.c1?.turns.map((t) => t.id)).toEqual(['u1', 'a1', 'u2', 'a2']),
    );
    expect(store.getState().toolDrafts.a1).toBeUndefined();
  });

  it('Ctrl+Enter in a field sends', async () => {
    const { calls } = form({
      sendMessage: () => ok({ userTurn: user('u2'), reply: reply('a2'), totals: {} }),
    });
    const field = screen.getAllByTestId('tool-result-input')[1]!;
    fireEvent.change(field, { target: { value: '"12:00"' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(sent(calls)).toHaveLength(0);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
  });

  it('keeps what was typed in the store, so the row can leave the screen and come back', () => {
    const { store } = form();
    fireEvent.change(screen.getAllByTestId('tool-result-input')[1]!, { target: { value: '"noon"' } });
    cleanup();
    renderWithStore(<ToolResultsForm conversationId="c1" reply={turns[1]!} busy={false} />, store);
    expect((screen.getAllByTestId('tool-result-input')[1] as HTMLTextAreaElement).value).toBe('"noon"');
  });
});

describe('pairing', () => {
  it('refuses results that do not answer every call once, naming the call, and sends nothing', async () => {
    const { store, calls } = setup([user('u1'), reply('a1', { toolCalls: CALLS })], [WEATHER, TIME]);
    const one: ToolResult[] = [{ callId: 'call_1', name: 'get_weather', content: '1' }];
    expect(await store.getState().sendToolResults('c1', one)).toBe(false);
    expect(store.getState().notices.at(-1)?.message).toBe(
      'Not sent: The call to get_time (call_2) has no result yet.',
    );
    const stranger: ToolResult[] = [...one, { callId: 'call_7', name: 'get_time', content: '2' }];
    expect(await store.getState().sendToolResults('c1', stranger)).toBe(false);
    expect(store.getState().notices.at(-1)?.message).toMatch(/\(call_7\) answers no call of the last reply/);
    expect(sent(calls)).toHaveLength(0);
  });
});

describe('automatic answers', () => {
  /** A model that calls get_weather in every reply, with a new call id each time. */
  function loop(tools: ToolDef[], status: Turn['status'] = 'complete') {
    let n = 0;
    const t = setup([], tools, {
      sendMessage: (input) => {
        n += 1;
        return ok({
          userTurn: user(`u${n}`, {
            text: input.text,
            ...(input.toolResults ? { toolResults: input.toolResults } : {}),
          }),
          reply: reply(`a${n}`, {
            status,
            toolCalls: [{ id: `call_${n}`, name: 'get_weather', arguments: '{}' }],
          }),
          totals: {},
        });
      },
    });
    return t;
  }

  it(`answers calls whose functions all have fixed results, ${MAX_AUTO_ROUNDS} rounds in a row at most, then stops and says why`, async () => {
    const { store, calls } = loop([WEATHER]);
    expect(await store.getState().send('chat', 'weather?')).toBe(true);
    await waitFor(() => expect(store.getState().autoStopped.c1).toBeDefined());
    const requests = sent(calls);
    expect(requests).toHaveLength(1 + MAX_AUTO_ROUNDS);
    expect(requests[1]).toMatchObject({
      text: '',
      toolResults: [{ callId: 'call_1', name: 'get_weather', content: '{"temp":21}' }],
    });
    expect(store.getState().pending.c1).toBeUndefined();
    expect(store.getState().autoStopped.c1).toMatch(
      /after 5 rounds in a row, so two models cannot call each other forever/,
    );

    // the form says so, with the fixed result filled in; sending by hand starts a new count
    const last = store.getState().loaded.c1!.turns.at(-1)!;
    renderWithStore(<ToolResultsForm conversationId="c1" reply={last} busy={false} />, store);
    expect(screen.getByTestId('tool-auto-stopped').textContent).toMatch(/Stopped answering automatically/);
    fireEvent.click(screen.getByTestId('tool-results-send'));
    await waitFor(() => expect(sent(calls)).toHaveLength(2 + 2 * MAX_AUTO_ROUNDS));
    await waitFor(() => expect(store.getState().pending.c1).toBeUndefined());
  });

  it('waits for the user when one called function has no fixed result', async () => {
    const { store, calls } = loop([{ ...WEATHER, fixedResult: undefined } as ToolDef]);
    await store.getState().send('chat', 'weather?');
    expect(sent(calls)).toHaveLength(1);
    expect(store.getState().autoStopped.c1).toBeUndefined();
  });

  it('never answers a reply that did not finish (stopped by the user)', async () => {
    const { store, calls } = loop([WEATHER], 'partial');
    await store.getState().send('chat', 'weather?');
    expect(sent(calls)).toHaveLength(1);
  });
});

describe('the results turn', () => {
  it('shows as a compact Results bubble, name → value, a long value collapsed', () => {
    const long = JSON.stringify({ items: Array.from({ length: 30 }, (_, i) => `passage ${i}`) });
    const turn = user('u2', {
      toolResults: [
        { callId: 'call_1', name: 'get_weather', content: '{ "temp": 21 }' },
        { callId: 'call_2', name: 'get_time', content: 'no clock', isError: true },
        { callId: 'call_3', name: 'search_docs', content: long },
      ],
    });
    const { store } = setup([], []);
    renderWithStore(<UserBubble turn={turn} conversationId="c1" format="chat" busy={false} />, store);
    expect(screen.getByRole('article', { name: 'Your results' })).toBeTruthy();
    const rows = screen.getAllByTestId('tool-result');
    expect(rows[0]?.textContent).toBe('get_weather→{"temp":21}');
    expect(rows[1]?.textContent).toBe('get_time→errorno clock');
    expect(rows[2]?.querySelector('details')).not.toBeNull();
    expect(rows[2]?.querySelector('details')?.open).toBe(false);
    expect(rows[2]?.querySelector('pre')?.textContent).toContain('"passage 29"');
    expect(screen.queryByText('', { selector: '.msg-user-text' })).toBeNull();
  });
});
