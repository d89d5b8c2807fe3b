import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/index.ts';
import { pngSize } from '../../electron/simulator/png.ts';
import { post } from './helpers.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const PATH = '/v1/images/generations';

interface ImageResult {
  size: string;
  data: Array<{ b64_json: string; size: string; model: string; generation_id: string }>;
  [field: string]: unknown;
}

async function generateImage(
  body: Record<string, unknown>,
  on: RunningSimulator = sim,
): Promise<ImageResult> {
  const res = await post(on, PATH, { model: 'gpt-image-1', prompt: 'a lighthouse at dusk', ...body });
  expect(res.status).toBe(200);
  return (await res.json()) as ImageResult;
}

function realSize(b64: string): string {
  const size = pngSize(Buffer.from(b64, 'base64'));
  return size ? `${size.width}x${size.height}` : 'not a png';
}

describe('image generation', () => {
  it('answers with every field of spec §2.5 and real PNGs of the reported size', async () => {
    const body = await generateImage({ size: '1536x1024', n: 2, quality: 'low', output_format: 'png' });
    expect(body).toMatchObject({
      created: expect.any(Number),
      background: 'opaque',
      output_format: 'png',
      quality: 'low',
      size: '1536x1024',
      usage: {
        input_tokens: 4,
        input_tokens_details: { image_tokens: 0, text_tokens: 4 },
        output_tokens: expect.any(Number),
        output_tokens_details: { image_tokens: expect.any(Number), text_tokens: 0 },
        total_tokens: expect.any(Number),
      },
    });
    const usage = body['usage'] as { input_tokens: number; output_tokens: number; total_tokens: number };
    expect(usage.total_tokens).toBe(usage.input_tokens + usage.output_tokens);
    expect(body.data).toHaveLength(2);
    for (const image of body.data) {
      expect(image).toEqual({
        b64_json: expect.any(String),
        generation_id: expect.any(String),
        model: 'gpt-image-1',
        size: '1536x1024',
      });
      expect(realSize(image.b64_json)).toBe('1536x1024');
    }
    expect(body.data[0]?.b64_json).not.toBe(body.data[1]?.b64_json);
  });

  it('uses 1024x1024 for auto and adjusts an unsupported size, saying so in size and data[].size', async () => {
    const auto = await generateImage({ size: 'auto' });
    expect(auto.size).toBe('1024x1024');
    const odd = await generateImage({ size: '1000x1800' });
    expect(odd.size).toBe('1024x1536');
    expect(odd.data[0]?.size).toBe('1024x1536');
    expect(realSize(odd.data[0]?.b64_json ?? '')).toBe('1024x1536');
  });

  it('draws the exact size asked for when adjustment is off', async () => {
    const exact = await startSimulator({ imageSizeAdjust: false });
    try {
      const body = await generateImage({ size: '320x200' }, exact);
      expect(body.size).toBe('320x200');
      expect(realSize(body.data[0]?.b64_json ?? '')).toBe('320x200');
    } finally {
      await exact.close();
    }
  });

  it('reports a transparent background as such', async () => {
    const body = await generateImage({ background: 'transparent', size: '1024x1024' });
    expect(body['background']).toBe('transparent');
  });

  it('refuses what it cannot draw with 400 invalid_request_error', async () => {
    const cases: Array<Record<string, unknown>> = [
      { n: 11 },
      { n: 0 },
      { output_format: 'gif' },
      { output_format: 'jpeg', background: 'transparent' },
      { output_format: 'png', output_compression: 50 },
      { output_format: 'webp', output_compression: 101 },
      { quality: 'ultra' },
      { size: 'huge' },
      { response_format: 'url' },
      { prompt: '' },
      { model: 'gpt-4.1' },
      { stream: true },
    ];
    for (const extra of cases) {
      const res = await post(sim, PATH, { model: 'gpt-image-1', prompt: 'x', ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect((await res.json()).error.type).toBe('invalid_request_error');
    }
    const jpeg = await post(sim, PATH, {
      model: 'gpt-image-1',
      prompt: 'x',
      output_format: 'jpeg',
      background: 'transparent',
    });
    expect((await jpeg.json()).error.message).toBe(
      'transparent background requires output_format png or webp',
    );
  });

  it('draws JPEG and WebP as the image models do: real images of that type and the reported size', async () => {
    for (const [format, signature] of [
      ['jpeg', 'ffd8ff'],
      ['webp', '52494646'],
    ] as const) {
      const body = await generateImage({ output_format: format, size: '1536x1024', n: 2 });
      expect(body['output_format']).toBe(format);
      for (const item of body.data) {
        const bytes = Buffer.from(item.b64_json, 'base64');
        expect(bytes.subarray(0, 4).toString('hex').startsWith(signature), format).toBe(true);
        const meta = await sharp(bytes).metadata();
        expect([meta.format, `${meta.width}x${meta.height}`]).toEqual([format, '1536x1024']);
      }
    }
    // WebP keeps a transparent background
    const clear = await generateImage({
      output_format: 'webp',
      background: 'transparent',
      size: '1024x1024',
    });
    const first = clear.data[0]?.b64_json ?? '';
    expect((await sharp(Buffer.from(first, 'base64')).metadata()).hasAlpha).toBe(true);
    // output_compression is the quality: less of it, fewer bytes
    const high = await generateImage({ output_format: 'jpeg', output_compression: 95 });
    const low = await generateImage({ output_format: 'jpeg', output_compression: 20 });
    expect(low.data[0]?.b64_json.length ?? 0).toBeLessThan(high.data[0]?.b64_json.length ?? 0);
  });
});
