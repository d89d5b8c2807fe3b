// POST /v1/messages (spec §2.6, §4.5; wire-notes "Streaming"), with extended thinking.
import { invalidRequest } from '../errors.ts';
import { newOpaqueId } from '../ids.ts';
import {
  countInputTokens,
  countTokens,
  simulatedThinking,
  streamPieces,
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
import {
  argumentPieces,
  callTokens,
  PendingCalls,
  planCalls,
  replyText,
  type ReceivedResult,
} from '../tools/plan.ts';
import {
  forcesToolUse,
  messagesMissingResults,
  messagesStrangerResult,
  messagesThinkingFirst,
  messagesToolRequest,
  readToolResult,
  readToolUse,
  toolUseBlocks,
  type ToolUse,
} from '../tools/messages.ts';
import { messagesStructured } from './structured.ts';
import type { HandlerContext, HandlerReply, SseEvent } from '../context.ts';
import { isRecord } from '../../../shared/wire.ts';

// Replayed thinking blocks carry no prompt text: they are accepted and skipped. Tool blocks are read apart.
const SKIPPED_BLOCKS = ['thinking', 'redacted_thinking', 'tool_use', 'tool_result'];
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

interface MessagesHistory {
  userTurns: number;
  prompt: string | undefined;
  received: ReceivedAttachment[];
  /** the tool results the last message carried, when it is a user message answering calls */
  results: ReceivedResult[];
  messages: unknown[];
}

/** Reads a tool_result block against the calls of the message before; returns the result, or throws. */
function readResults(
  blocks: readonly unknown[],
  at: number,
  previous: { at: number; calls: ToolUse[] } | undefined,
): ReceivedResult[] {
  const open = new PendingCalls(previous?.calls ?? [], previous?.at ?? -1);
  const results: ReceivedResult[] = [];
  // Only tool_result blocks at the start of the message answer calls.
  let leading = true;
  blocks.forEach((block, k) => {
    if (!isRecord(block) || block['type'] !== 'tool_result') {
      leading = false;
      return;
    }
    const result = readToolResult(block, `messages.${at}.content.${k}`);
    const name = leading ? open.answer(result.toolUseId) : undefined;
    if (name !== undefined) {
      results.push({
        name,
        content: result.content,
        ...(result.received.length > 0 ? { received: result.received } : {}),
      });
      return;
    }
    // A late result for a real call: that call is reported as left without a result just below.
    const late = !leading && previous?.calls.some((c) => c.id === result.toolUseId) === true;
    if (!late) throw messagesStrangerResult(at, k, result.toolUseId);
  });
  const missing = open.missing();
  if (previous && missing.length > 0) throw messagesMissingResults(previous.at, missing);
  return results;
}

/**
 * Reads `messages` (their texts go to `texts`): the user turns, the last user text, and the tool results,
 * checking that each assistant message's tool_use blocks are answered by tool_result blocks opening the
 * next message, and that no tool_result answers anything else.
 */
function readMessages(messages: unknown[], texts: string[]): MessagesHistory {
  const h: MessagesHistory = { userTurns: 0, prompt: undefined, received: [], results: [], messages };
  let previous: { at: number; calls: ToolUse[] } | undefined;
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
    const blocks: unknown[] = Array.isArray(message['content']) ? message['content'] : [];
    const calls: ToolUse[] = [];
    blocks.forEach((block, k) => {
      if (!isRecord(block)) return;
      if (block['type'] === 'tool_use') {
        if (role !== 'assistant') {
          throw invalidRequest(
            `${where}.content.${k}: \`tool_use\` blocks can only be in \`assistant\` messages`,
          );
        }
        calls.push(readToolUse(block, `${where}.content.${k}`));
      } else if (block['type'] === 'tool_result' && role !== 'user') {
        throw invalidRequest(
          `${where}.content.${k}: \`tool_result\` blocks can only be in \`user\` messages`,
        );
      }
    });
    if (role === 'assistant' && previous)
      throw messagesMissingResults(
        previous.at,
        previous.calls.map((c) => c.id),
      );
    const results = role === 'user' ? readResults(blocks, i, previous) : [];
    previous = calls.length > 0 ? { at: i, calls } : undefined;
    const content = readContent(
      message['content'],
      `${where}.content`,
      { text: ['text'], skip: SKIPPED_BLOCKS, attachments: MESSAGES_PARTS },
      role === 'user',
    );
    for (const call of calls) texts.push(JSON.stringify(call.input));
    for (const result of results) texts.push(result.content);
    texts.push(content.text);
    h.results = results;
    if (role === 'user') {
      h.userTurns += 1;
      h.prompt = content.text;
      h.received = content.received;
    }
  });
  if (previous)
    throw messagesMissingResults(
      previous.at,
      previous.calls.map((c) => c.id),
    );
  return h;
}

