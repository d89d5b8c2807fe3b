import type { Params } from '../../../shared/conversation.ts';

/**
 * The "More controls" a parameter set holds, in a few words each ("top P 0.5 · 2 stops · seed 7"): one
 * wording for the composer's line, a Compare column's summary and a preset's. Callers pass what is sent
 * (a format's own controls only) or, for a preset, everything it keeps.
 */
export function controlWords(p: Params): string[] {
  const bits: string[] = [];
  if (p.topP !== undefined) bits.push(`top P ${p.topP}`);
  if (p.topK !== undefined) bits.push(`top K ${p.topK}`);
  if (p.stop?.length) bits.push(`${p.stop.length} stop${p.stop.length === 1 ? '' : 's'}`);
  if (p.seed !== undefined) bits.push(`seed ${p.seed}`);
  if (p.presencePenalty !== undefined) bits.push(`presence ${p.presencePenalty}`);
  if (p.frequencyPenalty !== undefined) bits.push(`frequency ${p.frequencyPenalty}`);
  if (p.reasoningEffort) bits.push(`${p.reasoningEffort} effort`);
  if (p.reasoningSummary) bits.push(`${p.reasoningSummary} summary`);
  if (p.thinkingLevel) bits.push(`thinking ${p.thinkingLevel}`);
  if (p.extraBody) bits.push('extra body');
  return bits;
}
