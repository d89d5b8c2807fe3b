import type { Params, Turn, Usage } from '../../../shared/conversation.ts';
import type { AppError } from '../../../shared/errors.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { formatCount, formatMs } from '../../components/format.ts';
import { columnParams } from '../../store/compare-params.ts';
import { controlWords } from './params-words.ts';

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

/** Token figures in reading order, only those the service reported. */
export function usageParts(u: Usage | undefined): { label: string; value: string; title: string }[] {
  if (!u) return [];
  const parts: { label: string; value: string; title: string }[] = [];
  if (u.input !== undefined) parts.push({ label: 'in', value: formatCount(u.input), title: 'Input tokens' });
  if (u.output !== undefined)
    parts.push({ label: 'out', value: formatCount(u.output), title: 'Output tokens' });
  if (u.total !== undefined)
    parts.push({ label: 'total', value: formatCount(u.total), title: 'Total tokens' });
  // "0 thinking" says nothing where a model did not think (and never does, in some formats)
  if (u.thinking !== undefined && u.thinking > 0)
    parts.push({ label: 'thinking', value: formatCount(u.thinking), title: 'Thinking tokens' });
  return parts;
}

/** The one-line description of a reply: model · finish reason · tokens · TTFT · total time. */
export function metaText(turn: Turn): string {
  const bits: string[] = [];
  if (turn.model) bits.push(turn.model);
  if (turn.finishReason) bits.push(turn.finishReason);
  const usage = usageParts(turn.usage)
    .map((p) => `${p.value} ${p.label}`)
    .join(' / ');
  if (usage) bits.push(usage);
  if (turn.timings?.firstTokenMs !== undefined) bits.push(`TTFT ${formatMs(turn.timings.firstTokenMs)}`);
  if (turn.timings?.totalMs !== undefined) bits.push(formatMs(turn.timings.totalMs));
  return bits.join(' · ');
}

const KIND_TITLES: Record<AppError['kind'], string> = {
  http: 'The service returned an error',
  stream: 'The stream failed',
  connection: 'Could not connect',
  'timeout-headers': 'No response in time',
  'timeout-idle': 'The stream went silent',
  aborted: 'Stopped',
  'invalid-response': 'The response could not be read',
  'invalid-input': 'Not sent',
  'not-found': 'Not found',
  internal: 'Something went wrong in the app',
};

/** Heading of an inline error card: the HTTP status when there is one, else what happened. */
export function errorTitle(e: AppError): string {
  if (e.status !== undefined) {
    const vendor = e.vendorType ?? e.vendorCode;
    return `HTTP ${e.status}${vendor ? ` · ${vendor}` : ''}`;
  }
  return KIND_TITLES[e.kind];
}

/** What is wrong with the parameters for this format, if anything (the service would refuse them). */
export function paramsProblem(
  format: TextFormat,
  p: Params,
): { field: 'maxTokens' | 'thinkingBudget'; message: string } | null {
  if (format === 'messages') {
    if (p.maxTokens === undefined)
      return { field: 'maxTokens', message: 'Max tokens is required for Messages.' };
    if (p.thinkingBudget !== undefined) {
      if (p.thinkingBudget < 1024)
        return { field: 'thinkingBudget', message: 'The thinking budget must be at least 1,024 tokens.' };
      if (p.thinkingBudget >= p.maxTokens)
        return {
          field: 'thinkingBudget',
          message: `The thinking budget must be below max tokens (${formatCount(p.maxTokens)}).`,
        };
    }
  }
  return null;
}

/** A short summary of the parameters for the composer's footer. */
export function paramsSummary(format: TextFormat, p: Params): string {
  const bits: string[] = [p.stream ? 'streaming' : 'not streaming'];
  if (p.temperature !== undefined) bits.push(`temperature ${p.temperature}`);
  if (p.maxTokens !== undefined) bits.push(`max ${formatCount(p.maxTokens)} tokens`);
  if (format === 'generate') {
    if (p.includeThoughts) bits.push('thoughts on');
    if (p.thinkingBudget === 0) bits.push('thinking off');
    else if (p.thinkingBudget === -1) bits.push('dynamic thinking');
    else if (p.thinkingBudget !== undefined) bits.push(`thinking ${formatCount(p.thinkingBudget)}`);
  }
  if (format === 'messages' && p.thinkingBudget !== undefined)
    bits.push(`thinking ${formatCount(p.thinkingBudget)}`);
  // Only the controls this format sends (the others may be remembered from another tab's defaults).
  const sent = columnParams(format, p);
  bits.push(...controlWords({ ...sent, extraBody: undefined }));
  if (p.output && !(p.output.mode === 'json' && format === 'messages'))
    bits.push(p.output.mode === 'json' ? 'JSON' : `schema ${p.output.name}`);
  const tools = p.tools?.length ?? 0;
  if (tools > 0) {
    const choice = p.toolChoice;
    const how = choice === undefined ? '' : typeof choice === 'string' ? ` (${choice})` : ` (${choice.name})`;
    bits.push(`${tools} function${tools === 1 ? '' : 's'}${how}`);
  }
  if (p.system) bits.push('system prompt');
  if (p.extraBody) bits.push('extra body');
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
