// The images a reply holds: the responses image_generation tool's `image_generation_call` items and
// generate content's inlineData image parts. One pass over the output; what is not a well-formed image
// (no base64, a type that is not an image) is left out, not guessed at.
import { asString, type Json } from './util.ts';
import type { ReplyImage } from './types.ts';
import type { ProviderPayload } from '../../../shared/conversation.ts';
import { isRecord } from '../../../shared/wire.ts';

/** At most this many images are read from one reply; the rest stay in the payload only. */
export const MAX_REPLY_IMAGES = 16;

const RESPONSES_MIME: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
/** The settings an image_generation_call item says it used, by their wire names. */
const RESPONSES_SETTINGS = ['size', 'quality', 'output_format', 'background'] as const;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The type an output_format names (png when absent: the tool's default). */
export function responsesImageMime(format: unknown): string | undefined {
  return format === undefined || format === null ? RESPONSES_MIME['png'] : RESPONSES_MIME[String(format)];
}

function isBase64(text: string): boolean {
  return text.length > 0 && text.length % 4 === 0 && BASE64.test(text);
}

/** The image of one `image_generation_call` item, or undefined when it holds none (yet). */
export function responsesItemImage(item: Json): ReplyImage | undefined {
  if (item['type'] !== 'image_generation_call') return undefined;
  const base64 = asString(item['result']);
  const mimeType = responsesImageMime(item['output_format']);
  if (base64 === undefined || mimeType === undefined || !isBase64(base64)) return undefined;
  const settings: Record<string, string> = {};
  for (const key of RESPONSES_SETTINGS) {
    const value = asString(item[key]);
    if (value !== undefined && value !== '') settings[key] = value.slice(0, 100);
  }
  const revised = asString(item['revised_prompt']);
  return {
    mimeType,
    base64,
    ...(revised ? { revisedPrompt: revised } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  };
}

export function responsesImages(output: readonly unknown[]): ReplyImage[] {
  const images: ReplyImage[] = [];
  for (const item of output) {
    if (images.length >= MAX_REPLY_IMAGES) break;
    if (!isRecord(item)) continue;
    const image = responsesItemImage(item);
    if (image) images.push(image);
  }
  return images;
}

/** The images of generate-content parts: inlineData with an image type (thought images left out). */
export function generateImages(parts: readonly Json[]): ReplyImage[] {
  const images: ReplyImage[] = [];
  for (const part of parts) {
    if (images.length >= MAX_REPLY_IMAGES) break;
    if (part['thought'] === true) continue;
    const inline = part['inlineData'];
    if (!isRecord(inline)) continue;
    const mimeType = asString(inline['mimeType']);
    const base64 = asString(inline['data']);
    if (!mimeType?.startsWith('image/') || base64 === undefined || !isBase64(base64)) continue;
    images.push({ mimeType: mimeType.slice(0, 100), base64 });
  }
  return images;
}

/** A partial image's type from its first bytes (the event does not say it). */
export function sniffBase64Mime(base64: string): string | undefined {
  if (base64.startsWith('iVBORw0KGgo')) return 'image/png';
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('UklGR')) return 'image/webp';
  return undefined;
}

/** The images a stored reply's payload holds, as its reader read them when the reply arrived. */
export function payloadReplyImages(raw: ProviderPayload): ReplyImage[] {
  if (raw.format === 'responses') return responsesImages(raw.output);
  if (raw.format === 'generate') return generateImages(raw.parts);
  return [];
}
