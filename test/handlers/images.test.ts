import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sniffImage } from '../../electron/core/index.ts';
import type { SaveResult } from '../../shared/contract.ts';
import { createHarness, tinyWebp, type Harness } from '../support/app-core.ts';
import { uniqueNames } from '../../electron/handlers/images.ts';
import { webSaveImages } from '../../electron/web/save-images.ts';

let h: Harness;
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

type SavedFiles = { path: string; suggestedName: string; mime: string }[];

describe('images', () => {
  it('generates, writes the files before the rows, lists newest first, and reports real sizes', async () => {
    const saved: SavedFiles[] = [];
    h = await createHarness({
      saveImages: (files) => {
        saved.push(files);
        return Promise.resolve<SaveResult>({ kind: 'saved', paths: files.map((f) => f.path) });
      },
    });
    const first = await h.call('generateImages', {
      requestId: 'g1',
      model: 'gpt-image-1',
      prompt: 'A red fox in snow',
      size: '1024x1024',
      n: 2,
      quality: 'low',
    });
    expect(first.images).toHaveLength(2);
    expect(h.eventsOf('imageProgress', 'g1').map((e) => e.phase)).toEqual(['waiting', 'decoding', 'saving']);
    expect(h.eventsOf('exchange', 'g1').map((e) => e.summary.id)).toEqual([first.exchangeId]);
    for (const image of first.images) {
      expect(image).toMatchObject({ model: 'gpt-image-1', prompt: 'A red fox in snow', hasThumbnail: false });
      const file = await h.core.imageFile(image.id, 'full');
      expect(file?.mime).toBe('image/png');
      const bytes = await readFile(file?.path ?? '');
      expect(bytes.length).toBe(image.bytes);
      const real = sniffImage(bytes);
      expect(real).toEqual({ format: image.format, width: image.width, height: image.height });
    }
    expect(new Set(first.images.map((i) => i.batchId)).size).toBe(1);

    // A size the service adjusts is reported as such.
    const second = await h.call('generateImages', {
      requestId: 'g2',
      model: 'gpt-image-1',
      prompt: 'A tiny boat',
      size: '1000x1000',
    });
    const adjusted = second.images[0];
    expect(adjusted?.requestedSize).toBe('1000x1000');
    expect(adjusted?.sizeAdjusted).toBe(true);
    expect(adjusted?.width).not.toBe(1000);

    const list = await h.call('listImages', {});
    expect(list.total).toBe(3);
    expect(list.items.map((i) => i.id)).toEqual([second.images[0]?.id, ...first.images.map((i) => i.id)]);
    const page = await h.call('listImages', { offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 3, items: [{ id: first.images[0]?.id }] });

    const result = await h.call('saveImages', { ids: first.images.map((i) => i.id) });
    expect(result.kind).toBe('saved');
    // the date and time of the batch, then the start of the prompt
    expect(saved[0]?.map((f) => f.suggestedName)).toEqual([
      expect.stringMatching(/^quartet-\d{4}-\d\d-\d\d-\d{4}-a-red-fox-in-snow-1\.png$/),
      expect.stringMatching(/^quartet-\d{4}-\d\d-\d\d-\d{4}-a-red-fox-in-snow-2\.png$/),
    ]);
    expect(saved[0]?.[0]?.path).toBe((await h.core.imageFile(first.images[0]?.id ?? '', 'full'))?.path);
    expect((await h.fail('saveImages', { ids: ['missing'] })).kind).toBe('not-found');
  });

  it('"Save all" in the browser: each image of a batch gets a name of its own, and the link carries it', async () => {
    h = await createHarness({ saveImages: webSaveImages });
    const batch = await h.call('generateImages', {
      requestId: 'g',
      model: 'gpt-image-1',
      prompt: 'A fox',
      n: 3,
    });
    const ids = batch.images.map((i) => i.id);
    const r = await h.call('saveImages', { ids });
    if (r.kind !== 'download') throw new Error(r.kind);
    // before: the links went to ?download=1, whose header gave every image of the batch the same name
    expect(r.urls).toEqual(ids.map((id) => `/media/image/${id}`));
    expect(new Set(r.names).size).toBe(3);
    expect(r.names[0]).toMatch(/^quartet-\d{4}-\d\d-\d\d-\d{4}-a-fox-1\.png$/);
    // the same image twice, or two batches of one prompt in one minute, still never share a name
    const twice = await h.call('saveImages', { ids: [ids[0] ?? '', ids[0] ?? ''] });
    expect(twice.kind === 'download' && twice.names.map((n) => n.replace(/^.*-a-fox/, ''))).toEqual([
      '-1.png',
      '-2.png',
    ]);
  });

  it('uniqueNames: a name seen before (in any case) gets -2, -3 before its extension', () => {
    expect(uniqueNames(['a.png', 'A.PNG', 'a.png', 'b', 'b'])).toEqual([
      'a.png',
      'A-2.PNG',
      'a-3.png',
      'b',
      'b-2',
    ]);
  });

  it('stores a WebP thumbnail, serves it, and refuses anything else', async () => {
    h = await createHarness();
    const { images } = await h.call('generateImages', {
      requestId: 'g',
      model: 'gpt-image-1',
      prompt: 'A cat',
    });
    const id = images[0]?.id ?? '';
    expect(await h.core.imageFile(id, 'thumb')).toBeNull();
    const png = await readFile((await h.core.imageFile(id, 'full'))?.path ?? '');
    const refused = await h.fail('putThumbnail', { id, webpBase64: png.toString('base64') });
    expect(refused).toMatchObject({ kind: 'invalid-input', message: 'The thumbnail is not a WebP image.' });
    expect((await h.fail('putThumbnail', { id, webpBase64: 'not base64!' })).kind).toBe('invalid-input');
    expect(
      (await h.fail('putThumbnail', { id: 'nope', webpBase64: tinyWebp().toString('base64') })).kind,
    ).toBe('not-found');

    expect(await h.call('putThumbnail', { id, webpBase64: tinyWebp().toString('base64') })).toEqual({
      ok: true,
    });
    const thumb = await h.core.imageFile(id, 'thumb');
    expect(thumb?.mime).toBe('image/webp');
    expect(await readFile(thumb?.path ?? '')).toEqual(tinyWebp());
    expect((await h.call('listImages', {})).items[0]?.hasThumbnail).toBe(true);
    expect((await readdir(join(h.dataDir, 'thumbs'))).filter((n) => n.startsWith('.tmp-'))).toEqual([]);

    // Default host behaviour without a save function: a download the host fills in.
    expect(await h.call('saveImages', { ids: [id] })).toEqual({ kind: 'download', urls: [], names: [] });

    expect(await h.call('deleteImage', { id })).toEqual({ deleted: true });
    await expect(stat(thumb?.path ?? '')).rejects.toThrow();
    expect(await h.core.imageFile(id, 'full')).toBeNull();
    expect(await h.call('deleteImage', { id })).toEqual({ deleted: false });
  });

  it('can be stopped while waiting for the service', async () => {
    h = await createHarness();
    h.sim.faults.add({ kind: 'slowHeaders', ms: 5000, match: { interface: 'images' } });
    const pending = h.dispatch('generateImages', {
      requestId: 'slow',
      model: 'gpt-image-1',
      prompt: 'A slow cat',
    });
    await h.waitForEvent('imageProgress', (e) => e.requestId === 'slow' && e.phase === 'waiting');
    expect(await h.call('abortRequest', { requestId: 'slow' })).toEqual({ aborted: true });
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('aborted');
    expect((await h.call('listImages', {})).total).toBe(0);
  });

  it('sweeps orphans at start-up: stray and temp files, and rows whose file is gone', async () => {
    h = await createHarness();
    const { images } = await h.call('generateImages', {
      requestId: 'g',
      model: 'gpt-image-1',
      prompt: 'Three birds',
      n: 3,
    });
    const [kept, lost, withThumb] = images;
    await h.call('putThumbnail', { id: withThumb?.id ?? '', webpBase64: tinyWebp().toString('base64') });
    await h.core.close();

    const imagesDir = join(h.dataDir, 'images');
    const thumbsDir = join(h.dataDir, 'thumbs');
    await rm((await filePath(h, lost?.id)) ?? '');
    await rm(join(thumbsDir, `${withThumb?.id}.webp`));
    await writeFile(join(imagesDir, 'stray.png'), 'no row points here');
    await writeFile(join(imagesDir, '.tmp-abc.png-123'), 'left by a crash');
    await writeFile(join(thumbsDir, 'stray.webp'), tinyWebp());
    await mkdir(join(imagesDir, 'a-folder'));

    await h.open();
    const list = await h.call('listImages', {});
    expect(list.items.map((i) => i.id).sort()).toEqual([kept?.id, withThumb?.id].sort());
    expect(list.items.find((i) => i.id === withThumb?.id)?.hasThumbnail).toBe(false);
    expect((await readdir(imagesDir)).sort()).toEqual(
      ['a-folder', `${kept?.id}.png`, `${withThumb?.id}.png`].sort(),
    );
    expect(await readdir(thumbsDir)).toEqual([]);
  });
});

