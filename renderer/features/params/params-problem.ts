// Parameters a service would refuse for a format, said before the request is sent (chat and Compare).
import type { Params } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';

/** What is wrong with the parameters for this format, if anything (the service would refuse them). */
export function paramsProblem(
  format: TextFormat,
  p: Params,
): { field: 'maxTokens' | 'thinkingBudget'; message: string } | null {
  if (format === 'messages') {
    if (p.maxTokens === undefined) return { field: 'maxTokens', message: t('chat.problem.maxTokens') };
    if (p.thinkingBudget !== undefined) {
      if (p.thinkingBudget < 1024) return { field: 'thinkingBudget', message: t('chat.problem.budgetMin') };
      if (p.thinkingBudget >= p.maxTokens)
        return {
          field: 'thinkingBudget',
          message: t('chat.problem.budgetBelowMax', { max: p.maxTokens }),
        };
    }
  }
  return null;
}
