import { defaultParams, type Params } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { CONTROL_KEYS, formatSends } from '../../shared/controls.ts';

/**
 * The parameters of the Compare view. One set either applies to every column ("same for all") or each
 * column has its own; either way a column sends only the fields its format has: thought summaries are
 * generate's, a thinking budget is generate's and messages' (where 0 and -1 mean nothing), each control
 * goes where the table says it is sent (shared/controls.ts), plain JSON mode is not messages', and messages
 * always gets its required max tokens. Tools, the extra body and the rest pass through to every format.
 */

/** A parameter set as settings keep it: any field may be absent. */
export type PartialParams = { [K in keyof Params]?: Params[K] | undefined };

/** Whether a column of `format` sends structured output of this kind (messages has no plain JSON mode). */
export function sendsOutput(format: TextFormat, output: NonNullable<Params['output']>): boolean {
  return !(format === 'messages' && output.mode === 'json');
}

/** A parameter set as the user left it, made whole (fields left undefined are dropped). */
export function wholeParams(p: PartialParams | undefined): Params {
  const defined = Object.entries(p ?? {}).filter(([, v]) => v !== undefined);
  return { stream: true, ...Object.fromEntries(defined) } as Params;
}

/** What a column of `format` sends, from the set it shows (the shared one or its own). */
export function columnParams(format: TextFormat, source: PartialParams | undefined): Params {
  const p: Params = { ...defaultParams(format), ...wholeParams(source) };
  // every control the format's request does not carry (shared/controls.ts), and messages' budget when it
  // is one of generate's special values (0 off, -1 dynamic)
  for (const k of CONTROL_KEYS) if (!formatSends(format, k)) delete p[k];
  if (format === 'messages' && p.thinkingBudget !== undefined && p.thinkingBudget < 1)
    delete p.thinkingBudget;
  if (p.output && !sendsOutput(format, p.output)) delete p.output;
  return p;
}

/**
 * Whether two values are the same JSON: objects key by key (a field set to undefined is a field left
 * out, as on the wire), arrays item by item in order.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameJson(v, b[i]));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) if (!sameJson(x[k], y[k])) return false;
  return true;
}

/** Whether two parameter sets send the same request (field order and absent fields aside). */
export function sameParams(a: Params, b: Params): boolean {
  return sameJson(a, b);
}

/**
 * The shared set that gives every column exactly the parameters it has, or null when they differ: how an
 * opened comparison decides whether it was made with "same for all". Each column's set is tried in turn
 * (a messages column's max tokens may be only its required default).
 */
export function sharedParamsOf(columns: readonly { format: TextFormat; params: Params }[]): Params | null {
  const fits = (candidate: Params) =>
    columns.every((c) => sameParams(columnParams(c.format, candidate), columnParams(c.format, c.params)));
  const merged = Object.assign({}, ...columns.map((c) => c.params)) as Params;
  for (const candidate of [...columns.map((c) => c.params), merged]) if (fits(candidate)) return candidate;
  return null;
}
