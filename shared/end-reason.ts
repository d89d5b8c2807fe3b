// Why a reply ended when it is not a normal stop: one rule for the host (which stores it), the page (which
// says it in the chat and in Compare) and the command line (which prints it).
import type { EndReason } from './conversation.ts';
import type { AppError } from './errors.ts';
import type { TextFormat } from './formats.ts';
import { MAX_TOOL_CALLS } from './limits.ts';

/** The transport cause of a failed or cut-off reply. */
export function endReasonOfError(e: AppError): EndReason | undefined {
  switch (e.kind) {
    case 'aborted':
      return 'stopped';
    case 'timeout-headers':
    case 'timeout-idle':
      return 'timeout';
    case 'connection':
      return 'network';
    case 'stream':
      // An error event or an error body names the service's own error; a stream that just ends does not.
      return e.vendorType !== undefined || e.vendorCode !== undefined || e.status !== undefined
        ? 'service-error'
        : 'network';
    case 'http':
    case 'invalid-response':
      return 'service-error';
    default:
      return undefined;
  }
}

/** Finish reasons, per format, that mean the reply was cut by its length limit, filtered, or refused. */
const FINISH_REASONS: Record<TextFormat, Partial<Record<string, EndReason>>> = {
  chat: { length: 'length', content_filter: 'content-filter', refusal: 'refusal' },
  responses: {
    'incomplete: max_output_tokens': 'length',
    'incomplete: content_filter': 'content-filter',
    refusal: 'refusal',
  },
  messages: { max_tokens: 'length', model_context_window_exceeded: 'length', refusal: 'refusal' },
  generate: {
    MAX_TOKENS: 'length',
    SAFETY: 'content-filter',
    RECITATION: 'content-filter',
    BLOCKLIST: 'content-filter',
    PROHIBITED_CONTENT: 'content-filter',
    SPII: 'content-filter',
    IMAGE_SAFETY: 'content-filter',
    LANGUAGE: 'refusal',
    OTHER: 'refusal',
  },
};

/**
 * The reason a complete reply ended unusually: its format's finish reason, or a refusal the service marked
 * in the body, or nothing at all in it. Undefined for a normal stop with text.
 */
export function endReasonOfReply(
  format: TextFormat,
  reply: {
    text: string;
    finishReason?: string | undefined;
    refused?: boolean;
    toolCalls?: readonly unknown[] | undefined;
    images?: readonly unknown[] | undefined;
  },
): EndReason | undefined {
  if (reply.refused) return 'refusal';
  // own keys only: a service's finish reason may be "__proto__" or "constructor"
  const table = FINISH_REASONS[format];
  const finish = reply.finishReason;
  const byFinish = finish !== undefined && Object.hasOwn(table, finish) ? table[finish] : undefined;
  if (byFinish) return byFinish;
  // a reply that only calls functions (or only makes an image) says nothing, and that is its whole answer
  if (reply.text.trim() === '' && (reply.toolCalls?.length ?? 0) === 0 && (reply.images?.length ?? 0) === 0) {
    return 'empty';
  }
  return undefined;
}

/** One sentence for the chat and Compare: why this reply is not a whole, normal answer. */
export const END_REASON_TEXT: Record<EndReason, string> = {
  stopped: 'You stopped this reply.',
  network: 'The connection broke before the reply was complete.',
  timeout: 'The service went silent for too long; Quartet stopped waiting.',
  'service-error': 'The service sent an error instead of the rest of the reply.',
  'too-large': 'The reply reached the size limit set in Settings; Quartet stopped reading it.',
  refusal: 'The model refused to answer.',
  'content-filter': "The service's content filter stopped the reply.",
  length: 'The reply reached the maximum number of output tokens.',
  empty: 'The model returned no text.',
  'too-many-calls': `The reply asked for more than ${MAX_TOOL_CALLS} function calls at once, more than Quartet answers; its calls were not kept. Ask again, or ask for fewer calls.`,
};

/** A short label for a badge. */
export const END_REASON_LABEL: Record<EndReason, string> = {
  stopped: 'stopped by you',
  network: 'connection broke',
  timeout: 'timed out',
  'service-error': 'service error',
  'too-large': 'size limit',
  refusal: 'refused',
  'content-filter': 'filtered',
  length: 'token limit',
  empty: 'no text',
  'too-many-calls': 'too many calls',
};
