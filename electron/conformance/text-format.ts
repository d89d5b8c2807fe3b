// The check of one text format, driven by its description: every format asks the same questions (is the
// key accepted, is the answer a 200 with JSON, does it hold the spec table's fields, where is the reply
// text, do the usage counts add up, does the stream hold together) of a request built its own way.
// A format module describes its format (a TextFormatCheck) and adds only what is its own.
import { FORMAT_LABELS, type TextFormat } from '../../shared/formats.ts';
import {
  reportFields,
  reportMain,
  reportStream,
  reportText,
  reportUsage,
  type FormatInfo,
  type ModelChoice,
  type StreamJudgement,
  type UsageShape,
} from './format.ts';
import { checkImageInput } from './image-input.ts';
import { checkImageMaking } from './image-making.ts';
import { checkToolCalls } from './tool-calls.ts';
import { pickModel } from './models.ts';
import { keyedRequest, send, sendStream, type SseAnswer } from './probe.ts';
import { skip } from './report.ts';
import type { Ctx } from './types.ts';

/** What a format's own checks get: the request the shared checks made and how it went. */
export interface FormatRun {
  model: ModelChoice;
  key: string;
  /** the main (not streamed) request's address, without the key */
  url: string;
  request: Record<string, unknown>;
  /** the main request was answered with HTTP 200 */
  answered: boolean;
}

export interface TextFormatCheck extends FormatInfo {
  group: TextFormat;
  /** the main request's body, asking `model` for a short reply */
  request(model: string): Record<string, unknown>;
  /** the streamed request's body; default: the main one with `stream: true` */
  streamRequest?(request: Record<string, unknown>): Record<string, unknown>;
  /** where the request goes, streamed or not */
  url(ctx: Ctx, model: string, stream: boolean): string;
  /** where the reply text is in the answer, and how the report names that place */
  text: { of(body: Record<string, unknown>): unknown; where: string };
  usage: UsageShape;
  judgeStream(answer: SseAnswer): StreamJudgement;
  /** the format's own checks, after the main request and after the stream */
  afterMain?(ctx: Ctx, run: FormatRun): Promise<void>;
  afterStream?(ctx: Ctx, run: FormatRun): Promise<void>;
}

export async function checkTextFormat(ctx: Ctx, f: TextFormatCheck): Promise<void> {
  const key = ctx.keys[f.family];
  if (key === undefined) {
    return skip(ctx, f.group, `no key for ${FORMAT_LABELS[f.group]} (set the ${f.family} or default key)`);
  }
  const picked = pickModel(ctx, f.group);
  if (!picked.ok) return skip(ctx, f.group, picked.why);
  const model: ModelChoice = picked;
  const url = f.url(ctx, model.id, false);
  const request = f.request(model.id);
  const answer = await send(ctx, keyedRequest(f.family, key, url, request));
  const body = reportMain(ctx, f, answer, model, ['fields', 'text', 'usage']);
  if (body !== undefined) {
    reportFields(ctx, f, body);
    reportText(ctx, f, f.text.of(body), f.text.where);
    reportUsage(ctx, f, body, f.usage);
  }
  const run: FormatRun = {
    model,
    key,
    url,
    request,
    answered: answer.kind === 'http' && answer.status === 200,
  };
  await f.afterMain?.(ctx, run);
  const streamed = f.streamRequest?.(request) ?? { ...request, stream: true };
  const stream = await sendStream(ctx, keyedRequest(f.family, key, f.url(ctx, model.id, true), streamed));
  reportStream(ctx, f, stream, f.judgeStream);
  await f.afterStream?.(ctx, run);
  if (ctx.attachments) await checkImageInput(ctx, f, run);
  if (ctx.tools) await checkToolCalls(ctx, f, run);
  // with the images group (it costs an image): the responses image tool, generate content's image output
  if (ctx.images) await checkImageMaking(ctx, f, run);
}
