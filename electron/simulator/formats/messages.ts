// POST /v1/messages (spec §2.6, §4.5; wire-notes "Streaming"), with extended thinking.
import { invalidRequest } from '../errors.ts';
import { newOpaqueId } from '../ids.ts';
import {
  countInputTokens,
  countTokens,
  simulatedReply,
  simulatedThinking,
  streamPieces,
  truncateToTokens,
  refuseDirective,
  REFUSAL_EXPLANATION,
} from '../replies.ts';
import {
  optionalInteger,
  optionalNumber,
  optionalStopList,
  optionalString,
  requireArray,
  requireModel,
} from '../validate.ts';
import { MESSAGES_PARTS } from './attachment-parts.ts';
import { contentText, readContent } from './content.ts';
import type { ReceivedAttachment } from '../attachments/received.ts';
import { messagesStructured } from './structured.ts';
import type { HandlerContext, HandlerReply, SseEvent } from '../context.ts';
import { isRecord } from '../../../shared/wire.ts';

// Replayed thinking blocks carry no prompt text: they are accepted and skipped.
const SKIPPED_BLOCKS = ['thinking', 'redacted_thinking'];
// What lenientMessages assumes when max_tokens is missing.
const LENIENT_MAX_TOKENS = 4096;

interface ThinkingRequest {
  budget: number;
}

function parseThinking(value: unknown, maxTokens: number): ThinkingRequest | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw invalidRequest('thinking must be an object', 'thinking');
  if (value['type'] === 'disabled') return undefined;
  if (value['type'] !== 'enabled')
    throw invalidRequest("thinking.type must be 'enabled' or 'disabled'", 'thinking');
  const budget = optionalInteger(value, 'budget_tokens', 1024);
  if (budget === undefined) throw invalidRequest('thinking.budget_tokens is required (>= 1024)', 'thinking');
  if (budget >= maxTokens)
    throw invalidRequest('thinking.budget_tokens must be less than max_tokens', 'thinking');
  return { budget };
}

