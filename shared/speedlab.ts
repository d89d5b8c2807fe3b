// The speed lab's records, once for the host (which measures), the page (which draws) and the CLI (which
// prints): what one run measured, a lab run as saved, the percentiles of a row, and the CSV and JSON
// exports. Imports neither Node nor Electron.
import { z } from 'zod';
import { SPEED_LAB, MAX_MODEL_ID_CHARS } from './limits.ts';
import { TextFormatSchema, type TextFormat } from './formats.ts';
import { END_REASONS, type Usage } from './conversation.ts';
import type { AppError } from './errors.ts';
import { costAt, priceForReply, type PriceTable } from './pricing.ts';

/** Why a run failed, in the words the lab counts by. */
export const LAB_ERROR_KINDS = [
  'refused', // a 4xx other than 429: the service said no
  'rate-limited', // 429, with its retry-after when given
  'timeout', // no headers, or a stream silent past the run's timeout
  'broken-stream', // the stream ended or broke before its end
  'network', // no answer at all: refused connection, DNS
  'service-error', // a 5xx or a reply the lab could not read
  'stopped', // the user stopped the lab
] as const;
export const LabErrorKindSchema = z.enum(LAB_ERROR_KINDS);
export type LabErrorKind = z.infer<typeof LabErrorKindSchema>;

const Ms = z.number().finite().min(0).max(86_400_000);
const Count = z.number().int().min(0).max(100_000_000);

/** One (connection, format, model) row as asked for. */
export const LabRowInputSchema = z.object({
  connectionId: z.string().min(1).max(100),
  format: TextFormatSchema,
  model: z.string().trim().min(1).max(MAX_MODEL_ID_CHARS),
});
export type LabRowInput = z.infer<typeof LabRowInputSchema>;

/** A row as saved: the connection by name too, so an export reads without the app. */
export const LabRowSchema = LabRowInputSchema.extend({ connectionName: z.string().max(200) });
export type LabRow = z.infer<typeof LabRowSchema>;

/** What the lab is asked to do. */
export const LabPlanSchema = z.object({
  prompt: z.string().min(1).max(SPEED_LAB.promptChars),
  outputTokens: z.number().int().min(SPEED_LAB.outputTokens.min).max(SPEED_LAB.outputTokens.max),
  runs: z.number().int().min(SPEED_LAB.runs.min).max(SPEED_LAB.runs.max),
  concurrency: z.number().int().min(SPEED_LAB.concurrency.min).max(SPEED_LAB.concurrency.max),
  timeoutMs: z.number().int().min(SPEED_LAB.timeoutMs.min).max(SPEED_LAB.timeoutMs.max),
});
export type LabPlan = z.infer<typeof LabPlanSchema>;

export const LabStartInputSchema = LabPlanSchema.extend({
  requestId: z.string().min(1).max(100),
  name: z.string().trim().max(SPEED_LAB.nameChars).optional(),
  rows: z.array(LabRowInputSchema).min(SPEED_LAB.rows.min).max(SPEED_LAB.rows.max),
  timeoutMs: LabPlanSchema.shape.timeoutMs.optional(),
});

/** What one run measured. Times are from the run's own start; `startMs` from the lab's start. */
export const LabMeasureSchema = z.object({
  row: z
    .number()
    .int()
    .min(0)
    .max(SPEED_LAB.rows.max - 1),
  /** 1-based within its row */
  run: z.number().int().min(1).max(SPEED_LAB.runs.max),
  startMs: Ms,
  headersMs: Ms.optional(),
  firstTokenMs: Ms.optional(),
  /** output tokens per second after the first token */
  tokensPerSecond: z.number().finite().min(0).max(1e9).optional(),
  totalMs: Ms,
  outputTokens: Count.optional(),
  /** the service reported its usage (else the tokens were counted as they streamed) */
  usageReported: z.boolean(),
  /** 'stop' for a whole normal answer, else the end reason (shared/end-reason.ts) */
  endReason: z.enum(['stop', ...END_REASONS]),
  error: z
    .object({
      kind: LabErrorKindSchema,
      status: z.number().int().optional(),
      retryAfterMs: Ms.optional(),
      message: z.string().max(1_000),
    })
    .optional(),
  cost: z.object({ amount: z.number().finite().min(0), currency: z.string().max(8) }).optional(),
  /** the run's exchange in the Inspector */
  exchangeId: z.string().max(100).optional(),
});
export type LabMeasure = z.infer<typeof LabMeasureSchema>;

