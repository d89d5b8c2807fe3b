// @vitest-environment jsdom
// What replies cost, where the user reads it: a reply's meta line, the conversation's totals and each
// Compare column's figures, each with its breakdown as the tooltip; nothing where no price applies.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/contract.ts';
import type { Conversation, Turn } from '../../../shared/conversation.ts';
import type { PriceTable } from '../../../shared/pricing.ts';
import { TurnMeta } from '../../../renderer/features/chat/Bubbles.tsx';
import { ConversationCost } from '../../../renderer/components/cost/Cost.tsx';
import { FiguresRow } from '../../../renderer/features/compare/FiguresRow.tsx';
import { freshStore } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

const PRICES: PriceTable = {
  currency: 'USD',
  rows: [
    { model: 'gpt-5*', input: 1.25, cachedInput: 0.125, output: 10 },
    { model: 'claude-haiku-4-5', input: 1, output: 5 },
  ],
};
const BASE: Settings = { theme: 'system', tabs: {}, compareColumns: [] };

const reply = (model: string, usage: Turn['usage'], over: Partial<Turn> = {}): Turn => ({
  id: `r-${model}-${String(usage?.input)}`,
  role: 'assistant',
  text: 'Hi',
  status: 'complete',
  model,
  createdAt: 2,
  ...(usage ? { usage } : {}),
  ...over,
});
const USER: Turn = { id: 'u1', role: 'user', text: 'Hello', status: 'complete', createdAt: 1 };

function storeWith(prices: PriceTable | undefined, conv?: Conversation, language?: 'zh-CN') {
  const t = freshStore();
  t.store.setState({
    settings: { ...BASE, ...(prices ? { prices } : {}), ...(language ? { language } : {}) },
    ...(conv ? { loaded: { [conv.id]: conv } } : {}),
  });
  return t.store;
}

function conversation(turns: Turn[], model = 'gpt-5-mini'): Conversation {
  return {
    id: 'c1',
    format: 'chat',
    model,
    title: 'Hello',
    params: { stream: true },
    turns,
    createdAt: 1,
    updatedAt: 2,
  };
}

describe('a reply’s meta line', () => {
  // 1200 in (1000 cached), 500 out (300 thinking): 200×1.25 + 1000×0.125 + 500×10 per million
  const priced = reply('gpt-5-mini-2025-08-07', { input: 1200, output: 500, cacheRead: 1000, thinking: 300 });

  it('shows the cost with how it was reached as the tooltip', () => {
    const store = storeWith(PRICES, conversation([USER, priced]));
    renderWithStore(<TurnMeta turn={priced} conversationId="c1" />, store);
    const cost = screen.getByTestId('reply-cost');
    expect(cost.textContent).toBe('Cost $0.0054');
    expect(cost.getAttribute('title')).toBe(
      [
        'At your prices for gpt-5* (per million tokens):',
        'Input: 200 tokens × $1.25/M = $0.00025',
        'Cached input: 1,000 tokens × $0.125/M = $0.00013',
        'Output: 200 tokens × $10.00/M = $0.002',
        'Thinking: 300 tokens × $10.00/M = $0.003',
      ].join('\n'),
    );
  });

  it('shows nothing for a model without a price, without prices, or without usage', () => {
    const other = reply('gemini-2.5-flash', { input: 10, output: 10 });
    const store = storeWith(PRICES, conversation([USER, other], 'gemini-2.5-flash'));
    renderWithStore(<TurnMeta turn={other} conversationId="c1" />, store);
    expect(screen.queryByTestId('reply-cost')).toBeNull();
    cleanup();
    renderWithStore(
      <TurnMeta turn={priced} conversationId="c1" />,
      storeWith(undefined, conversation([priced])),
    );
    expect(screen.queryByTestId('reply-cost')).toBeNull();
    cleanup();
    const failed = reply('gpt-5-mini', undefined, { status: 'error' });
    renderWithStore(
      <TurnMeta turn={failed} conversationId="c1" />,
      storeWith(PRICES, conversation([failed])),
    );
    expect(screen.queryByTestId('reply-cost')).toBeNull();
  });

  it('writes the amount the page’s language’s way', () => {
    const store = storeWith(PRICES, conversation([USER, priced]), 'zh-CN');
    renderWithStore(<TurnMeta turn={priced} conversationId="c1" />, store);
    expect(screen.getByTestId('reply-cost').textContent).toBe('费用 US$0.0054');
  });
});

describe('the conversation’s cost', () => {
  it('adds the replies on screen, and says it leaves out a reply without a price', () => {
    const turns = [
      USER,
      reply('gpt-5-mini', { input: 1000, output: 100 }),
      { ...USER, id: 'u2' },
      reply('claude-haiku-4-5', { input: 2000, output: 200 }),
    ];
    renderWithStore(<ConversationCost conversationId="c1" />, storeWith(PRICES, conversation(turns)));
    // 1000×1.25 + 100×10 + 2000×1 + 200×5 per million
    expect(screen.getByTestId('conversation-cost').textContent).toBe('Cost $0.0053');
    cleanup();

    const unpriced = [...turns, { ...USER, id: 'u3' }, reply('gemini-2.5-pro', { input: 5, output: 5 })];
    renderWithStore(<ConversationCost conversationId="c1" />, storeWith(PRICES, conversation(unpriced)));
    const cost = screen.getByTestId('conversation-cost');
    expect(cost.textContent).toBe('Cost ≥ $0.0053');
    expect(cost.getAttribute('title')?.split('\n')).toEqual([
      'The replies on screen, at your prices:',
      'Input: 3,000 tokens, $0.0033',
      'Output: 300 tokens, $0.002',
      '1 reply has no price and is not counted.',
    ]);
  });

  it('shows nothing when no reply has a price', () => {
    const turns = [USER, reply('gemini-2.5-pro', { input: 5, output: 5 })];
    renderWithStore(<ConversationCost conversationId="c1" />, storeWith(PRICES, conversation(turns)));
    expect(screen.queryByTestId('conversation-cost')).toBeNull();
  });
});

describe('Compare’s figures row', () => {
  it('shows each priced column’s last reply cost, the cheapest and dearest marked; none where unpriced', () => {
    const store = storeWith(PRICES);
    store.getState().hydrateCompare({
      ...BASE,
      prices: PRICES,
      compareColumns: [
        { format: 'chat', model: 'gpt-5-mini' },
        { format: 'messages', model: 'claude-haiku-4-5' },
        { format: 'generate', model: 'gemini-2.5-flash' },
        { format: 'responses', model: 'gpt-5-mini' },
      ],
    });
    const usage = { input: 1000, output: 100 };
    store.setState((s) => ({
      compareColumns: s.compareColumns.map((c, i) => ({
        ...c,
        turns: [USER, reply(c.model, i === 3 ? { input: 4000, output: 400 } : usage)],
      })),
    }));
    renderWithStore(<FiguresRow />, store);
    const cells = screen.getAllByTestId('compare-figures');
    const costOf = (i: number) => within(cells[i] as HTMLElement).queryByTestId('figure-cost');
    // 1000×1.25 + 100×10; 1000×1 + 100×5; none; 4000×1.25 + 400×10
    expect(costOf(0)?.textContent).toBe('Cost$0.0023');
    expect(costOf(1)?.textContent).toBe('Cost$0.0015 (cheapest)');
    expect(costOf(2)).toBeNull();
    expect(costOf(3)?.textContent).toBe('Cost$0.009 (most expensive)');
    expect(costOf(1)?.className).toContain('is-best');
    expect(costOf(0)?.getAttribute('title')).toContain('At your prices for gpt-5* (per million tokens):');
  });
});
