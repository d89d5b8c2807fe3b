import type { Params, Turn, Usage } from '../../../shared/conversation.ts';
import type { SseEvent } from '../sse/read-events.ts';
import { responsesTextFormat } from './structured.ts';
import {
  hasResults,
  responsesCallInput,
  responsesCalls,
  responsesResultItems,
  responsesTools,
} from './tools.ts';
import type { ToolDelta } from '../../../shared/tools.ts';
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
  joinNonEmpty,
  parseEventJson,
  rawFor,
  replayableTurns,
  usageOf,
  type Json,
  withExtraBody,
} from './util.ts';
import { compact } from '../../../shared/compact.ts';
import { wireFields } from '../../../shared/controls.ts';
import { PDF_MIME_TYPE } from '../../../shared/attachments.ts';
import { dataUrl, fencedText, hasFiles, wireFiles, type TurnFiles } from './attachments.ts';
import { isRecord } from '../../../shared/wire.ts';
import { responsesImages, sniffBase64Mime } from './reply-images.ts';

/**
 * A user turn with files: one message item whose content holds the files first (input_image and
 * input_file as data URLs, a text file as input_text naming it), then the text when there is any.
 */
function userItemWithFiles(turn: Turn, files: TurnFiles | undefined, history: Turn[]): Json {
  const content: Json[] = wireFiles(turn, files, history).map((f): Json => {
    const a = f.attachment;
    if (a.kind === 'image') return { type: 'input_image', image_url: dataUrl(a.mimeType, f.base64()) };
    if (a.kind === 'pdf') {
      return { type: 'input_file', filename: a.name, file_data: dataUrl(PDF_MIME_TYPE, f.base64()) };
    }
    return { type: 'input_text', text: fencedText(a.name, f.text()) };
  });
  if (turn.text !== '') content.push({ type: 'input_text', text: turn.text });
  return { role: 'user', content };
}

/**
 * The output items that go back as input: messages and image_generation_call items unchanged (an image
 * whole, so a later turn can edit it without the service keeping it), function calls without their item id.
 */
function replayedItems(output: readonly unknown[]): Json[] {
  return output.flatMap((item): Json[] => {
    if (!isRecord(item)) return [];
    if (item['type'] === 'message' || item['type'] === 'image_generation_call') return [item];
    if (item['type'] === 'function_call') return [responsesCallInput(item)];
    return [];
  });
}

/**
 * The image_generation tool after the functions, with the settings the user set (the rest are the
 * service's defaults); none unless the conversation turned it on.
 */
function withImageTool(
  fields: { tools?: Json[]; tool_choice?: unknown },
  params: Params,
): { tools?: Json[]; tool_choice?: unknown } {
  if (params.imageGeneration !== true) return fields;
  const tool = compact({
    type: 'image_generation',
    size: params.imageSize,
    quality: params.imageQuality,
    output_format: params.imageFormat,
    background: params.imageBackground,
    partial_images: params.partialImages,
  });
  return { ...fields, tools: [...(fields.tools ?? []), tool] };
}

/** Responses: POST /v1/responses. */
export function buildResponsesBody(
  model: string,
  history: Turn[],
  params: Params,
  stream: boolean,
  files?: TurnFiles,
): Json {
  const turns = replayableTurns(history, 'responses');
  const only = turns.length === 1 ? turns[0] : undefined;
  let input: string | Json[];
  if (only?.role === 'user' && !hasFiles(only)) {
    input = only.text;
  } else {
    input = [];
    for (const turn of turns) {
      const raw = turn.role === 'assistant' ? rawFor(turn, 'responses') : undefined;
      // Output message and function_call items go back as input items; reasoning items need state we do
      // not keep.
      const items = raw ? replayedItems(raw.output) : [];
      if (items.length > 0) {
        input.push(...items);
        continue;
      }
      if (hasResults(turn)) {
        input.push(...responsesResultItems(turn.toolResults, files));
        if (turn.text === '' && !hasFiles(turn)) continue;
      }
      if (hasFiles(turn)) input.push(userItemWithFiles(turn, files, history));
      else input.push({ role: turn.role, content: turn.text });
    }
  }
  const body = compact({
    model,
    input,
    instructions: params.system === '' ? undefined : params.system,
    ...wireFields('responses', params),
    text: responsesTextFormat(params),
    ...withImageTool(responsesTools(params, history), params),
    stream: stream ? true : undefined,
  });
  return withExtraBody(body, params);
}

