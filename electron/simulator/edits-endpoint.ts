// POST /v1/images/edits: a multipart form (one or more `image` files, also sent as `image[]`, an optional
// `mask`, `prompt`, `model`, `n`, `size`, `quality`, `background`, `output_format`, `output_compression`,
// `input_fidelity`), answered like a generation. As the vendor's reference says: the images are PNG, JPEG
// or WebP (at most 16), the mask a PNG with an alpha channel, of the first image's size, whose fully
// transparent pixels mark what may change; the edit applies to the first image.
//
// The edit is deterministic and visible: every pixel the mask leaves open takes one colour drawn from the
// prompt (another for each of `n`); every other pixel stays exactly as it was (in PNG and lossless WebP).
// Without a mask the whole image may change, so the whole image is tinted halfway to that colour.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { readImageInfo } from './attachments/image-size.ts';
import { invalidRequest, SimError } from './errors.ts';
import { unixSeconds } from './ids.ts';
import {
  BACKGROUNDS,
  DEFAULT_COMPRESSION,
  formatSize,
  imageData,
  misreported,
  OUTPUT_FORMATS,
  outputImageTokens,
  QUALITIES,
  SUPPORTED_IMAGE_SIZES,
  type ImageSize,
} from './images.ts';
import type { Form, FormFile } from './multipart.ts';
import type { RawImage } from './png.ts';
import { encodeImage } from './image-encode.ts';
import { overRows } from './slices.ts';
import { totalSkew } from './quirks.ts';
import { countInputTokens } from './replies.ts';
import { requireModel } from './validate.ts';
import type { HandlerContext, HandlerReply } from './context.ts';

/** The vendor's limits: 16 reference images, each under 50 MB; a mask under 4 MB. */
export const MAX_EDIT_IMAGES = 16;
const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
const MAX_MASK_BYTES = 4 * 1024 * 1024;
/** What the simulator decodes at most (a decompression bomb is refused before its pixels are made). */
const MAX_INPUT_PIXELS = 64 * 1024 * 1024;
const FIDELITIES = ['low', 'high'];
const IMAGE_FIELDS = new Set(['image', 'image[]']);
/** Input image tokens of one reference image, and what high input fidelity adds to it. */
const INPUT_TOKENS_PER_IMAGE = 323;
const HIGH_FIDELITY_TOKENS = 4096;

function refuse(message: string, param: string | null, code: string | null = null): SimError {
  return new SimError({ status: 400, message, param, code });
}

/** One text field: absent, or sent once. */
function field(form: Form, name: string): string | undefined {
  const values = form.fields.get(name);
  if (values === undefined) return undefined;
  if (values.length > 1) throw invalidRequest(`${name} was sent ${values.length} times; send it once`, name);
  return values[0];
}

function choice<T extends string>(form: Form, name: string, allowed: readonly T[]): T | undefined {
  const value = field(form, name);
  if (value === undefined) return undefined;
  const known = allowed.find((a) => a === value);
  if (known === undefined) {
    throw invalidRequest(`Invalid value: '${value}'. ${name} must be one of ${allowed.join(', ')}.`, name);
  }
  return known;
}

function integer(form: Form, name: string, min: number, max: number): number | undefined {
  const value = field(form, name);
  if (value === undefined) return undefined;
  const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw invalidRequest(`${name} must be an integer from ${min} to ${max}`, name);
  return n;
}

/** `auto` (the first image's own size) or one of the sizes the image models make. */
function editSize(form: Form): ImageSize | undefined {
  const value = field(form, 'size');
  if (value === undefined || value === 'auto') return undefined;
  const size = SUPPORTED_IMAGE_SIZES.find((s) => formatSize(s) === value);
  if (!size) {
    const sizes = ['auto', ...SUPPORTED_IMAGE_SIZES.map(formatSize)].map((s) => `'${s}'`).join(', ');
    throw invalidRequest(`Invalid value: '${value}'. Supported values are: ${sizes}.`, 'size');
  }
  return size;
}

