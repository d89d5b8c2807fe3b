/**
 * Prices per model and what a reply costs at them: one rule for the page (each reply, a conversation, a
 * Compare column) and its tests. Prices are the user's own (the service states none), per million tokens,
 * in one currency for the whole table. A model without a price has no cost: never a made-up zero.
 */
import { z } from 'zod';
import type { Turn, Usage } from './conversation.ts';
import type { TextFormat } from './formats.ts';
import { MAX_MODEL_ID_CHARS } from './limits.ts';

/** The prices of a row, in the order the table shows them. */
export const PRICE_FIELDS = ['input', 'cachedInput', 'cacheWrite', 'output', 'thinking'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
/** A row cannot be saved without these; the others fall back (see `priceOf`). */
export const REQUIRED_PRICES: readonly PriceField[] = ['input', 'output'];

/** The largest price per million tokens a row takes (far above any real one: a typo guard). */
export const MAX_PRICE = 1_000_000;
export const MAX_PRICE_ROWS = 500;
export const DEFAULT_CURRENCY = 'USD';

const PRICE = `A price is a number from 0 to ${MAX_PRICE.toLocaleString('en')} (per million tokens).`;
const PriceSchema = z.number({ error: PRICE }).min(0, PRICE).max(MAX_PRICE, PRICE);
const MODEL = `A model is an id or a pattern with *, 1 to ${MAX_MODEL_ID_CHARS} characters without spaces.`;

/** `USD`, `EUR`, `CNY`: an ISO 4217 code (the page formats amounts with it). */
export const CurrencySchema = z
  .string({ error: 'The currency is a three-letter code such as USD.' })
  .regex(/^[A-Z]{3}$/, 'The currency is a three-letter code such as USD.');

export const PriceRowSchema = z.object({
  /** an exact model id, or a pattern where `*` stands for any characters (`gpt-5*`) */
  model: z.string({ error: MODEL }).min(1, MODEL).max(MAX_MODEL_ID_CHARS, MODEL).regex(/^\S+$/, MODEL),
  input: PriceSchema,
  output: PriceSchema,
  cachedInput: PriceSchema.optional(),
  cacheWrite: PriceSchema.optional(),
  thinking: PriceSchema.optional(),
});
export type PriceRow = z.infer<typeof PriceRowSchema>;

export const PriceTableSchema = z
  .object({
    currency: CurrencySchema,
    rows: z.array(PriceRowSchema).max(MAX_PRICE_ROWS, `At most ${MAX_PRICE_ROWS} prices.`),
  })
  .superRefine((table, ctx) => {
    const seen = new Set<string>();
    for (const row of table.rows) {
      const key = row.model.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `“${row.model}” is priced twice.` });
      seen.add(key);
    }
  });
export type PriceTable = z.infer<typeof PriceTableSchema>;

// ---------- which row prices a model ----------

const isPattern = (model: string) => model.includes('*');

