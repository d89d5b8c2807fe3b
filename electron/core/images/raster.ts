// Real decoding of images that come in (attachments from the page, imports, the gallery, the CLI) and
// fitting them to a format's limits. sharp (libvips) works on its own threads, so nothing here holds the
// event loop; it is told the pixel cap, so a file claiming more is refused before any pixel is decoded.
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../shared/limits.ts';
import type { ImageLimits } from '../../../shared/attachments.ts';

// A cache would keep decoded images in memory after their request; the host never reads one twice.
sharp.cache(false);

/** Why `name`'s image is not one Quartet takes (too many pixels, or bytes that do not decode); else undefined. */
export async function imageProblem(
  name: string,
  bytes: Uint8Array,
  declared: { width: number; height: number },
): Promise<string | undefined> {
  // The header's own claim first: a 1 MB PNG may declare 16000x16000 and cost a decoder 1 GB.
  const pixels = declared.width * declared.height;
  if (pixels > MAX_IMAGE_PIXELS) return tooManyPixels(name, declared.width, declared.height);
  try {
    // Every pixel row is decoded (a damaged or cut image fails here), in strips, into a tiny result: the
    // memory it costs stays small whatever the image's size.
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true });
    const meta = await image.metadata();
    const width = meta.width;
    const height = meta.pageHeight ?? meta.height;
    if (width * height > MAX_IMAGE_PIXELS) return tooManyPixels(name, width, height);
    await image.resize(8, 8, { fit: 'inside' }).raw().toBuffer();
  } catch {
    return `"${name}" could not be decoded: its image data is damaged or incomplete.`;
  }
  return undefined;
}

/**
 * Why a mask (already inspected as a whole PNG) cannot mark what an edit may change, or undefined: it
 * needs an alpha channel and at least one fully transparent pixel. The minimum of the alpha channel comes
 * from sharp's statistics, computed on its threads.
 */
export async function maskProblem(bytes: Uint8Array): Promise<string | undefined> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });
    const { hasAlpha } = await image.metadata();
    if (!hasAlpha) return 'The mask has no transparency: its transparent pixels mark what may change.';
    const { channels } = await image.stats();
    if ((channels[3]?.min ?? 255) > 0) return 'The mask has no transparent pixel, so nothing could change.';
  } catch {
    return 'The mask could not be decoded: its image data is damaged or incomplete.';
  }
  return undefined;
}

function tooManyPixels(name: string, width: number, height: number): string {
  const mp = Math.round((width * height) / 1e6).toLocaleString('en');
  return `"${name}" declares ${width}x${height} pixels (${mp} megapixels); Quartet takes images of at most ${MAX_IMAGE_PIXELS / 1e6} megapixels.`;
}

export interface FittedImage {
  bytes: Uint8Array;
  mimeType: string;
  width: number;
  height: number;
  /** false when the image kept the limits already and is returned as it was */
  changed: boolean;
}

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** A fitted file's name: the same stem, the new type's extension. */
export function fittedName(name: string, mimeType: string): string {
  const ext = EXT[mimeType] ?? 'img';
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  // a name may hold 255 characters; the new extension may be longer than the old
  return `${stem.slice(0, 254 - ext.length)}.${ext}`;
}

/** Falling JPEG/WebP qualities tried at one size before the size goes down. */
const QUALITIES = [85, 70, 55, 40] as const;
/** Rounds of shrinking: each aims at the byte budget from the last result, so few are needed. */
const MAX_ROUNDS = 8;
const MIN_SIDE = 16;

/**
 * The image brought within `limits`: its long side down to the limit, then (when still too large or of a
 * type the format refuses) PNG where it keeps the budget, else JPEG (WebP when it has transparency) at
 * falling quality, the size going down further until it fits. The result always keeps the limits; an image
 * that does already comes back unchanged.
 */
export async function fitImage(bytes: Uint8Array, limits: ImageLimits): Promise<FittedImage> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const mimeType = `image/${meta.format}`;
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  const long = Math.max(width, height);
  if (limits.types.includes(mimeType) && bytes.byteLength <= limits.maxBytes && long <= limits.maxSide) {
    return { bytes, mimeType, width, height, changed: false };
  }
  const lossy = meta.hasAlpha && limits.types.includes('image/webp') ? 'webp' : 'jpeg';
  const keepPng = limits.types.includes('image/png') && mimeType !== 'image/jpeg';
  let scale = Math.min(1, limits.maxSide / long);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    // decoded and scaled once per size; each encoding below starts from these pixels
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize(w, h, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const tries: (() => Promise<Buffer>)[] = [];
    // A lossless image stays lossless when only its type or sides were the problem: tried once, and only
    // when its bytes, scaled with its pixels, would keep the budget (PNG costs the most to encode).
    if (keepPng && round === 0 && bytes.byteLength * scale * scale <= limits.maxBytes) {
      tries.push(() => raw().png().toBuffer());
    }
    for (const quality of QUALITIES) {
      tries.push(() =>
        lossy === 'webp'
          ? raw().webp({ quality }).toBuffer()
          : raw().flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer(),
      );
    }
    let smallest = Infinity;
    for (const encode of tries) {
      const out = await encode();
      if (out.byteLength <= limits.maxBytes) {
        const type = out[0] === 0x89 ? 'image/png' : lossy === 'webp' ? 'image/webp' : 'image/jpeg';
        return {
          bytes: new Uint8Array(out),
          mimeType: type,
          width: info.width,
          height: info.height,
          changed: true,
        };
      }
      smallest = Math.min(smallest, out.byteLength);
    }
    // bytes go roughly with the pixel count: aim a little under the budget
    const next = scale * Math.min(0.9, Math.sqrt(limits.maxBytes / smallest) * 0.9);
    if (Math.min(width, height) * next < MIN_SIDE) break;
    scale = next;
  }
  throw new Error('the image could not be brought within the limits');
}