describe('a damaged database at start-up', () => {
  it('keeps every image and thumbnail, says where they are, and keeps them on the next start too', async () => {
    h = await createHarness();
    const { images } = await h.call('generateImages', {
      requestId: 'g',
      model: 'gpt-image-1',
      prompt: 'Two owls',
      n: 2,
    });
    await h.call('putThumbnail', { id: images[0]?.id ?? '', webpBase64: tinyWebp().toString('base64') });
    await h.core.close();
    const imagesDir = join(h.dataDir, 'images');
    const thumbsDir = join(h.dataDir, 'thumbs');
    const before = { images: (await readdir(imagesDir)).sort(), thumbs: await readdir(thumbsDir) };
    expect(before.images).toHaveLength(2);
    expect(before.thumbs).toHaveLength(1);
    await writeFile(join(h.dataDir, 'quartet.db'), 'not a database any more '.repeat(200));
    await rm(join(h.dataDir, 'quartet.db-wal'), { force: true });

    await h.open();
    const info = await h.call('getAppInfo', {});
    expect(info.notices.join(' ')).toMatch(/damaged/);
    expect(info.notices.join(' ')).toContain(imagesDir);
    expect((await readdir(imagesDir)).sort()).toEqual(before.images);
    expect(await readdir(thumbsDir)).toEqual(before.thumbs);

    // The new database still knows none of them; the next start must not take its word either.
    await h.restart();
    expect((await readdir(imagesDir)).sort()).toEqual(before.images);
    expect(await readdir(thumbsDir)).toEqual(before.thumbs);
  });
});

async function filePath(h: Harness, id: string | undefined): Promise<string | undefined> {
  const dir = join(h.dataDir, 'images');
  const name = (await readdir(dir)).find((n) => id !== undefined && n.startsWith(id));
  return name === undefined ? undefined : join(dir, name);
}
