// POST /v1beta/models/{model}:generateContent and :streamGenerateContent?alt=sse (spec §2.7, §4.6),
// with thought summaries and thought signatures that must come back verbatim.
import { invalidRequest } from '../errors.ts';
import { newOpaqueId } from '../ids.ts';
import { totalSkew } from '../quirks.ts';
import {
  countInputTokens,
  countTokens,
  simulatedThinking,
  streamPieces,
  refuseDirective,
  REFUSAL_EXPLANATION,
} from '../replies.ts';
import {
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalNumber,
  optionalStopList,
  requireArray,
  requireModel,
} from '../validate.ts';
import { generateStructured } from './structured.ts';
import { generateInlineData } from './attachment-parts.ts';
import type { ReceivedAttachment } from '../attachments/received.ts';
import type { HandlerContext, HandlerReply, SseEvent } from '../context.ts';
import type { ReplayedPart, SignatureBook } from '../signatures.ts';
import {
  callTokens,
  planCalls,
  replyText,
  seedId,
  type ReceivedResult,
  type SimCall,
} from '../tools/plan.ts';
import {
  generateMissingSignature,
  generatePairing,
  generateToolRequest,
  readFunctionCall,
  readFunctionResponse,
} from '../tools/generate.ts';
import { isRecord } from '../../../shared/wire.ts';
import { lastInlineImage, makeInlineImage, readImageOutput, unsignedImageParts } from './generate-image.ts';

/** The warning a reply opens with when an image part came back without its signature. */
export function unsignedImageWarning(where: readonly string[]): string {
  return `Warning: ${where.join(', ')} came back without its thoughtSignature; the edit may be worse. Send image parts back unchanged.`;
}

interface Part extends ReplayedPart {
  inlineData?: { mimeType: string; data: string };
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { name: string; args: Record<string, unknown>; id: string };
}

/**
 * The functionCall parts of a reply, each with an id (the service's optional `id`, which the results may
 * name). On signing requests the first one carries the thought signature (parallel calls after it carry
 * none), as the service sends them, and a replay must keep it there.
 */
function callParts(calls: readonly SimCall[], signs: boolean, book: SignatureBook): Part[] {
  return calls.map((c, n) => {
    const call = { name: c.name, args: c.args, id: seedId(c.seed, 12) };
    if (n > 0) return { functionCall: call };
    if (!signs) {
      book.recordUnsignedCall(call);
      return { functionCall: call };
    }
    return { functionCall: call, thoughtSignature: book.signCall(call) };
  });
}

/** The text parts of a content, joined; other part kinds (inline data, calls) carry no prompt text. */
function partsText(parts: readonly Record<string, unknown>[]): string {
  return parts
    .filter((p) => p['thought'] !== true && typeof p['text'] === 'string')
    .map((p) => String(p['text']))
    .join('\n');
}

function requireParts(value: unknown, where: string): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw invalidRequest(`${where}.parts must be an array`);
  return value.map((part, i) => {
    if (!isRecord(part)) throw invalidRequest(`${where}.parts[${i}] must be an object`);
    if (part['text'] !== undefined && typeof part['text'] !== 'string') {
      throw invalidRequest(`${where}.parts[${i}].text must be a string`);
    }
    return part;
  });
}

