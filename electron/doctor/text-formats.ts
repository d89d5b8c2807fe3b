// Group "text": one tiny request per text format, with the first suitable model.
import { FORMAT_LABELS, TEXT_FORMATS } from '../../shared/formats.ts';
import { ApiError } from '../core/index.ts';
import { pickTextModel } from './pick-model.ts';
import { clip, exchangeIdOf, failureLine } from './util.ts';
import type { CheckContext, ModelList } from './types.ts';

const PROMPT = 'Reply with the single word: ok';
const MAX_TOKENS = 32;

export async function checkTextFormats(ctx: CheckContext, models: ModelList): Promise<void> {
  for (const format of TEXT_FORMATS) {
    if (ctx.signal?.aborted) return;
    const model = pickTextModel(models, format);
    const name = FORMAT_LABELS[format];
    const modelNote = model.listed ? model.id : `${model.id} (not from the model list)`;
    try {
      const reply = await ctx.client.sendTurn({
        format,
        model: model.id,
        history: [{ id: 'check', role: 'user', text: PROMPT, status: 'complete', createdAt: 0 }],
        params: { stream: false, maxTokens: MAX_TOKENS },
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
      const tokens = reply.usage?.output !== undefined ? `, ${reply.usage.output} tokens out` : '';
      const ms = reply.timings.totalMs !== undefined ? `, ${reply.timings.totalMs} ms` : '';
      const answered = reply.text.trim() !== '';
      ctx.report({
        id: `text.${format}`,
        group: 'text',
        name,
        status: answered ? 'pass' : 'warn',
        detail: answered
          ? `${modelNote} answered "${clip(reply.text)}"${tokens}${ms}`
          : `${modelNote} answered without text (finish reason ${reply.finishReason ?? 'none'})${tokens}`,
        exchangeId: reply.exchange.id,
      });
    } catch (e) {
      const exchangeId = exchangeIdOf(e);
      // Refused before sending (no key for this family): the service was not asked, so not its failure.
      const notSent = e instanceof ApiError && e.info.kind === 'invalid-input';
      ctx.report({
        id: `text.${format}`,
        group: 'text',
        name,
        status: notSent ? 'warn' : 'fail',
        detail: `${modelNote}: ${failureLine(e)}`,
        ...(exchangeId ? { exchangeId } : {}),
      });
    }
  }
}
