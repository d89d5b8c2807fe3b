import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImageRecord } from '../../shared/contract.ts';
import {
  DEFAULT_IMAGE_FORM,
  formSize,
  sizeToForm,
  validateImageForm,
} from '../../renderer/store/images-slice.ts';
import { gridFor } from '../../renderer/features/images/Gallery.tsx';
import { fakeBridge, ok, settingsWith, freshStore } from './fake-bridge.ts';

let t = freshStore();
afterEach(() => {
  t = freshStore();
});

let seq = 0;
function record(over: Partial<ImageRecord> = {}): ImageRecord {
  seq += 1;
  return {
    id: `img${seq}`,
    batchId: 'b1',
    prompt: 'a red fox',
    model: 'gpt-image-1',
    format: 'png',
    requestedSize: '1000x1000',
    reportedSize: '1024x1024',
    width: 1024,
    height: 1024,
    sizeAdjusted: true,
    bytes: 1234,
    hasThumbnail: false,
    createdAt: seq,
    source: 'images',
    ...over,
  };
}

describe('the form', () => {
  it('reads presets and free sizes', () => {
    expect(formSize({ ...DEFAULT_IMAGE_FORM, sizePreset: '1536x1024' })).toBe('1536x1024');
    expect(formSize({ ...DEFAULT_IMAGE_FORM, sizePreset: 'custom', customSize: ' 1000 x 1000 ' })).toBe(
      '1000x1000',
    );
    expect(formSize({ ...DEFAULT_IMAGE_FORM, sizePreset: 'custom', customSize: '1000×750' })).toBe(
      '1000x750',
    );
    expect(formSize({ ...DEFAULT_IMAGE_FORM, sizePreset: 'custom', customSize: 'big' })).toBeUndefined();
  });

  it('explains what is missing or wrong', () => {
    expect(validateImageForm(DEFAULT_IMAGE_FORM)).toEqual({
      model: 'Choose an image model.',
      prompt: 'Describe the image.',
    });
    const base = { ...DEFAULT_IMAGE_FORM, model: 'gpt-image-1', prompt: 'x' };
    expect(validateImageForm(base)).toEqual({});
    expect(validateImageForm({ ...base, sizePreset: 'custom', customSize: '1024' }).size).toMatch(
      /WIDTHxHEIGHT/,
    );
    expect(validateImageForm({ ...base, sizePreset: 'custom', customSize: '8x8' }).size).toMatch(
      /between 16/,
    );
    expect(validateImageForm({ ...base, n: 11 }).n).toBeDefined();
    expect(validateImageForm({ ...base, n: Number.NaN }).n).toBeDefined();
  });

  it('turns a remembered size back into a preset or a free size', () => {
    expect(sizeToForm('1024x1536')).toEqual({ sizePreset: '1024x1536', customSize: '' });
    expect(sizeToForm('1000x1000')).toEqual({ sizePreset: 'custom', customSize: '1000x1000' });
    expect(sizeToForm(undefined)).toEqual({ sizePreset: 'auto', customSize: '' });
  });

  it('fills from settings once, then leaves the user alone', () => {
    const s = t.store.getState();
    s.hydrateImageForm({
      model: 'gpt-image-1',
      size: '1000x1000',
      n: 2,
      quality: 'low',
      outputFormat: 'webp',
    });
    expect(t.store.getState().imageForm).toMatchObject({
      model: 'gpt-image-1',
      sizePreset: 'custom',
      customSize: '1000x1000',
      n: 2,
      quality: 'low',
      outputFormat: 'webp',
    });
    t.store.getState().setImageForm({ n: 3 });
    t.store.getState().hydrateImageForm({ n: 1 });
    expect(t.store.getState().imageForm.n).toBe(3);
  });
});

