import type { Params } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { formatCount } from '../../components/format.ts';
import { controlWords } from '../chat/params-words.ts';

const SYSTEM_SHOWN = 24;

/**
 * A column's parameters in a few words: "temp 0.3 · 2,048 tokens · thinking 1,024 · schema “answer” ·
 * 2 tools · required · seed 7". `p` is what the column sends (columnParams), so a control its format lacks
 * is already gone. The most telling come first: the line is cut with an ellipsis where the header runs out
 * of room.
 */
export function compareParamsSummary(format: TextFormat, p: Params): string {
  const bits: string[] = [];
  if (p.temperature !== undefined) bits.push(`temp ${p.temperature}`);
  if (p.maxTokens !== undefined) bits.push(`${formatCount(p.maxTokens)} tokens`);
  if (format === 'generate' || format === 'messages') {
    const b = p.thinkingBudget;
    if (b === 0) bits.push('thinking off');
    else if (b === -1) bits.push('dynamic thinking');
    else if (b !== undefined) bits.push(`thinking ${formatCount(b)}`);
  }
  if (format === 'generate' && p.includeThoughts) bits.push('thoughts');
  if (p.output) bits.push(p.output.mode === 'json' ? 'JSON' : `schema “${p.output.name}”`);
  const tools = p.tools?.length ?? 0;
  if (tools > 0) {
    bits.push(`${tools} tool${tools === 1 ? '' : 's'}`);
    const c = p.toolChoice;
    if (c !== undefined) bits.push(typeof c === 'object' ? `calls ${c.name}` : c === 'none' ? 'no calls' : c);
  }
  bits.push(...controlWords(p));
  if (!p.stream) bits.push('not streamed');
  if (p.system) {
    const line = p.system.replace(/\s+/g, ' ').trim();
    bits.push(`system “${line.length > SYSTEM_SHOWN ? `${line.slice(0, SYSTEM_SHOWN - 1)}…` : line}”`);
  }
  return bits.length > 0 ? bits.join(' · ') : 'service defaults';
}
