// Opt-in probes `responses.image-tool` and `generate.image-output` (with the images group: each costs an
// image): does the service make images inside a conversation? The responses `image_generation` tool and
// generate content's `responseModalities: ["TEXT", "IMAGE"]` are beyond the spec, so the answer is
// information ('info') with what came back, never a verdict. Built by hand in each vendor's shape, not with
// the app's format code, so a mistake in one is not hidden by the same mistake in the other.
import { decodeBase64Strict } from '../core/images/base64.ts';
import { sniffImage } from '../core/images/sniff.ts';
import { isRecord } from '../../shared/wire.ts';
import { describeAnswer, describeHttp, keyedRequest, send } from './probe.ts';
import { emit, ms } from './report.ts';
import type { FormatRun, TextFormatCheck } from './text-format.ts';
import type { Ctx } from './types.ts';

export const IMAGE_MAKING_PROMPT = 'Draw a small red circle on a white background.';
/** A drawing may take a while: as the images group allows. */
const IMAGE_TIMEOUT_FACTOR = 4;

interface ImageProbe {
  id: string;
  title: string;
  /** how the detail line names what was asked */
  asked: string;
  /** the main request with the image ask in it */
  request(main: Record<string, unknown>): Record<string, unknown>;
  /** where the reply's first image is, and how it came (undefined: the reply holds none) */
  found(body: Record<string, unknown>): { base64: string; how: string } | undefined;
  /** what the reply held instead, in a few words */
  held(body: Record<string, unknown>): string;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function generateParts(body: Record<string, unknown>): Record<string, unknown>[] {
  const candidate = list(body['candidates'])[0];
  const content = isRecord(candidate) ? candidate['content'] : undefined;
  return list(isRecord(content) ? content['parts'] : undefined).filter(isRecord);
}

const PROBES = {
  responses: {
    id: 'image-tool',
    title: 'Image generation tool',
    asked: 'tools: [{type: "image_generation", size: "1024x1024", quality: "low"}]',
    request: (main) => ({
      ...main,
      input: IMAGE_MAKING_PROMPT,
      tools: [{ type: 'image_generation', size: '1024x1024', quality: 'low' }],
      tool_choice: { type: 'image_generation' },
    }),
    found: (body) => {
      for (const item of list(body['output'])) {
        if (
          isRecord(item) &&
          item['type'] === 'image_generation_call' &&
          typeof item['result'] === 'string'
        ) {
          return { base64: item['result'], how: 'an image_generation_call item' };
        }
      }
      return undefined;
    },
    held: (body) => {
      const types = list(body['output']).map((i) => (isRecord(i) ? String(i['type']) : typeof i));
      return `output items: ${types.join(', ') || 'none'}`;
    },
  },
  generate: {
    id: 'image-output',
    title: 'Image output',
    asked: 'generationConfig.responseModalities: ["TEXT", "IMAGE"]',
    request: (main) => ({
      ...main,
      contents: [{ role: 'user', parts: [{ text: IMAGE_MAKING_PROMPT }] }],
      generationConfig: {
        ...(isRecord(main['generationConfig']) ? main['generationConfig'] : {}),
        responseModalities: ['TEXT', 'IMAGE'],
      },
    }),
    found: (body) => {
      for (const part of generateParts(body)) {
        const inline = part['inlineData'];
        if (!isRecord(inline) || typeof inline['data'] !== 'string') continue;
        const type = typeof inline['mimeType'] === 'string' ? inline['mimeType'] : 'no type';
        const signed =
          typeof part['thoughtSignature'] === 'string' ? ', signed (thoughtSignature)' : ', unsigned';
        return { base64: inline['data'], how: `an inlineData part (${type}${signed})` };
      }
      return undefined;
    },
    held: (body) => {
      const kinds = generateParts(body).map(
        (p) => Object.keys(p).filter((k) => k !== 'thoughtSignature')[0] ?? '?',
      );
      return `parts: ${kinds.join(', ') || 'none'}`;
    },
  },
} satisfies Partial<Record<TextFormatCheck['group'], ImageProbe>>;

/** The body a format's image probe sends (exported for tests). */
export function imageMakingRequest(f: TextFormatCheck, model: string): Record<string, unknown> | undefined {
  const probe = (PROBES as Partial<Record<string, ImageProbe>>)[f.group];
  return probe?.request(f.request(model));
}

export async function checkImageMaking(ctx: Ctx, f: TextFormatCheck, run: FormatRun): Promise<void> {
  const probe = (PROBES as Partial<Record<string, ImageProbe>>)[f.group];
  if (probe === undefined) return;
  const report = (detail: string): void => emit(ctx, f.group, probe.id, probe.title, 'info', detail);
  if (!run.answered) return report('not checked: the text request did not succeed');
  const request = keyedRequest(f.family, run.key, run.url, probe.request(run.request));
  const answer = await send(ctx, { ...request, timeoutMs: ctx.timeoutMs * IMAGE_TIMEOUT_FACTOR });
  if (answer.kind === 'failed')
    return report(`could not tell: asked ${probe.asked}; got ${describeAnswer(answer)}`);
  if (answer.status < 200 || answer.status >= 300) {
    const offered = answer.status === 400 || answer.status === 404 ? 'not offered: ' : '';
    return report(`${offered}asked ${probe.asked}; the service answered ${describeHttp(answer)}`);
  }
  const body = isRecord(answer.json) ? answer.json : {};
  const image = probe.found(body);
  if (image === undefined) {
    return report(
      `not offered: asked ${probe.asked}; HTTP ${answer.status} without an image (${probe.held(body)})`,
    );
  }
  const bytes = decodeBase64Strict(image.base64);
  const sniffed = bytes ? sniffImage(bytes) : null;
  const what = sniffed
    ? `a ${sniffed.format.toUpperCase()} of ${sniffed.width}x${sniffed.height}`
    : 'data that is no PNG, JPEG or WebP';
  report(`offered: HTTP ${answer.status} in ${ms(answer.ms)} with ${image.how} holding ${what}`);
}
