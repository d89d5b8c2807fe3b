import type { Params, Turn, Usage } from '../../../shared/conversation.ts';
import type { AppError } from '../../../shared/errors.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { toolChoiceSent } from '../../../shared/tools.ts';
import { formatCount, formatMs } from '../../components/format.ts';
import { columnParams } from '../../store/compare-params.ts';
import { controlWords } from './params-words.ts';
import { t } from '../../i18n/active.ts';
import type { MessageKey } from '../../i18n/translate.ts';

/**
 * Whether the turn carries provider state that goes back verbatim on the next request: a generate-content
 * part with a thoughtSignature, a messages thinking block with its signature (or a redacted one), a
 * responses reasoning item with encrypted content.
 */
export function keptSignature(turn: Turn): boolean {
  const raw = turn.raw;
  if (!raw) return false;
  switch (raw.format) {
    case 'generate':
      return raw.parts.some((p) => typeof p.thoughtSignature === 'string' && p.thoughtSignature !== '');
    case 'messages':
      return raw.content.some(
        (b) =>
          (b.type === 'thinking' && typeof b.signature === 'string' && b.signature !== '') ||
          b.type === 'redacted_thinking',
      );
    case 'responses':
      return raw.output.some(
        (item) =>
          typeof item === 'object' &&
          item !== null &&
          (item as { type?: unknown }).type === 'reasoning' &&
          typeof (item as { encrypted_content?: unknown }).encrypted_content === 'string',
      );
    case 'chat':
      return false;
  }
}

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

/** Heading of an inline error card: the HTTP status when there is one, else what happened. */
export function errorTitle(e: AppError): string {
  if (e.status !== undefined) {
    const vendor = e.vendorType ?? e.vendorCode;
    return `HTTP ${e.status}${vendor ? ` · ${vendor}` : ''}`;
  }
  return t(`chat.error.${e.kind}` satisfies MessageKey);
}

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

/** Splits a search snippet into plain and matched runs (matches are between \u0001 and \u0002). */
export function snippetRuns(snippet: string): { text: string; match: boolean }[] {
  const runs: { text: string; match: boolean }[] = [];
  let rest = snippet;
  while (rest.length > 0) {
    const start = rest.indexOf('\u0001');
    if (start === -1) {
      runs.push({ text: rest, match: false });
      break;
    }
    if (start > 0) runs.push({ text: rest.slice(0, start), match: false });
    const end = rest.indexOf('\u0002', start + 1);
    if (end === -1) {
      runs.push({ text: rest.slice(start + 1), match: true });
      break;
    }
    runs.push({ text: rest.slice(start + 1, end), match: true });
    rest = rest.slice(end + 1);
  }
  return runs.filter((r) => r.text !== '');
}
