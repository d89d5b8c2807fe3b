import type { Params } from '../../../shared/conversation.ts';
import { formatCount } from '../../components/format.ts';

/**
 * What a preset carries besides its system prompt, in a few words ("temp 0.2 · 1,024 tokens · 2 functions
 * · schema “answer”"), so saving one says what goes in and the list says what each holds. Format-neutral:
 * a preset may go to any tab, and each leaves out what its format has no field for.
 */
export function presetParamsSummary(p: Params): string {
  const bits: string[] = [];
  if (p.temperature !== undefined) bits.push(`temp ${p.temperature}`);
  if (p.maxTokens !== undefined) bits.push(`${formatCount(p.maxTokens)} tokens`);
  if (p.thinkingBudget !== undefined) {
    bits.push(
      p.thinkingBudget === 0
        ? 'thinking off'
        : p.thinkingBudget === -1
          ? 'dynamic thinking'
          : `thinking ${formatCount(p.thinkingBudget)}`,
    );
  }
  if (p.includeThoughts) bits.push('thoughts');
  if (p.tools?.length) bits.push(`${p.tools.length} function${p.tools.length === 1 ? '' : 's'}`);
  if (p.toolChoice !== undefined) {
    bits.push(`tool choice ${typeof p.toolChoice === 'string' ? p.toolChoice : p.toolChoice.name}`);
  }
  if (p.output) bits.push(p.output.mode === 'json' ? 'JSON' : `schema “${p.output.name}”`);
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
  if (!p.stream) bits.push('not streamed');
  return bits.length > 0 ? bits.join(' · ') : 'service defaults';
}
