// The simulator's own reader of an image's type and pixel size, straight from its header bytes. It must not
// use the client's sniffer (docs/decisions/001): a bug shared by both would hide itself in every test.
import { pngSize } from '../png.ts';

export interface ImageInfo {
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  width: number;
  height: number;
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('latin1', start, end);
}

function gifSize(b: Buffer): ImageInfo | undefined {
  const magic = ascii(b, 0, 6);
  if ((magic !== 'GIF87a' && magic !== 'GIF89a') || b.length < 10) return undefined;
  return { mimeType: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** WebP: a RIFF container whose first chunk is lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(b: Buffer): ImageInfo | undefined {
  if (b.length < 16 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 12) !== 'WEBP') return undefined;
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes) at 20, start code 9d 01 2a, then 14-bit width and height (2 scale bits above).
    if (b.length < 30 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return {
      mimeType: 'image/webp',
      width: b.readUInt16LE(26) & 0x3fff,
      height: b.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    // Signature byte 0x2f, then width-1 and height-1 in 14 bits each, least significant bits first.
    if (b.length < 25 || b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    return { mimeType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Flags (4 bytes) at 20, then the canvas width-1 and height-1 as 24-bit little-endian numbers.
    if (b.length < 30) return undefined;
    return { mimeType: 'image/webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic) do not.
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** JPEG: walks the marker segments up to the first start of frame (height before width there). */
function jpegSize(b: Buffer): ImageInfo | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // Fill bytes: any number of 0xff may pad before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // End of image or start of scan before any frame header: no size to read.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return undefined;
      return { mimeType: 'image/jpeg', height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/**
 * The type and pixel size of PNG, JPEG, WebP or GIF bytes; undefined when the bytes are none of them, or
 * claim a size of zero.
 */
export function readImageInfo(bytes: Buffer): ImageInfo | undefined {
  const png = pngSize(bytes);
  const info: ImageInfo | undefined = png
    ? { mimeType: 'image/png', ...png }
    : (gifSize(bytes) ?? webpSize(bytes) ?? jpegSize(bytes));
  if (info === undefined || info.width === 0 || info.height === 0) return undefined;
  return info;
}
