// POST /v1/images/generations (spec §2.5, §4.4): real images, deterministic from the prompt, with the size
// adjustment the spec warns about, in each output_format the image models take (png, jpeg, webp: PNG by
// the simulator's own encoder, JPEG and WebP by sharp). A picture is drawn in bands of rows and encoded off
// the loop (slices.ts, image-encode.ts), as a conversation's is, so a large one holds no other request.
import { createHash } from 'node:crypto';
import { invalidRequest } from './errors.ts';
import { newId, unixSeconds } from './ids.ts';
import { encodePng, type RawImage } from './png.ts';
import { overRows } from './slices.ts';
import { encodeImage, type ImageFormat } from './image-encode.ts';
import { totalSkew } from './quirks.ts';
import { countInputTokens } from './replies.ts';
import { optionalInteger, optionalString, requireModel, requireString } from './validate.ts';
import type { HandlerContext, HandlerReply } from './context.ts';

export interface ImageSize {
  width: number;
  height: number;
}

export const SUPPORTED_IMAGE_SIZES: readonly ImageSize[] = [
  { width: 1024, height: 1024 },
  { width: 1536, height: 1024 },
  { width: 1024, height: 1536 },
];
// Without adjustment any size in this range is drawn as asked.
const MIN_SIDE = 16;
const MAX_SIDE = 2048;
export const QUALITIES = ['low', 'medium', 'high', 'auto'];
export const OUTPUT_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'webp'];
const isOutputFormat = (v: string): v is ImageFormat => (OUTPUT_FORMATS as readonly string[]).includes(v);
/** JPEG and WebP quality when the request sets no output_compression (0-100, as the real models take it). */
export const DEFAULT_COMPRESSION = 85;
export const BACKGROUNDS = ['transparent', 'opaque', 'auto'];
// Output image tokens of a 1024x1024 image per quality, scaled by area for other sizes.
const TOKENS_PER_MEGAPIXEL: Record<string, number> = { low: 272, medium: 1056, high: 4160 };

/** Output tokens of one image drawn at `quality` (not 'auto') and `size`. */
export function outputImageTokens(quality: string, size: ImageSize): number {
  return Math.round(((TOKENS_PER_MEGAPIXEL[quality] ?? 1056) * size.width * size.height) / 1024 ** 2);
}

export function formatSize(size: ImageSize): string {
  return `${size.width}x${size.height}`;
}

/**
 * The size actually drawn for a requested `size`. With adjustment, 'auto' and unsupported sizes
 * become the supported size of the nearest aspect ratio; without it, any WxH in range is kept.
 */
export function resolveImageSize(requested: string | undefined, adjust: boolean): ImageSize {
  if (requested === undefined || requested === 'auto') return { width: 1024, height: 1024 };
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(requested);
  if (!match) throw invalidRequest(`size must be 'auto' or '<width>x<height>', got '${requested}'`, 'size');
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < MIN_SIDE || height < MIN_SIDE || width > 4 * MAX_SIDE || height > 4 * MAX_SIDE) {
    throw invalidRequest(`size '${requested}' is out of range`, 'size');
  }
  if (!adjust) {
    if (width > MAX_SIDE || height > MAX_SIDE) {
      throw invalidRequest(`size '${requested}' is too large: at most ${MAX_SIDE} per side`, 'size');
    }
    return { width, height };
  }
  const aspect = Math.log(width / height);
  let best = SUPPORTED_IMAGE_SIZES[0] ?? { width: 1024, height: 1024 };
  for (const size of SUPPORTED_IMAGE_SIZES) {
    if (
      Math.abs(Math.log(size.width / size.height) - aspect) <
      Math.abs(Math.log(best.width / best.height) - aspect)
    ) {
      best = size;
    }
  }
  return best;
}

/** A diagonal gradient between two colours taken from a hash of the prompt, with a lighter disc, as a PNG. */
export function drawImage(prompt: string, index: number, size: ImageSize, transparent: boolean): Buffer {
  return encodePng(drawPixels(prompt, index, size, transparent));
}

/** The picture of `prompt`: a gradient between two hashed colours and a lighter disc in the centre. */
function picture(prompt: string, index: number, size: ImageSize, transparent: boolean) {
  const hash = createHash('sha256').update(`${index}:${prompt}`).digest();
  const from = [hash[0] ?? 0, hash[1] ?? 0, hash[2] ?? 0];
  const to = [hash[3] ?? 255, hash[4] ?? 255, hash[5] ?? 255];
  const { width, height } = size;
  const channels: 3 | 4 = transparent ? 4 : 3;
  const image: RawImage = { width, height, channels, pixels: new Uint8Array(width * height * channels) };
  const cx = width / 2;
  const cy = height / 2;
  const radius2 = (Math.min(width, height) / 3) ** 2;
  const rows = (first: number, end: number): void => {
    const pixels = image.pixels;
    let i = first * width * channels;
    for (let y = first; y < end; y++) {
      for (let x = 0; x < width; x++) {
        const t = (x / width + y / height) / 2;
        const inDisc = (x - cx) ** 2 + (y - cy) ** 2 < radius2;
        for (let c = 0; c < 3; c++) {
          const a = from[c] ?? 0;
          const value = a + ((to[c] ?? 0) - a) * t;
          pixels[i++] = inDisc ? 255 - ((255 - value) >> 1) : value;
        }
        if (transparent) pixels[i++] = inDisc ? 255 : 0;
      }
    }
  };
  return { image, rows };
}

