// @vitest-environment jsdom
// Compare's parameters as a user meets them: each column sums its parameters up and opens their editor;
// with "same for all" off a column's editor changes that column alone; a value out of range is said
// inline and holds back "Send to all" with the reason; the past comparisons open from their list.
import { act, cleanup, waitFor, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompareTab } from '../../../renderer/features/compare/CompareTab.tsx';
import { ColumnPresets } from '../../../renderer/features/presets/ColumnPresets.tsx';
import { selectColumnParams } from '../../../renderer/store/compare-slice.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { MORE_CONTROL_KEYS, formatSends } from '../../../shared/controls.ts';
import { freshStore } from '../fake-bridge.ts';
import { SETTINGS, compareHost, comparisonOf, conversation, turn } from '../compare-fixtures.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

// jsdom has no modal dialogs: opening one shows it, closing hides it.
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.defineProperties(HTMLDialogElement.prototype, {
    showModal: {
      value(this: HTMLDialogElement) {
        this.open = true;
      },
    },
    close: {
      value(this: HTMLDialogElement) {
        this.open = false;
      },
    },
  });
}

function setup(formats: TextFormat[] = ['chat', 'messages']) {
  const t = freshStore();
  let list = [
    comparisonOf('cmp1', [
      conversation('a', 'chat', { stream: true, system: 'Pirate.' }),
      conversation('b', 'messages', { stream: true, maxTokens: 1024 }),
    ]),
  ];
  const host = compareHost(t, {
    listModels: () => ({ ok: true, value: { models: [], exchangeId: 'ex' } }),
    listComparisons: () => ({ ok: true, value: list }),
    deleteComparison: ({ id }) => {
      list = list.filter((c) => c.id !== id);
      return { ok: true, value: { deleted: 2 } };
    },
  });
  host.conversations.set('a', conversation('a', 'chat', { stream: true, system: 'Pirate.' }));
  host.conversations.set('b', conversation('b', 'messages', { stream: true, maxTokens: 1024 }));
  const settings = {
    ...SETTINGS,
    compareColumns: formats.map((format) => ({ format, model: 'gpt-5-mini' })),
  };
  t.store.setState({ settings });
  renderWithStore(<CompareTab presets={ColumnPresets} />, t.store);
  return { store: t.store, host };
}

const heads = () => screen.getAllByTestId('compare-column-head');
const summary = (i: number) => within(heads()[i]!).getByTestId('compare-params-summary');
/** A control of the open editor's "More controls" or its structured output, by its parameter name. */
const control = (name: string) => {
  const el = screen.getByTestId('compare-params-panel').querySelector(`[data-control="${name}"]`);
  if (!(el instanceof HTMLElement)) throw new Error(`no control ${name}`);
  return el;
};
const where = (name: string) => within(control(name)).getByTestId('control-where').textContent;