export function responsesUsage(u: unknown): Usage | undefined {
  if (!isRecord(u)) return undefined;
  return usageOf({
    input: asNumber(u['input_tokens']),
    output: asNumber(u['output_tokens']),
    total: asNumber(u['total_tokens']),
    thinking: asNumber(asRecord(u['output_tokens_details'])['reasoning_tokens']),
    cacheRead: asNumber(asRecord(u['input_tokens_details'])['cached_tokens']),
  });
}

/** Between the texts of two output items. */
const PARAGRAPH = '\n\n';

/**
 * The reply text (output_text parts of message items, one paragraph per item: a preamble and an answer
 * are two items), refusal parts, and thought summaries (reasoning items).
 */
function outputTexts(output: unknown[]): { text: string; thoughts: string[]; refusal: string[] } {
  const paragraphs: string[] = [];
  const thoughts: string[] = [];
  const refusal: string[] = [];
  for (const item of output) {
    const it = asRecord(item);
    if (it['type'] === 'message') {
      let text = '';
      for (const part of asArray(it['content'])) {
        const p = asRecord(part);
        if (p['type'] === 'output_text') text += asString(p['text']) ?? '';
        else if (p['type'] === 'refusal') {
          const r = asText(p['refusal']);
          if (r) refusal.push(r);
        }
      }
      if (text !== '') paragraphs.push(text);
    } else if (it['type'] === 'reasoning') {
      for (const s of asArray(it['summary'])) {
        const t = asString(asRecord(s)['text']);
        if (t) thoughts.push(t);
      }
    }
  }
  return { text: paragraphs.join(PARAGRAPH), thoughts, refusal };
}

function finishOf(body: Json): string | undefined {
  const status = asString(body['status']);
  const reason = asString(asRecord(body['incomplete_details'])['reason']);
  return status === 'incomplete' && reason ? `incomplete: ${reason}` : status;
}

export function parseResponsesReply(data: unknown): ReplyParts {
  const body = asRecord(data);
  if (body['status'] === 'failed') {
    const err = asRecord(body['error']);
    throw new ReplyShapeProblem(`the response failed: ${asString(err['message']) ?? 'no reason given'}`);
  }
  const output = body['output'];
  if (!Array.isArray(output)) throw new ReplyShapeProblem('the response has no output array');
  const { text, thoughts, refusal } = outputTexts(output);
  const calls = responsesCalls(output);
  const images = responsesImages(output);
  return compact({
    toolCalls: calls.length > 0 ? calls : undefined,
    images: images.length > 0 ? images : undefined,
    text: text === '' ? (asString(body['output_text']) ?? '') : text,
    thoughts: thoughts.length > 0 ? thoughts.join('\n\n') : undefined,
    raw: compact({ format: 'responses' as const, responseId: asText(body['id']), output }),
    model: asText(body['model']),
    finishReason: finishOf(body),
    refused: refusal.length > 0 ? true : undefined,
    endDetail: refusal.length > 0 ? refusal.join(PARAGRAPH) : undefined,
    usage: responsesUsage(body['usage']),
  });
}

/**
 * Which output item an event belongs to: its position (output_index) when it has one, else its item id.
 * A recorded proxy sends a fresh item_id on every event of one item, so the id is data, not identity.
 * The two kinds of key never collide: a position is a number, an id a string (prefixed to be sure).
 */
function itemKey(outputIndex: unknown, itemId: unknown): unknown {
  if (typeof outputIndex === 'number') return outputIndex;
  return itemId === undefined ? undefined : `id:${String(itemId)}`;
}

