// Images inside a conversation: the responses image_generation tool (streamed and not, partial images,
// edits by item, by id and by previous response) and generate-content image output with signed parts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startSimulator } from '../../electron/simulator/index.ts';
import { bearer, generatePath, jsonEvents, post, readSse } from './helpers.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const RESPONSES = '/v1/responses';
type Json = Record<string, unknown>;

async function pixelsOf(
  b64: string,
): Promise<{ width: number; height: number; format: string; data: Buffer }> {
  const bytes = Buffer.from(b64, 'base64');
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, format: meta.format ?? '', data };
}

/** The mean brightness of the image's pixels. */
function brightness(data: Buffer): number {
  let sum = 0;
  for (const v of data) sum += v;
  return sum / data.length;
}

/** The RGB of the centre pixel. */
function centre(p: { width: number; height: number; data: Buffer }): number[] {
  const at = (Math.floor(p.height / 2) * p.width + Math.floor(p.width / 2)) * 3;
  return [p.data[at] ?? -1, p.data[at + 1] ?? -1, p.data[at + 2] ?? -1];
}

function imageItem(body: Json): Json {
  const output = body['output'] as Json[];
  const item = output.find((o) => o['type'] === 'image_generation_call');
  if (!item) throw new Error(`no image item in ${JSON.stringify(output).slice(0, 200)}`);
  return item;
}

