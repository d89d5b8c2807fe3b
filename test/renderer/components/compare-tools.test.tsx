// @vitest-environment jsdom
// Function calls in Compare as a user meets them: the Tools section in the shared editor (the same
// functions for every column, a line per format saying what its tool choice sends) and in a column's own
// editor (that column alone), the summary naming them; a column's reply with calls shows the cards while
// they stream and after, then the results form under that column alone, whose results go into that
// column's conversation; a fixed result is answered without asking, at most MAX_AUTO_ROUNDS in a row.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompareTab } from '../../../renderer/features/compare/CompareTab.tsx';
import { ColumnPresets } from '../../../renderer/features/presets/ColumnPresets.tsx';
import { selectColumnParams } from '../../../renderer/store/compare-slice.ts';
import { MAX_AUTO_ROUNDS } from '../../../renderer/store/tools-slice.ts';
import type { Turn } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { TOOL_EXAMPLES, type ToolCall, type ToolResult } from '../../../shared/tools.ts';
import { freshStore, ok } from '../fake-bridge.ts';
import { SETTINGS, compareHost, turn } from '../compare-fixtures.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

const WEATHER = TOOL_EXAMPLES.find((t) => t.name === 'get_weather')!;

function setup(formats: TextFormat[] = ['chat', 'messages', 'generate']) {
  const t = freshStore();
  const host = compareHost(t);
  t.store.setState({
    settings: { ...SETTINGS, compareColumns: formats.map((format) => ({ format, model: 'gpt-5-mini' })) },
  });
  renderWithStore(<CompareTab presets={ColumnPresets} />, t.store);
  /** Lets the request finish with this reply (and the user turn it stored). */
  const answer = (requestId: string, reply: Partial<Turn>, user: Partial<Turn> = {}) => {
    const resolve = host.pending.get(requestId);
    if (!resolve) throw new Error(`no request ${requestId}`);
    host.pending.delete(requestId);
    resolve(ok({ userTurn: turn('user', 'q', user), reply: turn('assistant', '', reply), totals: {} }));
  };
  /** The sendMessage inputs so far, in order. */
  const sends = () =>
    host.inputs('sendMessage') as {
      requestId: string;
      conversationId: string;
      text: string;
      toolResults?: ToolResult[];
    }[];
  return { store: t.store, host, answer, sends };
}

const heads = () => screen.getAllByTestId('compare-column-head');
const columns = () => screen.getAllByTestId('compare-column');
const summary = (i: number) => within(heads()[i]!).getByTestId('compare-params-summary');
const call = (id: string): ToolCall => ({ id, name: 'get_weather', arguments: '{"city":"Paris"}' });

function addExample(name: string) {
  fireEvent.change(screen.getByTestId('tool-add-example'), { target: { value: name } });
}

