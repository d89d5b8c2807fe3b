// Where a reply's provider payload holds its images: a responses `image_generation_call` item's `result`,
// a generate-content part's `inlineData.data` with an image type. The CLI's history file keeps these as
// files beside it (shared/export.ts `imageFiles`) and puts them back byte for byte before the next request.
import type { ProviderPayload } from './conversation.ts';
import { isRecord } from './wire.ts';

/** One image of a payload: which output item or part holds it, its type and its base64 as received. */
export interface PayloadImage {
  /** the index of the item (responses `output`) or part (generate `parts`) */
  slot: number;
  mimeType: string;
  base64: string;
  /** a generate-content thought image (an interim drawing of the thinking) */
  thought: boolean;
}

const RESPONSES_MIME: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The images of a payload, in order; an item or part that holds none (or an empty one) is left out. */
export function payloadImages(raw: ProviderPayload): PayloadImage[] {
  const found: PayloadImage[] = [];
  if (raw.format === 'responses') {
    raw.output.forEach((item, slot) => {
      if (!isRecord(item) || item['type'] !== 'image_generation_call') return;
      const result = item['result'];
      const format = item['output_format'];
      const mimeType = format === undefined || format === null ? 'image/png' : RESPONSES_MIME[String(format)];
      if (typeof result === 'string' && result !== '' && mimeType !== undefined) {
        found.push({ slot, mimeType, base64: result, thought: false });
      }
    });
  } else if (raw.format === 'generate') {
    raw.parts.forEach((part, slot) => {
      const inline = part['inlineData'];
      if (!isRecord(inline)) return;
      const { mimeType, data } = inline;
      if (
        typeof mimeType === 'string' &&
        mimeType.startsWith('image/') &&
        typeof data === 'string' &&
        data !== ''
      ) {
        found.push({ slot, mimeType, base64: data, thought: part['thought'] === true });
      }
    });
  }
  return found;
}

/** Whether `slot` of the payload is an image place (an image item or an image part), filled or emptied. */
export function isImageSlot(raw: ProviderPayload, slot: number): boolean {
  if (raw.format === 'responses') {
    const item = raw.output[slot];
    return isRecord(item) && item['type'] === 'image_generation_call' && typeof item['result'] === 'string';
  }
  if (raw.format === 'generate') {
    const inline = raw.parts[slot]?.['inlineData'];
    return (
      isRecord(inline) &&
      typeof inline['mimeType'] === 'string' &&
      inline['mimeType'].startsWith('image/') &&
      typeof inline['data'] === 'string'
    );
  }
  return false;
}

/** The payload with the image at `slot` holding `base64` instead (every other byte as it was). */
export function withPayloadImage(raw: ProviderPayload, slot: number, base64: string): ProviderPayload {
  if (raw.format === 'responses') {
    const output = raw.output.map((item, i) =>
      i === slot && isRecord(item) ? { ...item, result: base64 } : item,
    );
    return { ...raw, output };
  }
  if (raw.format === 'generate') {
    const parts = raw.parts.map((part, i) => {
      const inline = part['inlineData'];
      return i === slot && isRecord(inline) ? { ...part, inlineData: { ...inline, data: base64 } } : part;
    });
    return { ...raw, parts };
  }
  return raw;
}
