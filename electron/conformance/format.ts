// Checks every text format shares: auth and status of the main request, the spec table, where the reply
// text is, usage, and the verdict on a streamed answer.
import type { KeyFamily } from '../../shared/formats.ts';
import { AUTH_WAY, describeAnswer, describeHttp, oneLine } from './probe.ts';
import type { Answer, SseAnswer, StreamAnswer } from './probe.ts';
import { emit, ms, type Group } from './report.ts';
import { checkFields, describeValue, summariseProblems, type SpecTable } from './schema.ts';
import type { Ctx } from './types.ts';
import { isRecord } from '../../shared/wire.ts';

export interface FormatInfo {
  group: Group;
  family: KeyFamily;
  table: SpecTable;
}

/** A short prompt, so each probe costs a few tokens. */
export const PROMPT = 'Reply with the single word: ok';

export interface ModelChoice {
  id: string;
  how: string;
}

function authVerdict(f: FormatInfo, answer: Answer): { status: 'pass' | 'fail' | 'info'; detail: string } {
  const way = AUTH_WAY[f.family];
  if (answer.kind === 'failed')
    return { status: 'info', detail: `could not tell: ${describeAnswer(answer)}` };
  if (answer.status === 401 || answer.status === 403) {
    return {
      status: 'fail',
      detail: `expected the key to be accepted as ${way}; got ${describeHttp(answer)}`,
    };
  }
  if (answer.status >= 500) return { status: 'info', detail: `could not tell: ${describeHttp(answer)}` };
  const note = answer.status === 200 ? '' : ` (not refused: HTTP ${answer.status})`;
  return { status: 'pass', detail: `key accepted as ${way}${note}` };
}

/**
 * Reports `.auth` and `.status` of a format's main request. Returns the JSON body when there is one to
 * check further, else reports the dependent checks as not checked.
 */
export function reportMain(
  ctx: Ctx,
  f: FormatInfo,
  answer: Answer,
  model: ModelChoice,
  dependents: readonly string[],
): Record<string, unknown> | undefined {
  const auth = authVerdict(f, answer);
  emit(ctx, f.group, 'auth', 'Auth', auth.status, auth.detail);
  const asked = `model ${model.id} (${model.how})`;
  let body: Record<string, unknown> | undefined;
  if (answer.kind === 'http' && answer.status === 200 && isRecord(answer.json)) {
    body = answer.json;
    emit(
      ctx,
      f.group,
      'status',
      'Status 200',
      'pass',
      `${answer.where} answered HTTP 200 with JSON in ${ms(answer.ms)}; ${asked}`,
    );
  } else {
    const expected =
      answer.kind === 'http' && answer.status === 200 ? 'a JSON object' : 'HTTP 200 with a JSON object';
    emit(
      ctx,
      f.group,
      'status',
      'Status 200',
      'fail',
      `expected ${expected} from ${answer.where} for ${asked}; got ${describeAnswer(answer)}`,
    );
  }
  if (body === undefined) {
    for (const check of dependents) {
      emit(ctx, f.group, check, NAMES[check] ?? check, 'info', 'not checked: the request did not succeed');
    }
  }
  return body;
}

const NAMES: Record<string, string> = {
  fields: 'Fields',
  text: 'Reply text',
  usage: 'Usage',
  stream: 'Streaming',
  decode: 'Image decodes',
  size: 'Reported size',
  adjusted: 'Size adjusted',
  edits: 'Image edits offered',
};

export function reportFields(ctx: Ctx, f: FormatInfo, body: unknown, table: SpecTable = f.table): void {
  const result = checkFields(table, body);
  if (result.problems.length > 0) {
    emit(ctx, f.group, 'fields', NAMES['fields'] ?? '', 'fail', summariseProblems(table, result.problems));
    return;
  }
  const notes = result.notes.length > 0 ? `; note: ${result.notes.join(', ')}` : '';
  emit(
    ctx,
    f.group,
    'fields',
    'Fields',
    'pass',
    `${table.name}: all ${result.rows} fields of spec ${table.section} present with the documented types and constants${notes}`,
  );
}

export function reportText(ctx: Ctx, f: FormatInfo, text: unknown, where: string): void {
  if (typeof text === 'string' && text.trim() !== '') {
    emit(ctx, f.group, 'text', 'Reply text', 'pass', `at ${where}: ${JSON.stringify(oneLine(text, 60))}`);
    return;
  }
  emit(
    ctx,
    f.group,
    'text',
    'Reply text',
    'fail',
    `expected the reply text at ${where}; got ${typeof text === 'string' ? 'an empty string' : describeValue(text)}`,
  );
}

