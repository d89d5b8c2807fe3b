// The responses format's built-in `image_generation` tool (README "Images in a conversation"): its
// settings, the `image_generation_call` output item and its stream events, and the earlier image a
// later turn edits (an item sent back whole or by id, or the previous response's image).
import { invalidRequest } from '../errors.ts';
import { newId } from '../ids.ts';
import { formatSize, resolveImageSize } from '../images.ts';
import { applyEdit, decodeImage, drawNew, partialOf } from '../image-edits.ts';
import { encodeImage, type ImageFormat } from '../image-encode.ts';
import { optionalEnum, optionalInteger, optionalString } from '../validate.ts';
import type { SimState } from '../context.ts';

export interface ImageTool {
  size: string;
  quality: 'low' | 'medium' | 'high' | 'auto';
  format: ImageFormat;
  background: 'transparent' | 'opaque' | 'auto';
  partialImages: number;
  compression: number | undefined;
}

/** Images kept for a later turn that names one by id; bounded, as the responses are. */
const MAX_KEPT_IMAGES = 100;
const DEFAULT_COMPRESSION = 85;

/** `{type: 'image_generation', size?, quality?, output_format?, background?, partial_images?, …}`. */
export function readImageTool(tool: Record<string, unknown>, where: string): ImageTool {
  const size = optionalString(tool, 'size') ?? 'auto';
  if (!['auto', '1024x1024', '1024x1536', '1536x1024'].includes(size)) {
    throw invalidRequest(
      `Invalid value for '${where}.size': expected one of auto, 1024x1024, 1024x1536, 1536x1024.`,
      `${where}.size`,
    );
  }
  const quality = optionalEnum(tool, 'quality', ['low', 'medium', 'high', 'auto'], `${where}.quality`);
  const format = optionalEnum(tool, 'output_format', ['png', 'jpeg', 'webp'], `${where}.output_format`);
  const background = optionalEnum(
    tool,
    'background',
    ['transparent', 'opaque', 'auto'],
    `${where}.background`,
  );
  const partialImages = optionalInteger(tool, 'partial_images', 0, 3, `${where}.partial_images`) ?? 0;
  const compression = optionalInteger(tool, 'output_compression', 0, 100, `${where}.output_compression`);
  optionalEnum(tool, 'moderation', ['auto', 'low'], `${where}.moderation`);
  optionalEnum(tool, 'input_fidelity', ['low', 'high'], `${where}.input_fidelity`);
  optionalEnum(tool, 'action', ['auto', 'generate', 'edit'], `${where}.action`);
  optionalString(tool, 'model');
  if (background === 'transparent' && format === 'jpeg') {
    throw invalidRequest('transparent background requires output_format png or webp', `${where}.background`);
  }
  if (compression !== undefined && (format ?? 'png') === 'png') {
    throw invalidRequest(
      'output_compression is only supported for jpeg and webp',
      `${where}.output_compression`,
    );
  }
  return {
    size,
    quality: quality ?? 'auto',
    format: format ?? 'png',
    background: background ?? 'auto',
    partialImages,
    compression,
  };
}

/** An `image_generation_call` input item: its id, and its image when it came back whole. */
export function readImageItem(item: Record<string, unknown>, where: string): ImageItem {
  const id = item['id'];
  if (typeof id !== 'string' || id === '') throw invalidRequest(`${where}.id must be a string`, 'input');
  const result = item['result'];
  const revised = typeof item['revised_prompt'] === 'string' ? item['revised_prompt'] : '';
  if (result === undefined || result === null) return { id, revised };
  if (typeof result !== 'string') throw invalidRequest(`${where}.result must be a base64 string`, 'input');
  return { id, result, revised };
}

export interface ImageItem {
  id: string;
  result?: string;
  revised: string;
}

/** An image the service made, as a later turn may edit it. */
export interface KeptImage {
  bytes: Buffer;
  revised: string;
}

export function keepImage(state: SimState, id: string, image: KeptImage): void {
  state.images.set(id, image);
  if (state.images.size > MAX_KEPT_IMAGES) {
    const oldest = state.images.keys().next();
    if (!oldest.done) state.images.delete(oldest.value);
  }
}

/** The bytes of the image a turn edits: an item sent back whole, or one named by id the service kept. */
export function earlierImage(state: SimState, item: ImageItem): KeptImage {
  if (item.result !== undefined) return { bytes: Buffer.from(item.result, 'base64'), revised: item.revised };
  const kept = state.images.get(item.id);
  if (kept === undefined) throw invalidRequest(`Item with id '${item.id}' not found.`, 'input');
  return kept;
}

export interface MadeImage {
  item: Record<string, unknown>;
  /** the partial images, base64, coarsest first */
  partials: string[];
}

/** Draws the image (a new one, or `source` with the prompt's edit) and its partial images. */
export async function makeImage(
  state: SimState,
  tool: ImageTool,
  prompt: string,
  source: KeptImage | undefined,
): Promise<MadeImage> {
  const transparent = tool.background === 'transparent';
  let pixels;
  if (source === undefined) {
    pixels = await drawNew(prompt, resolveImageSize(tool.size, true), transparent);
  } else {
    pixels = await decodeImage(source.bytes);
    await applyEdit(pixels, prompt);
  }
  const quality100 = tool.compression ?? DEFAULT_COMPRESSION;
  const bytes = await encodeImage(pixels, tool.format, quality100);
  const partials: string[] = [];
  for (let i = 0; i < tool.partialImages; i++) {
    const coarse = await partialOf(pixels, i, tool.partialImages);
    partials.push((await encodeImage(coarse, tool.format, quality100)).toString('base64'));
  }
  const id = newId('ig_');
  const revised = source === undefined ? `An image of ${prompt}` : `${source.revised} Then: ${prompt}`;
  keepImage(state, id, { bytes, revised });
  const item = {
    id,
    type: 'image_generation_call',
    status: 'completed',
    background: pixels.channels === 4 ? 'transparent' : 'opaque',
    output_format: tool.format,
    quality: tool.quality === 'auto' ? 'medium' : tool.quality,
    size: formatSize(pixels),
    revised_prompt: revised,
    result: bytes.toString('base64'),
  };
  return { item, partials };
}