/** Whether `pattern` (an id, or `*` for any run of characters) names `modelId`; letter case is ignored. */
export function patternMatches(pattern: string, modelId: string): boolean {
  const p = pattern.toLowerCase();
  const id = modelId.toLowerCase();
  if (!isPattern(p)) return p === id;
  const pieces = p.split('*');
  const first = pieces[0] ?? '';
  const last = pieces.at(-1) ?? '';
  if (!id.startsWith(first) || id.length < first.length + last.length || !id.endsWith(last)) return false;
  // the middle pieces, in order, each as early as it fits between the two ends
  let at = first.length;
  const end = id.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = id.indexOf(piece, at);
    if (found === -1 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/**
 * The row for a model: an exact id wins over any pattern; among patterns, the one with the most characters
 * besides `*` (so `gpt-5-mini*` before `gpt-5*` before `*`); on a tie, the row higher in the table.
 */
export function findPrice(rows: readonly PriceRow[], modelId: string): PriceRow | undefined {
  let best: PriceRow | undefined;
  let bestScore = -1;
  for (const row of rows) {
    if (!patternMatches(row.model, modelId)) continue;
    const score = isPattern(row.model) ? row.model.replaceAll('*', '').length : Number.MAX_SAFE_INTEGER;
    if (score > bestScore) {
      best = row;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The row for a reply: the model the service said answered; where no row names it and it is a version of
 * the model asked for (gpt-5-2025-08-07 for gpt-5), or the service named none, the model asked for. A reply
 * from another model is not priced as the one asked for (a gateway may route elsewhere).
 */
export function priceForReply(
  rows: readonly PriceRow[],
  reported: string | undefined,
  requested: string | undefined,
): PriceRow | undefined {
  const own = reported ? findPrice(rows, reported) : undefined;
  if (own || !requested) return own;
  const versionOf = !reported || reported.toLowerCase().startsWith(requested.toLowerCase());
  return versionOf ? findPrice(rows, requested) : undefined;
}

/**
 * The price a part is charged at: a blank cached-input price is the input price (the service gave no
 * discount, as far as the table knows), a blank thinking price the output price (every format bills
 * thinking as output). A blank cache-write price has no stand-in: writes cost more than plain input, so
 * guessing would understate; such a reply has no cost.
 */
export function priceOf(row: PriceRow, field: PriceField): number | undefined {
  switch (field) {
    case 'cachedInput':
      return row.cachedInput ?? row.input;
    case 'thinking':
      return row.thinking ?? row.output;
    default:
      return row[field];
  }
}

// ---------- what a reply's tokens are billed as ----------

/** A reply's tokens split into parts that do not overlap, each charged at its own price. */
export type BilledTokens = Record<PriceField, number>;

/**
 * How each format's usage (as electron/core/formats/*.ts fill `Usage`) splits into billed parts, so no
 * token is counted twice or missed:
 *
 * - chat, responses: `input` (prompt_tokens / input_tokens) includes the cached tokens
 *   (`*_tokens_details.cached_tokens` → cacheRead); `output` includes the reasoning tokens
 *   (`reasoning_tokens` → thinking). No cache writes are reported.
 * - messages: `input` (input_tokens) is only the uncached rest: cache reads (`cache_read_input_tokens`) and
 *   writes (`cache_creation_input_tokens`) come on top; `output` (output_tokens) includes thinking.
 * - generate: `input` (promptTokenCount) includes `cachedContentTokenCount`; `output`
 *   (candidatesTokenCount) does not include `thoughtsTokenCount`, which comes on top.
 *
 * `total` is never used: formats sum it differently. Without input and output there is nothing to bill
 * (a stopped stream may end before its usage arrives).
 */
export function billedTokens(format: TextFormat, usage: Usage): BilledTokens | undefined {
  if (usage.input === undefined || usage.output === undefined) return undefined;
  const cacheRead = usage.cacheRead ?? 0;
  const thinking = usage.thinking ?? 0;
  const inputIncludesCache = format !== 'messages';
  const outputIncludesThinking = format !== 'generate';
  return {
    input: inputIncludesCache ? Math.max(0, usage.input - cacheRead) : usage.input,
    cachedInput: cacheRead,
    cacheWrite: format === 'messages' ? (usage.cacheWrite ?? 0) : 0,
    output: outputIncludesThinking ? Math.max(0, usage.output - thinking) : usage.output,
    thinking,
  };
}

// ---------- cost ----------

export interface CostLine {
  part: PriceField;
  tokens: number;
  /** per million tokens */
  price: number;
  amount: number;
}

export interface Cost {
  currency: string;
  amount: number;
  /** the parts that had tokens (input and output always), in table order */
  lines: CostLine[];
  /** the row's model or pattern that priced it */
  pattern: string;
}

/** What one reply cost at a row's prices, or undefined when its usage or a needed price is missing. */
export function costAt(row: PriceRow, currency: string, format: TextFormat, usage: Usage): Cost | undefined {
  const tokens = billedTokens(format, usage);
  if (!tokens) return undefined;
  const lines: CostLine[] = [];
  for (const part of PRICE_FIELDS) {
    const n = tokens[part];
    if (n === 0 && !REQUIRED_PRICES.includes(part)) continue;
    const price = priceOf(row, part);
    if (price === undefined) return undefined;
    lines.push({ part, tokens: n, price, amount: (n * price) / 1_000_000 });
  }
  return { currency, amount: sum(lines.map((l) => l.amount)), lines, pattern: row.model };
}

/** A reply's cost at the table's prices: undefined without a table, a price for its model, or its usage. */
export function replyCost(
  table: PriceTable | undefined,
  format: TextFormat,
  turn: Pick<Turn, 'model' | 'usage'>,
  requestedModel: string | undefined,
): Cost | undefined {
  if (!table || !turn.usage) return undefined;
  const row = priceForReply(table.rows, turn.model, requestedModel);
  return row ? costAt(row, table.currency, format, turn.usage) : undefined;
}

export interface TotalCost {
  currency: string;
  amount: number;
  /** the priced replies' parts added up, in table order */
  lines: Omit<CostLine, 'price'>[];
  /** replies with usage that have a cost */
  priced: number;
  /** replies with usage and no cost (no price for their model, or a missing cache-write price) */
  unpriced: number;
}

/**
 * The cost of a conversation's replies: undefined when none has one. Replies without usage (failed, edited)
 * cost nothing the service reported and are left out; replies with usage but no price are counted in
 * `unpriced`, so the page can say the sum leaves them out.
 */
export function totalCost(
  table: PriceTable | undefined,
  format: TextFormat,
  turns: readonly Turn[],
  requestedModel: string | undefined,
): TotalCost | undefined {
  if (!table) return undefined;
  const byPart = new Map<PriceField, { tokens: number; amount: number }>();
  let priced = 0;
  let unpriced = 0;
  let amount = 0;
  for (const turn of turns) {
    if (turn.role !== 'assistant' || !turn.usage) continue;
    const cost = replyCost(table, format, turn, requestedModel);
    if (!cost) {
      unpriced++;
      continue;
    }
    priced++;
    amount += cost.amount;
    for (const line of cost.lines) {
      const sofar = byPart.get(line.part) ?? { tokens: 0, amount: 0 };
      byPart.set(line.part, { tokens: sofar.tokens + line.tokens, amount: sofar.amount + line.amount });
    }
  }
  if (priced === 0) return undefined;
  const lines = PRICE_FIELDS.flatMap((part) => {
    const p = byPart.get(part);
    return p ? [{ part, ...p }] : [];
  });
  return { currency: table.currency, amount, lines, priced, unpriced };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

// ---------- showing an amount ----------

/**
 * How many decimals an amount is shown with: the currency's own above one unit ($1.24), else two
 * significant digits, so a tiny reply shows what it cost ($0.00042) rather than $0.00.
 */
export function costFractionDigits(amount: number, currencyDigits: number): number {
  if (amount === 0 || Math.abs(amount) >= 1) return currencyDigits;
  const digits = Math.ceil(-Math.log10(Math.abs(amount))) + 1;
  return Math.min(12, Math.max(currencyDigits, digits));
}