/** The picture's pixels (also the start of an image a conversation makes: image-edits.ts). */
export function drawPixels(prompt: string, index: number, size: ImageSize, transparent: boolean): RawImage {
  const { image, rows } = picture(prompt, index, size, transparent);
  rows(0, size.height);
  return image;
}

/** The same pixels as drawPixels, drawn in bands that give the event loop its turn (a 2K or 4K picture). */
export async function drawPixelsInSlices(
  prompt: string,
  index: number,
  size: ImageSize,
  transparent: boolean,
): Promise<RawImage> {
  const { image, rows } = picture(prompt, index, size, transparent);
  await overRows(size.width, size.height, rows);
  return image;
}

/** An image's base64 as the reply carries it, or the broken data a queued image fault asks for. */
export function imageData(image: Buffer, ctx: HandlerContext): string {
  switch (ctx.fault?.kind) {
    case 'imageBadBase64':
      return `***not base64***${image.toString('base64').slice(0, 64)}`;
    case 'imageNotAnImage':
      return Buffer.from('This is not an image: the simulator sent text instead of image bytes.').toString(
        'base64',
      );
    case 'imageCutBody':
      return image.subarray(0, Math.floor(image.length / 2)).toString('base64');
    default:
      return image.toString('base64');
  }
}

/** A size that is not the real one, for the misreportImageSize quirk. */
export function misreported(size: ImageSize): ImageSize {
  return size.width === size.height
    ? { width: size.width / 2, height: size.height / 2 }
    : { width: size.height, height: size.width };
}

export async function handleImages(ctx: HandlerContext): Promise<HandlerReply> {
  const { body, state } = ctx;
  const model = requireModel(ctx, optionalString(body, 'model'), 'image').id;
  const prompt = requireString(body, 'prompt');
  if (ctx.stream)
    throw invalidRequest('streaming image generation is not supported by the simulator', 'stream');
  const n = optionalInteger(body, 'n', 1, 10) ?? 1;
  const quality = optionalString(body, 'quality') ?? 'auto';
  if (!QUALITIES.includes(quality))
    throw invalidRequest(`quality must be one of ${QUALITIES.join(', ')}`, 'quality');
  const format = optionalString(body, 'output_format') ?? 'png';
  if (!isOutputFormat(format)) {
    throw invalidRequest('output_format must be png, jpeg or webp', 'output_format');
  }
  const compression = optionalInteger(body, 'output_compression', 0, 100);
  if (compression !== undefined && format === 'png') {
    throw invalidRequest('output_compression is only supported for jpeg and webp', 'output_compression');
  }
  const background = optionalString(body, 'background') ?? 'auto';
  if (!BACKGROUNDS.includes(background)) {
    throw invalidRequest(`background must be one of ${BACKGROUNDS.join(', ')}`, 'background');
  }
  // as the real models: JPEG has no alpha channel
  if (background === 'transparent' && format === 'jpeg') {
    throw invalidRequest('transparent background requires output_format png or webp', 'background');
  }
  const responseFormat = optionalString(body, 'response_format');
  if (responseFormat !== undefined && responseFormat !== 'b64_json') {
    throw invalidRequest(`${model} returns images as b64_json only`, 'response_format');
  }
  const size = resolveImageSize(optionalString(body, 'size'), state.imageSizeAdjust);
  const reported = formatSize(state.quirks.misreportImageSize ? misreported(size) : size);
  const transparent = background === 'transparent';
  const usedQuality = quality === 'auto' ? 'medium' : quality;

  const quality100 = compression ?? DEFAULT_COMPRESSION;
  const data = await Promise.all(
    Array.from({ length: n }, async (_, index) => ({
      b64_json: imageData(
        await encodeImage(await drawPixelsInSlices(prompt, index, size, transparent), format, quality100),
        ctx,
      ),
      generation_id: newId('gen_'),
      model,
      size: reported,
    })),
  );
  const textTokens = countInputTokens([prompt]);
  const perImage = outputImageTokens(usedQuality, size);
  const outputTokens = perImage * n;
  return {
    type: 'json',
    body: {
      created: unixSeconds(),
      background: transparent ? 'transparent' : 'opaque',
      data,
      output_format: format,
      quality: usedQuality,
      size: reported,
      usage: {
        input_tokens: textTokens,
        input_tokens_details: { image_tokens: 0, text_tokens: textTokens },
        output_tokens: outputTokens,
        output_tokens_details: { image_tokens: outputTokens, text_tokens: 0 },
        total_tokens: textTokens + outputTokens + totalSkew(state.quirks),
      },
    },
  };
}