export interface UsageShape {
  /** Where usage sits in the reply: `usage`, `usageMetadata`. */
  path: string;
  /** Counts that add up to the total. */
  addends: readonly string[];
  /** Counts that add to the total when present (thoughts, tool prompts). */
  optionalAddends?: readonly string[];
  /** The total, when the format has one. */
  total?: string;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function reportUsage(ctx: Ctx, f: FormatInfo, body: Record<string, unknown>, shape: UsageShape): void {
  const usage = body[shape.path];
  const fail = (detail: string): void => emit(ctx, f.group, 'usage', 'Usage', 'fail', detail);
  if (!isRecord(usage)) return fail(`expected an object at ${shape.path}; got ${describeValue(usage)}`);
  const required = shape.total === undefined ? shape.addends : [...shape.addends, shape.total];
  for (const name of required) {
    if (!isCount(usage[name])) {
      return fail(
        `expected ${shape.path}.${name} to be a count (integer >= 0); got ${describeValue(usage[name])}`,
      );
    }
  }
  const present = [...shape.addends, ...(shape.optionalAddends ?? []).filter((n) => usage[n] !== undefined)];
  for (const name of present) {
    if (!isCount(usage[name])) {
      return fail(
        `expected ${shape.path}.${name} to be a count (integer >= 0); got ${describeValue(usage[name])}`,
      );
    }
  }
  const terms = present.map((n) => `${n} ${String(usage[n])}`).join(' + ');
  if (shape.total === undefined) {
    emit(
      ctx,
      f.group,
      'usage',
      'Usage',
      'pass',
      `${terms.replace(/ \+ /g, ', ')} (this format has no total)`,
    );
    return;
  }
  const sum = present.reduce((acc, n) => acc + (usage[n] as number), 0);
  const total = usage[shape.total] as number;
  if (sum !== total) {
    emit(
      ctx,
      f.group,
      'usage',
      'Usage',
      'warn',
      `expected ${shape.path}.${shape.total} = ${present.join(' + ')} = ${present.map((n) => String(usage[n])).join(' + ')} = ${sum}; got ${total}`,
    );
    return;
  }
  emit(ctx, f.group, 'usage', 'Usage', 'pass', `${terms} = ${shape.total} ${total}`);
}

/** What a format's stream judge found. */
export interface StreamJudgement {
  /** Breaks that make the stream unusable or wrong: the check fails. */
  problems: string[];
  /** Differences a client may trip on: the check warns. */
  warnings: string[];
  /** What the stream looked like, for the pass line. */
  summary: string;
}

export function reportStream(
  ctx: Ctx,
  f: FormatInfo,
  answer: StreamAnswer,
  judge: (a: SseAnswer) => StreamJudgement,
): void {
  const report = (status: 'pass' | 'warn' | 'fail', detail: string): void =>
    emit(ctx, f.group, 'stream', 'Streaming', status, detail);
  if (answer.kind === 'failed') return report('fail', `expected a stream; got ${describeAnswer(answer)}`);
  if (answer.kind === 'http') {
    if (answer.status === 200 && isRecord(answer.json)) {
      return report(
        'warn',
        `expected text/event-stream from ${answer.where}; got one JSON body: streaming is not supported (clients must cope, and show no live text)`,
      );
    }
    return report(
      'fail',
      `expected HTTP 200 text/event-stream from ${answer.where}; got ${describeAnswer(answer)}`,
    );
  }
  const j = judge(answer);
  const problems = answer.error === undefined ? j.problems : [answer.error, ...j.problems];
  if (problems.length > 0) {
    const more = problems.length > 3 ? `; and ${problems.length - 3} more` : '';
    return report('fail', `stream from ${answer.where}: ${problems.slice(0, 3).join('; ')}${more}`);
  }
  if (j.warnings.length > 0) return report('warn', `stream from ${answer.where}: ${j.warnings.join('; ')}`);
  report('pass', `${j.summary} in ${ms(answer.ms)}`);
}

/** Parses one event's data as a JSON object; undefined for anything else. */
export function eventJson(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Adds `message` once. */
export function once(list: string[], message: string): void {
  if (!list.includes(message)) list.push(message);
}
