// Real, decodable noise images: noise is the worst case for every encoder (nothing to compress), so an
// image fitted from noise fits anything of its size.
import { randomFillSync } from 'node:crypto';
import sharp from 'sharp';

/**
 * A noise PNG of `width`x`height`. `bits` per channel keeps a large one under the 20 MB file limit (8 bits
 * of noise at 3200x2400 would be 22 MB); `alpha` adds a transparency channel.
 */
export async function noisePng(
  width: number,
  height: number,
  options: { bits?: number; alpha?: boolean } = {},
): Promise<Uint8Array> {
  const channels = options.alpha ? 4 : 3;
  const pixels = randomFillSync(Buffer.alloc(width * height * channels));
  const mask = (0xff << (8 - (options.bits ?? 8))) & 0xff;
  if (mask !== 0xff) for (let i = 0; i < pixels.length; i++) pixels[i] = (pixels[i] ?? 0) & mask;
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels } }).png().toBuffer());
}

/** Noise in another type (JPEG, WebP, GIF), for fitting and decoding tests. */
export async function noiseAs(
  type: 'jpeg' | 'webp' | 'gif',
  width: number,
  height: number,
): Promise<Uint8Array> {
  const png = await noisePng(width, height);
  const image = sharp(png);
  const out =
    type === 'jpeg'
      ? await image.jpeg({ quality: 95 }).toBuffer()
      : type === 'webp'
        ? await image.webp({ quality: 90 }).toBuffer()
        : await image.gif().toBuffer();
  return new Uint8Array(out);
}