function checkImage(file: FormFile, index: number): ImageSize {
  const info = readImageInfo(file.bytes);
  const param = `image[${index}]`;
  if (!info || info.mimeType === 'image/gif') {
    throw refuse(
      `Invalid image file or mode for image ${index + 1}, please check your image file. Supported formats are 'image/png', 'image/jpeg' and 'image/webp'.`,
      param,
      'invalid_image_format',
    );
  }
  if (file.bytes.length > MAX_IMAGE_BYTES) {
    throw refuse(`Image ${index + 1} is larger than 50 MB.`, param, 'image_too_large');
  }
  return { width: info.width, height: info.height };
}

interface Decoded extends RawImage {
  hasAlpha: boolean;
}

/** RGBA pixels of an image, resized (nearest, so a mask keeps its exact alpha) when `to` is given. */
async function decode(bytes: Buffer, to: ImageSize | undefined, param: string): Promise<Decoded> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
    const { hasAlpha } = await image.metadata();
    const sized = to ? image.resize(to.width, to.height, { fit: 'fill', kernel: 'nearest' }) : image;
    const { data, info } = await sized.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, channels: 4, pixels: data, hasAlpha };
  } catch {
    throw refuse(`The ${param} file could not be decoded as an image.`, param, 'invalid_image_file');
  }
}

/** The mask's checks, in the vendor's words: a PNG, with an alpha channel, of the first image's size. */
function checkMask(mask: FormFile, first: ImageSize): void {
  const info = readImageInfo(mask.bytes);
  if (info?.mimeType !== 'image/png') {
    throw refuse('Invalid mask image format - mask must be a PNG file.', 'mask', 'invalid_mask_image_format');
  }
  if (mask.bytes.length > MAX_MASK_BYTES) {
    throw refuse('The mask is larger than 4 MB.', 'mask', 'invalid_mask_image_format');
  }
  if (info.width !== first.width || info.height !== first.height) {
    throw refuse(
      `Invalid mask image format - mask size (${info.width}x${info.height}) does not match image size (${first.width}x${first.height}).`,
      'mask',
      'invalid_mask_image_format',
    );
  }
}

/** The colour an edit paints, from the prompt (and which of `n` it is). */
export function editColour(prompt: string, index: number): [number, number, number] {
  const hash = createHash('sha256').update(`edit:${index}:${prompt}`).digest();
  return [hash[0] ?? 0, hash[1] ?? 0, hash[2] ?? 0];
}

/**
 * The edited pixels: masked ones (alpha 0 in the mask) painted, the rest as they were; in bands of rows
 * that give the event loop its turn (slices.ts), as every picture the simulator draws.
 */
async function paint(
  image: Decoded,
  mask: Decoded | undefined,
  colour: readonly number[],
  alpha: boolean,
): Promise<RawImage> {
  const { width, height } = image;
  const channels = alpha ? 4 : 3;
  const out = new Uint8Array(width * height * channels);
  const src = image.pixels;
  await overRows(width, height, (first, end) => {
    for (let p = first * width; p < end * width; p++) {
      const i = p * 4;
      const o = p * channels;
      const open = mask ? mask.pixels[i + 3] === 0 : true;
      for (let c = 0; c < 3; c++) {
        const was = src[i + c] ?? 0;
        const to = colour[c] ?? 0;
        out[o + c] = !open ? was : mask ? to : (was + to) >> 1;
      }
      if (alpha) out[o + 3] = open && mask ? 255 : (src[i + 3] ?? 255);
    }
  });
  return { width, height, channels, pixels: out };
}