describe('responses image_generation tool', () => {
  it('answers with an image_generation_call item of the asked size and format, then the text', async () => {
    const res = await post(sim, RESPONSES, {
      model: 'gpt-5-mini',
      input: 'a lighthouse at dusk',
      tools: [{ type: 'image_generation', size: '1536x1024', quality: 'low', output_format: 'webp' }],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    const output = body['output'] as Json[];
    expect(output.map((o) => o['type'])).toEqual(['image_generation_call', 'message']);
    const item = imageItem(body);
    expect(item).toMatchObject({
      id: expect.stringMatching(/^ig_/),
      status: 'completed',
      size: '1536x1024',
      quality: 'low',
      output_format: 'webp',
      background: 'opaque',
      revised_prompt: expect.stringContaining('a lighthouse at dusk'),
    });
    const image = await pixelsOf(String(item['result']));
    expect(image).toMatchObject({ width: 1536, height: 1024, format: 'webp' });
    expect(body['tools']).toEqual([
      { type: 'image_generation', size: '1536x1024', quality: 'low', output_format: 'webp' },
    ]);
  });

  it('draws the same prompt the same way', async () => {
    const ask = async (): Promise<string> =>
      String(
        imageItem(
          (await (
            await post(sim, RESPONSES, {
              model: 'gpt-5-mini',
              input: 'a red kite',
              tools: [{ type: 'image_generation', size: '1024x1024' }],
            })
          ).json()) as Json,
        )['result'],
      );
    expect(await ask()).toBe(await ask());
  });

  it('streams in_progress, generating, each partial image, completed, then the item', async () => {
    const res = await post(sim, RESPONSES, {
      model: 'gpt-5-mini',
      input: 'a boat',
      stream: true,
      tools: [{ type: 'image_generation', size: '1024x1024', partial_images: 3 }],
    });
    const events = jsonEvents(await readSse(res));
    const types = events.map((e) => e['type']);
    const imageTypes = types.filter((t) => String(t).startsWith('response.image_generation_call.'));
    expect(imageTypes).toEqual([
      'response.image_generation_call.in_progress',
      'response.image_generation_call.generating',
      'response.image_generation_call.partial_image',
      'response.image_generation_call.partial_image',
      'response.image_generation_call.partial_image',
      'response.image_generation_call.completed',
    ]);
    const partials = events.filter((e) => e['type'] === 'response.image_generation_call.partial_image');
    expect(partials.map((p) => p['partial_image_index'])).toEqual([0, 1, 2]);
    const done = events.find(
      (e) =>
        e['type'] === 'response.output_item.done' && (e['item'] as Json)['type'] === 'image_generation_call',
    );
    const final = String((done?.['item'] as Json)['result']);
    // each partial is a real image of the final size, and none is the final image
    for (const p of partials) {
      const image = await pixelsOf(String(p['partial_image_b64']));
      expect(image).toMatchObject({ width: 1024, height: 1024 });
      expect(p['partial_image_b64']).not.toBe(final);
    }
    const completed = events.at(-1) as Json;
    expect(completed['type']).toBe('response.completed');
    expect(imageItem(completed['response'] as Json)['result']).toBe(final);
    const numbers = events.map((e) => e['sequence_number']);
    expect(numbers).toEqual(numbers.map((_, i) => i));
  });

  it('edits the image sent back whole: "darker" darkens it', async () => {
    const tools = [{ type: 'image_generation', size: '1024x1024' }];
    const first = (await (
      await post(sim, RESPONSES, { model: 'gpt-5-mini', input: 'a sky', tools })
    ).json()) as Json;
    const item = imageItem(first);
    const second = (await (
      await post(sim, RESPONSES, {
        model: 'gpt-5-mini',
        tools,
        input: [{ role: 'user', content: 'a sky' }, item, { role: 'user', content: 'make the sky darker' }],
      })
    ).json()) as Json;
    const before = await pixelsOf(String(item['result']));
    const after = await pixelsOf(String(imageItem(second)['result']));
    expect(after.width).toBe(before.width);
    expect(brightness(after.data)).toBeLessThan(brightness(before.data) * 0.7);
    expect(imageItem(second)['revised_prompt']).toContain('make the sky darker');
  });

  it('edits an image named by id, and the previous response\'s image: "red circle" paints the centre red', async () => {
    const tools = [{ type: 'image_generation' }];
    const first = (await (
      await post(sim, RESPONSES, { model: 'gpt-5-mini', input: 'a field', tools })
    ).json()) as Json;
    const id = String(imageItem(first)['id']);
    const byId = (await (
      await post(sim, RESPONSES, {
        model: 'gpt-5-mini',
        tools,
        input: [
          { role: 'user', content: 'a field' },
          { type: 'image_generation_call', id },
          { role: 'user', content: 'add a red circle' },
        ],
      })
    ).json()) as Json;
    expect(centre(await pixelsOf(String(imageItem(byId)['result'])))).toEqual([220, 40, 40]);
    const byPrevious = (await (
      await post(sim, RESPONSES, {
        model: 'gpt-5-mini',
        tools,
        previous_response_id: first['id'],
        input: 'add a blue square',
      })
    ).json()) as Json;
    expect(centre(await pixelsOf(String(imageItem(byPrevious)['result'])))).toEqual([40, 80, 220]);
  });

  it('refuses what the service refuses', async () => {
    const bad = async (body: Json): Promise<number> => (await post(sim, RESPONSES, body)).status;
    const base = { model: 'gpt-5-mini', input: 'x' };
    expect(await bad({ ...base, tools: [{ type: 'image_generation', partial_images: 4 }] })).toBe(400);
    expect(await bad({ ...base, tools: [{ type: 'image_generation', size: '640x480' }] })).toBe(400);
    expect(
      await bad({
        ...base,
        tools: [{ type: 'image_generation', background: 'transparent', output_format: 'jpeg' }],
      }),
    ).toBe(400);
    const unknown = await post(sim, RESPONSES, {
      ...base,
      tools: [{ type: 'image_generation' }],
      input: [
        { type: 'image_generation_call', id: 'ig_nope' },
        { role: 'user', content: 'again' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('ig_nope');
  });
});

describe('generate-content image output', () => {
  const model = 'gemini-2.5-flash';
  const config = { responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: '16:9' } };

  async function generate(
    contents: unknown,
    generationConfig: Json = config,
    stream = false,
  ): Promise<Response> {
    return post(sim, generatePath(model, undefined, stream), { contents, generationConfig }, bearer());
  }

  function partsOf(body: Json): Json[] {
    const candidate = (body['candidates'] as Json[])[0] as Json;
    return (candidate['content'] as Json)['parts'] as Json[];
  }

  it('answers text and a signed inlineData image of the aspect ratio', async () => {
    const res = await generate([{ role: 'user', parts: [{ text: 'a harbour' }] }]);
    expect(res.status).toBe(200);
    const parts = partsOf((await res.json()) as Json);
    expect(typeof parts[0]?.['text']).toBe('string');
    const image = parts[1] as Json;
    expect(image).toMatchObject({
      inlineData: { mimeType: 'image/png' },
      thoughtSignature: expect.any(String),
    });
    const drawn = await pixelsOf(String((image['inlineData'] as Json)['data']));
    expect(drawn).toMatchObject({ width: 1344, height: 768, format: 'png' });
  });

  it('takes imageSize 2K as twice the sides', async () => {
    const res = await generate([{ role: 'user', parts: [{ text: 'a harbour' }] }], {
      responseModalities: ['TEXT', 'IMAGE'],
      imageConfig: { aspectRatio: '1:1', imageSize: '2K' },
    });
    const image = partsOf((await res.json()) as Json)[1] as Json;
    expect(await pixelsOf(String((image['inlineData'] as Json)['data']))).toMatchObject({
      width: 2048,
      height: 2048,
    });
  });

  it('streams the image whole in the last chunk, after the text', async () => {
    const res = await generate([{ role: 'user', parts: [{ text: 'a harbour' }] }], config, true);
    const chunks = jsonEvents(await readSse(res));
    const last = chunks.at(-1) as Json;
    const lastParts = partsOf(last);
    expect(lastParts[0]).toMatchObject({
      inlineData: { mimeType: 'image/png' },
      thoughtSignature: expect.any(String),
    });
    expect((last['candidates'] as Json[])[0]).toMatchObject({ finishReason: 'STOP' });
    expect(chunks.slice(0, -1).every((c) => partsOf(c).every((p) => p['inlineData'] === undefined))).toBe(
      true,
    );
  });

  it('edits the image a model turn sends back signed; unsigned is answered with a warning, not refused', async () => {
    const first = partsOf(
      (await (await generate([{ role: 'user', parts: [{ text: 'a night sky' }] }])).json()) as Json,
    );
    const history = (modelParts: Json[]): unknown[] => [
      { role: 'user', parts: [{ text: 'a night sky' }] },
      { role: 'model', parts: modelParts },
      { role: 'user', parts: [{ text: 'add a yellow circle' }] },
    ];
    const signed = partsOf((await (await generate(history(first))).json()) as Json);
    expect(String(signed[0]?.['text'])).not.toContain('Warning');
    const edited = await pixelsOf(String(((signed[1] as Json)['inlineData'] as Json)['data']));
    expect(centre(edited)).toEqual([240, 210, 40]);

    const unsignedParts = first.map(({ thoughtSignature: _drop, ...rest }) => rest);
    const res = await generate(history(unsignedParts));
    expect(res.status).toBe(200);
    const warned = partsOf((await res.json()) as Json);
    expect(String(warned[0]?.['text'])).toMatch(
      /^Warning: contents\[1\]\.parts\[1\] came back without its thoughtSignature/,
    );
    expect(centre(await pixelsOf(String(((warned[1] as Json)['inlineData'] as Json)['data'])))).toEqual([
      240, 210, 40,
    ]);
  });

  it('refuses an altered image signature and an unknown modality', async () => {
    const first = partsOf(
      (await (await generate([{ role: 'user', parts: [{ text: 'a cat' }] }])).json()) as Json,
    );
    const altered = first.map((p) => (p['inlineData'] ? { ...p, thoughtSignature: 'AAAA' } : p));
    const res = await generate([
      { role: 'user', parts: [{ text: 'a cat' }] },
      { role: 'model', parts: altered },
      { role: 'user', parts: [{ text: 'darker' }] },
    ]);
    expect(res.status).toBe(400);
    expect(
      (await generate([{ role: 'user', parts: [{ text: 'x' }] }], { responseModalities: ['VIDEO'] })).status,
    ).toBe(400);
  });
});
