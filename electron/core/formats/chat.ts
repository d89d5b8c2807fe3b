import type { Params, ProviderPayload, Turn, Usage } from '../../../shared/conversation.ts';
import type { SseEvent } from '../sse/read-events.ts';
import {
  ReplyShapeProblem,
  StreamProblem,
  type Delta,
  type FormatAdapter,
  type ReplyParts,
  type StreamReducer,
} from './types.ts';
import {
  asArray,
  asNumber,
  asRecord,
  asString,
  asText,
  deltaOf,
  joinNonEmpty,
  MAX_STREAM_INDEX,
  parseEventJson,
  rawFor,
  replayableTurns,
  streamErrorFrom,
  streamIndex,
  usageOf,
  withExtraBody,
  type Json,
} from './util.ts';
import { compact } from '../../../shared/compact.ts';
import { wireFields } from '../../../shared/controls.ts';
import { PDF_MIME_TYPE } from '../../../shared/attachments.ts';
import { dataUrl, fencedText, hasFiles, wireFiles, type TurnFiles } from './attachments.ts';
import { isRecord } from '../../../shared/wire.ts';
import { chatResponseFormat } from './structured.ts';
import { chatCalls, chatResultMessages, chatTools, hasResults } from './tools.ts';
import type { ToolDelta } from '../../../shared/tools.ts';

/**
 * A user turn with files: content parts, the files first (images as data URLs, PDFs as file parts, text
 * files as fenced text naming the file), then the text when there is any (an empty text part is refused).
 */
function chatContent(turn: Turn, files: TurnFiles | undefined, history: Turn[]): string | Json[] {
  if (!hasFiles(turn)) return turn.text;
  const parts: Json[] = wireFiles(turn, files, history).map((f): Json => {
    const a = f.attachment;
    if (a.kind === 'image') return { type: 'image_url', image_url: { url: dataUrl(a.mimeType, f.base64()) } };
    if (a.kind === 'pdf') {
      return { type: 'file', file: { filename: a.name, file_data: dataUrl(PDF_MIME_TYPE, f.base64()) } };
    }
    return { type: 'text', text: fencedText(a.name, f.text()) };
  });
  if (turn.text !== '') parts.push({ type: 'text', text: turn.text });
  return parts;
}

/** Chat completions: POST /v1/chat/completions. */
export function buildChatBody(
  model: string,
  history: Turn[],
  params: Params,
  stream: boolean,
  files?: TurnFiles,
): Json {
  const messages: Json[] = [];
  if (params.system !== undefined && params.system !== '')
    messages.push({ role: 'system', content: params.system });
  for (const turn of replayableTurns(history, 'chat')) {
    const calls = turn.role === 'assistant' ? rawFor(turn, 'chat')?.message.tool_calls : undefined;
    if (calls && calls.length > 0) {
      // content may be null beside tool_calls; an empty string is refused by some services
      messages.push({ role: 'assistant', content: turn.text === '' ? null : turn.text, tool_calls: calls });
      continue;
    }
    if (hasResults(turn)) {
      const results = chatResultMessages(turn.toolResults, files);
      messages.push(...results.messages);
      // the results' images open the user message that follows the tool messages (its own parts after)
      if (results.imageParts.length > 0) {
        const own = turn.text === '' && !hasFiles(turn) ? [] : chatContent(turn, files, history);
        const parts = typeof own === 'string' ? [{ type: 'text', text: own }] : own;
        messages.push({ role: 'user', content: [...results.imageParts, ...parts] });
        continue;
      }
      if (turn.text === '' && !hasFiles(turn)) continue;
    }
    messages.push({ role: turn.role, content: chatContent(turn, files, history) });
  }
  const body = compact({
    model,
    messages,
    ...wireFields('chat', params),
    response_format: chatResponseFormat(params),
    ...chatTools(params, history),
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });
  return withExtraBody(body, params);
}

export function chatUsage(u: unknown): Usage | undefined {
  if (!isRecord(u)) return undefined;
  return usageOf({
    input: asNumber(u['prompt_tokens']),
    output: asNumber(u['completion_tokens']),
    total: asNumber(u['total_tokens']),
    thinking: asNumber(asRecord(u['completion_tokens_details'])['reasoning_tokens']),
    cacheRead: asNumber(asRecord(u['prompt_tokens_details'])['cached_tokens']),
  });
}

/** `content` is a string on this service; some gateways send an array of text parts. */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((p) => asString(asRecord(p)['text']) ?? '').join('');
  }
  return undefined;
}

/** Reasoning text that some compatible gateways add to a chat message. */
function reasoningText(m: Json): string | undefined {
  return asString(m['reasoning_content']) ?? asString(m['reasoning']);
}

