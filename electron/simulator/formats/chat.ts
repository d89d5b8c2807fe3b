// POST /v1/chat/completions (spec §2.3, §4.2; wire-notes "Streaming").
import { invalidRequest } from '../errors.ts';
import { newId, unixSeconds } from '../ids.ts';
import { totalSkew } from '../quirks.ts';
import { countInputTokens, countTokens, streamPieces } from '../replies.ts';
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
import {
  chatCallId,
  chatCallsOut,
  chatMessageCalls,
  chatMissingResults,
  chatStrangerResult,
  chatToolMessage,
  chatToolRequest,
} from '../tools/chat.ts';
import {
  argumentPieces,
  callTokens,
  PendingCalls,
  planCalls,
  replyText,
  type ReceivedResult,
} from '../tools/plan.ts';
import type { HandlerContext, HandlerReply, SseEvent } from '../context.ts';
import { isRecord } from '../../../shared/wire.ts';

const ROLES = ['system', 'user', 'assistant', 'tool'];

interface ChatHistory {
  texts: string[];
  userTurns: number;
  prompt: string | undefined;
  received: ReceivedAttachment[];
  /** the results the last user turn carried (tool messages after the last assistant message) */
  results: ReceivedResult[];
}

/**
 * Reads `messages`: their texts, the user turns, and the tool results, checking that the tool messages
 * after an assistant message with `tool_calls` answer each of its calls and nothing else. A run of tool
 * messages is one user turn with the user message that may follow it, as the app keeps them.
 */
function readMessages(messages: unknown[]): ChatHistory {
  const h: ChatHistory = { texts: [], userTurns: 0, prompt: undefined, received: [], results: [] };
  let pending: PendingCalls | undefined;
  // tool messages seen since the last assistant message and not yet joined by a user message
  let resultsOpen = false;
  const closePending = (): void => {
    const missing = pending?.missing() ?? [];
    if (pending && missing.length > 0) throw chatMissingResults(pending.at, missing);
    pending = undefined;
  };
  messages.forEach((message, i) => {
    const where = `messages[${i}]`;
    if (!isRecord(message)) throw invalidRequest(`${where} must be an object`, 'messages');
    const role = message['role'];
    if (typeof role !== 'string' || !ROLES.includes(role)) {
      throw invalidRequest(`${where}.role must be one of ${ROLES.join(', ')}`, 'messages');
    }
    if (role === 'tool') {
      const { callId, content } = chatToolMessage(message, where);
      const name = pending?.answer(callId);
      if (name === undefined) throw chatStrangerResult(i);
      h.texts.push(content);
      h.results.push({ name, content });
      if (!resultsOpen) h.received = [];
      resultsOpen = true;
      return;
    }
    closePending();
    const calls = role === 'assistant' ? chatMessageCalls(message, where) : [];
    if (role === 'assistant') {
      if (resultsOpen) h.userTurns += 1;
      resultsOpen = false;
      h.results = [];
      if (calls.length > 0) pending = new PendingCalls(calls, i);
      for (const call of calls) h.texts.push(call.arguments);
    }
    // Beside tool_calls the content may be null, as the service sends it.
    const content =
      calls.length > 0 && (message['content'] === null || message['content'] === undefined)
        ? { text: '', received: [] }
        : readContent(
            message['content'],
            `${where}.content`,
            { text: ['text'], attachments: CHAT_PARTS },
            role === 'user',
          );
    h.texts.push(content.text);
    if (role === 'user') {
      resultsOpen = false;
      h.userTurns += 1;
      h.prompt = content.text;
      h.received = content.received;
    }
  });
  closePending();
  if (resultsOpen) h.userTurns += 1;
  return h;
}

export function handleChat(ctx: HandlerContext): HandlerReply {
  const { body, state } = ctx;
  const model = requireModel(ctx, optionalString(body, 'model'), 'text').id;
  const { texts, userTurns, prompt, received, results } = readMessages(requireArray(body, 'messages'));
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

  const tools = chatToolRequest(body);
  const structured = chatStructured(body);
  const answering = results.length > 0;
  const calls = planCalls({
    request: tools,
    prompt,
    answering,
    salt: `${model}/${userTurns}`,
    param: 'messages',
  });
  // A reply that calls functions says nothing else: content null, as the service sends it.
  const reply = replyText({
    calls,
    structured,
    results,
    received,
    prompt,
    model,
    turn: userTurns,
    limit: maxTokens,
  });
  const promptTokens = countInputTokens(texts);
  const completionTokens = countTokens(reply.text) + callTokens(calls);
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
  const finishReason = calls.length > 0 ? 'tool_calls' : reply.truncated ? 'length' : 'stop';

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
            message:
              calls.length > 0
                ? {
                    role: 'assistant',
                    content: null,
                    refusal: null,
                    annotations: [],
                    tool_calls: chatCallsOut(calls),
                  }
                : { role: 'assistant', content: reply.text, refusal: null, annotations: [] },
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
  const events: SseEvent[] = [
    chunk({ role: 'assistant', content: calls.length > 0 ? null : '', refusal: null }, null),
  ];
  for (const piece of streamPieces(reply.text)) events.push(chunk({ content: piece }, null));
  // Each call: a first piece with its id, type, name and empty arguments, then the arguments in pieces.
  calls.forEach((call, index) => {
    const first = {
      index,
      id: chatCallId(call),
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    events.push(chunk({ tool_calls: [first] }, null));
    for (const piece of argumentPieces(call.argsText)) {
      events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null));
    }
  });
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
