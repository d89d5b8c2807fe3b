// Amounts as the page writes them: the language's way, the table's currency, and a tiny reply's cost
// with the digits that show it (never rounded to a zero it did not cost).
import { describe, expect, it } from 'vitest';
import {
  costBreakdown,
  formatCost,
  formatPrice,
  totalBreakdown,
  totalText,
} from '../../renderer/components/cost/format-cost.ts';
import { translator } from '../../renderer/i18n/translate.ts';
import { costAt } from '../../shared/pricing.ts';

// Intl writes a narrow no-break space in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatCost', () => {
  it('keeps two significant digits below one unit and the currency’s own decimals above', () => {
    expect(formatCost('en', 'USD', 0.00042)).toBe('$0.00042');
    expect(formatCost('en', 'USD', 0.0012)).toBe('$0.0012');
    expect(formatCost('en', 'USD', 0.05)).toBe('$0.05');
    expect(formatCost('en', 'USD', 0.5)).toBe('$0.50');
    expect(formatCost('en', 'USD', 1234.567)).toBe('$1,234.57');
    expect(formatCost('en', 'USD', 0)).toBe('$0.00');
    expect(formatCost('en', 'JPY', 1234.4)).toBe('¥1,234');
    expect(formatCost('en', 'JPY', 0.042)).toBe('¥0.042');
  });

  it('writes the amount in the page’s language', () => {
    expect(formatCost('zh-CN', 'USD', 0.0012)).toBe('US$0.0012');
    expect(formatCost('zh-CN', 'CNY', 12.5)).toBe('¥12.50');
    expect(plain(formatCost('en', 'EUR', 0.0012))).toBe('€0.0012');
  });

  it('shows a price as typed', () => {
    expect(formatPrice('en', 'USD', 0.075)).toBe('$0.075');
    expect(formatPrice('en', 'USD', 10)).toBe('$10.00');
  });
});

describe('the breakdown', () => {
  const t = translator('en');
  const cost = costAt({ model: 'gpt-5*', input: 1.25, cachedInput: 0.125, output: 10 }, 'USD', 'chat', {
    input: 1200,
    output: 500,
    cacheRead: 1000,
    thinking: 300,
  });
  if (!cost) throw new Error('no cost');

  it('names the row and each part with its tokens, price and amount', () => {
    expect(costBreakdown(t, 'en', cost, t('cost.reply.title', { pattern: cost.pattern }))).toBe(
      [
        'At your prices for gpt-5* (per million tokens):',
        'Input: 200 tokens × $1.25/M = $0.00025',
        'Cached input: 1,000 tokens × $0.125/M = $0.00013',
        'Output: 200 tokens × $10.00/M = $0.002',
        'Thinking: 300 tokens × $10.00/M = $0.003',
      ].join('\n'),
    );
  });

  it('of a sum says which replies it leaves out, and the amount says it is a floor', () => {
    const total = {
      currency: 'USD',
      amount: 0.12,
      lines: [{ part: 'input' as const, tokens: 5, amount: 0.12 }],
      priced: 2,
      unpriced: 1,
    };
    expect(totalText(t, 'en', total)).toBe('≥ $0.12');
    expect(totalBreakdown(t, 'en', total)).toBe(
      [
        'The replies on screen, at your prices:',
        'Input: 5 tokens, $0.12',
        '1 reply has no price and is not counted.',
      ].join('\n'),
    );
    expect(totalText(t, 'en', { ...total, unpriced: 0 })).toBe('$0.12');
    expect(totalText(translator('zh-CN'), 'zh-CN', total)).toBe('至少 US$0.12');
  });
});
