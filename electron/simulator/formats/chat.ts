// POST /v1/chat/completions (spec §2.3, §4.2; wire-notes "Streaming").
import { invalidRequest } from '../errors.ts';
import { newId, unixSeconds } from '../ids.ts';
import { totalSkew } from '../quirks.ts';
import { countInputTokens, countTokens, simulatedReply, streamPieces, truncateToTokens } from '../replies.ts';
import {
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalNumber,
  requireArray,
  requireModel,
  optionalStopList,
  optionalString,
} from '../validate.ts';
import { chatStructured } from './structured.ts';
import { CHAT_PARTS } from './attachment-parts.ts';
import { readContent } from './content.ts';
import type { ReceivedAttachment } from '../attachments/received.ts';
import type { HandlerContext, HandlerReply, SseEvent } from '../context.ts';
import { isRecord } from '../../../shared/wire.ts';

const ROLES = ['system', 'user', 'assistant'];

export function handleChat(ctx: HandlerContext): HandlerReply {
  const { body, state } = ctx;
  const model = requireModel(ctx, optionalString(body, 'model'), 'text').id;
  const texts: string[] = [];
  let userTurns = 0;
  let prompt: string | undefined;
  let received: ReceivedAttachment[] = [];
  requireArray(body, 'messages').forEach((message, i) => {
    const where = `messages[${i}]`;
    if (!isRecord(message)) throw invalidRequest(`${where} must be an object`, 'messages');
    const role = message['role'];
    if (typeof role !== 'string' || !ROLES.includes(role)) {
      throw invalidRequest(`${where}.role must be one of ${ROLES.join(', ')}`, 'messages');
    }
    const content = readContent(
      message['content'],
      `${where}.content`,
      { text: ['text'], attachments: CHAT_PARTS },
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
  optionalNumber(body, 'temperature', 0, 2);
  optionalNumber(body, 'top_p', 0, 1);
  optionalStopList(body, 'stop', 4, 'stop', true);
  optionalInteger(body, 'seed', Number.MIN_SAFE_INTEGER);
  optionalNumber(body, 'presence_penalty', -2, 2);
  optionalNumber(body, 'frequency_penalty', -2, 2);
  optionalEnum(body, 'reasoning_effort', ['minimal', 'low', 'medium', 'high']);
  const maxTokens =
    optionalInteger(body, 'max_completion_tokens', 1) ?? optionalInteger(body, 'max_tokens', 1);
  const streamOptions = body['stream_options'];
  let includeUsage = false;
  if (streamOptions !== undefined && streamOptions !== null) {
    if (!ctx.stream)
      throw invalidRequest('stream_options is only allowed when stream is true', 'stream_options');
    if (!isRecord(streamOptions)) throw invalidRequest('stream_options must be an object', 'stream_options');
    includeUsage = optionalBoolean(streamOptions, 'include_usage') ?? false;
  }

  const structured = chatStructured(body);
  const reply = truncateToTokens(structured ?? simulatedReply(prompt, model, userTurns, received), maxTokens);
  const promptTokens = countInputTokens(texts);
  const completionTokens = countTokens(reply.text);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens + totalSkew(state.quirks),
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
  const finishReason = reply.truncated ? 'length' : 'stop';
  const head = {
    id: newId('chatcmpl-'),
    object: state.quirks.wrongObjectConstant ? 'chat.completions' : 'chat.completion',
    created: unixSeconds(),
    model,
  };

  if (!ctx.stream) {
    return {
      type: 'json',
      body: {
        ...head,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: reply.text, refusal: null, annotations: [] },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage,
        service_tier: 'default',
        system_fingerprint: null,
      },
    };
  }

  const chunkHead = {
    ...head,
    object: state.quirks.wrongObjectConstant ? 'chat.completions.chunk' : 'chat.completion.chunk',
    service_tier: 'default',
    system_fingerprint: null,
  };
  // With include_usage every chunk carries usage: null, and one extra chunk carries the numbers.
  const usageField = includeUsage ? { usage: null } : {};
  const chunk = (delta: Record<string, unknown>, finish: string | null): SseEvent => ({
    data: {
      ...chunkHead,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...usageField,
    },
  });
  const events: SseEvent[] = [chunk({ role: 'assistant', content: '', refusal: null }, null)];
  for (const piece of streamPieces(reply.text)) events.push(chunk({ content: piece }, null));
  events.push(chunk({}, finishReason));
  if (includeUsage) events.push({ data: { ...chunkHead, choices: [], usage } });
  events.push({ data: '[DONE]' });
  const errorEvents = (): SseEvent[] => [
    {
      data: {
        error: {
          message: 'The server had an error while streaming the reply (simulated).',
          type: 'server_error',
          param: null,
          code: null,
        },
      },
    },
  ];
  return { type: 'sse', events, errorEvents };
}
