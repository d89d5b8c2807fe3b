// The one way the simulator turns drawn pixels into the bytes of an image file, whichever endpoint drew
// them (a conversation's image, /v1/images/generations, /v1/images/edits): PNG by its own encoder, in
// bands of rows and deflated on the thread pool (png.ts), JPEG and WebP by sharp, also off the loop.
import sharp from 'sharp';
import { encodePngInSlices, type RawImage } from './png.ts';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** `format` at `quality` (0-100, JPEG and WebP only); never holds the event loop for a large image. */
export async function encodeImage(image: RawImage, format: ImageFormat, quality: number): Promise<Buffer> {
  if (format === 'png') return encodePngInSlices(image);
  const raw = sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });
  return format === 'webp' ? raw.webp({ quality }).toBuffer() : raw.jpeg({ quality }).toBuffer();
}
