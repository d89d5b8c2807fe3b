// `quartet bench`: the speed lab from the terminal. The same runs and measures as the app's lab
// (core/lab, shared/speedlab.ts) against the service of the environment, printed as a table or as JSON.
import { SPEED_LAB } from '../../../shared/limits.ts';
import { TextFormatSchema, type TextFormat } from '../../../shared/formats.ts';
import { MAX_MODEL_ID_CHARS } from '../../../shared/limits.ts';
import { rowStats, type LabPlan, type LabRow, type Spread } from '../../../shared/speedlab.ts';
import { runLab } from '../../core/lab/run-lab.ts';
import { intOption, UsageError } from '../args.ts';
import { connect } from '../connection.ts';
import { flag, list, promptFrom, str, type CommandContext } from './context.ts';

export const benchOptions = {
  row: { type: 'string', multiple: true },
  tokens: { type: 'string' },
  runs: { type: 'string' },
  concurrency: { type: 'string' },
  'timeout-ms': { type: 'string' },
  json: { type: 'boolean' },
} as const;

const DEFAULT_PROMPT = 'Explain in one paragraph why the sky is blue.';

/** `--row FORMAT:MODEL`, e.g. `chat:gpt-5-mini`. */
function parseRow(text: string): { format: TextFormat; model: string } {
  const at = text.indexOf(':');
  const format = TextFormatSchema.safeParse(text.slice(0, Math.max(0, at)));
  const model = text.slice(at + 1).trim();
  if (at < 0 || !format.success || model === '' || model.length > MAX_MODEL_ID_CHARS)
    throw new UsageError(
      `--row must be FORMAT:MODEL (chat, responses, messages or generate), not '${text}'`,
      'bench',
    );
  return { format: format.data, model };
}

const fmt = (n: number | undefined, digits = 0): string =>
  n === undefined
    ? '-'
    : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const three = (s: Spread, digits = 0): string =>
  `${fmt(s.p50, digits)}/${fmt(s.p90, digits)}/${fmt(s.p99, digits)}`;

/** Columns padded to their widest cell, the first left-aligned, the figures right-aligned. */
export function table(rows: readonly string[][]): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  '),
    )
    .join('\n');
}

export async function runBench(ctx: CommandContext): Promise<number> {
  const v = ctx.values;
  const asked = list(v, 'row').map(parseRow);
  if (asked.length === 0) throw new UsageError('name at least one row: --row chat:MODEL', 'bench');
  if (asked.length > SPEED_LAB.rows.max) throw new UsageError(`at most ${SPEED_LAB.rows.max} rows`, 'bench');
  const plan: LabPlan = {
    prompt: (await promptFrom(ctx)) || DEFAULT_PROMPT,
    outputTokens:
      intOption('tokens', str(v, 'tokens'), SPEED_LAB.outputTokens.min, SPEED_LAB.outputTokens.max) ?? 200,
    runs: intOption('runs', str(v, 'runs'), SPEED_LAB.runs.min, SPEED_LAB.runs.max) ?? 5,
    concurrency:
      intOption('concurrency', str(v, 'concurrency'), SPEED_LAB.concurrency.min, SPEED_LAB.concurrency.max) ??
      1,
    timeoutMs:
      intOption('timeout-ms', str(v, 'timeout-ms'), SPEED_LAB.timeoutMs.min, SPEED_LAB.timeoutMs.max) ??
      30_000,
  };
  if (plan.prompt.length > SPEED_LAB.promptChars)
    throw new UsageError(`the prompt is longer than ${SPEED_LAB.promptChars} characters`, 'bench');
  // no retries: a 429 is a measure of the service, not something to hide
  const client = connect(v, ctx.io.env, {
    maxRetries: 0,
    headersTimeoutMs: plan.timeoutMs,
    idleTimeoutMs: plan.timeoutMs,
  });
  const json = flag(v, 'json');
  const total = asked.length * plan.runs;
  let done = 0;
  const runs = await runLab({
    plan,
    targets: asked.map((r) => ({ client, ...r })),
    signal: ctx.signal,
    onRun: () => {
      done += 1;
      if (!json) ctx.term.err(`\r${done}/${total} runs`);
    },
  });
  if (!json) ctx.term.err('\n');
  const rows: LabRow[] = asked.map((r) => ({ ...r, connectionId: 'cli', connectionName: client.root }));
  const stats = rowStats({ rows, runs });
  if (json) {
    ctx.term.out(`${JSON.stringify({ service: client.root, plan, rows, stats, runs }, null, 2)}\n`);
  } else {
    const lines = [
      ['row', 'runs', 'errors', 'first token ms p50/p90/p99', 'tokens/s p50/p90/p99', 'total ms p50/p90/p99'],
      ...stats.map((s, i) => [
        `${asked[i]?.format}:${asked[i]?.model}`,
        String(s.runs),
        s.errors === 0
          ? '0'
          : `${s.errors} (${Object.entries(s.errorsByKind)
              .map(([k, n]) => `${k} ${n}`)
              .join(', ')})`,
        three(s.firstTokenMs),
        three(s.tokensPerSecond, 1),
        three(s.totalMs),
      ]),
    ];
    ctx.term.out(`${table(lines)}\n`);
  }
  return runs.some((r) => r.error && r.error.kind !== 'stopped') ? 1 : 0;
}
