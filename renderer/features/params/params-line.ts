// The parameters line under the message box: what the next request sends, in a few words.
import type { Params } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { toolChoiceSent } from '../../../shared/tools.ts';
import { formatCount } from '../../components/format.ts';
import { columnParams } from '../../store/compare-params.ts';
import { controlWords } from './params-words.ts';
import { t } from '../../i18n/active.ts';

/**
 * A short summary of the parameters for the composer's footer. `answeringCalls`: the last reply made calls,
 * so the next request carries their results (and a choice that forces a call goes as auto).
 */
export function paramsSummary(format: TextFormat, p: Params, answeringCalls = false): string {
  const bits: string[] = [t(p.stream ? 'chat.summary.streaming' : 'chat.summary.notStreaming')];
  // a temperature is written as typed (0.7, not a rounded figure)
  if (p.temperature !== undefined) bits.push(t('chat.summary.temperature', { value: String(p.temperature) }));
  if (p.maxTokens !== undefined) bits.push(t('chat.summary.maxTokens', { count: p.maxTokens }));
  const thinking = (n: number) => t('params.words.thinking', { value: formatCount(n) });
  if (format === 'generate') {
    if (p.includeThoughts) bits.push(t('chat.summary.thoughts'));
    if (p.thinkingBudget === 0) bits.push(t('params.words.thinkingOff'));
    else if (p.thinkingBudget === -1) bits.push(t('params.words.thinkingDynamic'));
    else if (p.thinkingBudget !== undefined) bits.push(thinking(p.thinkingBudget));
  }
  if (format === 'messages' && p.thinkingBudget !== undefined) bits.push(thinking(p.thinkingBudget));
  // Only the controls this format sends (the others may be remembered from another tab's defaults).
  const sent = columnParams(format, p);
  bits.push(...controlWords({ ...sent, extraBody: undefined }));
  if (p.output && !(p.output.mode === 'json' && format === 'messages'))
    bits.push(p.output.mode === 'json' ? 'JSON' : t('chat.summary.schema', { name: p.output.name }));
  const tools = p.tools?.length ?? 0;
  if (tools > 0) {
    const choice = p.toolChoice;
    // the choice is its wire value (auto, required) or a function's name, the same in every language
    const named = choice === undefined ? undefined : typeof choice === 'string' ? choice : choice.name;
    bits.push(
      named === undefined
        ? t('chat.summary.functions', { count: tools })
        : toolChoiceSent(choice, answeringCalls) !== choice
          ? t('chat.summary.functionsChoiceResults', { count: tools, choice: named })
          : t('chat.summary.functionsChoice', { count: tools, choice: named }),
    );
  }
  if (p.system) bits.push(t('chat.summary.system'));
  if (p.extraBody) bits.push(t('params.words.extraBody'));
  return bits.join(' · ');
}
