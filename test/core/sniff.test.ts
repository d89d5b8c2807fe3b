import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../electron/core/index.ts';
import { decodeBase64Strict } from '../../electron/core/images/base64.ts';
import { imageLooksComplete } from '../../electron/core/images/sniff.ts';
import { jpegHeader, pngHeader, webpVp8, webpVp8l, webpVp8x } from './helpers/images.ts';

describe('sniffImage', () => {
  it('reads PNG dimensions from IHDR', () => {
    expect(sniffImage(pngHeader(1024, 1536))).toEqual({ format: 'png', width: 1024, height: 1536 });
  });

  it('reads JPEG dimensions from the first SOF marker, skipping APPn, DHT and fill bytes', () => {
    expect(sniffImage(jpegHeader(640, 480))).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(sniffImage(jpegHeader(1536, 1024, 0xc2))).toEqual({ format: 'jpeg', width: 1536, height: 1024 });
  });

  it('reads WebP VP8, VP8L and VP8X', () => {
    expect(sniffImage(webpVp8(800, 600))).toEqual({ format: 'webp', width: 800, height: 600 });
    expect(sniffImage(webpVp8l(1024, 1024))).toEqual({ format: 'webp', width: 1024, height: 1024 });
    expect(sniffImage(webpVp8x(4000, 3000))).toEqual({ format: 'webp', width: 4000, height: 3000 });
  });

  it('refuses what is not an image, or is cut before its size', () => {
    const enc = new TextEncoder();
    expect(sniffImage(enc.encode('<html>not an image</html>'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(pngHeader(10, 10).slice(0, 20))).toBeNull();
    expect(sniffImage(jpegHeader(10, 10).slice(0, 30))).toBeNull();
    expect(sniffImage(webpVp8(10, 10).slice(0, 24))).toBeNull();
    expect(sniffImage(pngHeader(0, 10))).toBeNull();
    // a scan before any frame header
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]))).toBeNull();
  });
});

describe('decodeBase64Strict', () => {
  it('decodes standard padded base64, line breaks allowed', () => {
    expect([...decodeBase64Strict('AQID')!]).toEqual([1, 2, 3]);
    expect([...decodeBase64Strict('AQ==')!]).toEqual([1]);
    expect([...decodeBase64Strict('AQID\nBA==')!]).toEqual([1, 2, 3, 4]);
  });

  it.each(['', 'AQI', 'AQ=D', 'A*ID', 'AQID====', 'AR==', '-_8A'])('refuses %j', (s) => {
    expect(decodeBase64Strict(s)).toBeNull();
  });
});

describe('imageLooksComplete', () => {
  it('sees the end of each format', () => {
    expect(imageLooksComplete(pngHeader(2, 2), 'png')).toBe(true);
    expect(imageLooksComplete(jpegHeader(2, 2), 'jpeg')).toBe(true);
    expect(imageLooksComplete(webpVp8(2, 2), 'webp')).toBe(true);
  });

  it('sees an image cut in transit', () => {
    expect(imageLooksComplete(pngHeader(2, 2).slice(0, 33), 'png')).toBe(false);
    expect(imageLooksComplete(jpegHeader(2, 2).slice(0, -2), 'jpeg')).toBe(false);
    expect(imageLooksComplete(webpVp8(2, 2).slice(0, -1), 'webp')).toBe(false);
  });
});
