/** Tiny image files built by hand, just enough for a sniffer (and for a fake image service). */
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16be = (n: number) => [(n >>> 8) & 255, n & 255];
const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const u24le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function pngHeader(width: number, height: number): Uint8Array {
  // prettier-ignore
  return new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...u32be(13), ...ascii('IHDR'), ...u32be(width), ...u32be(height), 8, 6, 0, 0, 0,
    ...u32be(0), // CRC (not checked by a sniffer)
    ...u32be(0), ...ascii('IEND'), 0xae, 0x42, 0x60, 0x82,
  ]);
}

/** A PNG of `size` bytes: header, filler, end chunk. */
export function paddedPng(width: number, height: number, size: number): Uint8Array {
  const head = pngHeader(width, height);
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head.subarray(0, 33));
  out.set(head.subarray(33), out.length - 12);
  return out;
}

export function jpegHeader(width: number, height: number, sof = 0xc0): Uint8Array {
  // prettier-ignore
  return new Uint8Array([
    0xff, 0xd8,
    // APP0 JFIF
    0xff, 0xe0, ...u16be(16), ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
    // APP1 with some payload, then fill bytes before the next marker
    0xff, 0xe1, ...u16be(8), 1, 2, 3, 4, 5, 6,
    0xff, 0xff,
    // DHT (0xc4 is not a frame header even though it is in the SOF range)
    0xff, 0xc4, ...u16be(4), 0, 0,
    // SOFn: length, precision, height, width, components
    0xff, sof, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    // start of scan, one byte of data, end of image
    0xff, 0xda, ...u16be(2), 0, 0xff, 0xd9,
  ]);
}

function riff(chunk: string, data: number[]): Uint8Array {
  const body = [...ascii('WEBP'), ...ascii(chunk), ...u32le(data.length), ...data];
  return new Uint8Array([...ascii('RIFF'), ...u32le(body.length), ...body]);
}

export function webpVp8(width: number, height: number): Uint8Array {
  // prettier-ignore
  return riff('VP8 ', [
    0x30, 0x01, 0x00, // frame tag
    0x9d, 0x01, 0x2a, // start code
    width & 255, (width >> 8) & 0x3f, height & 255, (height >> 8) & 0x3f,
    0, 0,
  ]);
}

export function webpVp8l(width: number, height: number): Uint8Array {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return riff('VP8L', [0x2f, ...u32le(bits >>> 0), 0, 0, 0, 0, 0]);
}

export function webpVp8x(width: number, height: number): Uint8Array {
  return riff('VP8X', [0x10, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]);
}