describe('generating', () => {
  const ready = () =>
    t.store.getState().setImageForm({
      model: 'gpt-image-1',
      prompt: 'a red fox',
      sizePreset: 'custom',
      customSize: '1000x1000',
      n: 2,
    });

  it('shows progress, adds the batch on top, makes thumbnails two at a time and remembers the choices', async () => {
    const made: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    t.store.runtime.thumbnailMaker = async (url) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight -= 1;
      made.push(url);
      return 'UklGRg==';
    };
    let answer: (v: unknown) => void = () => {};
    const batch = [record({ batchId: 'b2' }), record({ batchId: 'b2' }), record({ batchId: 'b2' })];
    const { bridge, calls } = fakeBridge({
      generateImages: () => new Promise((r) => (answer = r as (v: unknown) => void)),
      updateSettings: (patch) => ok(settingsWith({ theme: 'system', tabs: {}, compareColumns: [] }, patch)),
      putThumbnail: () => ok({ ok: true }),
    });
    t.setBridge(bridge);
    t.store.setState({
      images: [record({ batchId: 'old' })],
      imagesTotal: 1,
      settings: { theme: 'system', tabs: {}, compareColumns: [] },
    });
    ready();

    const running = t.store.getState().generateImages();
    const g = t.store.getState().generation;
    expect(g?.phase).toBe('sending');
    t.store.getState().imageProgressArrived(g?.requestId ?? '', 'waiting');
    t.store.getState().imageProgressArrived('another-request', 'saving');
    expect(t.store.getState().generation?.phase).toBe('waiting');
    const sent = calls.find((c) => c.op === 'generateImages')?.input;
    expect(sent).toMatchObject({ model: 'gpt-image-1', prompt: 'a red fox', size: '1000x1000', n: 2 });
    expect(calls.find((c) => c.op === 'updateSettings')?.input).toEqual({
      images: { model: 'gpt-image-1', size: '1000x1000', n: 2, quality: 'auto', outputFormat: 'png' },
    });

    answer(ok({ images: batch, exchangeId: 'x1' }));
    await running;
    const s = t.store.getState();
    expect(s.generation).toBeNull();
    expect(s.images.map((x) => x.batchId)).toEqual(['b2', 'b2', 'b2', 'old']);
    expect(s.imagesTotal).toBe(4);
    expect(s.lastBatchIds).toEqual(batch.map((x) => x.id));
    expect(s.imageForm.prompt).toBe('a red fox');
    expect(s.notices.at(-1)?.message).toBe('The service changed the size: asked 1000x1000, got 1024x1024.');

    await vi.waitFor(() => expect(made).toHaveLength(3));
    await vi.waitFor(() =>
      expect(
        t.store
          .getState()
          .images.filter((x) => x.batchId === 'b2')
          .every((x) => x.hasThumbnail),
      ).toBe(true),
    );
    expect(maxInFlight).toBe(2);
    expect(made[0]).toBe(`/media/${batch[0]?.id}/full`);
    expect(calls.filter((c) => c.op === 'putThumbnail')).toHaveLength(3);
    expect(t.store.getState().thumbState).toEqual({});
  });

  it('marks a thumbnail that could not be made, so the gallery falls back to the full image', async () => {
    t.store.runtime.thumbnailMaker = async () => {
      throw new Error('no decoder');
    };
    const img = record();
    const { bridge } = fakeBridge({});
    t.setBridge(bridge);
    t.store.setState({ images: [img], imagesTotal: 1 });
    t.store.getState().ensureThumbnail(img.id);
    await vi.waitFor(() => expect(t.store.getState().thumbState[img.id]).toBe('failed'));
    // asked again, it does not retry in a loop
    t.store.getState().ensureThumbnail(img.id);
    expect(t.store.getState().thumbState[img.id]).toBe('failed');
  });

  it('keeps the prompt and shows the error when the service fails', async () => {
    const { bridge } = fakeBridge({
      updateSettings: () => ok({ theme: 'system', tabs: {}, compareColumns: [] }),
      generateImages: () => ({
        ok: false,
        error: { kind: 'http', status: 400, message: 'Invalid size', interface: 'images' },
      }),
    });
    t.setBridge(bridge);
    ready();
    await t.store.getState().generateImages();
    const s = t.store.getState();
    expect(s.generation).toBeNull();
    expect(s.generationError?.message).toBe('Invalid size');
    expect(s.imageForm.prompt).toBe('a red fox');
  });

  it('cancels through abortRequest and shows no error for it', async () => {
    let answer: (v: unknown) => void = () => {};
    const { bridge, calls } = fakeBridge({
      updateSettings: () => ok({ theme: 'system', tabs: {}, compareColumns: [] }),
      generateImages: () => new Promise((r) => (answer = r as (v: unknown) => void)),
      abortRequest: () => {
        answer({ ok: false, error: { kind: 'aborted', message: 'stopped' } });
        return ok({ aborted: true });
      },
    });
    t.setBridge(bridge);
    ready();
    const running = t.store.getState().generateImages();
    const requestId = t.store.getState().generation?.requestId;
    await t.store.getState().cancelGeneration();
    await running;
    expect(calls.find((c) => c.op === 'abortRequest')?.input).toEqual({ requestId });
    expect(t.store.getState().generation).toBeNull();
    expect(t.store.getState().generationError).toBeNull();
  });

  it('does not send an invalid form', async () => {
    const { bridge, calls } = fakeBridge({});
    t.setBridge(bridge);
    t.store.getState().setImageForm({ model: 'm', prompt: '   ' });
    await t.store.getState().generateImages();
    expect(calls).toEqual([]);
  });

  it('re-runs an image: fills the form with its prompt, model, size and batch size, then generates', async () => {
    const a = record({ batchId: 'bx', requestedSize: '1536x1024', format: 'webp', quality: 'low' });
    const b = record({ batchId: 'bx' });
    const { bridge, calls } = fakeBridge({
      updateSettings: () => ok({ theme: 'system', tabs: {}, compareColumns: [] }),
      generateImages: () => ok({ images: [], exchangeId: 'x' }),
    });
    t.setBridge(bridge);
    t.store.setState({ images: [a, b], imagesTotal: 2, detailImageId: a.id });
    await t.store.getState().rerunImage(a.id);
    expect(t.store.getState().detailImageId).toBeNull();
    expect(calls.find((c) => c.op === 'generateImages')?.input).toMatchObject({
      prompt: 'a red fox',
      model: 'gpt-image-1',
      size: '1536x1024',
      n: 2,
      quality: 'low',
      outputFormat: 'webp',
    });
  });
});

