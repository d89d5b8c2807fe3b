// Function calls and their results as text: the call cards' pretty arguments, the results bubble's
// values, and what "copy" puts on the clipboard (in the page's language) for a turn that carries them. No
// DOM, only shared types.
import type { Turn } from '../../../shared/conversation.ts';
import { argumentsValue, type ToolCall, type ToolResult } from '../../../shared/tools.ts';
import { t } from '../../i18n/active.ts';

/** The arguments indented when they are JSON; else the text as received (`parsed` false). */
export function prettyArguments(args: string): { text: string; parsed: boolean } {
  const value = argumentsValue(args);
  if (value === undefined) return { text: args, parsed: false };
  return { text: JSON.stringify(value, null, 2), parsed: true };
}

/** A result on one line when it is JSON (compacted), else the text itself. */
export function compactResult(content: string): string {
  try {
    return JSON.stringify(JSON.parse(content) as unknown);
  } catch {
    return content;
  }
}

/** A result indented when it is JSON, else the text itself (the expanded view of a long result). */
export function prettyResult(content: string): string {
  try {
    return JSON.stringify(JSON.parse(content) as unknown, null, 2);
  } catch {
    return content;
  }
}

/** `get_weather({"city":"Paris"})  [call_1]` */
export function callLine(c: ToolCall): string {
  const args = argumentsValue(c.arguments);
  return `${c.name}(${args === undefined ? c.arguments : JSON.stringify(args)})${c.id ? `  [${c.id}]` : ''}`;
}

/** `get_weather → {"temp":21}` (`(error)` when marked as one) */
export function resultLine(r: ToolResult): string {
  return `${r.name} → ${compactResult(r.content)}${r.isError ? ` ${t('tools.copy.error')}` : ''}`;
}

/** What copying a turn gives: its text, then its calls or results one per line. */
export function turnCopyText(turn: Turn): string {
  const parts: string[] = [];
  if (turn.toolResults?.length)
    parts.push(`${t('tools.copy.results')}\n${turn.toolResults.map(resultLine).join('\n')}`);
  if (turn.text !== '') parts.push(turn.text);
  if (turn.toolCalls?.length)
    parts.push(`${t('tools.copy.calls')}\n${turn.toolCalls.map(callLine).join('\n')}`);
  return parts.join('\n\n');
}