describe('Compare parameters', () => {
  it('with "same for all" on, every column opens the one shared editor', () => {
    const { store } = setup();
    expect(summary(0).textContent).toBe('service defaults');
    // messages always sends its required max tokens
    expect(summary(1).textContent).toBe('1,024 tokens');
    fireEvent.click(summary(1));
    expect(screen.getByTestId('compare-params-scope').textContent).toBe('All columns');
    fireEvent.change(screen.getByTestId('param-temperature'), { target: { value: '0.3' } });
    expect(summary(0).textContent).toBe('temp 0.3');
    expect(summary(1).textContent).toBe('temp 0.3 · 1,024 tokens');
    expect(store.getState().compareParams.temperature).toBe(0.3);
  });

  it('with it off, a column’s editor changes that column alone', () => {
    const { store } = setup();
    fireEvent.click(screen.getByTestId('compare-same-params'));
    fireEvent.click(summary(1));
    expect(screen.getByTestId('compare-params-scope').textContent).toBe('Column 2 · Messages');
    expect(heads()[1]!.className).toContain('is-editing');
    // started from a shared set without max tokens, the messages column shows the 1,024 it sends
    expect((screen.getByTestId('param-max-tokens') as HTMLInputElement).value).toBe('1024');
    expect(screen.queryByTestId('compare-params-problem')).toBeNull();
    fireEvent.change(screen.getByTestId('param-system'), { target: { value: 'Answer like a pirate.' } });
    fireEvent.click(screen.getByTestId('param-extended-thinking'));
    const [chat, messages] = store.getState().compareColumns;
    expect(selectColumnParams(store.getState(), chat!)).toEqual({ stream: true });
    expect(selectColumnParams(store.getState(), messages!)).toEqual({
      stream: true,
      system: 'Answer like a pirate.',
      maxTokens: 4096,
      thinkingBudget: 1024,
    });
    expect(summary(1).textContent).toBe('4,096 tokens · thinking 1,024 · system “Answer like a pirate.”');
    // the same button closes it
    fireEvent.click(summary(1));
    expect(screen.queryByTestId('compare-params-panel')).toBeNull();
  });

  it('a value out of range is said inline and holds back "Send to all" with the reason', () => {
    setup();
    fireEvent.change(screen.getByTestId('compare-input'), { target: { value: 'Hello' } });
    fireEvent.click(summary(0));
    fireEvent.change(screen.getByTestId('param-temperature'), { target: { value: '7' } });
    expect(screen.getByTestId('param-temperature-error').textContent).toMatch(/from 0 to 2/);
    const send = screen.getByTestId('compare-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByTestId('compare-params-problem').textContent).toMatch(/Temperature/);
    fireEvent.change(screen.getByTestId('param-temperature'), { target: { value: '0.7' } });
    expect(send.disabled).toBe(false);
    expect(screen.queryByTestId('compare-params-problem')).toBeNull();
  });

  it('a thinking budget not below max tokens is named with its column', () => {
    setup();
    fireEvent.click(screen.getByTestId('compare-same-params'));
    fireEvent.click(summary(1));
    fireEvent.click(screen.getByTestId('param-extended-thinking'));
    fireEvent.change(screen.getByTestId('param-max-tokens'), { target: { value: '1024' } });
    expect(screen.getByTestId('compare-params-problem').textContent).toBe(
      'Column 2 (Messages): The thinking budget must be below max tokens (1,024).',
    );
  });

  it('"same for all" offers every column’s controls and says per format where each is sent', () => {
    const { store } = setup(['chat', 'responses', 'messages']);
    fireEvent.click(summary(0));
    const panel = screen.getByTestId('compare-params-panel');
    // the union of the three formats' controls (shared/controls.ts), each once, in the table's order;
    // thinking level is generate's alone: not here
    const shown = [...panel.querySelectorAll('[data-testid="more-controls"] [data-control]')].map((e) =>
      e.getAttribute('data-control'),
    );
    const formats: TextFormat[] = ['chat', 'responses', 'messages'];
    expect(shown).toEqual([
      ...MORE_CONTROL_KEYS.filter((k) => formats.some((f) => formatSends(f, k))),
      'extraBody',
    ]);
    expect(shown).toEqual(
      expect.arrayContaining(['topP', 'topK', 'stop', 'seed', 'presencePenalty', 'reasoningSummary']),
    );
    expect(shown).not.toContain('thinkingLevel');
    expect(where('topP')).toBe('For Chat, Responses, Messages');
    expect(where('seed')).toBe('For Chat · not Responses, Messages');
    fireEvent.change(within(control('seed')).getByTestId('param-seed'), { target: { value: '7' } });
    expect(where('seed')).toBe('Sent in Chat · not sent in Responses, Messages');
    expect(within(control('seed')).getByTestId('control-sent').textContent).toBe('sent · seed');
    fireEvent.change(within(control('stop')).getByTestId('param-stop'), { target: { value: 'END\nFIN' } });
    expect(where('stop')).toBe('Sent in Chat, Messages · not sent in Responses');
    expect(within(control('stop')).getByTestId('control-sent').getAttribute('title')).toBe(
      'Sent as stop / stop_sequences',
    );
    expect(within(panel).getByTestId('more-controls').querySelector('summary')?.textContent).toBe(
      'More controls · 2 sent',
    );
    // each column sends (and sums up) only what its format has
    expect(store.getState().compareParams).toMatchObject({ seed: 7, stop: ['END', 'FIN'] });
    expect(summary(0).textContent).toBe('2 stops · seed 7');
    expect(summary(1).textContent).toBe('service defaults');
    expect(summary(2).textContent).toBe('1,024 tokens · 2 stops');
  });

  it('"same for all": plain JSON goes to every column but messages, and says so', () => {
    setup(['chat', 'messages']);
    fireEvent.click(summary(0));
    expect(where('output')).toBe('Messages takes only a JSON Schema: plain JSON is not sent there.');
    fireEvent.change(screen.getByTestId('param-output-mode'), { target: { value: 'json' } });
    expect(where('output')).toBe('Sent in Chat · not sent in Messages (no plain JSON mode)');
    expect(summary(0).textContent).toBe('JSON');
    expect(summary(1).textContent).toBe('1,024 tokens');
    fireEvent.change(screen.getByTestId('param-output-mode'), { target: { value: 'schema' } });
    expect(where('output')).toBe('Sent in Chat, Messages');
    expect(summary(1).textContent).toBe('1,024 tokens · schema “answer”');
  });

  it('a column’s own editor has its format’s controls, as the chat panel shows them', () => {
    const { store } = setup(['chat', 'messages']);
    fireEvent.click(screen.getByTestId('compare-same-params'));
    fireEvent.click(summary(1));
    const panel = screen.getByTestId('compare-params-panel');
    expect(within(panel).queryByTestId('param-seed')).toBeNull();
    fireEvent.change(within(panel).getByTestId('param-topK'), { target: { value: '40' } });
    expect(within(panel).getByText('sent · top_k')).toBeTruthy();
    const json = within(panel).getByRole('option', { name: 'JSON (not in Messages)' }) as HTMLOptionElement;
    expect(json.disabled).toBe(true);
    expect(within(panel).queryByTestId('control-where')).toBeNull();
    const [chat, messages] = store.getState().compareColumns;
    expect(selectColumnParams(store.getState(), messages!).topK).toBe(40);
    expect(selectColumnParams(store.getState(), chat!).topK).toBeUndefined();
  });

  it('a column whose conversation asked for JSON shows its finished reply formatted and checked', () => {
    const { store } = setup(['chat', 'messages']);
    const schema = '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}';
    act(() =>
      store.setState((s) => ({
        compareColumns: s.compareColumns.map((c, i) => ({
          ...c,
          conversationId: `conv${i}`,
          conversationParams: {
            stream: true,
            output: i === 0 ? { mode: 'schema', name: 'answer', schema } : { mode: 'json' },
          },
          turns: [turn('user', 'Hi'), turn('assistant', '{"answer":"hi"}')],
        })),
      })),
    );
    const columns = screen.getAllByTestId('compare-column');
    const reply = within(columns[0]!).getByTestId('json-reply');
    expect(reply.querySelector('pre')?.textContent).toBe('{\n  "answer": "hi"\n}');
    expect(within(reply).getByTestId('json-reply-check').getAttribute('data-ok')).toBe('true');
    // messages has no plain JSON mode: nothing asked it for JSON, its reply is text
    expect(within(columns[1]!).queryByTestId('json-reply')).toBeNull();
  });

  it('lists past comparisons, marks the one on screen, opens one and asks before deleting', async () => {
    const { store, host } = setup();
    fireEvent.click(screen.getByTestId('compare-history-toggle'));
    const item = await screen.findByTestId('comparison-item');
    expect(
      within(item)
        .getAllByTestId('comparison-column')
        .map((c) => c.textContent),
    ).toEqual(['Chat Completions · gpt-5-mini', 'Messages · gpt-5-mini']);
    expect(within(item).queryByText('On screen')).toBeNull();
    fireEvent.click(within(item).getByTestId('comparison-open'));
    await screen.findByText('chat says hi');
    expect(store.getState().comparisonId).toBe('cmp1');
    // the list closes once the opened columns are remembered (a round trip after they show): wait for
    // it, or the toggle below would close it instead of opening it again
    await waitFor(() => expect(screen.queryByTestId('comparisons')).toBeNull());
    // open again: the current one is marked
    fireEvent.click(screen.getByTestId('compare-history-toggle'));
    const again = await screen.findByTestId('comparison-item');
    expect(within(again).getByText('On screen')).toBeTruthy();
    expect(within(again).getByTestId('comparison-open').getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(again).getByTestId('comparison-delete'));
    expect(host.inputs('deleteComparison')).toHaveLength(0);
    expect(screen.getByTestId('confirm-dialog').textContent).toMatch(/2 conversations will be deleted/);
    fireEvent.click(screen.getByTestId('confirm-button'));
    await screen.findByText('No comparisons yet. Send a prompt to start one.');
    expect(host.inputs('deleteComparison')).toEqual([{ id: 'cmp1' }]);
    // it was on screen: the columns start over
    expect(screen.queryByText('chat says hi')).toBeNull();
  });
});
