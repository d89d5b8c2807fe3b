// Amounts and prices written in the page's language and the table's currency.
import { costFractionDigits, type Cost, type PriceField, type TotalCost } from '../../../shared/pricing.ts';
import { formatNumber, type Locale, type Translate } from '../../i18n/translate.ts';

const digitsByCurrency = new Map<string, number>();

/** The currency's own number of decimals (2 for USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  let d = digitsByCurrency.get(currency);
  if (d === undefined) {
    d =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    digitsByCurrency.set(currency, d);
  }
  return d;
}

/** $1.24, $0.0012, $0.00042: a tiny amount keeps two significant digits instead of showing $0.00. */
export function formatCost(locale: Locale, currency: string, amount: number): string {
  const own = currencyDigits(currency);
  return formatNumber(locale, amount, {
    style: 'currency',
    currency,
    minimumFractionDigits: own,
    maximumFractionDigits: costFractionDigits(amount, own),
  });
}

/** A price per million tokens as typed ($1.25, $0.075), with no rounding of what the user entered. */
export function formatPrice(locale: Locale, currency: string, price: number): string {
  const own = currencyDigits(currency);
  return formatNumber(locale, price, {
    style: 'currency',
    currency,
    minimumFractionDigits: own,
    maximumFractionDigits: 10,
  });
}

const PART_KEYS = {
  input: 'cost.part.input',
  cachedInput: 'cost.part.cachedInput',
  cacheWrite: 'cost.part.cacheWrite',
  output: 'cost.part.output',
  thinking: 'cost.part.thinking',
} as const satisfies Record<PriceField, string>;

export function partName(t: Translate, part: PriceField): string {
  return t(PART_KEYS[part]);
}

/** The tooltip of one reply's cost: which row priced it, then each part with its tokens and price. */
export function costBreakdown(t: Translate, locale: Locale, cost: Cost, heading: string): string {
  const lines = cost.lines.map((l) =>
    t('cost.line', {
      part: partName(t, l.part),
      tokens: l.tokens,
      price: t('cost.perMillion', { price: formatPrice(locale, cost.currency, l.price) }),
      amount: formatCost(locale, cost.currency, l.amount),
    }),
  );
  return [heading, ...lines].join('\n');
}

/** The tooltip of a sum of replies: each part's tokens and amount, and the replies it leaves out. */
export function totalBreakdown(t: Translate, locale: Locale, total: TotalCost): string {
  const lines = total.lines.map((l) =>
    t('cost.line.total', {
      part: partName(t, l.part),
      tokens: l.tokens,
      amount: formatCost(locale, total.currency, l.amount),
    }),
  );
  return [
    t('cost.conversation.title'),
    ...lines,
    ...(total.unpriced > 0 ? [t('cost.unpriced', { count: total.unpriced })] : []),
  ].join('\n');
}

/** The shown amount of a sum: "≥ $0.12" when replies without a price are left out of it. */
export function totalText(t: Translate, locale: Locale, total: TotalCost): string {
  const amount = formatCost(locale, total.currency, total.amount);
  return total.unpriced > 0 ? t('cost.atLeast', { amount }) : amount;
}