/** A lab run as saved: named, dated, with what it was asked and what each run measured. */
export const LabRecordSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(SPEED_LAB.nameChars),
  createdAt: z.number().int().min(0),
  rows: z.array(LabRowSchema).min(SPEED_LAB.rows.min).max(SPEED_LAB.rows.max),
  plan: LabPlanSchema,
  runs: z.array(LabMeasureSchema).max(SPEED_LAB.rows.max * SPEED_LAB.runs.max),
  /** false when the lab was stopped before every run had finished */
  complete: z.boolean(),
});
export type LabRecord = z.infer<typeof LabRecordSchema>;

/** The saved list's line: no measures. */
export type LabSummary = Omit<LabRecord, 'runs' | 'plan'> & { plan: LabPlan; runCount: number };

// ---------- classification ----------

/** The lab's kind for a failed request, from the core's error. */
export function labErrorKind(e: AppError, headersSeen: boolean): LabErrorKind {
  switch (e.kind) {
    case 'aborted':
      return 'stopped';
    case 'timeout-headers':
    case 'timeout-idle':
      return 'timeout';
    case 'http':
      if (e.status === 429) return 'rate-limited';
      return e.status !== undefined && e.status >= 400 && e.status < 500 ? 'refused' : 'service-error';
    case 'stream':
      return e.vendorType !== undefined || e.vendorCode !== undefined ? 'service-error' : 'broken-stream';
    case 'connection':
      return headersSeen ? 'broken-stream' : 'network';
    default:
      return 'service-error';
  }
}

/** Output tokens per second after the first token; undefined when there is nothing to divide. */
export function tokensPerSecond(
  outputTokens: number | undefined,
  firstTokenMs: number | undefined,
  totalMs: number,
): number | undefined {
  if (outputTokens === undefined || firstTokenMs === undefined || outputTokens < 2) return undefined;
  const streamMs = totalMs - firstTokenMs;
  return streamMs > 0 ? ((outputTokens - 1) * 1000) / streamMs : undefined;
}

/** A run's cost at the user's prices, when its model is priced and its usage reported. */
export function runCost(
  table: PriceTable | undefined,
  format: TextFormat,
  model: string,
  reportedModel: string | undefined,
  usage: Usage | undefined,
): LabMeasure['cost'] {
  if (!table || !usage) return undefined;
  const row = priceForReply(table.rows, reportedModel, model);
  const cost = row ? costAt(row, table.currency, format, usage) : undefined;
  return cost ? { amount: cost.amount, currency: cost.currency } : undefined;
}

/**
 * The most a lab could cost at the user's prices: every run of every priced row billed its prompt (about
 * four characters a token) and its whole output. Unpriced rows are counted apart, not guessed.
 */
export function labCostCeiling(
  table: PriceTable | undefined,
  rows: readonly Pick<LabRowInput, 'format' | 'model'>[],
  plan: Pick<LabPlan, 'prompt' | 'outputTokens' | 'runs'>,
): { amount: number; currency: string; unpriced: number } | undefined {
  if (!table) return undefined;
  const input = Math.ceil(plan.prompt.length / 4);
  let amount = 0;
  let unpriced = 0;
  for (const row of rows) {
    const cost = runCost(table, row.format, row.model, undefined, { input, output: plan.outputTokens });
    if (cost) amount += cost.amount * plan.runs;
    else unpriced += 1;
  }
  return { amount, currency: table.currency, unpriced };
}

// ---------- statistics ----------

/**
 * The p-th percentile (0..100) of values, interpolated between the two nearest ranks (the spreadsheet's
 * PERCENTILE.INC); undefined for none. Sorts a copy: linear in the values after the sort.
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const lo = sorted[low] as number;
  const hi = sorted[high] as number;
  return lo + (hi - lo) * (at - low);
}

export interface Spread {
  p50?: number;
  p90?: number;
  p99?: number;
  count: number;
}

function spread(values: readonly number[]): Spread {
  const out: Spread = { count: values.length };
  const p50 = percentile(values, 50);
  if (p50 === undefined) return out;
  return { ...out, p50, p90: percentile(values, 90) as number, p99: percentile(values, 99) as number };
}

/** A row's figures: the spread of each measure over its successful runs, and its error rate. */
export interface RowStats {
  row: number;
  runs: number;
  errors: number;
  /** errors / runs (stopped runs not counted as either) */
  errorRate: number;
  errorsByKind: Partial<Record<LabErrorKind, number>>;
  headersMs: Spread;
  firstTokenMs: Spread;
  tokensPerSecond: Spread;
  totalMs: Spread;
  cost?: { amount: number; currency: string };
}

