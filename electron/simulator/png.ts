// A minimal PNG encoder (8-bit RGB or RGBA, no interlace): enough for real, decodable test images
// without a dependency. Chunks are length, type, data, CRC-32 of type and data.
import { crc32, deflate, deflateSync } from 'node:zlib';
import { promisify } from 'node:util';
import { overRows } from './slices.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export interface RawImage {
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA) bytes per pixel. */
  channels: 3 | 4;
  /** Rows of pixels, top to bottom, without filter bytes. */
  pixels: Uint8Array;
}

function header(image: RawImage): Buffer {
  const { width, height, channels, pixels } = image;
  if (pixels.length !== width * channels * height) {
    throw new RangeError('pixel data does not match the image size');
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 4 ? 6 : 2; // colour type: RGBA or RGB
  // Bytes 10-12 stay 0: deflate compression, adaptive filtering, no interlace.
  return ihdr;
}

/** Filter type 1 (Sub) on rows from..to: smooth gradients become runs of small numbers that deflate well. */
function filterRows(image: RawImage, filtered: Buffer, from: number, to: number): void {
  const { width, channels, pixels } = image;
  const stride = width * channels;
  for (let y = from; y < to; y++) {
    const src = y * stride;
    const dst = y * (stride + 1);
    filtered[dst] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (pixels[src + x - channels] ?? 0) : 0;
      filtered[dst + 1 + x] = ((pixels[src + x] ?? 0) - left) & 0xff;
    }
  }
}

const assemble = (ihdr: Buffer, idat: Buffer) =>
  Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);

export function encodePng(image: RawImage): Buffer {
  const ihdr = header(image);
  const filtered = Buffer.alloc((image.width * image.channels + 1) * image.height);
  filterRows(image, filtered, 0, image.height);
  // Level 1: fast enough for a 1536x1024 image well under a second, still small.
  return assemble(ihdr, deflateSync(filtered, { level: 1 }));
}

const deflateAsync = promisify(deflate);

/**
 * The same bytes as encodePng, without holding the event loop: the rows are filtered in bands that give
 * way (slices.ts) and compressed on libuv's thread pool. For the large pictures of a conversation.
 */
export async function encodePngInSlices(image: RawImage): Promise<Buffer> {
  const ihdr = header(image);
  const filtered = Buffer.alloc((image.width * image.channels + 1) * image.height);
  await overRows(image.width, image.height, (from, to) => filterRows(image, filtered, from, to));
  return assemble(ihdr, await deflateAsync(filtered, { level: 1 }));
}

/** Width and height from a PNG's IHDR, or undefined when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 24 || !buf.subarray(0, 8).equals(SIGNATURE) || buf.toString('latin1', 12, 16) !== 'IHDR') {
    return undefined;
  }
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