/** The stored message: the text, and the calls as received when there are any. */
function chatPayload(text: string, toolCalls: Json[]): ProviderPayload {
  const message = { role: 'assistant' as const, content: text };
  return { format: 'chat', message: toolCalls.length > 0 ? { ...message, tool_calls: toolCalls } : message };
}

/** Streamed pieces of `tool_calls`, put together by index as the format sends them. */
function createCallAssembler() {
  // by the stream's index, in the order the calls started (a Map: an index is a key, never a position)
  const calls = new Map<number, { id: string; name: string; arguments: string }>();
  return {
    push(pieces: unknown): ToolDelta[] | undefined {
      const out: ToolDelta[] = [];
      for (const piece of asArray(pieces)) {
        const p = asRecord(piece);
        const index = streamIndex(p['index'], calls.size, 'a tool call');
        const fn = asRecord(p['function']);
        let call = calls.get(index);
        if (call === undefined) {
          if (calls.size >= MAX_STREAM_INDEX) throw new StreamProblem('the stream sent too many tool calls');
          call = { id: '', name: '', arguments: '' };
          calls.set(index, call);
        }
        const id = asText(p['id']);
        const name = asText(fn['name']);
        const args = asString(fn['arguments']);
        if (id) call.id = id;
        if (name) call.name += name;
        if (args) call.arguments += args;
        out.push(compact({ index, id, name, args: args || undefined }));
      }
      return out.length > 0 ? out : undefined;
    },
    /** the calls as a message's tool_calls */
    wire(): Json[] {
      return [...calls.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([, c], i) => ({
          id: c.id || `call_${i}`,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        }));
    },
  };
}

export function parseChatReply(data: unknown): ReplyParts {
  const body = asRecord(data);
  const choice = asRecord(asArray(body['choices'])[0]);
  const message = choice['message'];
  if (!isRecord(message)) throw new ReplyShapeProblem('the chat completion has no choices[0].message');
  const text = contentText(message['content']) ?? '';
  const thoughts = reasoningText(message);
  const refusal = asText(message['refusal']);
  const toolCalls = asArray(message['tool_calls']).filter(isRecord);
  return compact({
    text,
    thoughts: thoughts || undefined,
    raw: chatPayload(text, toolCalls),
    toolCalls: toolCalls.length > 0 ? chatCalls(toolCalls) : undefined,
    model: asText(body['model']),
    finishReason: asText(choice['finish_reason']),
    refused: refusal !== undefined ? true : undefined,
    endDetail: refusal,
    usage: chatUsage(body['usage']),
  });
}

function createChatReducer(): StreamReducer {
  const text: string[] = [];
  const thoughts: string[] = [];
  const refusal: string[] = [];
  let finished = false;
  let model: string | undefined;
  let finishReason: string | undefined;
  let usage: Usage | undefined;
  const calls = createCallAssembler();
  const ended = (t: string) => {
    const wire = calls.wire();
    return { raw: chatPayload(t, wire), toolCalls: wire.length > 0 ? chatCalls(wire) : undefined };
  };
  return {
    get finished() {
      return finished;
    },
    push(ev: SseEvent): Delta | undefined {
      if (ev.data.trim() === '[DONE]') {
        finished = true;
        return undefined;
      }
      const chunk = parseEventJson(ev.data, 'chat completion chunk');
      if (chunk['error'] !== undefined) throw streamErrorFrom(chunk, 'the stream reported an error');
      model ??= asText(chunk['model']);
      usage = chatUsage(chunk['usage']) ?? usage;
      const choice = asRecord(asArray(chunk['choices'])[0]);
      finishReason = asText(choice['finish_reason']) ?? finishReason;
      const delta = asRecord(choice['delta']);
      const r = asText(delta['refusal']);
      if (r) refusal.push(r);
      const t = contentText(delta['content']);
      const th = reasoningText(delta);
      if (t) text.push(t);
      if (th) thoughts.push(th);
      const tools = delta['tool_calls'] !== undefined ? calls.push(delta['tool_calls']) : undefined;
      const shown = deltaOf(t, th);
      return tools ? { ...shown, tools } : shown;
    },
    partial() {
      const t = text.join('');
      return compact({ text: t, thoughts: joinNonEmpty(thoughts), ...ended(t) });
    },
    result(): ReplyParts {
      const t = text.join('');
      return compact({
        text: t,
        thoughts: joinNonEmpty(thoughts),
        ...ended(t),
        model,
        finishReason,
        refused: refusal.length > 0 ? true : undefined,
        endDetail: joinNonEmpty(refusal),
        usage,
      });
    },
  };
}

export const chatFormat: FormatAdapter = {
  format: 'chat',
  buildBody: buildChatBody,
  parseReply: parseChatReply,
  createReducer: createChatReducer,
};
