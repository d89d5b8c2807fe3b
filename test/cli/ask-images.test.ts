// `quartet ask` with images in the reply, against the simulator: the responses image tool and generate
// content's image output saved to --out with their paths printed, and --history keeping them as files
// (never base64 in its JSON) so the next turn sends the earlier image back in its format's own way.
import { readFile, mkdtemp, rm, writeFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { parseConversationFile } from '../../shared/export.ts';
import { runCli } from './run-cli.ts';

let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'quartet-cli-ask-images-'));
  env = { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: SANDBOX_KEY };
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sim.requests.length = 0;
});

interface AskJson {
  text: string;
  images: { path: string; mimeType: string; width: number; height: number; revisedPrompt: string | null }[];
}

/** The image lines `quartet ask` prints: the paths. */
const printedPaths = (stdout: string) => [...stdout.matchAll(/^image: (.+?) {2}\d+x\d+ /gm)].map((m) => m[1]);

const meanLuma = async (file: string) => {
  const { channels } = await sharp(await readFile(file)).stats();
  return channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0) / 3;
};

/** The body of the last request the simulator received. */
const lastBody = () => JSON.parse(sim.requests.at(-1)?.body ?? '{}') as Record<string, unknown>;

describe('quartet ask: the images a reply holds', () => {
  it(
    'responses image tool: saved to --out, paths printed, the file is the image of the asked size',
    { timeout: 90_000 },
    async () => {
      const out = join(dir, 'out-responses');
      const r = await runCli(
        [
          'ask',
          '--format',
          'responses',
          '--model',
          'gpt-4.1',
          '--image',
          '--image-size',
          '1536x1024',
          '--out',
          out,
          'a lighthouse',
        ],
        { env },
      );
      expect(r.code, r.stderr).toBe(0);
      const paths = printedPaths(r.stdout);
      expect(paths).toHaveLength(1);
      const file = paths[0] as string;
      expect(dirname(file)).toBe(resolve(out));
      expect(r.stdout).toMatch(/^image: .+\.png {2}1536x1024 image\/png$/m);
      expect(r.stdout).toMatch(/^ {2}revised prompt: .+/m);
      const meta = await sharp(await readFile(file)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1536, 1024]);
      // the tool went as the control table says
      expect(lastBody()['tools']).toEqual([
        expect.objectContaining({ type: 'image_generation', size: '1536x1024' }),
      ]);
    },
  );

  it(
    '--json lists the saved images; without --out or --history the image is counted on stderr, not saved',
    { timeout: 90_000 },
    async () => {
      const out = join(dir, 'out-json');
      const r = await runCli(
        [
          'ask',
          '--format',
          'generate',
          '--model',
          'gemini-2.5-flash',
          '--image',
          '--aspect-ratio',
          '16:9',
          '--out',
          out,
          '--json',
          'a fox',
        ],
        { env },
      );
      expect(r.code, r.stderr).toBe(0);
      const json = JSON.parse(r.stdout) as AskJson;
      expect(json.images).toHaveLength(1);
      expect(json.images[0]).toMatchObject({ mimeType: 'image/png' });
      const img = json.images[0] as AskJson['images'][number];
      expect(img.width / img.height).toBeCloseTo(16 / 9, 1);
      expect((await stat(img.path)).isFile()).toBe(true);

      const none = await runCli(
        ['ask', '--format', 'generate', '--model', 'gemini-2.5-flash', '--image', 'a fox'],
        { env },
      );
      expect(none.code).toBe(0);
      expect(none.stderr).toMatch(/the reply holds an image; --out DIR saves it/);
      expect(printedPaths(none.stdout)).toEqual([]);
    },
  );

  it(
    '--stream says each partial image on stderr and saves only the final one',
    { timeout: 90_000 },
    async () => {
      const out = join(dir, 'out-stream');
      const r = await runCli(
        [
          'ask',
          '--format',
          'responses',
          '--model',
          'gpt-4.1',
          '--image',
          '--partial-images',
          '2',
          '--stream',
          '--out',
          out,
          'a boat',
        ],
        { env },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.match(/\[partial image \d of image 1\]/g)).toEqual([
        '[partial image 1 of image 1]',
        '[partial image 2 of image 1]',
      ]);
      expect(printedPaths(r.stdout)).toHaveLength(1);
    },
  );

  it(
    'responses through --history: the image kept as a file, sent back as the whole image_generation_call item, edited',
    { timeout: 90_000 },
    async () => {
      const file = join(dir, 'responses-history.json');
      const first = await runCli(
        [
          'ask',
          '--format',
          'responses',
          '--model',
          'gpt-4.1',
          '--image',
          '--history',
          file,
          'a green square',
        ],
        { env },
      );
      expect(first.code, first.stderr).toBe(0);
      const [firstImage] = printedPaths(first.stdout);
      // no --out: beside the history file
      expect(dirname(firstImage as string)).toBe(join(dir, 'responses-history-images'));

      const text = await readFile(file, 'utf8');
      // no base64 of any image in the JSON: the item's result is empty and the file is named instead
      expect(text).not.toMatch(/iVBORw0KGgo/);
      const parsed = JSON.parse(text) as { imageFiles: { path: string; sha256: string; slot: number }[] };
      expect(parsed.imageFiles).toEqual([
        expect.objectContaining({
          path: 'responses-history-images/' + (firstImage as string).split('/').at(-1),
        }),
      ]);

      const second = await runCli(['ask', '--history', file, 'make it darker'], { env });
      expect(second.code, second.stderr).toBe(0);
      const [secondImage] = printedPaths(second.stdout);
      // the earlier item went back whole, its result the file's bytes
      const input = lastBody()['input'] as Record<string, unknown>[];
      const item = input.find((i) => i['type'] === 'image_generation_call');
      expect(item?.['result']).toBe((await readFile(firstImage as string)).toString('base64'));
      // the tool is still on (kept in the history file's parameters), and the image was edited: darker
      expect(lastBody()['tools']).toEqual([expect.objectContaining({ type: 'image_generation' })]);
      expect(await meanLuma(secondImage as string)).toBeLessThan((await meanLuma(firstImage as string)) - 5);
      const again = parseConversationFile(await readFile(file, 'utf8'), { imageFiles: 'keep' });
      if (!again.ok) throw new Error(again.message);
      expect(again.imageFiles).toHaveLength(2);
    },
  );

  it(
    'generate through --history: the signed image part goes back byte for byte; a changed file is refused',
    { timeout: 90_000 },
    async () => {
      const file = join(dir, 'generate-history.json');
      const out = join(dir, 'out-generate');
      const first = await runCli(
        [
          'ask',
          '--format',
          'generate',
          '--model',
          'gemini-2.5-flash',
          '--image',
          '--history',
          file,
          '--out',
          out,
          'a blue circle',
        ],
        { env },
      );
      expect(first.code, first.stderr).toBe(0);
      const [firstImage] = printedPaths(first.stdout);
      const text = await readFile(file, 'utf8');
      expect(text).not.toMatch(/iVBORw0KGgo/);
      const stored = JSON.parse(text) as {
        conversation: { turns: { raw?: { parts: Record<string, unknown>[] } }[] };
      };
      const sentParts = stored.conversation.turns[1]?.raw?.parts ?? [];
      const imagePart = sentParts.find((p) => 'inlineData' in p);
      expect(imagePart?.['thoughtSignature']).toEqual(expect.any(String));

      const second = await runCli(['ask', '--history', file, 'make it red'], { env });
      expect(second.code, second.stderr).toBe(0);
      // the simulator refuses an altered signature and warns on a missing one: neither happened
      expect(second.stdout).not.toMatch(/Warning:/);
      const contents = lastBody()['contents'] as { role: string; parts: Record<string, unknown>[] }[];
      const model = contents.find((c) => c.role === 'model');
      const back = model?.parts.find((p) => 'inlineData' in p);
      expect(back?.['thoughtSignature']).toBe(imagePart?.['thoughtSignature']);
      expect((back?.['inlineData'] as { data: string }).data).toBe(
        (await readFile(firstImage as string)).toString('base64'),
      );
      expect(printedPaths(second.stdout)).toHaveLength(1);

      // the saved image altered on disk: refused before anything is sent, the history left as it was
      const before = await readFile(file, 'utf8');
      const bytes = await readFile(firstImage as string);
      const at = bytes.length - 20;
      bytes[at] = (bytes[at] ?? 0) ^ 0xff;
      await writeFile(firstImage as string, bytes);
      const requests = sim.requests.length;
      const third = await runCli(['ask', '--history', file, 'and a square'], { env });
      expect(third.code).toBe(2);
      expect(third.stderr).toMatch(/changed since the reply was saved/);
      expect(sim.requests.length).toBe(requests);
      expect(await readFile(file, 'utf8')).toBe(before);

      await rm(firstImage as string);
      const fourth = await runCli(['ask', '--history', file, 'and a square'], { env });
      expect(fourth.code).toBe(2);
      expect(fourth.stderr).toMatch(/is missing/);
    },
  );

  it('an image option for a format that does not send it is a usage error', { timeout: 90_000 }, async () => {
    const chat = await runCli(['ask', '--format', 'chat', '--model', 'gpt-4.1', '--image', 'hi'], { env });
    expect(chat.code).toBe(2);
    expect(chat.stderr).toMatch(/--image needs --format responses/);
    const ratio = await runCli(
      ['ask', '--format', 'responses', '--model', 'gpt-4.1', '--image', '--aspect-ratio', '1:1', 'hi'],
      { env },
    );
    expect(ratio.code).toBe(2);
    expect(ratio.stderr).toMatch(/--aspect-ratio goes with --format generate/);
    const size = await runCli(
      ['ask', '--format', 'responses', '--model', 'gpt-4.1', '--image', '--image-size', '999x1', 'hi'],
      { env },
    );
    expect(size.code).toBe(2);
    expect(size.stderr).toMatch(/--image-size must be one of auto, 1024x1024/);
    expect(sim.requests).toEqual([]);
  });
});
