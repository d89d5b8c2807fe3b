import type { Params } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
import { controlWords } from '../params/params-words.ts';

const SYSTEM_SHOWN = 24;

/**
 * A column's parameters in a few words: "temp 0.3 · 2,048 tokens · thinking 1,024 · schema “answer” ·
 * 2 tools · required · 1 server tool · seed 7". `p` is what the column sends (columnParams), so a control its format lacks
 * is already gone. The most telling come first: the line is cut with an ellipsis where the header runs out
 * of room.
 */
export function compareParamsSummary(format: TextFormat, p: Params): string {
  const bits: string[] = [];
  if (p.temperature !== undefined) bits.push(t('params.words.temp', { value: String(p.temperature) }));
  if (p.maxTokens !== undefined) bits.push(t('params.words.tokens', { count: p.maxTokens }));
  if (format === 'generate' || format === 'messages') {
    const b = p.thinkingBudget;
    if (b === 0) bits.push(t('params.words.thinkingOff'));
    else if (b === -1) bits.push(t('params.words.thinkingDynamic'));
    else if (b !== undefined) bits.push(t('params.words.thinking', { value: b }));
  }
  if (format === 'generate' && p.includeThoughts) bits.push(t('params.words.thoughts'));
  if (p.output)
    bits.push(p.output.mode === 'json' ? 'JSON' : t('params.words.schema', { name: p.output.name }));
  const tools = p.tools?.length ?? 0;
  if (tools > 0) {
    bits.push(t('params.words.tools', { count: tools }));
    const c = p.toolChoice;
    if (c !== undefined)
      bits.push(
        typeof c === 'object'
          ? t('params.words.calls', { name: c.name })
          : c === 'none'
            ? t('params.words.noCalls')
            : c,
      );
  }
  const serverTools = p.mcpTools?.length ?? 0;
  if (serverTools > 0) bits.push(t('params.words.serverTools', { count: serverTools }));
  bits.push(...controlWords(p));
  if (!p.stream) bits.push(t('params.words.notStreamed'));
  if (p.system) {
    const line = p.system.replace(/\s+/g, ' ').trim();
    const text = line.length > SYSTEM_SHOWN ? `${line.slice(0, SYSTEM_SHOWN - 1)}…` : line;
    bits.push(t('params.words.system', { text }));
  }
  return bits.length > 0 ? bits.join(' · ') : t('params.words.defaults');
}
