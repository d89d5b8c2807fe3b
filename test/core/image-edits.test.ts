// The core's image edits: the multipart form it builds with the platform's FormData, read by the
// simulator's own multipart reader, and the exchange record that describes the files without their bytes.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type EditFile } from '../../electron/core/index.ts';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import type { Exchange } from '../../shared/exchange.ts';
import { failInfo } from './helpers/failure.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

function client(exchanges: Exchange[] = []) {
  return createServiceClient({
    baseUrl: sim.baseUrl,
    keys: { bearer: SANDBOX_KEY },
    maxRetries: 0,
    onExchange: (x) => exchanges.push(x),
  });
}

function photo(width: number, height: number, seed: number): EditFile {
  const pixels = new Uint8Array(width * height * 3).map((_, i) => (i * seed) & 0xff);
  return {
    bytes: encodePng({ width, height, channels: 3, pixels }),
    name: `photo-${seed}.png`,
    mime: 'image/png',
  };
}

/** Transparent (editable) on the left half, opaque on the right. */
function leftHalfMask(width: number, height: number): EditFile {
  const pixels = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) pixels[p * 4 + 3] = p % width < width / 2 ? 0 : 255;
  return { bytes: encodePng({ width, height, channels: 4, pixels }), name: 'mask.png', mime: 'image/png' };
}

async function rgb(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes).removeAlpha().raw().toBuffer();
}

describe('image edits through the core', () => {
  it('sends the images, the mask and the settings as a form the service reads', async () => {
    const exchanges: Exchange[] = [];
    const first = photo(40, 24, 7);
    const result = await client(exchanges).editImages({
      model: 'gpt-image-1',
      prompt: 'make the left half green',
      images: [first, photo(12, 12, 3)],
      mask: leftHalfMask(40, 24),
      n: 2,
      quality: 'low',
      inputFidelity: 'high',
      outputFormat: 'png',
    });
    expect(result.images).toHaveLength(2);
    expect(result.images[0]).toMatchObject({ format: 'png', width: 40, height: 24, sizeAdjusted: false });
    expect(result.quality).toBe('low');
    // the right half (opaque in the mask) is the original, the left half is not
    const before = await rgb(first.bytes);
    const after = await rgb(result.images[0]?.bytes ?? new Uint8Array());
    const half = (buf: Buffer, left: boolean) =>
      Buffer.concat(
        Array.from({ length: 24 }, (_, y) =>
          buf.subarray((y * 40 + (left ? 0 : 20)) * 3, (y * 40 + (left ? 20 : 40)) * 3),
        ),
      );
    expect(half(after, false).equals(half(before, false))).toBe(true);
    expect(half(after, true).equals(half(before, true))).toBe(false);

    // what the simulator received: the images under image[], the mask, each field once
    const sent = sim.requests.at(-1);
    expect(sent?.path).toBe('/v1/images/edits');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    for (const name of ['model', 'prompt', 'n', 'quality', 'input_fidelity', 'output_format']) {
      expect(sent?.body.split(`name="${name}"`)).toHaveLength(2);
    }
    expect(sent?.body.split('name="image[]"')).toHaveLength(3);
    expect(sent?.body).toContain('name="mask"; filename="mask.png"');

    // the record keeps the fields and describes the files; no image bytes, no key
    const record = exchanges[0];
    expect(record).toMatchObject({ interface: 'images', method: 'POST', status: 200 });
    expect(record?.url).toBe(`${sim.baseUrl}/v1/images/edits`);
    const body = JSON.parse(record?.requestBody ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'make the left half green',
      input_fidelity: 'high',
    });
    expect(body['image[]']).toEqual([
      `<file photo-7.png, image/png, ${first.bytes.byteLength} bytes>`,
      expect.stringMatching(/^<file photo-3\.png, image\/png, \d+ bytes>$/),
    ]);
    expect(body['mask']).toMatch(/^<file mask\.png, image\/png, \d+ bytes>$/);
    expect(record?.responseBody).toContain('base64 chars elided');
    expect(JSON.stringify(record)).not.toContain(SANDBOX_KEY);
  });

  it('sends one image under `image`', async () => {
    const result = await client().editImages({
      model: 'gpt-image-1',
      prompt: 'x',
      images: [photo(16, 16, 5)],
    });
    expect(result.images).toHaveLength(1);
    expect(sim.requests.at(-1)?.body.split('name="image"')).toHaveLength(2);
  });

  it('refuses before sending: no image, a mask that is no PNG, a bad count', async () => {
    const before = sim.requests.length;
    const none = await failInfo(client().editImages({ model: 'gpt-image-1', prompt: 'x', images: [] }));
    expect(none).toMatchObject({ kind: 'invalid-input' });
    expect(none.message).toMatch(/Choose an image/);
    const jpegMask = await failInfo(
      client().editImages({
        model: 'gpt-image-1',
        prompt: 'x',
        images: [photo(16, 16, 1)],
        mask: {
          bytes: await sharp(photo(16, 16, 1).bytes)
            .jpeg()
            .toBuffer(),
          name: 'm.jpg',
          mime: 'image/jpeg',
        },
        n: 11,
      }),
    );
    expect(jpegMask.message).toMatch(/mask must be a PNG/);
    expect(jpegMask.message).toMatch(/number of images/);
    expect(sim.requests.length).toBe(before);
  });

  it("says the service's refusal: a mask of another size", async () => {
    const e = await failInfo(
      client().editImages({
        model: 'gpt-image-1',
        prompt: 'x',
        images: [photo(32, 32, 1)],
        mask: leftHalfMask(16, 16),
      }),
    );
    expect(e).toMatchObject({ kind: 'http', status: 400 });
    expect(e.message).toMatch(/does not match image size/);
  });
});
