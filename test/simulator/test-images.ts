// Small, real image and document bytes for attachment tests. PNGs come from the simulator's encoder;
// JPEG, WebP and GIF are written by hand, header only: each holds exactly the bytes a reader needs to tell
// the type and the pixel size (the layouts are in the comments), nothing that would draw a picture.
import { encodePng } from '../../electron/simulator/png.ts';

export function png(width: number, height: number): Buffer {
  return encodePng({ width, height, channels: 3, pixels: new Uint8Array(width * height * 3).fill(200) });
}

function u16be(n: number): number[] {
  return [(n >> 8) & 0xff, n & 0xff];
}

function u16le(n: number): number[] {
  return [n & 0xff, (n >> 8) & 0xff];
}

function u24le(n: number): number[] {
  return [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
}

/**
 * SOI (ff d8); an APP0 JFIF segment; a fill byte (ff) before a DQT segment the reader must skip by its
 * length; SOF0 (ff c0, length 17: precision 8, height, width, 3 components); EOI (ff d9).
 */
export function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, ...u16be(16), ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const dqt = [0xff, 0xff, 0xdb, ...u16be(67), 0, ...new Array<number>(64).fill(1)];
  const sof0 = [0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3];
  sof0.push(1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1);
  return Buffer.from([0xff, 0xd8, ...app0, ...dqt, ...sof0, 0xff, 0xd9]);
}

/** 'GIF89a', the logical screen width and height (16-bit little-endian), flags, background, aspect; trailer. */
export function gif(width: number, height: number): Buffer {
  return Buffer.from([...Buffer.from('GIF89a'), ...u16le(width), ...u16le(height), 0, 0, 0, 0x3b]);
}

function riff(chunk: string, data: number[]): Buffer {
  const body = [...Buffer.from('WEBP'), ...Buffer.from(chunk), ...u16le(data.length), 0, 0, ...data];
  return Buffer.from([...Buffer.from('RIFF'), ...u16le(body.length), 0, 0, ...body]);
}

/** Lossy: frame tag (3 bytes), start code 9d 01 2a, 14-bit width and height (little-endian). */
export function webpLossy(width: number, height: number): Buffer {
  return riff('VP8 ', [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height), 0, 0]);
}

/** Lossless: signature 2f, then width-1 and height-1 in 14 bits each, low bits first. */
export function webpLossless(width: number, height: number): Buffer {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
  return riff('VP8L', [
    0x2f,
    bits & 0xff,
    (bits >>> 8) & 0xff,
    (bits >>> 16) & 0xff,
    (bits >>> 24) & 0xff,
    0,
  ]);
}

/** Extended: 4 flag bytes, then canvas width-1 and height-1 as 24-bit little-endian numbers. */
export function webpExtended(width: number, height: number): Buffer {
  return riff('VP8X', [0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]);
}

/** A PDF of `pages` page objects (uncompressed, so they can be counted), beside the /Pages tree node. */
export function pdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj`,
    ...Array.from({ length: pages }, (_, i) => `${i + 3} 0 obj <</Type/Page/Parent 2 0 R>> endobj`),
  ];
  return Buffer.from(`%PDF-1.4\n${objects.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}
