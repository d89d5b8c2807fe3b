// Group "images" (opt-in, it costs one image): POST /v1/images/generations (spec §2.5, §4.4): the result's
// fields, the image decodes, the reported size is the real size, and whether the service adjusted it.
import { endpointUrl, imageEditsUrl } from '../../shared/endpoints.ts';
import { buildEditForm, describeEditForm, sniffImage, type EditFile } from '../core/index.ts';
import { IMAGE_MIME } from '../core/images/sniff.ts';
import { decodeBase64Strict } from '../core/images/base64.ts';
import { imageLooksComplete, type SniffedImage } from '../core/images/sniff.ts';
import { reportFields, reportMain, reportUsage, type FormatInfo } from './format.ts';
import { pickModel } from './models.ts';
import { authHeaders, describeHttp, send } from './probe.ts';
import { emit, skip } from './report.ts';
import { describeValue } from './schema.ts';
import { IMAGE_RESULT } from '../../shared/spec-tables.ts';
import type { Ctx } from './types.ts';
import { isRecord } from '../../shared/wire.ts';

const IMAGES: FormatInfo = { group: 'images', family: 'bearer', table: IMAGE_RESULT };

/** The cheapest request the spec's fields allow: one square image of the common size, low quality. */
export const IMAGE_REQUEST = { size: '1024x1024', n: 1, quality: 'low', output_format: 'png' } as const;
const IMAGE_PROMPT = 'A small red circle on a white background';
const EDIT_PROMPT = 'Make the circle blue';
const NAME_EDITS = 'Image edits offered';
/** Image generation takes far longer than a few text tokens. */
const IMAGE_TIMEOUT_FACTOR = 4;

function sizeText(s: SniffedImage): string {
  return `${s.width}x${s.height}`;
}

function decode(ctx: Ctx, item: Record<string, unknown> | undefined): SniffedImage | undefined {
  const fail = (detail: string): undefined => {
    emit(ctx, 'images', 'decode', 'Image decodes', 'fail', detail);
    return undefined;
  };
  const b64 = item?.['b64_json'];
  if (typeof b64 !== 'string') {
    const url = item?.['url'];
    return fail(
      typeof url === 'string'
        ? 'expected the image as base64 in data[0].b64_json (spec §4.4); got a url instead'
        : `expected base64 image data in data[0].b64_json; got ${describeValue(b64)}`,
    );
  }
  const bytes = decodeBase64Strict(b64);
  if (bytes === null) return fail('expected data[0].b64_json to be standard base64; it is not');
  const image = sniffImage(bytes);
  if (image === null)
    return fail(
      `expected PNG, JPEG or WebP bytes in data[0].b64_json; got ${bytes.length} bytes of something else`,
    );
  if (!imageLooksComplete(bytes, image.format)) {
    return fail(
      `expected a complete ${image.format.toUpperCase()}; the image is cut short (${bytes.length} bytes)`,
    );
  }
  if (image.format !== IMAGE_REQUEST.output_format) {
    emit(
      ctx,
      'images',
      'decode',
      'Image decodes',
      'warn',
      `expected a ${IMAGE_REQUEST.output_format.toUpperCase()} as output_format asked; got a complete ${image.format.toUpperCase()} of ${sizeText(image)}`,
    );
    return image;
  }
  emit(
    ctx,
    'images',
    'decode',
    'Image decodes',
    'pass',
    `data[0].b64_json decodes to a complete ${image.format.toUpperCase()} of ${sizeText(image)} (${Math.round(bytes.length / 1024)} KB)`,
  );
  return image;
}

function reportSize(
  ctx: Ctx,
  body: Record<string, unknown>,
  item: Record<string, unknown> | undefined,
  real: SniffedImage | undefined,
): void {
  if (real === undefined) {
    emit(ctx, 'images', 'size', 'Reported size', 'info', 'not checked: the image did not decode');
    emit(ctx, 'images', 'adjusted', 'Size adjusted', 'info', 'not checked: the image did not decode');
    return;
  }
  const actual = sizeText(real);
  const reported = [
    ['size', body['size']],
    ['data[0].size', item?.['size']],
  ] as const;
  const wrong = reported.filter(([, v]) => v !== actual);
  emit(
    ctx,
    'images',
    'size',
    'Reported size',
    wrong.length === 0 ? 'pass' : 'fail',
    wrong.length === 0
      ? `size and data[0].size say ${actual}, the real size of the image`
      : `expected the reported size to be the real size ${actual}; got ${wrong.map(([k, v]) => `${k} ${typeof v === 'string' ? JSON.stringify(v) : describeValue(v)}`).join(' and ')}`,
  );
  emit(
    ctx,
    'images',
    'adjusted',
    'Size adjusted',
    'info',
    actual === IMAGE_REQUEST.size
      ? `not adjusted: asked for ${IMAGE_REQUEST.size}, got ${actual}`
      : `adjusted: asked for ${IMAGE_REQUEST.size}, the service made ${actual} (the spec allows it: trust the response and the image)`,
  );
}

