// /v1/images/generations and /v1/images/edits draw their pictures as a conversation's are drawn: in bands
// of rows that give the simulator's event loop a turn between two (slices.ts overRows), the PNG filtered
// the same way and deflated on the thread pool. Counted here by the bands each size takes: a picture
// drawn in one go would hold every other request of the simulator until it is done.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { encodePng, pngSize } from '../../electron/simulator/png.ts';
import { SLICE_PIXELS } from '../../electron/simulator/slices.ts';
import type * as Slices from '../../electron/simulator/slices.ts';
import { post } from './helpers.ts';

/** Every pass over rows the simulator makes: the picture's size and how many bands it took. */
const passes = vi.hoisted(() => [] as { width: number; height: number; bands: number }[]);

vi.mock('../../electron/simulator/slices.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Slices>();
  return {
    ...real,
    overRows: async (width: number, height: number, band: (from: number, to: number) => void) => {
      const bands = await real.overRows(width, height, band);
      passes.push({ width, height, bands });
      return bands;
    },
  };
});

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ imageSizeAdjust: false });
});
afterAll(() => sim.close());
beforeEach(() => {
  passes.length = 0;
});

/** The bands a picture of this size takes: rows of about SLICE_PIXELS pixels each. */
const bandsFor = (width: number, height: number) =>
  Math.ceil(height / Math.max(1, Math.floor(SLICE_PIXELS / width)));

const passesOver = (width: number, height: number) =>
  passes.filter((p) => p.width === width && p.height === height).map((p) => p.bands);

describe('the images endpoints draw in bands', () => {
  it('a generation of 1536x2048 is drawn and encoded in bands, each image of n', async () => {
    const res = await post(sim, '/v1/images/generations', {
      model: 'gpt-image-1',
      prompt: 'a tall lighthouse',
      size: '1536x2048',
      n: 2,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { b64_json: string }[] };
    for (const image of body.data)
      expect(pngSize(Buffer.from(image.b64_json, 'base64'))).toEqual({ width: 1536, height: 2048 });
    // two images, each drawn in bands and filtered for the PNG in bands: four passes of many bands
    const bands = bandsFor(1536, 2048);
    expect(bands).toBeGreaterThan(10);
    expect(passesOver(1536, 2048)).toEqual([bands, bands, bands, bands]);
  });

  it('a webp generation is drawn in bands too (sharp encodes it off the loop)', async () => {
    const res = await post(sim, '/v1/images/generations', {
      model: 'gpt-image-1',
      prompt: 'a wide harbour',
      size: '2048x1024',
      output_format: 'webp',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { b64_json: string }[] };
    const meta = await sharp(Buffer.from(body.data[0]?.b64_json ?? '', 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2048, 1024]);
    expect(passesOver(2048, 1024)).toEqual([bandsFor(2048, 1024)]);
  });

  it('an edit with a mask is painted and encoded in bands', async () => {
    const width = 1024;
    const height = 1536;
    const image = encodePng({ width, height, channels: 3, pixels: new Uint8Array(width * height * 3) });
    const mask = encodePng({ width, height, channels: 4, pixels: new Uint8Array(width * height * 4) });
    const form = new FormData();
    form.append('model', 'gpt-image-1');
    form.append('prompt', 'paint it red');
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'in.png');
    form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    passes.length = 0;
    const res = await fetch(`${sim.baseUrl}/v1/images/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SANDBOX_KEY}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { b64_json: string }[] };
    expect(pngSize(Buffer.from(body.data[0]?.b64_json ?? '', 'base64'))).toEqual({ width, height });
    // painted in bands, then filtered for the PNG in bands
    const bands = bandsFor(width, height);
    expect(bands).toBeGreaterThan(5);
    expect(passesOver(width, height)).toEqual([bands, bands]);
  });
});
