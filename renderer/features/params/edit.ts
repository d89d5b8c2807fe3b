import type { Params } from '../../../shared/conversation.ts';

/** How a control changes the set it edits: one field set, or removed when the value is undefined. */
export type Update = <K extends keyof Params>(key: K, value: Params[K] | undefined) => void;

/** A copy of the parameters with one field set, or removed when the value is undefined. */
export function withParam<K extends keyof Params>(p: Params, key: K, value: Params[K] | undefined): Params {
  const next = { ...p };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * Turns messages extended thinking on (budget 1,024, the minimum) or off. The budget must stay below
 * max tokens, so a max tokens that leaves no room for the answer is raised to 4,096 at the same time.
 */
export function messagesThinking(p: Params, on: boolean): Params {
  if (!on) return withParam(p, 'thinkingBudget', undefined);
  const budget = 1024;
  const max = p.maxTokens ?? 1024;
  return { ...p, thinkingBudget: budget, maxTokens: max > budget ? max : 4096 };
}
