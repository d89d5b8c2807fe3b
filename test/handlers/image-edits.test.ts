// Editing images through the app core against the simulator: gallery images and uploaded files as
// references, a painted mask, the results in the gallery as children with their settings, the versions of
// one image, the gallery filtered by source, and every input checked before anything is sent.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { encodePng } from '../../electron/simulator/png.ts';
import type { ImageRecord } from '../../shared/contract.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

const SIDE = 64;

/** A PNG mask, transparent (editable) where `open(x, y)`. */
function maskPng(open: (x: number, y: number) => boolean, width = SIDE, height = SIDE): string {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels[(y * width + x) * 4 + 3] = open(x, y) ? 0 : 255;
  }
  return encodePng({ width, height, channels: 4, pixels }).toString('base64');
}

async function generated(prompt = 'a lighthouse'): Promise<ImageRecord> {
  const { images } = await h.call('generateImages', {
    requestId: `g-${prompt}`,
    model: 'gpt-image-1',
    prompt,
  });
  const [image] = images;
  if (!image) throw new Error('no image');
  return image;
}

/**
 * A small gallery image: an uploaded picture edited once (the simulator keeps an edit at its input's size,
 * where a generation here is 1024x1024).
 */
async function small(prompt = 'a lighthouse'): Promise<ImageRecord> {
  const pixels = new Uint8Array(SIDE * SIDE * 3).map((_, i) => (i * 11) & 0xff);
  const upload = await h.call('putAttachment', {
    name: 'start.png',
    mimeType: 'image/png',
    dataBase64: encodePng({ width: SIDE, height: SIDE, channels: 3, pixels }).toString('base64'),
  });
  const { images } = await h.call('editImages', {
    requestId: `s-${prompt}`,
    model: 'gpt-image-1',
    prompt,
    references: [{ kind: 'attachment', id: upload.id }],
  });
  const [image] = images;
  if (!image) throw new Error('no image');
  return image;
}

async function pixelsOf(id: string): Promise<Buffer> {
  const file = await h.core.imageFile(id, 'full');
  return sharp(await readFile(file?.path ?? ''))
    .removeAlpha()
    .raw()
    .toBuffer();
}