export async function checkImages(ctx: Ctx): Promise<void> {
  if (!ctx.images) return skip(ctx, 'images', ctx.hints.images);
  const key = ctx.keys.bearer;
  if (key === undefined) return skip(ctx, 'images', 'no key for Images (set the bearer or default key)');
  const model = pickModel(ctx, 'image');
  if (!model.ok) return skip(ctx, 'images', model.why);
  const answer = await send(ctx, {
    method: 'POST',
    url: endpointUrl(ctx.root, 'images'),
    headers: authHeaders('bearer', key),
    body: { model: model.id, prompt: IMAGE_PROMPT, ...IMAGE_REQUEST },
    timeoutMs: ctx.timeoutMs * IMAGE_TIMEOUT_FACTOR,
  });
  const body = reportMain(ctx, IMAGES, answer, model, [
    'fields',
    'decode',
    'size',
    'adjusted',
    'usage',
    'edits',
  ]);
  if (body === undefined) return;
  reportFields(ctx, IMAGES, body);
  const data = body['data'];
  const item = Array.isArray(data) && isRecord(data[0]) ? data[0] : undefined;
  const real = decode(ctx, item);
  reportSize(ctx, body, item, real);
  reportUsage(ctx, IMAGES, body, {
    path: 'usage',
    addends: ['input_tokens', 'output_tokens'],
    total: 'total_tokens',
  });
  const b64 = item?.['b64_json'];
  const bytes = real && typeof b64 === 'string' ? decodeBase64Strict(b64) : null;
  await checkEdits(ctx, model.id, key, bytes && real ? { bytes, image: real } : undefined);
}

/**
 * Whether the service offers POST /v1/images/edits (the spec is silent on it: information), by editing
 * the image just made, whole (no mask), and what it answered.
 */
async function checkEdits(
  ctx: Ctx,
  model: string,
  key: string,
  made: { bytes: Uint8Array; image: SniffedImage } | undefined,
): Promise<void> {
  const title = NAME_EDITS;
  if (!made) {
    emit(ctx, 'images', 'edits', title, 'info', 'not tried: there was no generated image to edit');
    return;
  }
  const file: EditFile = {
    bytes: made.bytes,
    name: `image.${made.image.format}`,
    mime: IMAGE_MIME[made.image.format],
  };
  const edit = { model, prompt: EDIT_PROMPT, images: [file], n: 1, quality: 'low' };
  const answer = await send(ctx, {
    method: 'POST',
    url: imageEditsUrl(ctx.root),
    headers: authHeaders('bearer', key),
    form: buildEditForm(edit),
    recordedBody: describeEditForm(edit),
    timeoutMs: ctx.timeoutMs * IMAGE_TIMEOUT_FACTOR,
  });
  if (answer.kind === 'failed') {
    emit(ctx, 'images', 'edits', title, 'info', `${answer.where}: ${answer.message}`);
    return;
  }
  if (answer.status < 200 || answer.status > 299) {
    const offered = answer.status === 404 || answer.status === 405 ? 'not offered: ' : '';
    emit(ctx, 'images', 'edits', title, 'info', `${offered}${describeHttp(answer)}`);
    return;
  }
  const data = isRecord(answer.json) ? answer.json['data'] : undefined;
  const first = Array.isArray(data) && isRecord(data[0]) ? data[0]['b64_json'] : undefined;
  const edited = typeof first === 'string' ? decodeBase64Strict(first) : null;
  const sniffed = edited ? sniffImage(edited) : null;
  emit(
    ctx,
    'images',
    'edits',
    title,
    'info',
    sniffed
      ? `offered: ${answer.where} answered ${answer.status} with a ${sniffed.format.toUpperCase()} of ${sizeText(sniffed)}`
      : `${answer.where} answered ${answer.status} without a decodable image in data[0].b64_json`,
  );
}
