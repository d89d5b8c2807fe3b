// Generate-content image output (README "Images in a conversation"): `generationConfig.responseModalities`
// with "IMAGE" and `imageConfig.{aspectRatio, imageSize}` give an inlineData image part beside the text.
// Each image part is signed; a model turn whose image part comes back without its signature is answered
// with a warning (the vendor's newest image model edits worse without it but does not refuse it).
import { invalidRequest } from '../errors.ts';
import { applyEdit, decodeImage, drawNew } from '../image-edits.ts';
import { encodeImage } from '../image-encode.ts';
import { optionalEnum } from '../validate.ts';
import type { RawImage } from '../png.ts';
import { isRecord } from '../../../shared/wire.ts';

const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;
type AspectRatio = (typeof ASPECT_RATIOS)[number];
const IMAGE_SIZES = ['1K', '2K', '4K'] as const;
type ImageSize = (typeof IMAGE_SIZES)[number];
const MODALITIES = ['TEXT', 'IMAGE'];

/** Sides at 1K per aspect ratio, as the vendor's image models answer them; 2K and 4K double them. */
const SIDES_1K: Record<AspectRatio, [number, number]> = {
  '1:1': [1024, 1024],
  '2:3': [832, 1248],
  '3:2': [1248, 832],
  '3:4': [864, 1184],
  '4:3': [1184, 864],
  '4:5': [896, 1152],
  '5:4': [1152, 896],
  '9:16': [768, 1344],
  '16:9': [1344, 768],
  '21:9': [1536, 672],
};
const SCALE: Record<ImageSize, number> = { '1K': 1, '2K': 2, '4K': 4 };
/** Output tokens of one image at 1K (scaled by area for larger sizes). */
const IMAGE_TOKENS_1K = 1290;

export interface ImageOutput {
  aspectRatio: AspectRatio | undefined;
  imageSize: ImageSize | undefined;
}

/** Whether the request asks for images, and in what shape; undefined when it asks for text only. */
export function readImageOutput(config: Record<string, unknown>): ImageOutput | undefined {
  const modalities = config['responseModalities'];
  let wantsImage = false;
  if (modalities !== undefined && modalities !== null) {
    if (!Array.isArray(modalities) || modalities.length === 0) {
      throw invalidRequest('generationConfig.responseModalities must be a non-empty array');
    }
    for (const m of modalities) {
      if (typeof m !== 'string' || !MODALITIES.includes(m)) {
        throw invalidRequest(
          `generationConfig.responseModalities: '${String(m)}' is not supported (TEXT, IMAGE)`,
        );
      }
      if (m === 'IMAGE') wantsImage = true;
    }
  }
  const imageConfig = config['imageConfig'] ?? {};
  if (!isRecord(imageConfig)) throw invalidRequest('generationConfig.imageConfig must be an object');
  const aspectRatio = optionalEnum(
    imageConfig,
    'aspectRatio',
    ASPECT_RATIOS,
    'generationConfig.imageConfig.aspectRatio',
  );
  const imageSize = optionalEnum(
    imageConfig,
    'imageSize',
    IMAGE_SIZES,
    'generationConfig.imageConfig.imageSize',
  );
  return wantsImage ? { aspectRatio, imageSize } : undefined;
}

/** The last image of the request (sent back in a model turn, or given by the user): what an edit changes. */
export function lastInlineImage(contents: readonly Record<string, unknown>[][]): Buffer | undefined {
  let found: string | undefined;
  for (const parts of contents) {
    for (const part of parts) {
      const data = isRecord(part['inlineData']) ? part['inlineData'] : undefined;
      if (data && typeof data['mimeType'] === 'string' && data['mimeType'].startsWith('image/')) {
        if (typeof data['data'] === 'string') found = data['data'];
      }
    }
  }
  return found === undefined ? undefined : Buffer.from(found, 'base64');
}

/** The inlineData image parts of a model turn that came back without a signature, by position. */
export function unsignedImageParts(parts: readonly Record<string, unknown>[]): number[] {
  const unsigned: number[] = [];
  parts.forEach((part, i) => {
    if (isRecord(part['inlineData']) && part['thoughtSignature'] === undefined) unsigned.push(i);
  });
  return unsigned;
}

export interface MadeInlineImage {
  mimeType: string;
  data: string;
  tokens: number;
}

/** The reply's image: the prompt's picture, or the last image of the request with the prompt's edit. */
export async function makeInlineImage(
  output: ImageOutput,
  prompt: string,
  source: Buffer | undefined,
): Promise<MadeInlineImage> {
  let pixels: RawImage;
  if (source !== undefined) {
    try {
      pixels = await decodeImage(source);
    } catch {
      throw invalidRequest('Unable to process input image. Please retry or report in the forum.');
    }
    await applyEdit(pixels, prompt);
  } else {
    const [w, h] = SIDES_1K[output.aspectRatio ?? '1:1'];
    const scale = SCALE[output.imageSize ?? '1K'];
    pixels = await drawNew(prompt, { width: w * scale, height: h * scale }, false);
  }
  const bytes = await encodeImage(pixels, 'png', 100);
  const tokens = Math.round((IMAGE_TOKENS_1K * pixels.width * pixels.height) / 1024 ** 2);
  return { mimeType: 'image/png', data: bytes.toString('base64'), tokens };
}
