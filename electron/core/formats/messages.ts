import { messagesOutputConfig } from './structured.ts';
import {
  DEFAULT_MAX_TOKENS_MESSAGES,
  type Params,
  type Turn,
  type Usage,
} from '../../../shared/conversation.ts';
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
  MAX_STREAM_INDEX,
  parseEventJson,
  rawFor,
  replayableTurns,
  streamIndex,
  usageOf,
  type Json,
  withExtraBody,
} from './util.ts';
import { compact } from '../../../shared/compact.ts';
import { wireFields } from '../../../shared/controls.ts';
import { PDF_MIME_TYPE } from '../../../shared/attachments.ts';
import { hasFiles, wireFiles, type TurnFiles } from './attachments.ts';
import { isRecord } from '../../../shared/wire.ts';
import { hasResults, messagesCalls, messagesResultBlocks, messagesTools } from './tools.ts';

/** Extended thinking needs at least this budget (and less than max_tokens). */
export const MIN_THINKING_BUDGET = 1024;

/**
 * A user turn with files: content blocks, the files first (images before text is what this format's guide
 * recommends; a PDF and a text file are document blocks titled with the file's name), then the text when
 * there is any (an empty text block is refused).
 */
function userBlocksWithFiles(turn: Turn, files: TurnFiles | undefined, history: Turn[]): Json[] {
  const blocks: Json[] = wireFiles(turn, files, history).map((f): Json => {
    const a = f.attachment;
    if (a.kind === 'image') {
      return { type: 'image', source: { type: 'base64', media_type: a.mimeType, data: f.base64() } };
    }
    if (a.kind === 'pdf') {
      return {
        type: 'document',
        source: { type: 'base64', media_type: PDF_MIME_TYPE, data: f.base64() },
        title: a.name,
      };
    }
    return {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: f.text() },
      title: a.name,
    };
  });
  if (turn.text !== '') blocks.push({ type: 'text', text: turn.text });
  return blocks;
}

/** A text block, or none for empty text (an empty text block is refused). */
function textBlock(text: string): Json[] {
  return text === '' ? [] : [{ type: 'text', text }];
}

/** Messages: POST /v1/messages. `max_tokens` is required, so it is always sent. */
export function buildMessagesBody(
  model: string,
  history: Turn[],
  params: Params,
  stream: boolean,
  files?: TurnFiles,
): Json {
  const messages: Json[] = [];
  for (const turn of replayableTurns(history, 'messages')) {
    const raw = turn.role === 'assistant' ? rawFor(turn, 'messages') : undefined;
    // Thinking and redacted_thinking blocks carry signatures: they go back unmodified and in order.
    if (raw && raw.content.length > 0) messages.push({ role: 'assistant', content: raw.content });
    else if (hasResults(turn)) {
      // tool_result blocks first: the service wants them to open the message after the tool_use blocks
      const rest = hasFiles(turn) ? userBlocksWithFiles(turn, files, history) : textBlock(turn.text);
      messages.push({ role: 'user', content: [...messagesResultBlocks(turn.toolResults, files), ...rest] });
    } else if (hasFiles(turn))
      messages.push({ role: 'user', content: userBlocksWithFiles(turn, files, history) });
    else messages.push({ role: turn.role, content: turn.text });
  }
  const budget = params.thinkingBudget;
  const body = compact({
    model,
    max_tokens: params.maxTokens ?? DEFAULT_MAX_TOKENS_MESSAGES,
    system: params.system === '' ? undefined : params.system,
    messages,
    ...wireFields('messages', params),
    thinking:
      budget !== undefined && budget >= MIN_THINKING_BUDGET
        ? { type: 'enabled', budget_tokens: budget }
        : undefined,
    output_config: messagesOutputConfig(params),
    ...messagesTools(params, history),
    stream: stream ? true : undefined,
  });
  return withExtraBody(body, params);
}

export function messagesUsage(u: unknown): Usage | undefined {
  if (!isRecord(u)) return undefined;
  const input = asNumber(u['input_tokens']);
  const output = asNumber(u['output_tokens']);
  return usageOf({
    input,
    output,
    total: input !== undefined || output !== undefined ? (input ?? 0) + (output ?? 0) : undefined,
    thinking: asNumber(asRecord(u['output_tokens_details'])['thinking_tokens']),
    cacheRead: asNumber(u['cache_read_input_tokens']),
    cacheWrite: asNumber(u['cache_creation_input_tokens']),
  });
}

