import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, pngSize } from '../../electron/simulator/png.ts';
import { drawImage, resolveImageSize } from '../../electron/simulator/images.ts';

/** Undoes the Sub filter the encoder uses, to compare pixels. */
function decodeSubFiltered(png: Buffer, width: number, height: number, channels: number): Uint8Array {
  const idatLength = png.readUInt32BE(33);
  expect(png.toString('latin1', 37, 41)).toBe('IDAT');
  const raw = inflateSync(png.subarray(41, 41 + idatLength));
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (stride + 1)]).toBe(1);
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (out[y * stride + x - channels] ?? 0) : 0;
      out[y * stride + x] = ((raw[y * (stride + 1) + 1 + x] ?? 0) + left) & 0xff;
    }
  }
  return out;
}

describe('encodePng', () => {
  it('writes a PNG whose header, pixels and chunk CRCs are right', () => {
    const pixels = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
    const png = encodePng({ width: 2, height: 2, channels: 3, pixels });
    expect(pngSize(png)).toEqual({ width: 2, height: 2 });
    expect(png[25]).toBe(2); // colour type RGB
    expect(decodeSubFiltered(png, 2, 2, 3)).toEqual(pixels);
    expect(png.subarray(-12).toString('latin1', 4, 8)).toBe('IEND');
  });

  it('refuses pixel data of the wrong length', () => {
    expect(() => encodePng({ width: 2, height: 2, channels: 4, pixels: new Uint8Array(3) })).toThrow(
      RangeError,
    );
  });

  it('recognises what is not a PNG', () => {
    expect(pngSize(Buffer.from('not a png at all, not even close'))).toBeUndefined();
  });
});

describe('images', () => {
  it('adjusts sizes to the supported ones of the nearest aspect', () => {
    expect(resolveImageSize(undefined, true)).toEqual({ width: 1024, height: 1024 });
    expect(resolveImageSize('auto', true)).toEqual({ width: 1024, height: 1024 });
    expect(resolveImageSize('1536x1024', true)).toEqual({ width: 1536, height: 1024 });
    expect(resolveImageSize('1000x300', true)).toEqual({ width: 1536, height: 1024 });
    expect(resolveImageSize('512x900', true)).toEqual({ width: 1024, height: 1536 });
    expect(resolveImageSize('640x600', true)).toEqual({ width: 1024, height: 1024 });
  });

  it('keeps any size in range when adjustment is off', () => {
    expect(resolveImageSize('300x200', false)).toEqual({ width: 300, height: 200 });
    expect(() => resolveImageSize('3000x200', false)).toThrow(/too large/);
    expect(() => resolveImageSize('big', true)).toThrow(/size must be/);
  });

  it('draws deterministic images that differ by prompt, quickly even at the largest size', () => {
    const started = performance.now();
    const a = drawImage('a red fox', 0, { width: 1536, height: 1024 }, false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(pngSize(a)).toEqual({ width: 1536, height: 1024 });
    expect(drawImage('a red fox', 0, { width: 64, height: 64 }, false)).toEqual(
      drawImage('a red fox', 0, { width: 64, height: 64 }, false),
    );
    expect(drawImage('a red fox', 0, { width: 64, height: 64 }, false)).not.toEqual(
      drawImage('a blue fox', 0, { width: 64, height: 64 }, false),
    );
  });

  it('draws RGBA with transparent corners for a transparent background', () => {
    const png = drawImage('glass', 0, { width: 32, height: 32 }, true);
    expect(png[25]).toBe(6); // colour type RGBA
    const pixels = decodeSubFiltered(png, 32, 32, 4);
    expect(pixels[3]).toBe(0); // top-left alpha
    expect(pixels[(16 * 32 + 16) * 4 + 3]).toBe(255); // centre alpha
  });
});