describe('the gallery', () => {
  it('pages in with offset and limit, without duplicates', async () => {
    const all = Array.from({ length: 70 }, () => record());
    const { bridge, calls } = fakeBridge({
      listImages: ({ offset = 0, limit = 60 }) =>
        ok({ items: all.slice(offset, offset + limit), total: all.length }),
    });
    t.setBridge(bridge);
    await t.store.getState().loadImages();
    expect(t.store.getState().images).toHaveLength(60);
    await t.store.getState().loadMoreImages();
    expect(t.store.getState().images).toHaveLength(70);
    await t.store.getState().loadMoreImages(); // nothing left: no call
    expect(calls.map((c) => c.input)).toEqual([
      { offset: 0, limit: 60 },
      { offset: 60, limit: 60 },
    ]);
  });

  it('deleting in the viewer moves to the neighbour', async () => {
    const [a, b, c] = [record(), record(), record()];
    const { bridge } = fakeBridge({ deleteImage: () => ok({ deleted: true }) });
    t.setBridge(bridge);
    t.store.setState({ images: [a, b, c], imagesTotal: 3, detailImageId: b.id });
    await t.store.getState().deleteImage(b.id);
    expect(t.store.getState().images.map((x) => x.id)).toEqual([a.id, c.id]);
    expect(t.store.getState().imagesTotal).toBe(2);
    expect(t.store.getState().detailImageId).toBe(c.id);
  });

  it('computes columns from the width', () => {
    expect(gridFor(0).cols).toBe(1);
    expect(gridFor(900).cols).toBe(4);
    const { cols, tile } = gridFor(1280);
    expect(cols).toBeGreaterThanOrEqual(6);
    expect(tile * cols + 10 * (cols - 1)).toBeLessThanOrEqual(1280 - 32);
  });
});
