export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface SniffedImage {
  format: ImageFormat;
  width: number;
  height: number;
}

export const IMAGE_MIME: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(b: Uint8Array, at: number, len: number): string {
  return String.fromCharCode(...b.subarray(at, at + len));
}

function u16be(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
}

function u32be(b: Uint8Array, at: number): number {
  return (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;
}

function u24le(b: Uint8Array, at: number): number {
  return (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
}

function sized(format: ImageFormat, width: number, height: number): SniffedImage | null {
  return width > 0 && height > 0 ? { format, width, height } : null;
}

/** PNG: the signature, then the IHDR chunk with width and height. */
function sniffPng(b: Uint8Array): SniffedImage | null {
  if (b.length < 24 || !PNG_SIGNATURE.every((v, i) => b[i] === v)) return null;
  if (ascii(b, 12, 4) !== 'IHDR') return null;
  return sized('png', u32be(b, 16), u32be(b, 20));
}

/** JPEG: walk the marker segments to the first start-of-frame (SOF0..SOF15 except DHT, JPG, DAC). */
function sniffJpeg(b: Uint8Array): SniffedImage | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    while (b[i] === 0xff) i++; // fill bytes
    const marker = b[i];
    i++;
    if (marker === undefined) return null;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame header
    if (i + 2 > b.length) return null;
    const length = u16be(b, i);
    if (length < 2) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 7 > b.length) return null;
      return sized('jpeg', u16be(b, i + 5), u16be(b, i + 3));
    }
    i += length;
  }
  return null;
}

/** WebP: RIFF container, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk. */
function sniffWebp(b: Uint8Array): SniffedImage | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  const d = 20; // chunk data starts after its 4-byte name and 4-byte size
  if (chunk === 'VP8 ') {
    // 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height (little endian, 2 scale bits)
    if (b[d + 3] !== 0x9d || b[d + 4] !== 0x01 || b[d + 5] !== 0x2a) return null;
    const w = ((b[d + 6] ?? 0) | ((b[d + 7] ?? 0) << 8)) & 0x3fff;
    const h = ((b[d + 8] ?? 0) | ((b[d + 9] ?? 0) << 8)) & 0x3fff;
    return sized('webp', w, h);
  }
  if (chunk === 'VP8L') {
    if (b[d] !== 0x2f) return null;
    const bits = (b[d + 1] ?? 0) | ((b[d + 2] ?? 0) << 8) | ((b[d + 3] ?? 0) << 16) | ((b[d + 4] ?? 0) << 24);
    return sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    return sized('webp', u24le(b, d + 4) + 1, u24le(b, d + 7) + 1);
  }
  return null;
}

/** The real format and size of image bytes, read from their headers; null when they are not PNG, JPEG or WebP. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  return sniffPng(bytes) ?? sniffJpeg(bytes) ?? sniffWebp(bytes);
}

/** A GIF's size: the logical screen width and height after the GIF87a/GIF89a signature (little endian). */
export function sniffGif(b: Uint8Array): { format: 'gif'; width: number; height: number } | null {
  if (b.length < 10) return null;
  const signature = ascii(b, 0, 6);
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return null;
  const width = (b[6] ?? 0) | ((b[7] ?? 0) << 8);
  const height = (b[8] ?? 0) | ((b[9] ?? 0) << 8);
  return width > 0 && height > 0 ? { format: 'gif', width, height } : null;
}

/** An image a user may attach: the generated formats, and GIF (which no image model produces). */
export interface SniffedInputImage {
  format: ImageFormat | 'gif';
  mimeType: string;
  width: number;
  height: number;
}

/** The real type and size of an image to attach; null when the bytes are not PNG, JPEG, WebP or GIF. */
export function sniffInputImage(bytes: Uint8Array): SniffedInputImage | null {
  const image = sniffImage(bytes);
  if (image) return { ...image, mimeType: IMAGE_MIME[image.format] };
  const gif = sniffGif(bytes);
  return gif ? { ...gif, mimeType: 'image/gif' } : null;
}

function endsWithin(b: Uint8Array, marker: number[], window: number): boolean {
  const from = Math.max(0, b.length - window);
  outer: for (let i = b.length - marker.length; i >= from; i--) {
    for (let j = 0; j < marker.length; j++) if (b[i + j] !== marker[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * Whether image bytes reach their format's end (PNG IEND chunk, JPEG end-of-image marker, WebP RIFF
 * length), so an image cut in transit is not shown as if it were whole. A little trailing padding is allowed.
 */
export function imageLooksComplete(bytes: Uint8Array, format: ImageFormat): boolean {
  switch (format) {
    case 'png':
      return endsWithin(bytes, [0x49, 0x45, 0x4e, 0x44], 64); // 'IEND'
    case 'jpeg':
      return endsWithin(bytes, [0xff, 0xd9], 64);
    case 'webp': {
      const riffSize =
        (bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8) | ((bytes[6] ?? 0) << 16) | ((bytes[7] ?? 0) << 24);
      return bytes.length >= (riffSize >>> 0) + 8;
    }
  }
}
