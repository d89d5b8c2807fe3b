import type { Params, Turn, Usage } from '../../../shared/conversation.ts';
import type { SseEvent } from '../sse/read-events.ts';
import { generateOutputConfig } from './structured.ts';
import {
  ReplyShapeProblem,
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
  parseEventJson,
  rawFor,
  replayableTurns,
  streamErrorFrom,
  usageOf,
  type Json,
  withExtraBody,
} from './util.ts';
import { compact } from '../../../shared/compact.ts';
import { wireFields } from '../../../shared/controls.ts';
import { PDF_MIME_TYPE } from '../../../shared/attachments.ts';
import { fencedText, hasFiles, wireFiles, type TurnFiles } from './attachments.ts';
import { isRecord } from '../../../shared/wire.ts';
import { generateImages } from './reply-images.ts';
import { generateCalls, generateResultParts, generateTools, hasResults } from './tools.ts';

/**
 * A user turn with files: the files first (this format's guide puts an image before the text that asks
 * about it), images and PDFs as inlineData, then the text when there is any (an empty text part is
 * refused). A text file goes as a text part naming the file rather than as text/plain inlineData: the
 * model reads it the same, and the name (inlineData has no field for it) lets the prompt refer to it.
 */
function userPartsWithFiles(turn: Turn, files: TurnFiles | undefined, history: Turn[]): Json[] {
  const parts: Json[] = wireFiles(turn, files, history).map((f): Json => {
    const a = f.attachment;
    if (a.kind === 'text') return { text: fencedText(a.name, f.text()) };
    return { inlineData: { mimeType: a.kind === 'pdf' ? PDF_MIME_TYPE : a.mimeType, data: f.base64() } };
  });
  if (turn.text !== '') parts.push({ text: turn.text });
  return parts;
}

/**
 * Generate content: POST /v1beta/models/{model}:generateContent (streaming: :streamGenerateContent?alt=sse).
 * The model is in the path, so the body does not name it.
 */
export function buildGenerateBody(
  model: string,
  history: Turn[],
  params: Params,
  _stream: boolean,
  files?: TurnFiles,
): Json {
  const contents: Json[] = [];
  let previous: Turn | undefined;
  for (const turn of replayableTurns(history, 'generate')) {
    const raw = turn.role === 'assistant' ? rawFor(turn, 'generate') : undefined;
    const before = previous;
    previous = turn;
    // Parts go back exactly as received: same parts, same order, each signature on its own part
    // (a functionCall part's thoughtSignature included: the service refuses the call without it).
    if (raw && raw.parts.length > 0) contents.push({ role: 'model', parts: raw.parts });
    else if (hasResults(turn)) {
      const rest = hasFiles(turn)
        ? userPartsWithFiles(turn, files, history)
        : turn.text === ''
          ? []
          : [{ text: turn.text }];
      contents.push({
        role: 'user',
        parts: [...generateResultParts(turn.toolResults, before, files, model), ...rest],
      });
    } else if (hasFiles(turn))
      contents.push({ role: 'user', parts: userPartsWithFiles(turn, files, history) });
    else contents.push({ role: turn.role === 'user' ? 'user' : 'model', parts: [{ text: turn.text }] });
  }
  // the controls go in generationConfig (before the output settings); any other path after it
  const { generationConfig: controls, ...rest } = wireFields('generate', params);
  const generationConfig = {
    ...(controls as Json | undefined),
    ...generateImageConfig(params),
    ...generateOutputConfig(params),
  };
  const body = compact({
    contents,
    ...generateTools(params, history),
    systemInstruction: params.system ? { parts: [{ text: params.system }] } : undefined,
    generationConfig: Object.keys(generationConfig).length > 0 ? generationConfig : undefined,
    ...rest,
  });
  return withExtraBody(body, params);
}

/** Image output: both modalities, and the image's shape when the user chose one; nothing when off. */
function generateImageConfig(params: Params): Json {
  if (params.imageOutput !== true) return {};
  const imageConfig = compact({ aspectRatio: params.aspectRatio, imageSize: params.imageResolution });
  return {
    responseModalities: ['TEXT', 'IMAGE'],
    ...(Object.keys(imageConfig).length > 0 ? { imageConfig } : {}),
  };
}

export function generateUsage(u: unknown): Usage | undefined {
  if (!isRecord(u)) return undefined;
  return usageOf({
    input: asNumber(u['promptTokenCount']),
    output: asNumber(u['candidatesTokenCount']),
    total: asNumber(u['totalTokenCount']),
    thinking: asNumber(u['thoughtsTokenCount']),
    cacheRead: asNumber(u['cachedContentTokenCount']),
  });
}

/**
 * The reply text and thoughts of some parts. Text parts next to each other are one text (a stream splits
 * it anywhere); text after a part of another kind (a function call, code and its result) is a new paragraph.
 */
