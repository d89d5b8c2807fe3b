// A reply's token figures and its meta line in the page's words.
import type { Turn, Usage } from '../../../shared/conversation.ts';
import { formatCount, formatMs } from '../../components/format.ts';
import { t } from '../../i18n/active.ts';
import type { MessageKey } from '../../i18n/translate.ts';

export type UsageKind = 'in' | 'out' | 'total' | 'thinking';

/**
 * One token figure in the page's words: `text` holds `{value}` where the figure goes ("{value} in",
 * "输入 {value}"), so each language puts it where its word order wants it.
 */
export interface UsagePart {
  kind: UsageKind;
  value: string;
  text: string;
  title: string;
}

export function usagePart(kind: UsageKind, n: number): UsagePart {
  return {
    kind,
    value: formatCount(n),
    text: t(`chat.usage.${kind}` satisfies MessageKey),
    title: t(`chat.usage.${kind}.title` satisfies MessageKey),
  };
}

/** Token figures in reading order, only those the service reported. */
export function usageParts(u: Usage | undefined): UsagePart[] {
  if (!u) return [];
  const parts: UsagePart[] = [];
  if (u.input !== undefined) parts.push(usagePart('in', u.input));
  if (u.output !== undefined) parts.push(usagePart('out', u.output));
  if (u.total !== undefined) parts.push(usagePart('total', u.total));
  // "0 thinking" says nothing where a model did not think (and never does, in some formats)
  if (u.thinking !== undefined && u.thinking > 0) parts.push(usagePart('thinking', u.thinking));
  return parts;
}

/** The one-line description of a reply: model · finish reason · tokens · TTFT · total time. */
export function metaText(turn: Turn): string {
  const bits: string[] = [];
  if (turn.model) bits.push(turn.model);
  if (turn.finishReason) bits.push(turn.finishReason);
  const usage = usageParts(turn.usage)
    .map((p) => p.text.replace('{value}', p.value))
    .join(' / ');
  if (usage) bits.push(usage);
  if (turn.timings?.firstTokenMs !== undefined) bits.push(`TTFT ${formatMs(turn.timings.firstTokenMs)}`);
  if (turn.timings?.totalMs !== undefined) bits.push(formatMs(turn.timings.totalMs));
  return bits.join(' · ');
}
