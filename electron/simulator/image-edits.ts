// Images made inside a conversation (the responses image_generation tool, generate-content image output):
// drawn as /v1/images/generations draws them, and edited by a later turn in a way anyone can see, from
// words of its prompt ("darker", "lighter", a colour, "circle", "square", "stripe"). An edit works on
// the pixels the client sent back (decoded with sharp), so it needs no memory of the first turn and
// survives a restart of the simulator.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { drawPixelsInSlices, type ImageSize } from './images.ts';
import { overRows } from './slices.ts';
import type { RawImage } from './png.ts';
import type { ImageFormat } from './image-encode.ts';

export const MIME_OF: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const COLOURS: Record<string, [number, number, number]> = {
  red: [220, 40, 40],
  green: [40, 170, 60],
  blue: [40, 80, 220],
  yellow: [240, 210, 40],
  orange: [245, 140, 30],
  purple: [140, 60, 190],
  pink: [240, 120, 180],
  black: [10, 10, 10],
  white: [250, 250, 250],
};
const SHAPES = ['circle', 'square', 'stripe'] as const;
type Shape = (typeof SHAPES)[number];

/** What a prompt asks of an existing image, read from its words. */
export interface EditPlan {
  tone: 'darker' | 'lighter' | undefined;
  colour: [number, number, number] | undefined;
  shape: Shape | undefined;
}

export function editPlan(prompt: string): EditPlan {
  const words: string[] = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const has = (w: string): boolean => words.includes(w);
  const colourWord = words.find((w) => COLOURS[w] !== undefined);
  return {
    tone: has('darker') || has('dark') ? 'darker' : has('lighter') || has('brighter') ? 'lighter' : undefined,
    colour: colourWord === undefined ? undefined : COLOURS[colourWord],
    shape: SHAPES.find((s) => has(s) || has(`${s}s`)),
  };
}

/** A colour from a hash of the prompt, for a shape asked without one. */
function hashedColour(prompt: string): [number, number, number] {
  const h = createHash('sha256').update(prompt).digest();
  return [h[0] ?? 0, h[1] ?? 0, h[2] ?? 0];
}

/** Applies `prompt`'s edit to the pixels in place, in bands of rows that give the event loop its turn. */
export async function applyEdit(image: RawImage, prompt: string): Promise<void> {
  const plan = editPlan(prompt);
  const { width, height, channels, pixels } = image;
  const rowBytes = width * channels;
  // With neither tone nor shape nor colour named, a band of the prompt's colour marks the edit anyway.
  const shape: Shape | undefined =
    plan.shape ?? (plan.colour !== undefined ? 'circle' : plan.tone === undefined ? 'stripe' : undefined);
  const colour = plan.colour ?? hashedColour(prompt);
  const side = Math.min(width, height);
  const cx = width / 2;
  const cy = height / 2;
  const r = side / 5;
  const inside = (x: number, y: number): boolean => {
    if (shape === 'circle') return (x - cx) ** 2 + (y - cy) ** 2 < r * r;
    if (shape === 'square') return Math.abs(x - cx) < r && Math.abs(y - cy) < r;
    return y >= height - Math.max(1, Math.round(height / 8));
  };
  await overRows(width, height, (from, to) => {
    if (plan.tone !== undefined) {
      for (let i = from * rowBytes; i < to * rowBytes; i++) {
        if (channels === 4 && i % 4 === 3) continue;
        const v = pixels[i] ?? 0;
        pixels[i] = plan.tone === 'darker' ? Math.round(v * 0.6) : Math.round(v + (255 - v) * 0.4);
      }
    }
    if (shape === undefined) return;
    for (let y = from; y < to; y++) {
      for (let x = 0; x < width; x++) {
        if (!inside(x, y)) continue;
        const at = (y * width + x) * channels;
        pixels[at] = colour[0];
        pixels[at + 1] = colour[1];
        pixels[at + 2] = colour[2];
        if (channels === 4) pixels[at + 3] = 255;
      }
    }
  });
}

/** Decodes an image the client sent back (any format sharp reads) to raw pixels. */
export async function decodeImage(bytes: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const channels = info.channels === 4 ? 4 : 3;
  if (info.channels !== channels) {
    const rgb = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: rgb.info.width, height: rgb.info.height, channels: 3, pixels: rgb.data };
  }
  return { width: info.width, height: info.height, channels, pixels: data };
}

/**
 * A coarse version of the final image, as a partial image of a stream shows it: blocks of 2^(n+1)..
 * pixels, finer with each later partial (`index` 0 is the coarsest of `count`); in bands of rows.
 */
export async function partialOf(image: RawImage, index: number, count: number): Promise<RawImage> {
  const block = 2 ** (count - index + 2);
  const { width, height, channels, pixels } = image;
  const out = new Uint8Array(pixels.length);
  await overRows(width, height, (first, end) => {
    for (let y = first; y < end; y++) {
      const sy = y - (y % block);
      for (let x = 0; x < width; x++) {
        const sx = x - (x % block);
        const from = (sy * width + sx) * channels;
        const to = (y * width + x) * channels;
        for (let c = 0; c < channels; c++) out[to + c] = pixels[from + c] ?? 0;
      }
    }
  });
  return { width, height, channels, pixels: out };
}

/** The new picture for `prompt`, as raw pixels, drawn in bands of rows. */
export function drawNew(prompt: string, size: ImageSize, transparent: boolean): Promise<RawImage> {
  return drawPixelsInSlices(prompt, 0, size, transparent);
}
