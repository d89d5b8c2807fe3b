/**
 * The price table as the user edits and moves it: a row typed as text checked field by field, the JSON
 * file it is exported to, and an import that takes each good row and reports each bad one with why.
 * Problems are codes, so the page words them in its language.
 */
import { MAX_MODEL_ID_CHARS } from './limits.ts';
import {
  CurrencySchema,
  MAX_PRICE,
  MAX_PRICE_ROWS,
  PRICE_FIELDS,
  REQUIRED_PRICES,
  type PriceField,
  type PriceRow,
  type PriceTable,
} from './pricing.ts';

/** A row as typed: every field text, prices per million tokens. */
export type PriceDraft = { model: string } & Record<PriceField, string>;

export type RowProblem =
  | { field: 'model'; code: 'empty' | 'too-long' | 'space' }
  /** the same model or pattern as an earlier row (its position, from 1) */
  | { field: 'model'; code: 'duplicate'; row: number }
  | { field: PriceField; code: 'missing' | 'invalid' }
  /** a file's entry that is not an object */
  | { field: 'row'; code: 'not-object' }
  /** a file row's field the table does not know (a typo would otherwise drop a price silently) */
  | { field: 'row'; code: 'unknown-field'; name: string };

export const EMPTY_DRAFT: PriceDraft = {
  model: '',
  input: '',
  cachedInput: '',
  cacheWrite: '',
  output: '',
  thinking: '',
};

/** Nothing typed in any field: such a row is left out, not an error. */
export function isBlankDraft(d: PriceDraft): boolean {
  return d.model.trim() === '' && PRICE_FIELDS.every((f) => d[f].trim() === '');
}

/** A price as typed: digits with an optional decimal point; blank is undefined. */
export function parsePrice(text: string): number | undefined | 'invalid' {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(t)) return 'invalid';
  const n = Number(t);
  return Number.isFinite(n) && n <= MAX_PRICE ? n : 'invalid';
}

function modelProblem(model: string): RowProblem | undefined {
  if (model === '') return { field: 'model', code: 'empty' };
  if (/\s/.test(model)) return { field: 'model', code: 'space' };
  if (model.length > MAX_MODEL_ID_CHARS) return { field: 'model', code: 'too-long' };
  return undefined;
}

/** The row a draft makes, or what is wrong with it (every problem, so each field can say its own). */
export function readDraft(d: PriceDraft): { row: PriceRow } | { problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const model = d.model.trim();
  const mp = modelProblem(model);
  if (mp) problems.push(mp);
  const prices: Partial<Record<PriceField, number>> = {};
  for (const field of PRICE_FIELDS) {
    const p = parsePrice(d[field]);
    if (p === 'invalid') problems.push({ field, code: 'invalid' });
    else if (p === undefined && REQUIRED_PRICES.includes(field)) problems.push({ field, code: 'missing' });
    else if (p !== undefined) prices[field] = p;
  }
  if (problems.length > 0) return { problems };
  return { row: { model, input: prices.input ?? 0, output: prices.output ?? 0, ...optional(prices) } };
}

function optional(prices: Partial<Record<PriceField, number>>): Partial<PriceRow> {
  const out: Partial<PriceRow> = {};
  if (prices.cachedInput !== undefined) out.cachedInput = prices.cachedInput;
  if (prices.cacheWrite !== undefined) out.cacheWrite = prices.cacheWrite;
  if (prices.thinking !== undefined) out.thinking = prices.thinking;
  return out;
}

export function draftOf(row: PriceRow): PriceDraft {
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  return {
    model: row.model,
    input: text(row.input),
    cachedInput: text(row.cachedInput),
    cacheWrite: text(row.cacheWrite),
    output: text(row.output),
    thinking: text(row.thinking),
  };
}

export interface DraftCheck {
  /** the table the drafts make, when every non-blank row is good */
  rows: PriceRow[] | undefined;
  /** problems by the draft's index */
  problems: Map<number, RowProblem[]>;
}

/** Checks every row of the editor; blank rows are skipped, a model or pattern typed twice is a problem. */
export function checkDrafts(drafts: readonly PriceDraft[]): DraftCheck {
  const problems = new Map<number, RowProblem[]>();
  const rows: PriceRow[] = [];
  const firstAt = new Map<string, number>();
  drafts.forEach((d, i) => {
    if (isBlankDraft(d)) return;
    const r = readDraft(d);
    const own = 'problems' in r ? r.problems : [];
    const key = d.model.trim().toLowerCase();
    const first = firstAt.get(key);
    if (key !== '' && first !== undefined) own.unshift({ field: 'model', code: 'duplicate', row: first + 1 });
    else if (key !== '') firstAt.set(key, i);
    if (own.length > 0) problems.set(i, own);
    else if ('row' in r) rows.push(r.row);
  });
  return { rows: problems.size === 0 ? rows : undefined, problems };
}

// ---------- the file ----------

export const PRICE_FILE_VERSION = 1;

