// Every image that comes in is held to the pixel cap (shared/limits.ts MAX_IMAGE_PIXELS) and must decode
// (issue 26): a 16000x16000 claim, 2^31-pixel sides, a 65535^2 GIF and a 29-byte "PNG" were stored as
// images before, and the page decoded them for their chips.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectFile } from '../../electron/core/files/describe.ts';
import { MAX_IMAGE_PIXELS } from '../../shared/limits.ts';
import { paddedPng, pngHeader } from './helpers/images.ts';
import { noiseAs, noisePng } from './helpers/noise.ts';
import { gif } from '../simulator/test-images.ts';

const problem = async (name: string, bytes: Uint8Array) => {
  const d = await inspectFile(name, '', bytes);
  return 'problem' in d ? d.problem : undefined;
};

/** A real PNG that declares `width`x`height`: one deflated row per line of zeros is cheap to make. */
async function claimedPng(width: number, height: number): Promise<Uint8Array> {
  // a real, decodable PNG of one row, its IHDR then rewritten to claim more rows (CRC left as it was:
  // the claim is what is refused, before any decoder looks)
  const bytes = new Uint8Array(
    await sharp({ create: { width, height: 1, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
  );
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

describe('the pixel cap, from what the header claims', () => {
  it('refuses a PNG claiming 16000x16000 (256 megapixels) with the reason', async () => {
    expect(await problem('claims.png', await claimedPng(16000, 16000))).toBe(
      '"claims.png" declares 16000x16000 pixels (256 megapixels); Quartet takes images of at most 64 megapixels.',
    );
  });

  it('refuses sides of 2^31 and a 65535x65535 GIF', async () => {
    expect(await problem('giant.png', paddedPng(2 ** 31 - 1, 2 ** 31 - 1, 200))).toMatch(
      /^"giant\.png" declares 2147483647x2147483647 pixels/,
    );
    expect(await problem('giant.gif', gif(65535, 65535))).toMatch(
      /^"giant\.gif" declares 65535x65535 pixels/,
    );
  });

  it('takes an image right at the cap’s edge by its claim, and one just over it is refused', async () => {
    const side = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS));
    expect(await problem('over.png', paddedPng(side + 1, side + 1, 200))).toMatch(/declares/);
    // at the cap the claim passes, and then the bytes must really decode (these do not)
    expect(await problem('at.png', paddedPng(side, side, 200))).toMatch(/could not be decoded/);
  });
});

describe('the data must decode', () => {
  it('refuses a 29-byte "PNG" (a header, no pixels)', async () => {
    const stub = pngHeader(10, 10).subarray(0, 29);
    expect(stub.length).toBe(29);
    expect(await problem('pasted.png', stub)).toMatch(
      /^"pasted\.png" (could not be decoded: its image data is damaged or incomplete\.|is not a PNG)/,
    );
    expect(await problem('stub.png', pngHeader(10, 10))).toBe(
      '"stub.png" could not be decoded: its image data is damaged or incomplete.',
    );
  });

  it('refuses a real image cut short, in every type', async () => {
    for (const [name, bytes] of [
      ['cut.png', await noisePng(200, 200)],
      ['cut.jpg', await noiseAs('jpeg', 200, 200)],
      ['cut.webp', await noiseAs('webp', 200, 200)],
    ] as const) {
      expect(await problem(name, bytes)).toBeUndefined();
      expect(await problem(name, bytes.subarray(0, Math.floor(bytes.length / 2))), name).toMatch(
        /could not be decoded/,
      );
    }
  });

  it('takes real PNG, JPEG, WebP and GIF images with their size', async () => {
    for (const [type, bytes] of [
      ['image/png', await noisePng(64, 48)],
      ['image/jpeg', await noiseAs('jpeg', 64, 48)],
      ['image/webp', await noiseAs('webp', 64, 48)],
      ['image/gif', await noiseAs('gif', 64, 48)],
    ] as const) {
      expect(await inspectFile('x', '', bytes)).toEqual({
        kind: 'image',
        mimeType: type,
        width: 64,
        height: 48,
      });
    }
  });

  it('other files are described as before', async () => {
    expect(await inspectFile('notes.txt', 'text/plain', new TextEncoder().encode('milk'))).toEqual({
      kind: 'text',
      mimeType: 'text/plain',
    });
  });
});
