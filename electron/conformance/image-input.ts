// Opt-in probe `<format>.image-input`: does the service take an image in a user turn? The spec is silent on
// input parts, so the answer is information ('info'), never a verdict. The request is the format's main
// request with its user turn carrying a tiny PNG in the vendor's documented part shape.
import type { TextFormat } from '../../shared/formats.ts';
import { describeAnswer, describeHttp, keyedRequest, oneLine, send } from './probe.ts';
import { emit, ms } from './report.ts';
import type { TextFormatCheck, FormatRun } from './text-format.ts';
import type { Ctx } from './types.ts';
import { isRecord } from '../../shared/wire.ts';

/**
 * A valid 2x2 RGB PNG (red and white squares), 79 bytes. A constant, not made by the simulator's encoder:
 * the checker depends on neither the simulator nor a picture library.
 */
export const PROBE_PNG = {
  mimeType: 'image/png',
  width: 2,
  height: 2,
  base64:
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4AWP8z8DA8P8/4////xkYGQEs+QX/9sGNOQAAAABJRU5ErkJggg==',
} as const;

export const IMAGE_PROMPT = 'What colour is the top left pixel of this image? One word.';

const DATA_URL = `data:${PROBE_PNG.mimeType};base64,${PROBE_PNG.base64}`;

interface ImageTurn {
  /** how the detail line names the part */
  shape: string;
  /** the main request with its user turn replaced by the prompt and the image */
  request(main: Record<string, unknown>): Record<string, unknown>;
}

const IMAGE_TURNS: Record<TextFormat, ImageTurn> = {
  chat: {
    shape: 'an image_url part with a data URL',
    request: (main) => ({
      ...main,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: IMAGE_PROMPT },
            { type: 'image_url', image_url: { url: DATA_URL } },
          ],
        },
      ],
    }),
  },
  responses: {
    shape: 'an input_image part with a data URL',
    request: (main) => ({
      ...main,
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: IMAGE_PROMPT },
            { type: 'input_image', image_url: DATA_URL },
          ],
        },
      ],
    }),
  },
  messages: {
    shape: 'an image block with a base64 source',
    request: (main) => ({
      ...main,
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              source: { type: 'base64', media_type: PROBE_PNG.mimeType, data: PROBE_PNG.base64 },
            },
            { type: 'text', text: IMAGE_PROMPT },
          ],
        },
      ],
    }),
  },
  generate: {
    shape: 'an inlineData part',
    request: (main) => ({
      ...main,
      contents: [
        {
          role: 'user',
          parts: [
            { text: IMAGE_PROMPT },
            { inlineData: { mimeType: PROBE_PNG.mimeType, data: PROBE_PNG.base64 } },
          ],
        },
      ],
    }),
  },
};

/** The body a format's image probe sends for `model` (exported for tests and the report's docs). */
export function imageInputRequest(f: TextFormatCheck, model: string): Record<string, unknown> {
  return IMAGE_TURNS[f.group].request(f.request(model));
}

export async function checkImageInput(ctx: Ctx, f: TextFormatCheck, run: FormatRun): Promise<void> {
  const report = (detail: string): void => emit(ctx, f.group, 'image-input', 'Image input', 'info', detail);
  if (!run.answered) return report('not checked: the text request did not succeed');
  const turn = IMAGE_TURNS[f.group];
  const sent = `a ${PROBE_PNG.width}x${PROBE_PNG.height} PNG as ${turn.shape}`;
  const answer = await send(ctx, keyedRequest(f.family, run.key, run.url, turn.request(run.request)));
  if (answer.kind === 'failed') return report(`could not tell: sent ${sent}; got ${describeAnswer(answer)}`);
  if (answer.status < 200 || answer.status >= 300) {
    return report(`not accepted: sent ${sent}; the service answered ${describeHttp(answer)}`);
  }
  const text = isRecord(answer.json) ? f.text.of(answer.json) : undefined;
  const reply =
    typeof text === 'string' && text.trim() !== ''
      ? `; the reply: ${JSON.stringify(oneLine(text, 160))}`
      : '';
  report(`accepted: sent ${sent}; HTTP ${answer.status} in ${ms(answer.ms)}${reply}`);
}
