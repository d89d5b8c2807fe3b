import type { Params } from '../../../shared/conversation.ts';
import { t } from '../../i18n/active.ts';
import { controlWords } from '../params/params-words.ts';

/**
 * What a preset carries besides its system prompt, in a few words ("temp 0.2 · 1,024 tokens · 2 functions
 * · schema “answer”"), so saving one says what goes in and the list says what each holds. Format-neutral:
 * a preset may go to any tab, and each leaves out what its format has no field for.
 */
export function presetParamsSummary(p: Params): string {
  const bits: string[] = [];
  if (p.temperature !== undefined) bits.push(t('params.words.temp', { value: String(p.temperature) }));
  if (p.maxTokens !== undefined) bits.push(t('params.words.tokens', { count: p.maxTokens }));
  if (p.thinkingBudget !== undefined) {
    bits.push(
      p.thinkingBudget === 0
        ? t('params.words.thinkingOff')
        : p.thinkingBudget === -1
          ? t('params.words.thinkingDynamic')
          : t('params.words.thinking', { value: p.thinkingBudget }),
    );
  }
  if (p.includeThoughts) bits.push(t('params.words.thoughts'));
  if (p.tools?.length) bits.push(t('params.words.functions', { count: p.tools.length }));
  if (p.toolChoice !== undefined) {
    const choice = typeof p.toolChoice === 'string' ? p.toolChoice : p.toolChoice.name;
    bits.push(t('params.words.toolChoice', { choice }));
  }
  if (p.output)
    bits.push(p.output.mode === 'json' ? 'JSON' : t('params.words.schema', { name: p.output.name }));
  bits.push(...controlWords(p));
  if (!p.stream) bits.push(t('params.words.notStreamed'));
  return bits.length > 0 ? bits.join(' · ') : t('params.words.defaults');
}
