// @vitest-environment jsdom
// Compare's parameters as a user meets them: each column sums its parameters up and opens their editor;
// with "same for all" off a column's editor changes that column alone; a value out of range is said
// inline and holds back "Send to all" with the reason; the past comparisons open from their list.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompareTab } from '../../../renderer/features/compare/CompareTab.tsx';
import { selectColumnParams } from '../../../renderer/store/compare-slice.ts';
import { freshStore } from '../fake-bridge.ts';
import { SETTINGS, compareHost, comparisonOf, conversation } from '../compare-fixtures.ts';
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

function setup() {
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
    compareColumns: [
      { format: 'chat' as const, model: 'gpt-5-mini' },
      { format: 'messages' as const, model: 'gpt-5-mini' },
    ],
  };
  t.store.setState({ settings });
  renderWithStore(<CompareTab />, t.store);
  return { store: t.store, host };
}

const heads = () => screen.getAllByTestId('compare-column-head');
const summary = (i: number) => within(heads()[i]!).getByTestId('compare-params-summary');

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
    // the list closed on opening; open again: the current one is marked
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