/** Every row's figures, in one pass over the runs. */
export function rowStats(record: Pick<LabRecord, 'rows' | 'runs'>): RowStats[] {
  const acc = record.rows.map(() => ({
    runs: 0,
    errors: 0,
    kinds: {} as Partial<Record<LabErrorKind, number>>,
    headers: [] as number[],
    first: [] as number[],
    tps: [] as number[],
    total: [] as number[],
    cost: undefined as { amount: number; currency: string } | undefined,
  }));
  for (const m of record.runs) {
    const a = acc[m.row];
    if (!a || m.error?.kind === 'stopped') continue;
    a.runs += 1;
    if (m.error) {
      a.errors += 1;
      a.kinds[m.error.kind] = (a.kinds[m.error.kind] ?? 0) + 1;
      continue;
    }
    if (m.headersMs !== undefined) a.headers.push(m.headersMs);
    if (m.firstTokenMs !== undefined) a.first.push(m.firstTokenMs);
    if (m.tokensPerSecond !== undefined) a.tps.push(m.tokensPerSecond);
    a.total.push(m.totalMs);
    if (m.cost) a.cost = { amount: (a.cost?.amount ?? 0) + m.cost.amount, currency: m.cost.currency };
  }
  return acc.map((a, row) => ({
    row,
    runs: a.runs,
    errors: a.errors,
    errorRate: a.runs === 0 ? 0 : a.errors / a.runs,
    errorsByKind: a.kinds,
    headersMs: spread(a.headers),
    firstTokenMs: spread(a.first),
    tokensPerSecond: spread(a.tps),
    totalMs: spread(a.total),
    ...(a.cost ? { cost: a.cost } : {}),
  }));
}

/** A row's key across saved runs: the same connection, format and model. */
export function rowKey(row: Pick<LabRow, 'connectionId' | 'format' | 'model'>): string {
  return `${row.connectionId}\u0000${row.format}\u0000${row.model}`;
}

// ---------- exports ----------

export const LAB_FILE_VERSION = 1;
export const LabFileSchema = z.object({
  quartet: z.literal('speedlab'),
  version: z.literal(LAB_FILE_VERSION),
  lab: LabRecordSchema,
});

export function labJson(record: LabRecord): string {
  return `${JSON.stringify({ quartet: 'speedlab', version: LAB_FILE_VERSION, lab: record }, null, 2)}\n`;
}

/** Reads a lab JSON export back: the record, or why not. */
export function readLabJson(text: string): { ok: true; lab: LabRecord } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON.' };
  }
  const parsed = LabFileSchema.safeParse(value);
  return parsed.success
    ? { ok: true, lab: parsed.data.lab }
    : { ok: false, message: 'The file is not a Quartet speed lab export.' };
}

export const LAB_CSV_COLUMNS = [
  'connection',
  'format',
  'model',
  'run',
  'start_ms',
  'headers_ms',
  'first_token_ms',
  'tokens_per_second',
  'total_ms',
  'output_tokens',
  'usage_reported',
  'end_reason',
  'error_kind',
  'status',
  'retry_after_ms',
  'cost',
  'currency',
  'exchange_id',
] as const;

/** A CSV field: quoted when it holds a comma, quote or line end; a leading =+-@ is defused for spreadsheets. */
function csvField(value: string | number | boolean | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line per run, in run order, with its row named. */
export function labCsv(record: LabRecord): string {
  const lines = [LAB_CSV_COLUMNS.join(',')];
  for (const m of record.runs) {
    const row = record.rows[m.row];
    if (!row) continue;
    lines.push(
      [
        row.connectionName,
        row.format,
        row.model,
        m.run,
        m.startMs,
        m.headersMs,
        m.firstTokenMs,
        m.tokensPerSecond,
        m.totalMs,
        m.outputTokens,
        m.usageReported,
        m.endReason,
        m.error?.kind,
        m.error?.status,
        m.error?.retryAfterMs,
        m.cost?.amount,
        m.cost?.currency,
        m.exchangeId,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The file name of an export: the lab's name made safe, and its date. */
export function labFileName(record: Pick<LabRecord, 'name' | 'createdAt'>, as: 'csv' | 'json'): string {
  const base =
    record.name
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'speed-lab';
  const day = new Date(record.createdAt).toISOString().slice(0, 16).replace(/[:T]/g, '-');
  return `${base}-${day}.${as}`;
}
