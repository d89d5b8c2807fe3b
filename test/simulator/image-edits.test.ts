// POST /v1/images/edits in the simulator: a multipart form answered like a generation, where only the
// pixels a mask leaves open change, and refusals as the vendor's reference describes them.
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, startSimulator } from '../../electron/simulator/index.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import { jpeg } from './test-images.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterEach(() => sim.faults.clear());
afterAll(() => sim.close());

const W = 48;
const H = 32;

/** A picture whose every pixel differs from its neighbours: a change anywhere shows. */
function picture(width = W, height = H): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i * 7) & 0xff;
    pixels[i * 3 + 1] = (i * 13) & 0xff;
    pixels[i * 3 + 2] = (i * 29) & 0xff;
  }
  return encodePng({ width, height, channels: 3, pixels });
}

/** A mask that is opaque except a transparent rectangle [x0, x1) x [y0, y1). */
function mask(x0: number, x1: number, y0: number, y1: number, width = W, height = H): Buffer {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const open = x >= x0 && x < x1 && y >= y0 && y < y1;
      pixels.set([0, 0, 0, open ? 0 : 255], (y * width + x) * 4);
    }
  }
  return encodePng({ width, height, channels: 4, pixels });
}

function realJpeg(): Promise<Buffer> {
  return sharp(picture(20, 20)).jpeg().toBuffer();
}

type Part = [name: string, value: string | { bytes: Buffer; filename: string; type: string }];

function form(parts: Part[]): FormData {
  const out = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') out.append(name, value);
    else out.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
  }
  return out;
}

const file = (bytes: Buffer, filename = 'in.png', type = 'image/png') => ({ bytes, filename, type });