export async function handleImageEdits(ctx: HandlerContext, form: Form): Promise<HandlerReply> {
  if (field(form, 'stream') === 'true') {
    throw invalidRequest('streaming image edits are not supported by the simulator', 'stream');
  }
  const model = requireModel(ctx, field(form, 'model'), 'image').id;
  const prompt = field(form, 'prompt');
  if (prompt === undefined || prompt === '') {
    throw refuse("Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
  }
  for (const name of ['image', 'image[]', 'mask']) {
    if (form.fields.has(name)) throw invalidRequest(`${name} must be sent as a file, not as text`, name);
  }
  const images = form.files.filter((f) => IMAGE_FIELDS.has(f.name));
  if (images.length === 0) {
    throw refuse("Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
  }
  if (images.length > MAX_EDIT_IMAGES) {
    throw invalidRequest(
      `At most ${MAX_EDIT_IMAGES} images may be edited together; got ${images.length}.`,
      'image',
    );
  }
  const masks = form.files.filter((f) => f.name === 'mask');
  if (masks.length > 1) throw invalidRequest('Send at most one mask.', 'mask');
  const unknown = form.files.find((f) => !IMAGE_FIELDS.has(f.name) && f.name !== 'mask');
  if (unknown) throw invalidRequest(`Unexpected file field '${unknown.name}'.`, unknown.name);

  const n = integer(form, 'n', 1, 10) ?? 1;
  const size = editSize(form);
  const quality = choice(form, 'quality', QUALITIES) ?? 'auto';
  const format = choice(form, 'output_format', OUTPUT_FORMATS) ?? 'png';
  const compression = integer(form, 'output_compression', 0, 100);
  if (compression !== undefined && format === 'png') {
    throw invalidRequest('output_compression is only supported for jpeg and webp', 'output_compression');
  }
  const background = choice(form, 'background', BACKGROUNDS) ?? 'auto';
  if (background === 'transparent' && format === 'jpeg') {
    throw invalidRequest('transparent background requires output_format png or webp', 'background');
  }
  const fidelity = choice(form, 'input_fidelity', FIDELITIES) ?? 'low';
  const responseFormat = field(form, 'response_format');
  if (responseFormat !== undefined && responseFormat !== 'b64_json') {
    throw invalidRequest(`${model} returns images as b64_json only`, 'response_format');
  }

  const sizes = images.map(checkImage);
  const firstSize = sizes[0] ?? { width: 1024, height: 1024 };
  const [mask] = masks;
  if (mask) checkMask(mask, firstSize);
  const [firstFile] = images;
  if (!firstFile) throw refuse("Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
  const first = await decode(firstFile.bytes, size, 'image');
  // every reference image must decode, as the real service reads them all
  for (let i = 1; i < images.length; i++)
    await decode(images[i]?.bytes ?? Buffer.alloc(0), undefined, `image[${i}]`);
  let maskPixels: Decoded | undefined;
  if (mask) {
    maskPixels = await decode(mask.bytes, size, 'mask');
    if (!maskPixels.hasAlpha) {
      throw refuse(
        'Invalid mask image format - mask image missing alpha channel.',
        'mask',
        'invalid_mask_image_format',
      );
    }
  }

  const drawn = { width: first.width, height: first.height };
  const alpha =
    format !== 'jpeg' && (background === 'transparent' || (background === 'auto' && first.hasAlpha));
  const usedQuality = quality === 'auto' ? 'medium' : quality;
  const reported = formatSize(ctx.state.quirks.misreportImageSize ? misreported(drawn) : drawn);
  const data = await Promise.all(
    Array.from({ length: n }, async (_, index) => {
      const edited = await paint(first, maskPixels, editColour(prompt, index), alpha);
      const bytes = await encodeImage(edited, format, compression ?? DEFAULT_COMPRESSION);
      return { b64_json: imageData(bytes, ctx) };
    }),
  );
  const textTokens = countInputTokens([prompt]);
  const imageTokens =
    images.length * (INPUT_TOKENS_PER_IMAGE + (fidelity === 'high' ? HIGH_FIDELITY_TOKENS : 0));
  const outputTokens = outputImageTokens(usedQuality, drawn) * n;
  return {
    type: 'json',
    body: {
      created: unixSeconds(),
      background: alpha ? 'transparent' : 'opaque',
      data,
      output_format: format,
      quality: usedQuality,
      size: reported,
      usage: {
        input_tokens: textTokens + imageTokens,
        input_tokens_details: { image_tokens: imageTokens, text_tokens: textTokens },
        output_tokens: outputTokens,
        output_tokens_details: { image_tokens: outputTokens, text_tokens: 0 },
        total_tokens: textTokens + imageTokens + outputTokens + totalSkew(ctx.state.quirks),
      },
    },
  };
}