function textsOf(parts: Json[]): { text: string; thoughts: string | undefined } {
  let text = '';
  let thoughts = '';
  let interrupted = false;
  for (const p of parts) {
    const t = asString(p['text']);
    if (t === undefined) {
      interrupted = true;
      continue;
    }
    if (p['thought'] === true) thoughts += t;
    else {
      if (interrupted && text !== '' && t !== '') text += '\n\n';
      text += t;
      interrupted = false;
    }
  }
  return { text, thoughts: thoughts === '' ? undefined : thoughts };
}

interface Candidate {
  parts: Json[];
  finishReason: string | undefined;
  /** the service's words on why it stopped (`finishMessage`, a blocked prompt's `blockReasonMessage`) */
  endDetail: string | undefined;
}

function candidateOf(body: Json): Candidate | undefined {
  const candidates = asArray(body['candidates']);
  if (candidates.length === 0) {
    const feedback = asRecord(body['promptFeedback']);
    const blocked = asText(feedback['blockReason']);
    return blocked
      ? { parts: [], finishReason: blocked, endDetail: asText(feedback['blockReasonMessage']) }
      : undefined;
  }
  const c = asRecord(candidates[0]);
  return {
    parts: asArray(asRecord(c['content'])['parts']).filter(isRecord),
    finishReason: asText(c['finishReason']),
    endDetail: asText(c['finishMessage']),
  };
}

export function parseGenerateReply(data: unknown): ReplyParts {
  const body = asRecord(data);
  const candidate = candidateOf(body);
  if (!candidate) throw new ReplyShapeProblem('the generate-content reply has no candidates');
  const { text, thoughts } = textsOf(candidate.parts);
  const calls = generateCalls(candidate.parts);
  const images = generateImages(candidate.parts);
  return compact({
    text,
    thoughts,
    raw: { format: 'generate' as const, parts: candidate.parts },
    images: images.length > 0 ? images : undefined,
    toolCalls: calls.length > 0 ? calls : undefined,
    model: asText(body['modelVersion']),
    finishReason: candidate.finishReason,
    endDetail: candidate.endDetail,
    usage: generateUsage(body['usageMetadata']),
  });
}

/** A part that is nothing but text (no signature, no other field) may be joined to a like neighbour. */
function isPlainText(p: Json): boolean {
  if (typeof p['text'] !== 'string') return false;
  return Object.keys(p).every((k) => k === 'text' || (k === 'thought' && typeof p['thought'] === 'boolean'));
}

/**
 * Appends streamed parts in order. Adjacent plain text parts with the same `thought` flag are joined (a
 * stream sends one per chunk); a part with a signature or any other field is kept exactly as received.
 */
export function appendStreamedParts(into: Json[], parts: Json[]): void {
  for (const part of parts) {
    const last = into[into.length - 1];
    if (
      last &&
      isPlainText(last) &&
      isPlainText(part) &&
      (last['thought'] === true) === (part['thought'] === true)
    ) {
      into[into.length - 1] = { ...last, text: `${last['text'] as string}${part['text'] as string}` };
    } else {
      into.push({ ...part });
    }
  }
}

function createGenerateReducer(): StreamReducer {
  const parts: Json[] = [];
  let finishReason: string | undefined;
  let endDetail: string | undefined;
  let usage: Usage | undefined;
  let model: string | undefined;
  return {
    get finished() {
      return finishReason !== undefined;
    },
    push(ev: SseEvent): Delta | undefined {
      const chunk = parseEventJson(ev.data, 'generate-content chunk');
      if (chunk['error'] !== undefined) throw streamErrorFrom(chunk, 'the stream reported an error');
      model ??= asText(chunk['modelVersion']);
      usage = generateUsage(chunk['usageMetadata']) ?? usage;
      const candidate = candidateOf(chunk);
      if (!candidate) return undefined;
      const callsBefore = generateCalls(parts).length;
      appendStreamedParts(parts, candidate.parts);
      finishReason = candidate.finishReason ?? finishReason;
      endDetail = candidate.endDetail ?? endDetail;
      const { text, thoughts } = textsOf(candidate.parts);
      const shown = deltaOf(text, thoughts);
      // a functionCall part arrives whole: one piece with its name and all its arguments
      const tools = generateCalls(parts)
        .slice(callsBefore)
        .map((c, i) => ({ index: callsBefore + i, id: c.id, name: c.name, args: c.arguments }));
      return tools.length > 0 ? { ...shown, tools } : shown;
    },
    partial() {
      const { text, thoughts } = textsOf(parts);
      return compact({
        text,
        thoughts,
        raw: parts.length > 0 ? { format: 'generate' as const, parts } : undefined,
      });
    },
    result(): ReplyParts {
      const { text, thoughts } = textsOf(parts);
      const calls = generateCalls(parts);
      const images = generateImages(parts);
      return compact({
        text,
        thoughts,
        raw: { format: 'generate' as const, parts },
        images: images.length > 0 ? images : undefined,
        toolCalls: calls.length > 0 ? calls : undefined,
        model,
        finishReason,
        endDetail,
        usage,
      });
    },
  };
}

export const generateFormat: FormatAdapter = {
  format: 'generate',
  buildBody: buildGenerateBody,
  parseReply: parseGenerateReply,
  createReducer: createGenerateReducer,
};