export interface PricesFile {
  quartet: 'prices';
  version: typeof PRICE_FILE_VERSION;
  currency: string;
  /** what the numbers are, for a person reading the file */
  unit: 'per million tokens';
  prices: PriceRow[];
}

export function toPricesFile(table: PriceTable): PricesFile {
  return {
    quartet: 'prices',
    version: PRICE_FILE_VERSION,
    currency: table.currency,
    unit: 'per million tokens',
    prices: table.rows,
  };
}

/** A row of a file that was not imported, and why. */
export interface SkippedRow {
  /** its place in the file's list, from 1 */
  position: number;
  model?: string;
  problems: RowProblem[];
}

export type FileProblem = 'not-json' | 'no-prices' | 'currency' | 'too-large';

/**
 * The largest prices file read, in characters: a full table (MAX_PRICE_ROWS rows) is about 100 KB, so this
 * is ten times that; a larger file is refused before it is parsed (the page would freeze on it).
 */
export const PRICE_FILE_MAX_CHARS = 1_000_000;

export type ParsedPriceFile =
  | { ok: true; currency: string | undefined; rows: PriceRow[]; skipped: SkippedRow[] }
  | { ok: false; problem: FileProblem };

const KNOWN_FIELDS = new Set<string>(['model', ...PRICE_FIELDS]);

/**
 * Reads a prices file: `{ currency, prices: [rows] }` as exported, or a bare list of rows. Each row is
 * checked alone: a bad one (or one repeating an earlier row's model) is skipped with why; prices may be
 * numbers or numeric text.
 */
export function parsePriceFile(text: string): ParsedPriceFile {
  if (text.length > PRICE_FILE_MAX_CHARS) return { ok: false, problem: 'too-large' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not-json' };
  }
  const list = Array.isArray(data) ? data : isObject(data) ? data['prices'] : undefined;
  if (!Array.isArray(list)) return { ok: false, problem: 'no-prices' };
  let currency: string | undefined;
  if (isObject(data) && data['currency'] !== undefined) {
    const c = CurrencySchema.safeParse(
      typeof data['currency'] === 'string' ? data['currency'].trim().toUpperCase() : data['currency'],
    );
    if (!c.success) return { ok: false, problem: 'currency' };
    currency = c.data;
  }
  const rows: PriceRow[] = [];
  const skipped: SkippedRow[] = [];
  const firstAt = new Map<string, number>();
  list.forEach((item, i) => {
    const position = i + 1;
    if (!isObject(item)) {
      skipped.push({ position, problems: [{ field: 'row', code: 'not-object' }] });
      return;
    }
    const model = typeof item['model'] === 'string' ? item['model'] : undefined;
    const problems: RowProblem[] = Object.keys(item)
      .filter((k) => !KNOWN_FIELDS.has(k))
      .map((name): RowProblem => ({ field: 'row', code: 'unknown-field', name }));
    const r = readDraft(draftFromFile(item));
    if ('problems' in r) problems.push(...r.problems);
    const key = (model ?? '').trim().toLowerCase();
    const first = firstAt.get(key);
    if (problems.length === 0 && first !== undefined)
      problems.push({ field: 'model', code: 'duplicate', row: first });
    if (problems.length > 0 || !('row' in r)) {
      skipped.push({ position, ...(model !== undefined ? { model } : {}), problems });
      return;
    }
    firstAt.set(key, position);
    rows.push(r.row);
  });
  return { ok: true, currency, rows, skipped };
}

/** A file row as typed text: a number as written, numeric text as is, anything else made invalid. */
function draftFromFile(item: Record<string, unknown>): PriceDraft {
  const text = (v: unknown): string =>
    v === undefined || v === null
      ? ''
      : typeof v === 'number'
        ? Number.isFinite(v) && v >= 0
          ? String(v)
          : 'x'
        : typeof v === 'string'
          ? v === ''
            ? 'x'
            : v
          : 'x';
  const model = item['model'];
  return {
    model: typeof model === 'string' ? model : '',
    input: text(item['input']),
    cachedInput: text(item['cachedInput']),
    cacheWrite: text(item['cacheWrite']),
    output: text(item['output']),
    thinking: text(item['thinking']),
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface Merged {
  drafts: PriceDraft[];
  added: number;
  replaced: number;
  /** rows past the table's size limit */
  dropped: number;
}

/**
 * Imported rows over the editor's rows: a row for a model already in the table replaces its prices in
 * place, a new one goes at the end (up to MAX_PRICE_ROWS).
 */
export function mergeRows(drafts: readonly PriceDraft[], incoming: readonly PriceRow[]): Merged {
  const out = drafts.filter((d) => !isBlankDraft(d));
  let added = 0;
  let replaced = 0;
  let dropped = 0;
  for (const row of incoming) {
    const at = out.findIndex((d) => d.model.trim().toLowerCase() === row.model.toLowerCase());
    if (at >= 0) {
      out[at] = draftOf(row);
      replaced++;
    } else if (out.length < MAX_PRICE_ROWS) {
      out.push(draftOf(row));
      added++;
    } else dropped++;
  }
  return { drafts: out, added, replaced, dropped };
}
