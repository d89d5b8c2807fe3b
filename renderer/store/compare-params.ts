import { defaultParams, type Params } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';

/**
 * The parameters of the Compare view. One set either applies to every column ("same for all") or each
 * column has its own; either way a column sends only the fields its format has: thought summaries are
 * generate's, a thinking budget is generate's and messages' (where 0 and -1 mean nothing), and messages
 * always gets its required max tokens.
 */

/** A parameter set as settings keep it: any field may be absent. */
export type PartialParams = { [K in keyof Params]?: Params[K] | undefined };

/** A parameter set as the user left it, made whole (fields left undefined are dropped). */
export function wholeParams(p: PartialParams | undefined): Params {
  const defined = Object.entries(p ?? {}).filter(([, v]) => v !== undefined);
  return { stream: true, ...Object.fromEntries(defined) } as Params;
}

/** What a column of `format` sends, from the set it shows (the shared one or its own). */
export function columnParams(format: TextFormat, source: PartialParams | undefined): Params {
  const p: Params = { ...defaultParams(format), ...wholeParams(source) };
  if (format !== 'generate') delete p.includeThoughts;
  if (format === 'chat' || format === 'responses') delete p.thinkingBudget;
  if (format === 'messages' && p.thinkingBudget !== undefined && p.thinkingBudget < 1)
    delete p.thinkingBudget;
  return p;
}

/** Whether two parameter sets send the same request (field order and absent fields aside). */
export function sameParams(a: Params, b: Params): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof Params)[]);
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
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