/** Blocks that sit beside the text without interrupting it. */
const THINKING_BLOCKS = new Set(['thinking', 'redacted_thinking']);

/**
 * Whether the text block at `i` opens a new paragraph: adjacent text blocks are one text (citations split
 * a sentence into blocks), but text after a tool call or a server tool's result is a new part of the reply.
 */
function startsParagraph(blocks: readonly (Json | undefined)[], i: number, textSoFar: boolean): boolean {
  if (!textSoFar) return false;
  const before = blocks[i - 1];
  const type = before ? asString(before['type']) : undefined;
  return type !== undefined && type !== 'text' && !THINKING_BLOCKS.has(type);
}

/** The service's explanation of an unusual stop (`stop_details`), as one line. */
function stopDetails(value: unknown): string | undefined {
  if (typeof value === 'string') return asText(value);
  if (!isRecord(value)) return undefined;
  const words = ['explanation', 'message', 'category']
    .map((k) => asText(value[k]))
    .filter((v): v is string => v !== undefined);
  // `type` mostly repeats the stop reason ("refusal"): said only when nothing else is.
  return words.length > 0 ? words.join(' · ') : asText(value['type']);
}

function textsOf(blocks: Json[]): { text: string; thoughts: string | undefined } {
  let text = '';
  const thoughts: string[] = [];
  for (const [i, b] of blocks.entries()) {
    if (b['type'] === 'text') {
      if (startsParagraph(blocks, i, text !== '')) text += '\n\n';
      text += asString(b['text']) ?? '';
    } else if (b['type'] === 'thinking') {
      const t = asString(b['thinking']);
      if (t) thoughts.push(t);
    }
  }
  return { text, thoughts: thoughts.length > 0 ? thoughts.join('\n\n') : undefined };
}

export function parseMessagesReply(data: unknown): ReplyParts {
  const body = asRecord(data);
  const content = body['content'];
  if (!Array.isArray(content)) throw new ReplyShapeProblem('the message has no content array');
  const blocks = content.filter(isRecord);
  const { text, thoughts } = textsOf(blocks);
  const calls = messagesCalls(blocks);
  return compact({
    text,
    thoughts,
    raw: { format: 'messages' as const, content: blocks },
    toolCalls: calls.length > 0 ? calls : undefined,
    model: asText(body['model']),
    finishReason: asText(body['stop_reason']),
    endDetail: stopDetails(body['stop_details']),
    usage: messagesUsage(body['usage']),
  });
}

