import type { Params } from '../../../shared/conversation.ts';
import { t } from '../../i18n/active.ts';

/**
 * The "More controls" a parameter set holds, in a few words each ("top P 0.5 · 2 stops · seed 7"): one
 * wording for the composer's line, a Compare column's summary and a preset's. Callers pass what is sent
 * (a format's own controls only) or, for a preset, everything it keeps. Values are written as typed (a
 * seed is an id, not an amount), so they go in as text.
 */
export function controlWords(p: Params): string[] {
  const bits: string[] = [];
  // "top P" / "top K" are the names every format and vendor uses, in any language
  if (p.topP !== undefined) bits.push(`top P ${p.topP}`);
  if (p.topK !== undefined) bits.push(`top K ${p.topK}`);
  if (p.stop?.length) bits.push(t('params.words.stops', { count: p.stop.length }));
  if (p.seed !== undefined) bits.push(t('params.words.seed', { value: String(p.seed) }));
  if (p.presencePenalty !== undefined)
    bits.push(t('params.words.presence', { value: String(p.presencePenalty) }));
  if (p.frequencyPenalty !== undefined)
    bits.push(t('params.words.frequency', { value: String(p.frequencyPenalty) }));
  if (p.reasoningEffort) bits.push(t('params.words.effort', { value: p.reasoningEffort }));
  if (p.reasoningSummary) bits.push(t('params.words.summary', { value: p.reasoningSummary }));
  if (p.thinkingLevel) bits.push(t('params.words.thinkingLevel', { value: p.thinkingLevel }));
  if (p.extraBody) bits.push(t('params.words.extraBody'));
  return bits;
}