function edit(parts: Part[], headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sim.baseUrl}/v1/images/edits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_KEY}`, ...headers },
    body: form(parts),
  });
}

interface EditReply {
  data: Array<{ b64_json: string }>;
  size: string;
  output_format: string;
  usage: { input_tokens_details: { image_tokens: number } };
}

async function editOk(parts: Part[]): Promise<EditReply> {
  const res = await edit(parts);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as EditReply;
}

async function rgba(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function refusal(parts: Part[]): Promise<{ status: number; error: Record<string, unknown> }> {
  const res = await edit(parts);
  const body = (await res.json()) as { error: Record<string, unknown> };
  return { status: res.status, error: body.error };
}

const base: Part[] = [
  ['model', 'gpt-image-1'],
  ['prompt', 'paint the window red'],
];

describe('image edits', () => {
  it('changes only the pixels the mask leaves transparent, the same way each time', async () => {
    const original = await rgba(picture());
    const parts: Part[] = [
      ...base,
      ['image', file(picture())],
      ['mask', file(mask(10, 30, 4, 20), 'mask.png')],
    ];
    const reply = await editOk(parts);
    expect(reply).toMatchObject({ size: `${W}x${H}`, output_format: 'png' });
    const edited = await rgba(Buffer.from(reply.data[0]?.b64_json ?? '', 'base64'));
    expect([edited.width, edited.height]).toEqual([W, H]);
    let changed = 0;
    let keptOutside = 0;
    const painted = new Set<string>();
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        const before = original.data.subarray(i, i + 3).join();
        const after = edited.data.subarray(i, i + 3).join();
        if (x >= 10 && x < 30 && y >= 4 && y < 20) {
          if (before !== after) changed++;
          painted.add(after);
        } else if (before === after) keptOutside++;
      }
    }
    expect(keptOutside).toBe(W * H - 20 * 16);
    expect(changed).toBeGreaterThan(20 * 16 * 0.9); // a pixel may happen to have the colour already
    expect(painted.size).toBe(1); // one colour from the prompt
    const again = await editOk(parts);
    expect(again.data[0]?.b64_json).toBe(reply.data[0]?.b64_json);
    const other = await editOk([['prompt', 'paint the window blue'], ...parts.slice(2), base[0] as Part]);
    expect(other.data[0]?.b64_json).not.toBe(reply.data[0]?.b64_json);
  });

  it('takes several reference images as image[], n results, and a size to draw at', async () => {
    const reply = await editOk([
      ...base,
      ['image[]', file(picture())],
      ['image[]', file(await realJpeg(), 'b.jpg', 'image/jpeg')],
      ['n', '2'],
      ['size', '1024x1024'],
      ['quality', 'low'],
      ['input_fidelity', 'high'],
    ]);
    expect(reply.data).toHaveLength(2);
    expect(reply.size).toBe('1024x1024');
    expect(reply.data[0]?.b64_json).not.toBe(reply.data[1]?.b64_json);
    const first = await sharp(Buffer.from(reply.data[0]?.b64_json ?? '', 'base64')).metadata();
    expect([first.width, first.height]).toEqual([1024, 1024]);
    const one = await editOk([...base, ['image', file(picture())], ['input_fidelity', 'high']]);
    // two images cost twice one
    expect(reply.usage.input_tokens_details.image_tokens).toBe(
      2 * one.usage.input_tokens_details.image_tokens,
    );
  });

  it('without a mask may change the whole image', async () => {
    const original = await rgba(picture());
    const reply = await editOk([...base, ['image', file(picture())], ['output_format', 'webp']]);
    expect(reply.output_format).toBe('webp');
    const edited = await rgba(Buffer.from(reply.data[0]?.b64_json ?? '', 'base64'));
    expect(edited.data.equals(original.data)).toBe(false);
  });

  it('refuses what the real service refuses, in its error shape', async () => {
    const cases: Array<[Part[], string, RegExp]> = [
      [base, 'image', /Missing required parameter: 'image'/],
      [
        [
          ['model', 'gpt-image-1'],
          ['image', file(picture())],
        ],
        'prompt',
        /Missing required parameter: 'prompt'/,
      ],
      [
        [...base, ['image', file(picture())], ['mask', file(mask(0, 5, 0, 5, 20, 20), 'm.png')]],
        'mask',
        /does not match image size/,
      ],
      [
        [...base, ['image', file(picture())], ['mask', file(jpeg(W, H), 'm.jpg', 'image/jpeg')]],
        'mask',
        /must be a PNG/,
      ],
      [
        [...base, ['image', file(picture())], ['mask', file(picture(), 'm.png')]],
        'mask',
        /missing alpha channel/,
      ],
      [[...base, ['image', file(picture())], ['size', '800x600']], 'size', /Supported values are/],
      [
        [...base, ['image', file(Buffer.from('not an image'), 'a.txt', 'text/plain')]],
        'image[0]',
        /Invalid image file/,
      ],
      [[...base, ['image', 'just text']], 'image', /as a file/],
      [[...base, ['image', file(picture())], ['n', '11']], 'n', /from 1 to 10/],
      [[...base, ['image', file(picture())], ['input_fidelity', 'max']], 'input_fidelity', /low, high/],
      [
        [...base, ['image', file(picture())], ['background', 'transparent'], ['output_format', 'jpeg']],
        'background',
        /png or webp/,
      ],
    ];
    for (const [parts, param, message] of cases) {
      const { status, error } = await refusal(parts);
      expect(status, param).toBe(400);
      expect(error).toMatchObject({ type: 'invalid_request_error', param });
      expect(String(error['message'])).toMatch(message);
    }
  });

  it('refuses a body that is not a multipart form', async () => {
    const res = await fetch(`${sim.baseUrl}/v1/images/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SANDBOX_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-image-1', prompt: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/multipart\/form-data/);
  });

  it('takes the images interface faults like a generation', async () => {
    sim.faults.add({ kind: 'status', status: 429, match: { interface: 'images' } });
    expect((await edit([...base, ['image', file(picture())]])).status).toBe(429);
  });
});