export async function handleGenerate(ctx: HandlerContext): Promise<HandlerReply> {
  const { body, state } = ctx;
  const model = requireModel(ctx, ctx.pathModel, 'text').id;
  const texts: string[] = [];
  const systemInstruction = body['systemInstruction'];
  if (systemInstruction !== undefined && systemInstruction !== null) {
    if (!isRecord(systemInstruction)) throw invalidRequest('systemInstruction must be a content object');
    texts.push(partsText(requireParts(systemInstruction['parts'], 'systemInstruction')));
  }
  let userTurns = 0;
  let prompt: string | undefined;
  let received: ReceivedAttachment[] = [];
  let results: ReceivedResult[] = [];
  // how many functionCall parts the content before made, which the next content must answer one for one
  let openCalls = 0;
  const allParts: Record<string, unknown>[][] = [];
  /** model turns whose image parts came back unsigned: answered with a warning, not refused */
  const unsignedImages: string[] = [];
  requireArray(body, 'contents').forEach((content, i) => {
    const where = `contents[${i}]`;
    if (!isRecord(content)) throw invalidRequest(`${where} must be an object`);
    const role = content['role'] ?? 'user';
    if (role !== 'user' && role !== 'model') throw invalidRequest(`${where}.role must be user or model`);
    const parts = requireParts(content['parts'], where);
    allParts.push(parts);
    // As the real service: a turn with no parts (an empty or refused reply sent back) is refused.
    if (parts.length === 0) {
      throw invalidRequest(`* GenerateContentRequest.${where}.parts: contents.parts must not be empty.`);
    }
    const calls: Array<{ name: string; args: unknown }> = [];
    const answers: ReceivedResult[] = [];
    parts.forEach((part, p) => {
      const at = `${where}.parts[${p}]`;
      const call = readFunctionCall(part, at);
      const answer = readFunctionResponse(part, at);
      if (call && role !== 'model')
        throw invalidRequest(`${at}: a functionCall part belongs in a model turn`);
      if (answer && role !== 'user')
        throw invalidRequest(`${at}: a functionResponse part belongs in a user turn`);
      if (call) calls.push(call);
      if (answer) answers.push(answer);
    });
    if ((openCalls > 0 || answers.length > 0) && answers.length !== openCalls) throw generatePairing();
    openCalls = calls.length;
    if (role === 'model' && !state.quirks.ignoreSignatures) {
      const problem = state.signatures.checkModelTurn(parts);
      if (problem !== null) throw invalidRequest(`${where}: ${problem}`);
      const unsigned = state.signatures.unsignedCall(parts);
      if (unsigned) throw generateMissingSignature(unsigned.name, i + 1);
      if (!state.quirks.noSignatures) {
        for (const p of unsignedImageParts(parts)) unsignedImages.push(`${where}.parts[${p}]`);
      }
    }
    const text = partsText(parts);
    texts.push(text, ...calls.map((c) => JSON.stringify(c.args)), ...answers.map((a) => a.content));
    results = answers;
    if (role === 'user') {
      userTurns += 1;
      prompt = text;
      // Model turns may hold inline data too (images a model made, sent back): accepted, not described.
      received = parts.flatMap((part, p) => generateInlineData(part, `${where}.parts[${p}]`) ?? []);
    }
  });
  if (prompt === undefined) throw invalidRequest('contents must contain a user turn');

  const config = body['generationConfig'] ?? {};
  if (!isRecord(config)) throw invalidRequest('generationConfig must be an object');
  optionalNumber(config, 'temperature', 0, 2);
  const maxOutputTokens = optionalInteger(config, 'maxOutputTokens', 1);
  optionalNumber(config, 'topP', 0, 1, 'generationConfig.topP');
  optionalInteger(config, 'topK', 1, undefined, 'generationConfig.topK');
  optionalStopList(config, 'stopSequences', 5, 'generationConfig.stopSequences');
  optionalInteger(config, 'seed', -(2 ** 31), 2 ** 31 - 1, 'generationConfig.seed');
  optionalNumber(config, 'presencePenalty', -2, 2, 'generationConfig.presencePenalty');
  optionalNumber(config, 'frequencyPenalty', -2, 2, 'generationConfig.frequencyPenalty');
  const structured = generateStructured(config);
  const thinkingConfig = config['thinkingConfig'] ?? {};
  if (!isRecord(thinkingConfig)) throw invalidRequest('generationConfig.thinkingConfig must be an object');
  const includeThoughts = optionalBoolean(thinkingConfig, 'includeThoughts') ?? false;
  const budget = optionalInteger(thinkingConfig, 'thinkingBudget', -1);
  const level = optionalEnum(
    thinkingConfig,
    'thinkingLevel',
    ['low', 'high'],
    'generationConfig.thinkingConfig.thinkingLevel',
  );
  if (level !== undefined && budget !== undefined) {
    throw invalidRequest('thinkingConfig: thinking_budget and thinking_level cannot both be set');
  }
  // Thinking happens when asked for by either field; its summary is shown only with includeThoughts.
  const thinks = includeThoughts || level !== undefined || (budget !== undefined && budget !== 0);
  const tools = generateToolRequest(body);
  const imageOutput = readImageOutput(config);

  if (refuseDirective(prompt)) {
    // Blocked for safety: a candidate with a finish reason and no content at all.
    const promptTokenCount = countInputTokens(texts);
    const blocked = {
      candidates: [{ finishReason: 'SAFETY', finishMessage: REFUSAL_EXPLANATION, index: 0 }],
      usageMetadata: { promptTokenCount, totalTokenCount: promptTokenCount },
      modelVersion: model,
      responseId: newOpaqueId(16),
    };
    if (!ctx.stream) return { type: 'json', body: blocked };
    return { type: 'sse', events: [{ data: blocked }], errorEvents: () => [], lineEnd: '\r\n' };
  }

  const thought = thinks ? simulatedThinking(prompt, userTurns) : undefined;
  const thoughtsTokens = thought === undefined ? 0 : countTokens(thought);
  const signs = thinks && !state.quirks.noSignatures;
  const answering = results.length > 0;
  const planned = planCalls({
    request: tools,
    prompt,
    answering,
    // Signed and unsigned replies get different call ids, so a replay tells which of them it is.
    salt: `${model}/${userTurns}/${signs ? 'signed' : 'unsigned'}`,
    param: 'contents',
  });
  const reply = replyText({
    calls: planned,
    structured,
    results,
    received,
    prompt,
    model,
    turn: userTurns,
    limit: maxOutputTokens,
  });
  const image =
    imageOutput !== undefined && planned.length === 0
      ? await makeInlineImage(imageOutput, prompt, lastInlineImage(allParts))
      : undefined;
  if (image !== undefined && unsignedImages.length > 0) {
    reply.text = `${unsignedImageWarning(unsignedImages)}\n\n${reply.text}`;
  }
  const imagePart: Part[] =
    image === undefined
      ? []
      : [
          {
            inlineData: { mimeType: image.mimeType, data: image.data },
            ...(state.quirks.noSignatures
              ? {}
              : { thoughtSignature: state.signatures.signImage(image.data) }),
          },
        ];
  const promptTokens = countInputTokens(texts);
  const candidatesTokens = countTokens(reply.text) + callTokens(planned) + (image?.tokens ?? 0);
  const usageMetadata = {
    promptTokenCount: promptTokens,
    candidatesTokenCount: candidatesTokens,
    totalTokenCount: promptTokens + candidatesTokens + thoughtsTokens + totalSkew(state.quirks),
    ...(thinks ? { thoughtsTokenCount: thoughtsTokens } : {}),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
  };
  const finishReason = reply.truncated ? 'MAX_TOKENS' : 'STOP';
  const tail = { modelVersion: model, responseId: newOpaqueId(16) };
  const thoughtPart: Part[] =
    includeThoughts && thought !== undefined ? [{ text: thought, thought: true }] : [];
  const candidate = (parts: Part[], finish: string | undefined): Record<string, unknown> => ({
    content: { parts, role: 'model' },
    ...(finish === undefined ? {} : { finishReason: finish }),
    index: 0,
  });

  const chunk = (parts: Part[], finish?: string): SseEvent => ({
    data: {
      candidates: [candidate(parts, finish)],
      ...(finish === undefined ? {} : { usageMetadata }),
      ...tail,
    },
  });
  const errorEvents = (): SseEvent[] => [
    {
      data: {
        error: {
          code: 503,
          message: 'The model is overloaded (simulated, after HTTP 200).',
          status: 'UNAVAILABLE',
        },
      },
    },
  ];

  if (planned.length > 0) {
    const parts = callParts(planned, signs, state.signatures);
    if (!ctx.stream) {
      return {
        type: 'json',
        body: { candidates: [candidate([...thoughtPart, ...parts], finishReason)], usageMetadata, ...tail },
      };
    }
    // The thought summary first, then each call whole in a chunk of its own; the last one ends the reply.
    const events = [...thoughtPart, ...parts].map((part, n, all) =>
      n === all.length - 1 ? chunk([part], finishReason) : chunk([part]),
    );
    return { type: 'sse', events, errorEvents, lineEnd: '\r\n' };
  }

  if (!ctx.stream) {
    const answer: Part = { text: reply.text };
    if (signs) answer.thoughtSignature = state.signatures.sign(reply.text, reply.text);
    return {
      type: 'json',
      body: {
        candidates: [candidate([...thoughtPart, answer, ...imagePart], finishReason)],
        usageMetadata,
        ...tail,
      },
    };
  }

  // The thought summary arrives whole in its own chunk, before the answer, as real services send it.
  const events: SseEvent[] = thoughtPart.map((part) => chunk([part]));
  const pieces = streamPieces(reply.text);
  // An image arrives whole, in the last chunk, after the text.
  const imageEnd = imagePart.length > 0 ? [chunk(imagePart, finishReason)] : [];
  const textFinish = imagePart.length > 0 ? undefined : finishReason;
  if (signs) {
    // Real services send the signature on a last part with empty text: a client must keep that part.
    for (const piece of pieces) events.push(chunk([{ text: piece }]));
    events.push(chunk([{ text: '', thoughtSignature: state.signatures.sign(reply.text, '') }], textFinish));
  } else if (imagePart.length > 0) {
    for (const piece of pieces) events.push(chunk([{ text: piece }]));
  } else {
    const last = pieces.pop() ?? '';
    for (const piece of pieces) events.push(chunk([{ text: piece }]));
    events.push(chunk([{ text: last }], finishReason));
  }
  events.push(...imageEnd);
  return { type: 'sse', events, errorEvents, lineEnd: '\r\n' };
}