describe('image edits', () => {
  it('edits a gallery image with a painted mask: a child with its settings, in the versions and the filter', async () => {
    h = await createHarness();
    const parent = await small();
    expect(parent).toMatchObject({ source: 'edit', width: SIDE, height: SIDE });
    expect(parent.parentId).toBeUndefined();
    const { images, exchangeId } = await h.call('editImages', {
      requestId: 'e1',
      model: 'gpt-image-1',
      prompt: 'a red door',
      references: [{ kind: 'gallery', id: parent.id }],
      mask: { kind: 'painted', pngBase64: maskPng((x) => x < SIDE / 2) },
      quality: 'low',
      inputFidelity: 'high',
      n: 2,
    });
    expect(h.eventsOf('imageProgress', 'e1').map((e) => e.phase)).toEqual(['waiting', 'decoding', 'saving']);
    expect(images).toHaveLength(2);
    for (const child of images) {
      expect(child).toMatchObject({
        source: 'edit',
        parentId: parent.id,
        prompt: 'a red door',
        exchangeId,
        settings: { quality: 'low', input_fidelity: 'high', references: 1, mask: true, n: 2 },
      });
    }
    // only the left half changed
    const [before, after] = await Promise.all([pixelsOf(parent.id), pixelsOf(images[0]?.id ?? '')]);
    const rightHalf = (b: Buffer) =>
      Buffer.concat(
        Array.from({ length: SIDE }, (_, y) => b.subarray((y * SIDE + SIDE / 2) * 3, (y + 1) * SIDE * 3)),
      );
    expect(rightHalf(after).equals(rightHalf(before))).toBe(true);
    expect(after.equals(before)).toBe(false);

    // an edit of the edit: every version from any of them
    const grandchild = (
      await h.call('editImages', {
        requestId: 'e2',
        model: 'gpt-image-1',
        prompt: 'now blue',
        references: [{ kind: 'gallery', id: images[0]?.id ?? '' }],
      })
    ).images[0];
    expect(grandchild?.parentId).toBe(images[0]?.id);
    const family = [parent.id, ...images.map((i) => i.id), grandchild?.id];
    for (const id of family) {
      const { items } = await h.call('imageVersions', { id: id ?? '' });
      expect(items.map((i) => i.id)).toEqual(family);
    }

    // the gallery by source
    const made = await generated('another');
    expect(made.source).toBe('images');
    expect(made.settings).toBeUndefined(); // nothing was set
    const edits = await h.call('listImages', { source: 'edit' });
    expect(edits.total).toBe(4);
    expect(edits.items.every((i) => i.source === 'edit')).toBe(true);
    expect((await h.call('listImages', { source: 'images' })).items.map((i) => i.id)).toEqual([made.id]);
    expect((await h.call('listImages', { source: 'responses' })).total).toBe(0);
    expect((await h.call('listImages', {})).total).toBe(5);

    // the record of the edit describes the files and holds no image data
    const record = await h.call('getExchange', { id: exchangeId });
    expect(record.url).toMatch(/\/v1\/images\/edits$/);
    expect(record.requestBody).toMatch(/"image":"<file image-[0-9a-f]{8}\.png, image\/png, \d+ bytes>"/);
    expect(record.requestBody).toMatch(/"mask":"<file mask\.png, image\/png, \d+ bytes>"/);
  });

  it('edits uploaded files with no parent in the gallery', async () => {
    h = await createHarness();
    const png = encodePng({
      width: 32,
      height: 24,
      channels: 3,
      pixels: new Uint8Array(32 * 24 * 3).fill(90),
    });
    const upload = await h.call('putAttachment', {
      name: 'photo.png',
      mimeType: 'image/png',
      dataBase64: png.toString('base64'),
    });
    const other = await generated();
    const { images } = await h.call('editImages', {
      requestId: 'e1',
      model: 'gpt-image-1',
      prompt: 'add a hat',
      references: [
        { kind: 'attachment', id: upload.id },
        { kind: 'gallery', id: other.id },
      ],
    });
    expect(images[0]).toMatchObject({
      source: 'edit',
      width: 32,
      height: 24,
      settings: { references: 2, mask: false },
    });
    expect(images[0]?.parentId).toBeUndefined();
    const sent = h.sim.requests.at(-1)?.body ?? '';
    expect(sent.split('name="image[]"')).toHaveLength(3);
  });

  it('refuses before sending: a mask of another size, a mask without transparency, an image it cannot edit', async () => {
    h = await createHarness();
    const image = await small();
    const sentBefore = h.sim.requests.length;
    const edit = (extra: Record<string, unknown>) =>
      h.fail('editImages', {
        requestId: 'x',
        model: 'gpt-image-1',
        prompt: 'x',
        references: [{ kind: 'gallery', id: image.id }],
        ...extra,
      });
    const wrongSize = await edit({ mask: { kind: 'painted', pngBase64: maskPng(() => true, 32, 32) } });
    expect(wrongSize.message).toMatch(/mask is 32x32 pixels but the image to edit is 64x64/);
    const opaque = await edit({ mask: { kind: 'painted', pngBase64: maskPng(() => false) } });
    expect(opaque.message).toMatch(/no transparent pixel/);
    const rgbMask = encodePng({
      width: SIDE,
      height: SIDE,
      channels: 3,
      pixels: new Uint8Array(SIDE * SIDE * 3),
    });
    const noAlpha = await edit({ mask: { kind: 'painted', pngBase64: rgbMask.toString('base64') } });
    expect(noAlpha.message).toMatch(/no transparency/);
    const notPng = await edit({
      mask: { kind: 'painted', pngBase64: Buffer.from('GIF89a....').toString('base64') },
    });
    expect(notPng.kind).toBe('invalid-input');
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const upload = await h.call('putAttachment', {
      name: 'a.gif',
      mimeType: 'image/gif',
      dataBase64: gif.toString('base64'),
    });
    const gifRef = await h.fail('editImages', {
      requestId: 'x',
      model: 'gpt-image-1',
      prompt: 'x',
      references: [{ kind: 'attachment', id: upload.id }],
    });
    expect(gifRef.message).toMatch(/edits PNG, JPEG and WebP/);
    const gone = await edit({ references: [{ kind: 'gallery', id: 'no-such-image' }] });
    expect(gone.message).toMatch(/no longer in the gallery/);
    const none = await edit({ references: [] });
    expect(none.message).toMatch(/Choose an image/);
    expect(h.sim.requests.length).toBe(sentBefore);
  });

  it('says the service refusal and stores nothing', async () => {
    h = await createHarness();
    const image = await generated();
    h.sim.faults.add({
      kind: 'status',
      status: 400,
      message: 'edits are not allowed',
      match: { interface: 'images' },
    });
    const e = await h.fail('editImages', {
      requestId: 'x',
      model: 'gpt-image-1',
      prompt: 'x',
      references: [{ kind: 'gallery', id: image.id }],
    });
    expect(e.message).toMatch(/edits are not allowed/);
    expect(h.imageRows()).toBe(1);
  });
});
