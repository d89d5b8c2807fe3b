import type { Params } from '../../../shared/conversation.ts';
import { formatCount } from '../../components/format.ts';
import { controlWords } from '../chat/params-words.ts';

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
  bits.push(...controlWords(p));
  if (!p.stream) bits.push('not streamed');
  return bits.length > 0 ? bits.join(' · ') : 'service defaults';
}