async function sendToAll(store: ReturnType<typeof setup>['store'], text: string) {
  fireEvent.change(screen.getByTestId('compare-input'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('compare-send'));
  await waitFor(() => expect(store.getState().compareColumns.every((c) => c.run !== null)).toBe(true));
}

describe('Compare tools: parameters', () => {
  it('the shared Tools section gives every column the same functions and says per format what the choice sends', () => {
    const { store } = setup();
    fireEvent.click(summary(0));
    const panel = screen.getByTestId('compare-params-panel');
    addExample('get_weather');
    expect(store.getState().compareParams.tools).toEqual([WEATHER]);
    for (const col of store.getState().compareColumns)
      expect(selectColumnParams(store.getState(), col).tools).toEqual([WEATHER]);
    expect(within(panel).getByTestId('tool-choice-where').textContent).toBe(
      'Tool choice not sent in any column: each service decides (auto).',
    );
    expect(summary(0).textContent).toBe('1 tool');
    expect(summary(1).textContent).toBe('1,024 tokens · 1 tool');

    fireEvent.change(within(panel).getByTestId('tool-choice'), { target: { value: 'required' } });
    const lines = within(within(panel).getByTestId('tool-choice-where')).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Chat tool_choice: "required"',
      'Messages tool_choice: {"type":"any"}',
      'Generate toolConfig.functionCallingConfig: {"mode":"ANY"}',
    ]);
    expect(lines[0]!.getAttribute('title')).toMatch(/^Functions sent as tools: \[\{type: "function"/);
    expect(summary(2).textContent).toBe('1 tool · required');

    fireEvent.change(within(panel).getByTestId('tool-choice'), { target: { value: 'fn:get_weather' } });
    expect(lines.length).toBe(3);
    expect(within(panel).getByTestId('tool-choice-where').textContent).toContain(
      'Messages tool_choice: {"type":"tool","name":"get_weather"}',
    );
    expect(summary(0).textContent).toBe('1 tool · calls get_weather');
  });

  it('a broken schema in the shared section holds back "Send to all" with the reason', () => {
    const { store } = setup(['chat', 'messages']);
    fireEvent.click(summary(0));
    addExample('get_weather');
    fireEvent.change(screen.getByTestId('tool-parameters'), { target: { value: '{"type": ' } });
    fireEvent.change(screen.getByTestId('compare-input'), { target: { value: 'Hello' } });
    expect(screen.getByTestId('compare-params-problem').textContent).toMatch(
      /^Tools: get_weather: JSON Schema: not valid JSON/,
    );
    expect((screen.getByTestId('compare-send') as HTMLButtonElement).disabled).toBe(true);
    // the last valid list is what every column keeps
    expect(store.getState().compareParams.tools).toEqual([WEATHER]);
  });

  it('with messages thinking, the shared choice offers only auto or none', () => {
    setup(['chat', 'messages']);
    fireEvent.click(screen.getByTestId('compare-same-params'));
    fireEvent.click(screen.getByTestId('compare-same-params'));
    fireEvent.click(summary(0));
    fireEvent.click(screen.getByTestId('param-extended-thinking'));
    addExample('get_weather');
    const required = screen.getByRole('option', { name: /^required/ }) as HTMLOptionElement;
    expect(required.disabled).toBe(true);
    expect(screen.getByTestId('tool-choice-thinking')).toBeTruthy();
  });

  it('a column’s own Tools section changes that column alone, with its format’s wire', () => {
    const { store } = setup(['chat', 'messages']);
    fireEvent.click(screen.getByTestId('compare-same-params'));
    fireEvent.click(summary(1));
    const panel = screen.getByTestId('compare-params-panel');
    addExample('get_weather');
    fireEvent.change(within(panel).getByTestId('tool-choice'), { target: { value: 'required' } });
    expect(within(panel).getByTestId('tool-choice-wire').textContent).toBe(
      'Sent as tool_choice: {"type":"any"}.',
    );
    expect(within(panel).queryByTestId('tool-choice-where')).toBeNull();
    const [chat, messages] = store.getState().compareColumns;
    expect(selectColumnParams(store.getState(), messages!)).toMatchObject({
      tools: [WEATHER],
      toolChoice: 'required',
    });
    expect(selectColumnParams(store.getState(), chat!).tools).toBeUndefined();
    expect(summary(0).textContent).toBe('service defaults');
    expect(summary(1).textContent).toBe('1,024 tokens · 1 tool · required');
  });
});

describe('Compare tools: a column with calls', () => {
  it('shows the calls as they stream and after, then answers that column alone with its results', async () => {
    const { store, host, answer, sends } = setup(['chat', 'messages']);
    fireEvent.click(summary(0));
    addExample('get_weather');
    fireEvent.click(summary(0));
    await sendToAll(store, 'weather? [[call:get_weather]]');
    const [chatReq, messagesReq] = sends().map((s) => s.requestId) as [string, string];

    // the call's pieces, batched like text, build the card while it streams
    host.emit('delta', { requestId: chatReq, tool: { index: 0, id: 'call_1', name: 'get_weather' } });
    host.emit('delta', { requestId: chatReq, tool: { index: 0, args: '{"city":' } });
    host.emit('delta', { requestId: chatReq, tool: { index: 0, args: '"Paris"}' } });
    const streaming = () => within(columns()[0]!).getByTestId('compare-streaming');
    await waitFor(() =>
      expect(within(streaming()).getByTestId('tool-call-args').textContent).toBe(
        JSON.stringify({ city: 'Paris' }, null, 2),
      ),
    );
    expect(within(streaming()).getByTestId('tool-call-name').textContent).toBe('get_weather');
    expect(within(columns()[1]!).queryByTestId('tool-call')).toBeNull();

    answer(chatReq, { toolCalls: [call('call_1')], finishReason: 'tool_calls' }, { text: 'weather?' });
    answer(messagesReq, { text: 'No calls here.' }, { text: 'weather?' });
    await waitFor(() => expect(within(columns()[0]!).getByTestId('compare-results-form')).toBeTruthy());
    const card = within(columns()[0]!).getByTestId('tool-call');
    expect(within(card).getByTestId('tool-call-id').textContent).toBe('call_1');
    expect(within(columns()[1]!).queryByTestId('compare-results-form')).toBeNull();
    // a text after unanswered calls would be refused: "Send to all" waits, and says for which column
    fireEvent.change(screen.getByTestId('compare-input'), { target: { value: 'next' } });
    expect(screen.getByTestId('compare-params-problem').textContent).toBe(
      'Column 1 (Chat Completions) waits for function results: send them first (the form under its reply).',
    );
    expect((screen.getByTestId('compare-send') as HTMLButtonElement).disabled).toBe(true);

    const form = within(columns()[0]!).getByTestId('tool-results-form');
    expect(within(form).getByText(/one tool message per call/)).toBeTruthy();
    fireEvent.change(within(form).getByTestId('tool-result-input'), { target: { value: '{"temp": 21}' } });
    fireEvent.click(within(form).getByTestId('tool-results-send'));
    await waitFor(() => expect(sends()).toHaveLength(3));
    const results: ToolResult[] = [{ callId: 'call_1', name: 'get_weather', content: '{"temp": 21}' }];
    const chatConversation = store.getState().compareColumns[0]!.conversationId;
    expect(sends()[2]).toMatchObject({ conversationId: chatConversation, text: '', toolResults: results });
    // the results show at once as the Results bubble, the form is gone, the other column untouched
    expect(within(columns()[0]!).getByTestId('compare-results').textContent).toContain(
      'get_weather→{"temp":21}',
    );
    expect(within(columns()[0]!).queryByTestId('compare-results-form')).toBeNull();
    expect(store.getState().compareColumns[1]!.run).toBeNull();

    answer(
      sends()[2]!.requestId,
      { text: 'Tool results received: get_weather → {"temp":21}.' },
      {
        text: '',
        toolResults: results,
      },
    );
    await waitFor(() => expect(store.getState().compareColumns[0]!.run).toBeNull());
    const replies = within(columns()[0]!).getAllByTestId('compare-reply');
    expect(replies.at(-1)!.textContent).toContain('Tool results received');
    expect(within(columns()[0]!).getAllByTestId('compare-results')).toHaveLength(1);
    expect(within(columns()[0]!).getByTestId('compare-continue')).toBeTruthy();
    expect(sends()).toHaveLength(3);
    expect((screen.getByTestId('compare-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('a fixed result is answered without asking, in that column only, at most MAX_AUTO_ROUNDS in a row', async () => {
    const { store, answer, sends } = setup(['chat', 'generate']);
    fireEvent.click(summary(0));
    addExample('get_weather');
    fireEvent.click(screen.getByTestId('tool-fixed-on'));
    fireEvent.change(screen.getByTestId('tool-fixed-result'), { target: { value: '{"temp":21}' } });
    expect(store.getState().compareParams.tools?.[0]?.fixedResult).toBe('{"temp":21}');
    fireEvent.click(summary(0));
    await sendToAll(store, 'weather? [[call:get_weather]]');
    const [, generateReq] = sends().map((s) => s.requestId) as [string, string];
    answer(generateReq, { text: 'Sunny.' });
    const chatConversation = store.getState().compareColumns[0]!.conversationId;
    const chatSends = () => sends().filter((s) => s.conversationId === chatConversation);

    // a model that calls again after every result: answered MAX_AUTO_ROUNDS times, then the form asks
    for (let round = 0; round <= MAX_AUTO_ROUNDS; round++) {
      await waitFor(() => expect(chatSends()).toHaveLength(1 + round));
      const req = chatSends().at(-1)!;
      if (round > 0)
        expect(req.toolResults).toEqual([
          { callId: `call_${round}`, name: 'get_weather', content: '{"temp":21}' },
        ]);
      answer(req.requestId, { toolCalls: [call(`call_${round + 1}`)] });
    }
    const form = await waitFor(() => within(columns()[0]!).getByTestId('compare-results-form'));
    expect(within(form).getByTestId('tool-auto-stopped').textContent).toMatch(
      new RegExp(`after ${MAX_AUTO_ROUNDS} rounds in a row`),
    );
    expect((within(form).getByTestId('tool-result-input') as HTMLTextAreaElement).value).toBe('{"temp":21}');
    expect(chatSends()).toHaveLength(1 + MAX_AUTO_ROUNDS);
    // the generate column sent its prompt alone
    expect(sends()).toHaveLength(2 + MAX_AUTO_ROUNDS);
  });
});