export function handleMessages(ctx: HandlerContext): HandlerReply {
  const { body, state } = ctx;
  const model = requireModel(ctx, optionalString(body, 'model'), 'text').id;
  let maxTokens = optionalInteger(body, 'max_tokens', 1);
  if (maxTokens === undefined) {
    if (!state.quirks.lenientMessages) throw invalidRequest('max_tokens: Field required', 'max_tokens');
    maxTokens = LENIENT_MAX_TOKENS;
  }
  const texts: string[] = [];
  const system = body['system'];
  if (system !== undefined && system !== null) texts.push(contentText(system, 'system', ['text']));
  let userTurns = 0;
  let prompt: string | undefined;
  let received: ReceivedAttachment[] = [];
  const messages = requireArray(body, 'messages');
  messages.forEach((message, i) => {
    const where = `messages.${i}`;
    if (!isRecord(message)) throw invalidRequest(`${where} must be an object`, 'messages');
    const role = message['role'];
    if (role !== 'user' && role !== 'assistant')
      throw invalidRequest(`${where}.role must be user or assistant`);
    // As the real service: an empty turn (a stored refusal sent back as "") is refused, except a final
    // assistant message, which the model then continues.
    const last = i === messages.length - 1 && role === 'assistant';
    if (!last && isEmptyContent(message['content'])) {
      throw invalidRequest(
        `${where}: all messages must have non-empty content except for the optional final assistant message`,
        `${where}.content`,
      );
    }
    const content = readContent(
      message['content'],
      `${where}.content`,
      { text: ['text'], skip: SKIPPED_BLOCKS, attachments: MESSAGES_PARTS },
      role === 'user',
    );
    texts.push(content.text);
    if (role === 'user') {
      userTurns += 1;
      prompt = content.text;
      received = content.received;
    }
  });
  if (prompt === undefined) throw invalidRequest('messages must contain a user message', 'messages');
  optionalNumber(body, 'temperature', 0, 1);
  optionalNumber(body, 'top_p', 0, 1);
  optionalInteger(body, 'top_k', 1);
  optionalStopList(body, 'stop_sequences', Number.MAX_SAFE_INTEGER);
  const thinkingRequest = parseThinking(body['thinking'], maxTokens);
  const structured = messagesStructured(body);

  if (refuseDirective(prompt)) return refusal(ctx, model, countInputTokens(texts));

  const thinking = thinkingRequest ? simulatedThinking(prompt, userTurns) : undefined;
  const thinkingTokens = thinking === undefined ? 0 : countTokens(thinking);
  // Thinking counts against max_tokens, and the budget is below it, so some room always remains.
  const reply = truncateToTokens(
    structured ?? simulatedReply(prompt, model, userTurns, received),
    maxTokens - thinkingTokens,
  );
  const inputTokens = countInputTokens(texts);
  const outputTokens = thinkingTokens + countTokens(reply.text);
  const stopReason = reply.truncated ? 'max_tokens' : 'end_turn';
  const signature = thinking === undefined ? undefined : state.signatures.signThinking(thinking);
  const usage = {
    input_tokens: inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { thinking_tokens: thinkingTokens },
    server_tool_use: null,
    service_tier: 'standard',
    inference_geo: 'global',
  };
  const textBlock = { type: 'text', text: reply.text, citations: [] };
  const content: unknown[] =
    thinking === undefined ? [textBlock] : [{ type: 'thinking', thinking, signature }, textBlock];
  const head = messageHead(model);

  if (!ctx.stream) {
    return {
      type: 'json',
      body: {
        ...head,
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        stop_details: null,
        context_management: { applied_edits: [] },
        usage,
      },
    };
  }

  const events: SseEvent[] = [
    event('message_start', {
      message: {
        ...head,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        stop_details: null,
        context_management: null,
        usage: { ...usage, output_tokens: 1, output_tokens_details: { thinking_tokens: 0 } },
      },
    }),
    event('ping', {}),
  ];
  let index = 0;
  if (thinking !== undefined && signature !== undefined) {
    events.push(
      event('content_block_start', {
        index,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      }),
    );
    for (const piece of streamPieces(thinking)) {
      events.push(
        event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } }),
      );
    }
    events.push(event('content_block_delta', { index, delta: { type: 'signature_delta', signature } }));
    events.push(event('content_block_stop', { index }));
    index += 1;
  }
  events.push(
    event('content_block_start', { index, content_block: { type: 'text', text: '', citations: [] } }),
  );
  for (const piece of streamPieces(reply.text)) {
    events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }));
  }
  events.push(
    event('content_block_stop', { index }),
    event('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null, stop_details: null },
      usage,
      context_management: { applied_edits: [] },
    }),
    event('message_stop', {}),
  );
  const errorEvents = (): SseEvent[] => [
    event('error', {
      error: { type: 'overloaded_error', message: 'Overloaded (simulated, after HTTP 200).' },
    }),
  ];
  return { type: 'sse', events, errorEvents };
}

/** The fields every message reply opens with. */
function messageHead(model: string) {
  return { id: `msg_01${newOpaqueId(18)}`, type: 'message', role: 'assistant', model };
}

/** A named stream event whose data repeats its type, as the messages stream sends them. */
function event(type: string, fields: Record<string, unknown>): SseEvent {
  return { event: type, data: { type, ...fields } };
}

/** `""`, `[]`, or text blocks that are all empty: nothing the model could read. */
function isEmptyContent(content: unknown): boolean {
  if (typeof content === 'string') return content === '';
  if (!Array.isArray(content)) return false;
  return content.every((b) => isRecord(b) && b['type'] === 'text' && b['text'] === '');
}

/** A refusal as the real service sends it: HTTP 200, no content, `stop_reason: "refusal"` and its details. */
function refusal(ctx: HandlerContext, model: string, inputTokens: number): HandlerReply {
  const stopDetails = { type: 'refusal', category: null, explanation: REFUSAL_EXPLANATION };
  const usage = { input_tokens: inputTokens, output_tokens: 0 };
  const head = messageHead(model);
  if (!ctx.stream) {
    return {
      type: 'json',
      body: {
        ...head,
        content: [],
        stop_reason: 'refusal',
        stop_sequence: null,
        stop_details: stopDetails,
        usage,
      },
    };
  }
  return {
    type: 'sse',
    events: [
      event('message_start', {
        message: { ...head, content: [], stop_reason: null, stop_sequence: null, stop_details: null, usage },
      }),
      event('message_delta', {
        delta: { stop_reason: 'refusal', stop_sequence: null, stop_details: stopDetails },
        usage,
      }),
      event('message_stop', {}),
    ],
    errorEvents: () => [],
  };
}
