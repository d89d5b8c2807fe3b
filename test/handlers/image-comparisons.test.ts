// Compare's image mode in the host: the responses image tool's reply says when its first (partial) image
// came, its images carry their file sizes, and the images endpoint's column goes through the column's own
// connection and is kept with the comparison: listed with it, and unlinked (not deleted) with it.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

describe('image comparisons', () => {
  it('keeps the images endpoint column with its comparison, and times the image tool by its first partial', async () => {
    h = await createHarness();
    const { connections } = await h.call('listConnections', {});
    const sandbox = connections[0]?.id ?? '';
    const conv = await h.call('createConversation', {
      format: 'responses',
      model: 'gpt-5-mini',
      origin: 'compare',
      comparisonId: 'cmp-1',
      params: { stream: true, imageGeneration: true, imageSize: '1024x1024', partialImages: 2 },
    });
    const sent = await h.call('sendMessage', {
      requestId: 'r1',
      conversationId: conv.id,
      text: 'a lighthouse',
    });
    const timings = sent.reply.timings ?? {};
    expect(h.eventsOf('partialImage', 'r1').length).toBe(2);
    expect(timings.firstImageMs).toBeGreaterThanOrEqual(0);
    expect(timings.firstImageMs ?? Infinity).toBeLessThanOrEqual(timings.totalMs ?? -1);
    const toolImage = sent.reply.images?.[0];
    const toolFile = await h.core.imageFile(toolImage?.id ?? '', 'full');
    expect(toolImage?.bytes).toBe((await readFile(toolFile?.path ?? '')).length);

    const made = await h.call('generateImages', {
      requestId: 'g1',
      model: 'gpt-image-1',
      prompt: 'a lighthouse',
      size: '1024x1024',
      connectionId: sandbox,
      comparisonId: 'cmp-1',
    });
    const image = made.images[0];
    expect(image?.comparisonId).toBe('cmp-1');
    expect(image?.tookMs).toBeGreaterThanOrEqual(0);

    const listed = (await h.call('listComparisons', {})).find((c) => c.id === 'cmp-1');
    expect(listed?.columns.map((c) => c.id)).toEqual([conv.id]);
    expect(listed?.images?.map((i) => i.id)).toEqual([image?.id]);
    expect(listed?.images?.[0]?.tookMs).toBe(image?.tookMs);

    // the gallery links both back to the comparison: the tool's through its conversation
    const linked = (await h.call('listImages', {})).items.map((i) => [i.id, i.comparisonId]);
    expect(linked.sort()).toEqual(
      [
        [toolImage?.id, 'cmp-1'],
        [image?.id, 'cmp-1'],
      ].sort(),
    );

    // the comparison goes; its images stay in the gallery, no longer linked to it
    await h.call('deleteComparison', { id: 'cmp-1' });
    const gallery = await h.call('listImages', {});
    const kept = gallery.items.find((i) => i.id === image?.id);
    expect(kept).toBeDefined();
    expect(kept?.comparisonId).toBeUndefined();
    expect((await h.call('listComparisons', {})).some((c) => c.id === 'cmp-1')).toBe(false);
  });

  it('refuses an images endpoint column whose connection is not here, before anything is sent', async () => {
    h = await createHarness();
    const error = await h.fail('generateImages', {
      requestId: 'g2',
      model: 'gpt-image-1',
      prompt: 'a lighthouse',
      connectionId: 'no-such-connection',
    });
    expect(error.kind).toBe('not-found');
    expect((await h.call('listImages', {})).total).toBe(0);
  });
});
