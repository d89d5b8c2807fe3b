// Fitting an image to a format (issue 27): with noise (the worst case for every encoder) of the sizes that
// led to a dead end before (a 7.8 MB 1700x1600 PNG, never offered "downscale"; 2600x1050, 3000x2000 and
// 3200x2400, still too large once downscaled to 2048 px), every format's limits are kept for sure, what
// already keeps them is left alone, and the result is a real image of the size it says.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitImage, fittedName } from '../../electron/core/images/raster.ts';
import {
  FORMAT_IMAGE_LIMITS,
  imageFits,
  imageLimitsFor,
  messageAttachmentsRefusal,
  type Attachment,
} from '../../shared/attachments.ts';
import { TEXT_FORMATS } from '../../shared/formats.ts';
import { noiseAs, noisePng } from './helpers/noise.ts';

const SIZES = [
  [1700, 1600, 8],
  [2600, 1050, 8],
  [3000, 2000, 8],
  [3200, 2400, 6],
] as const;

const noise = new Map<string, Uint8Array>();
beforeAll(async () => {
  for (const [w, h, bits] of SIZES) noise.set(`${w}x${h}`, await noisePng(w, h, { bits }));
}, 60_000);

const described = (name: string, mimeType: string, bytes: number, width: number, height: number) =>
  ({ id: name, name, mimeType, kind: 'image', bytes, width, height }) satisfies Attachment;

describe('noise of the sizes in issue 27, fitted for every format', () => {
  for (const [w, h] of SIZES) {
    for (const format of TEXT_FORMATS) {
      it(`${w}x${h} PNG in ${format}`, async () => {
        const png = noise.get(`${w}x${h}`) as Uint8Array;
        const before = described('noise.png', 'image/png', png.length, w, h);
        const refused = messageAttachmentsRefusal(format, [before]);
        // the page and the CLI offer fitting exactly when the format refuses the image
        expect(imageFits(FORMAT_IMAGE_LIMITS[format], before)).toBe(refused === undefined);
        const out = await fitImage(png, FORMAT_IMAGE_LIMITS[format]);
        expect(out.changed).toBe(refused !== undefined);
        const after = described('noise', out.mimeType, out.bytes.length, out.width, out.height);
        expect(messageAttachmentsRefusal(format, [after])).toBeUndefined();
        // the bytes are the image they say they are
        const meta = await sharp(out.bytes).metadata();
        expect([`image/${meta.format}`, meta.width, meta.height]).toEqual([
          out.mimeType,
          out.width,
          out.height,
        ]);
        if (format === 'messages') {
          expect(out.bytes.length).toBeLessThanOrEqual(FORMAT_IMAGE_LIMITS.messages.maxBytes);
          // what Messages really counts: the base64 text, at most 5 MB
          expect(Buffer.from(out.bytes).toString('base64').length).toBeLessThanOrEqual(5 * 1024 * 1024);
        }
      }, 30_000);
    }
  }
});

describe('what fitting does', () => {
  it('a GIF for Generate Content becomes a PNG of the same size (lossless where the budget allows)', async () => {
    const gif = await noiseAs('gif', 300, 200);
    const out = await fitImage(gif, FORMAT_IMAGE_LIMITS.generate);
    expect([out.mimeType, out.width, out.height, out.changed]).toEqual(['image/png', 300, 200, true]);
  });

  it('a side over 8000 px for Messages is brought to 8000', async () => {
    const wide = await noisePng(8400, 40, { bits: 2 });
    const out = await fitImage(wide, FORMAT_IMAGE_LIMITS.messages);
    expect(Math.max(out.width, out.height)).toBe(8000);
    expect(out.height).toBe(38);
  });

  it('a tight budget lowers the quality, then the size, until it fits', async () => {
    const png = noise.get('1700x1600') as Uint8Array;
    const budget = 150 * 1024;
    const out = await fitImage(png, {
      types: ['image/png', 'image/jpeg', 'image/webp'],
      maxBytes: budget,
      maxSide: Infinity,
    });
    expect(out.mimeType).toBe('image/jpeg');
    expect(out.bytes.length).toBeLessThanOrEqual(budget);
    expect(out.width).toBeLessThan(1700);
    // the aspect ratio is kept
    expect(Math.abs(out.width / out.height - 1700 / 1600)).toBeLessThan(0.01);
  });

  it('transparency is kept: an image with alpha becomes WebP, not JPEG', async () => {
    const png = await noisePng(1400, 1400, { alpha: true });
    const out = await fitImage(png, FORMAT_IMAGE_LIMITS.messages);
    expect(out.mimeType).toBe('image/webp');
    expect((await sharp(out.bytes).metadata()).hasAlpha).toBe(true);
    expect(out.bytes.length).toBeLessThanOrEqual(FORMAT_IMAGE_LIMITS.messages.maxBytes);
  }, 30_000);

  it('Compare: one copy keeps the limits of every format it goes to', () => {
    expect(imageLimitsFor(['chat', 'messages', 'generate'])).toEqual({
      types: ['image/png', 'image/jpeg', 'image/webp'],
      maxBytes: FORMAT_IMAGE_LIMITS.messages.maxBytes,
      maxSide: 8000,
    });
  });

  it('the copy is named like the original, with its new type', () => {
    expect(fittedName('holiday photo.png', 'image/jpeg')).toBe('holiday photo.jpg');
    expect(fittedName('scan', 'image/webp')).toBe('scan.webp');
    expect(fittedName(`${'x'.repeat(252)}.gif`, 'image/webp')).toHaveLength(255);
  });
});