function createResponsesReducer(): StreamReducer {
  const text: string[] = [];
  const thoughts: string[] = [];
  const items: unknown[] = [];
  let responseId: string | undefined;
  let model: string | undefined;
  let final: ReplyParts | undefined;
  /**
   * the output item the last text delta belonged to: a new item's text starts a new paragraph. Items are
   * told apart by output_index; item_id is only a fallback, as some proxies send a new one on every event.
   */
  let textItem: unknown;
  /** function_call items by output index (or item id): their order among the reply's calls */
  const callIndex = new Map<unknown, number>();
  let callCount = 0;
  const callOf = (data: Json): number | undefined =>
    callIndex.get(itemKey(data['output_index'], data['item_id']));
  /** image_generation_call items by output index (or item id): their order among the reply's images */
  const imageIndex = new Map<unknown, number>();
  let imageCount = 0;
  return {
    get finished() {
      return final !== undefined;
    },
    push(ev: SseEvent): Delta | undefined {
      const data = parseEventJson(ev.data, ev.event ?? 'responses event');
      const type = asString(data['type']) ?? ev.event;
      switch (type) {
        case 'response.created':
        case 'response.in_progress': {
          const r = asRecord(data['response']);
          responseId ??= asText(r['id']);
          model ??= asText(r['model']);
          return undefined;
        }
        case 'response.output_text.delta': {
          const d = asString(data['delta']);
          if (!d) return undefined;
          const item = itemKey(data['output_index'], data['item_id']);
          const shown = text.length > 0 && item !== undefined && item !== textItem ? `${PARAGRAPH}${d}` : d;
          if (item !== undefined) textItem = item;
          text.push(shown);
          return { text: shown };
        }
        case 'response.reasoning_summary_text.delta': {
          const d = asString(data['delta']);
          if (!d) return undefined;
          thoughts.push(d);
          return { thought: d };
        }
        case 'response.output_item.added': {
          const item = asRecord(data['item']);
          if (item['type'] === 'image_generation_call') {
            const index = imageCount++;
            imageIndex.set(itemKey(data['output_index'], item['id']), index);
            if (item['id'] !== undefined) imageIndex.set(itemKey(undefined, item['id']), index);
            return undefined;
          }
          if (item['type'] !== 'function_call') return undefined;
          const index = callCount++;
          callIndex.set(itemKey(data['output_index'], item['id']), index);
          // argument deltas that carry no output_index name the item by its id
          if (item['id'] !== undefined) callIndex.set(itemKey(undefined, item['id']), index);
          const args = asString(item['arguments']);
          const piece: ToolDelta = compact({
            index,
            id: asText(item['call_id']),
            name: asText(item['name']),
            args: args || undefined,
          });
          return { tools: [piece] };
        }
        case 'response.function_call_arguments.delta': {
          const index = callOf(data);
          const d = asString(data['delta']);
          return index !== undefined && d ? { tools: [{ index, args: d }] } : undefined;
        }
        case 'response.image_generation_call.partial_image': {
          const base64 = asString(data['partial_image_b64']);
          const mimeType = base64 === undefined ? undefined : sniffBase64Mime(base64);
          if (base64 === undefined || mimeType === undefined) return undefined;
          const image =
            imageIndex.get(itemKey(data['output_index'], data['item_id'])) ??
            imageIndex.get(itemKey(undefined, data['item_id'])) ??
            0;
          const partial = asNumber(data['partial_image_index']) ?? 0;
          return { partialImage: { image, partial, mimeType, base64 } };
        }
        case 'response.output_item.done':
          if (data['item'] !== undefined) items.push(data['item']);
          return undefined;
        case 'response.completed':
        case 'response.incomplete': {
          const r = asRecord(data['response']);
          const parsed = parseResponsesReply(Array.isArray(r['output']) ? r : { ...r, output: items });
          final = {
            ...parsed,
            // The streamed deltas are what the user saw; keep them when the final event carries less.
            text: parsed.text !== '' ? parsed.text : text.join(''),
          };
          const th = parsed.thoughts ?? joinNonEmpty(thoughts);
          if (th !== undefined) final.thoughts = th;
          return undefined;
        }
        case 'response.failed': {
          const err = asRecord(asRecord(data['response'])['error']);
          const code = asString(err['code']);
          throw new StreamProblem(
            asString(err['message']) ?? 'the response failed',
            code ? { vendorCode: code } : {},
          );
        }
        case 'error': {
          const err = isRecord(data['error']) ? data['error'] : data;
          const code = asString(err['code']);
          const errType = asString(err['type']);
          throw new StreamProblem(
            asString(err['message']) ?? 'the stream reported an error',
            compact({
              vendorCode: code || undefined,
              vendorType: errType !== 'error' ? errType || undefined : undefined,
            }),
          );
        }
        default:
          return undefined;
      }
    },
    partial() {
      const calls = responsesCalls(items);
      return compact({
        text: text.join(''),
        thoughts: joinNonEmpty(thoughts),
        toolCalls: calls.length > 0 ? calls : undefined,
        raw:
          items.length > 0 ? compact({ format: 'responses' as const, responseId, output: items }) : undefined,
      });
    },
    result(): ReplyParts {
      if (!final) throw new ReplyShapeProblem('the stream has not finished');
      return compact({ ...final, model: final.model ?? model });
    },
  };
}

export const responsesFormat: FormatAdapter = {
  format: 'responses',
  buildBody: buildResponsesBody,
  parseReply: parseResponsesReply,
  createReducer: createResponsesReducer,
};