function createMessagesReducer(): StreamReducer {
  const blocks: Json[] = [];
  const rawUsage: Json = {};
  let model: string | undefined;
  let stopReason: string | undefined;
  let endDetail: string | undefined;
  let finished = false;
  /** whether any text has been shown, so text after a tool block starts a paragraph as textsOf does */
  let textShown = false;
  /** tool_use blocks by content index: their order among the reply's calls */
  const toolIndex = new Map<number, number>();
  /** the stream's content index -> the block's place in `blocks` (in the order they started) */
  const place = new Map<number, number>();
  let lastIndex = -1;

  function block(index: unknown): Json {
    const i = streamIndex(index, lastIndex, 'a content block');
    const at = place.get(i);
    const b = at === undefined ? undefined : blocks[at];
    if (!b)
      throw new StreamProblem(`the stream sent a delta for content block ${i}, which was never started`);
    return b;
  }

  return {
    get finished() {
      return finished;
    },
    push(ev: SseEvent): Delta | undefined {
      const data = parseEventJson(ev.data, ev.event ?? 'messages event');
      const type = asString(data['type']) ?? ev.event;
      switch (type) {
        case 'message_start': {
          const m = asRecord(data['message']);
          model ??= asText(m['model']);
          Object.assign(rawUsage, asRecord(m['usage']));
          return undefined;
        }
        case 'content_block_start': {
          const b = { ...asRecord(data['content_block']) };
          const index = streamIndex(data['index'], lastIndex + 1, 'a content block');
          const at = place.get(index);
          if (at !== undefined) blocks[at] = b;
          else {
            if (blocks.length >= MAX_STREAM_INDEX)
              throw new StreamProblem('the stream sent too many content blocks');
            place.set(index, blocks.length);
            blocks.push(b);
          }
          lastIndex = index;
          let t = b['type'] === 'text' ? (asString(b['text']) ?? '') : undefined;
          if (t !== undefined && startsParagraph(blocks, place.get(index) ?? 0, textShown)) t = `\n\n${t}`;
          if (t) textShown = true;
          const th = b['type'] === 'thinking' ? asString(b['thinking']) : undefined;
          if (b['type'] === 'tool_use') {
            // the input arrives as input_json_delta pieces; the start carries an empty object
            toolIndex.set(index, toolIndex.size);
            return {
              tools: [compact({ index: toolIndex.size - 1, id: asText(b['id']), name: asText(b['name']) })],
            };
          }
          return deltaOf(t, th);
        }
        case 'content_block_delta': {
          const b = block(data['index']);
          const d = asRecord(data['delta']);
          switch (d['type']) {
            case 'text_delta': {
              const t = asString(d['text']) ?? '';
              b['text'] = (asString(b['text']) ?? '') + t;
              if (t) textShown = true;
              return t ? { text: t } : undefined;
            }
            case 'thinking_delta': {
              const t = asString(d['thinking']) ?? '';
              b['thinking'] = (asString(b['thinking']) ?? '') + t;
              return t ? { thought: t } : undefined;
            }
            case 'signature_delta':
              b['signature'] = (asString(b['signature']) ?? '') + (asString(d['signature']) ?? '');
              return undefined;
            case 'citations_delta':
              b['citations'] = [...asArray(b['citations']), d['citation']];
              return undefined;
            case 'input_json_delta': {
              const piece = asString(d['partial_json']) ?? '';
              b['__partial_json'] = (asString(b['__partial_json']) ?? '') + piece;
              const index = toolIndex.get(asNumber(data['index']) ?? -1);
              return index !== undefined && piece ? { tools: [{ index, args: piece }] } : undefined;
            }
            default:
              return undefined;
          }
        }
        case 'content_block_stop': {
          const b = block(data['index']);
          const json = asString(b['__partial_json']);
          if (json !== undefined) {
            delete b['__partial_json'];
            try {
              b['input'] = JSON.parse(json || '{}');
            } catch {
              throw new StreamProblem('the stream sent a tool input that is not valid JSON');
            }
          }
          return undefined;
        }
        case 'message_delta':
          stopReason = asText(asRecord(data['delta'])['stop_reason']) ?? stopReason;
          endDetail = stopDetails(asRecord(data['delta'])['stop_details']) ?? endDetail;
          Object.assign(rawUsage, asRecord(data['usage']));
          return undefined;
        case 'message_stop':
          finished = true;
          return undefined;
        case 'error': {
          const err = asRecord(data['error']);
          const vendorType = asString(err['type']);
          throw new StreamProblem(
            asString(err['message']) ?? 'the stream reported an error',
            vendorType ? { vendorType } : {},
          );
        }
        default:
          return undefined; // ping and future event types
      }
    },
    partial() {
      const present = blocks.filter(isRecord);
      const { text, thoughts } = textsOf(present);
      return compact({
        text,
        thoughts,
        raw: present.length > 0 ? { format: 'messages' as const, content: present } : undefined,
      });
    },
    result(): ReplyParts {
      const present = blocks.filter(isRecord);
      const { text, thoughts } = textsOf(present);
      const calls = messagesCalls(present);
      return compact({
        text,
        thoughts,
        raw: { format: 'messages' as const, content: present },
        toolCalls: calls.length > 0 ? calls : undefined,
        model,
        finishReason: stopReason,
        endDetail,
        usage: messagesUsage(rawUsage),
      });
    },
  };
}

export const messagesFormat: FormatAdapter = {
  format: 'messages',
  buildBody: buildMessagesBody,
  parseReply: parseMessagesReply,
  createReducer: createMessagesReducer,
};
