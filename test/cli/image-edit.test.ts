// `quartet image --edit FILE [--edit FILE2] [--mask FILE] PROMPT` against the simulator: the results
// saved like `quartet image` saves them, only the masked part changed, and the files checked first.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import { runCli } from './run-cli.ts';

let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;
const W = 40;
const H = 30;
const path = (name: string) => join(dir, name);

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'quartet-cli-edit-'));
  env = { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: SANDBOX_KEY };
  const pixels = new Uint8Array(W * H * 3).map((_, i) => (i * 5) & 0xff);
  await writeFile(path('photo.png'), encodePng({ width: W, height: H, channels: 3, pixels }));
  await writeFile(
    path('other.png'),
    encodePng({ width: 8, height: 8, channels: 3, pixels: new Uint8Array(192) }),
  );
  // transparent (may change) in the top ten rows
  const mask = new Uint8Array(W * H * 4);
  for (let p = 0; p < W * H; p++) mask[p * 4 + 3] = p < W * 10 ? 0 : 255;
  await writeFile(path('mask.png'), encodePng({ width: W, height: H, channels: 4, pixels: mask }));
  await writeFile(
    path('small-mask.png'),
    encodePng({ width: 8, height: 8, channels: 4, pixels: new Uint8Array(256) }),
  );
  await writeFile(path('notes.txt'), 'not an image');
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

const rgb = async (file: string) =>
  sharp(await readFile(file))
    .removeAlpha()
    .raw()
    .toBuffer();

describe('quartet image --edit', () => {
  it('edits with a mask and saves the result; only the masked rows changed', async () => {
    const out = path('out');
    const r = await runCli(
      [
        'image',
        '--model',
        'gpt-image-1',
        '--out',
        out,
        '--edit',
        path('photo.png'),
        '--edit',
        path('other.png'),
        '--mask',
        path('mask.png'),
        '--input-fidelity',
        'high',
        '--json',
        'a',
        'red',
        'sky',
      ],
      { env },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const saved = JSON.parse(r.stdout) as { path: string; width: number; height: number; format: string }[];
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ width: W, height: H, format: 'png' });
    const [before, after] = await Promise.all([rgb(path('photo.png')), rgb(saved[0]?.path ?? '')]);
    const rows = (b: Buffer, from: number, to: number) => b.subarray(from * W * 3, to * W * 3);
    expect(rows(after, 10, H).equals(rows(before, 10, H))).toBe(true);
    expect(rows(after, 0, 10).equals(rows(before, 0, 10))).toBe(false);
    const sent = sim.requests.at(-1);
    expect(sent?.path).toBe('/v1/images/edits');
    expect(sent?.body.split('name="image[]"')).toHaveLength(3);
    expect(sent?.body).toContain('name="input_fidelity"');
  });

  it('refuses before sending: a mask without --edit, a mask of another size, a file that is no image', async () => {
    const before = sim.requests.length;
    const cases: [string[], RegExp][] = [
      [['--mask', path('mask.png')], /--mask goes with --edit/],
      [
        ['--edit', path('photo.png'), '--mask', path('small-mask.png')],
        /mask is 8x8 but the image to edit is 40x30/,
      ],
      [['--edit', path('notes.txt')], /PNG, JPEG and WebP|not a PNG/],
      [['--edit', path('missing.png')], /no such file/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['image', '--model', 'gpt-image-1', '--out', path('x'), ...args, 'p'], { env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(sim.requests.length).toBe(before);
  });
});