/**
 * With thinking on, the assistant message whose calls the last user message answers must open with its
 * thinking block, and that block must carry the signature it was issued with.
 */
function checkToolLoopThinking(history: MessagesHistory, state: HandlerContext['state']): void {
  const at = history.messages.length - 2;
  const message = history.messages[at];
  const blocks = isRecord(message) && Array.isArray(message['content']) ? message['content'] : [];
  const first: unknown = blocks[0];
  const type = isRecord(first) && typeof first['type'] === 'string' ? first['type'] : 'text';
  if (type === 'redacted_thinking') return;
  if (type !== 'thinking' || !isRecord(first)) throw messagesThinkingFirst(at, type);
  if (state.quirks.ignoreSignatures) return;
  const thinking = first['thinking'];
  if (typeof thinking !== 'string' || first['signature'] !== state.signatures.signThinking(thinking)) {
    throw invalidRequest(`messages.${at}.content.0: Invalid \`signature\` in \`thinking\` block`);
  }
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
  const history = readMessages(requireArray(body, 'messages'), texts);
  const { userTurns, prompt, received, results } = history;
  if (prompt === undefined) throw invalidRequest('messages must contain a user message', 'messages');
  optionalNumber(body, 'temperature', 0, 1);
  optionalNumber(body, 'top_p', 0, 1);
  optionalInteger(body, 'top_k', 1);
  optionalStopList(body, 'stop_sequences', Number.MAX_SAFE_INTEGER);
  const thinkingRequest = parseThinking(body['thinking'], maxTokens);
  const structured = messagesStructured(body);
  const tools = messagesToolRequest(body);
  if (thinkingRequest && forcesToolUse(tools)) {
    throw invalidRequest('Thinking may not be enabled when tool_choice forces tool use.');
  }
  if (thinkingRequest && results.length > 0) checkToolLoopThinking(history, state);

  if (refuseDirective(prompt)) return refusal(ctx, model, countInputTokens(texts));

  const thinking = thinkingRequest ? simulatedThinking(prompt, userTurns) : undefined;
  const thinkingTokens = thinking === undefined ? 0 : countTokens(thinking);
  const answering = results.length > 0;
  const calls = planCalls({
    request: tools,
    prompt,
    answering,
    salt: `${model}/${userTurns}`,
    param: 'messages',
  });
  // Thinking counts against max_tokens, and the budget is below it, so some room always remains.
  const reply = replyText({
    calls,
    structured,
    results,
    received,
    prompt,
    model,
    turn: userTurns,
    limit: maxTokens - thinkingTokens,
  });
  const inputTokens = countInputTokens(texts);
  const outputTokens = thinkingTokens + countTokens(reply.text) + callTokens(calls);
  const stopReason = calls.length > 0 ? 'tool_use' : reply.truncated ? 'max_tokens' : 'end_turn';
  const uses = toolUseBlocks(calls);
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
  // A reply that calls functions has its tool_use blocks instead of text, after the thinking block.
  const answerBlocks: unknown[] =
    calls.length > 0 ? uses : [{ type: 'text', text: reply.text, citations: [] }];
  const content: unknown[] =
    thinking === undefined ? answerBlocks : [{ type: 'thinking', thinking, signature }, ...answerBlocks];
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
  for (const use of uses) {
    // The block opens with an empty input; the input follows as JSON text in pieces.
    events.push(event('content_block_start', { index, content_block: { ...use, input: {} } }));
    for (const piece of argumentPieces(JSON.stringify(use.input))) {
      events.push(
        event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }),
      );
    }
    events.push(event('content_block_stop', { index }));
    index += 1;
  }
  if (uses.length === 0) {
    events.push(
      event('content_block_start', { index, content_block: { type: 'text', text: '', citations: [] } }),
    );
    for (const piece of streamPieces(reply.text)) {
      events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }));
    }
    events.push(event('content_block_stop', { index }));
  }
  events.push(
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
