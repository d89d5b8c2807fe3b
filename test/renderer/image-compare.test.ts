// Compare's image mode, its pure parts: what each conversation column sends from the shared image
// settings, how a stored comparison becomes rounds of images with their figures, and which comparisons
// open in image mode. The columns against the simulator are in test/e2e/compare-images.test.ts.
import { describe, expect, it, vi } from 'vitest';
import type { ComparisonSummary, ImageRecord, Settings } from '../../shared/contract.ts';
import type { Conversation, Params, Turn } from '../../shared/conversation.ts';
import {
  imageColumnParams,
  imagesUsage,
  isImageComparison,
  roundsOfImages,
  roundsOfTurns,
} from '../../renderer/store/image-compare-slice.ts';
import { fakeBridge, freshStore, ok } from './fake-bridge.ts';
import { DEFAULT_SETTINGS } from '../../shared/default-settings.ts';

const settings: Params = {
  stream: true,
  imageSize: '1024x1536',
  imageQuality: 'low',
  partialImages: 3,
  aspectRatio: '16:9',
  imageResolution: '2K',
};

function record(id: string, batchId: string, over: Partial<ImageRecord> = {}): ImageRecord {
  return {
    id,
    batchId,
    prompt: `prompt of ${batchId}`,
    model: 'gpt-image-1',
    format: 'png',
    width: 1024,
    height: 1536,
    sizeAdjusted: false,
    bytes: 2048,
    hasThumbnail: false,
    createdAt: 1,
    source: 'images',
    comparisonId: 'cmp',
    ...over,
  };
}

describe('image mode', () => {
  it('sends each conversation column its format’s image settings with its image switch on', () => {
    const responses = imageColumnParams('responses', settings);
    expect(responses).toMatchObject({ imageGeneration: true, imageSize: '1024x1536', partialImages: 3 });
    expect(responses).not.toHaveProperty('aspectRatio');
    expect(responses).not.toHaveProperty('imageOutput');
    const generate = imageColumnParams('generate', settings);
    expect(generate).toMatchObject({ imageOutput: true, aspectRatio: '16:9', imageResolution: '2K' });
    expect(generate).not.toHaveProperty('imageSize');
    expect(generate).not.toHaveProperty('imageGeneration');
  });

  it('makes the images endpoint’s records one round per request, timed by how long it took', () => {
    const rounds = roundsOfImages([
      record('a', 'b1', { tookMs: 900, usage: { input_tokens: 5, output_tokens: 1056 } }),
      record('b', 'b1', { tookMs: 900 }),
      record('c', 'b2', { tookMs: 1500, prompt: 'later' }),
    ]);
    expect(rounds.map((r) => [r.prompt, r.images.map((i) => i.id), r.firstImageMs, r.totalMs])).toEqual([
      ['prompt of b1', ['a', 'b'], 900, 900],
      ['later', ['c'], 1500, 1500],
    ]);
    expect(rounds[0]?.usage).toEqual({ input: 5, output: 1056 });
    expect(rounds[0]?.images[0]).toEqual({ id: 'a', width: 1024, height: 1536, bytes: 2048 });
  });

  it('prices only the usage a service could have meant: counts that are whole and not negative', () => {
    expect(imagesUsage({ input_tokens: -1, output_tokens: '7' })).toBeUndefined();
    expect(imagesUsage({ input_tokens: 1.5, output_tokens: 8 })).toEqual({ output: 8 });
    expect(imagesUsage(undefined)).toBeUndefined();
  });

  it('pairs each prompt of a conversation column with the reply that answered it', () => {
    const turns: Turn[] = [
      { id: 'u1', role: 'user', text: 'a barn', status: 'complete', createdAt: 1 },
      {
        id: 'a1',
        role: 'assistant',
        text: '',
        status: 'complete',
        createdAt: 2,
        model: 'gpt-5-mini-2025',
        timings: { firstImageMs: 300, totalMs: 800 },
        images: [{ id: 'i1', mimeType: 'image/png', width: 1024, height: 1024, bytes: 99 }],
      },
      { id: 'u2', role: 'user', text: 'unanswered', status: 'complete', createdAt: 3 },
    ];
    expect(roundsOfTurns(turns, 'gpt-5-mini')).toEqual([
      {
        prompt: 'a barn',
        images: [{ id: 'i1', width: 1024, height: 1024, bytes: 99 }],
        firstImageMs: 300,
        totalMs: 800,
        model: 'gpt-5-mini-2025',
        status: 'complete',
      },
    ]);
  });

  it('opens a comparison in image mode when it made images, and a text one as text', () => {
    const conv = (format: Conversation['format'], params: Params) => ({ format, params }) as Conversation;
    const summary = (images?: ImageRecord[]) =>
      ({
        id: 'cmp',
        title: 't',
        columns: [],
        createdAt: 1,
        updatedAt: 1,
        ...(images ? { images } : {}),
      }) as ComparisonSummary;
    const imageConvs = [
      conv('responses', { stream: true, imageGeneration: true }),
      conv('generate', { stream: true, imageOutput: true }),
    ];
    expect(isImageComparison(summary(), imageConvs)).toBe(true);
    expect(isImageComparison(summary([record('a', 'b')]), [])).toBe(true);
    expect(isImageComparison(summary(), [...imageConvs, conv('chat', { stream: true })])).toBe(false);
    expect(isImageComparison(summary(), [conv('responses', { stream: true })])).toBe(false);
    expect(isImageComparison(summary(), [])).toBe(false);
  });
});

describe('image mode’s columns in the store', () => {
  it('a host that goes away mid-request ends each column as a failure, never a column stuck running', async () => {
    const t = freshStore();
    const { bridge, calls } = fakeBridge({
      createConversation: () => {
        throw new Error('socket closed');
      },
      generateImages: () => {
        throw new Error('socket closed');
      },
      updateSettings: () => ok(DEFAULT_SETTINGS),
    });
    t.setBridge(bridge);
    const s = () => t.store.getState();
    s().setImageColumn('responses', { model: 'gpt-5-mini' });
    s().setImageColumn('images', { model: 'gpt-image-1' });
    s().setComparePrompt('a lighthouse');
    expect(await s().sendImageCompare()).toBe(false);
    const column = (kind: string) => s().imageColumns.find((c) => c.kind === kind);
    for (const kind of ['responses', 'images']) {
      expect(column(kind)?.run).toBeNull();
      expect(column(kind)?.rounds.map((r) => [r.prompt, r.status, r.error?.message])).toEqual([
        ['a lighthouse', 'error', 'Quartet failed to send: socket closed'],
      ]);
    }
    // a column without a model is not sent, and nothing is left running
    expect(column('generate')?.rounds).toEqual([]);
    expect(Object.keys(s().runs)).toEqual([]);
    // the images endpoint was asked with the shared settings, the comparison and one image
    expect(calls.find((c) => c.op === 'generateImages')?.input).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'a lighthouse',
      n: 1,
      comparisonId: s().comparisonId,
    });
    // nothing reached a service: the prompt comes back
    expect(s().comparePrompt).toBe('a lighthouse');
  });
});

describe('image mode remembers its columns', () => {
  it('saves each column’s connection and model and the settings, and starts from them next time', async () => {
    const t = freshStore();
    const { bridge, calls } = fakeBridge({ updateSettings: () => ok(DEFAULT_SETTINGS) });
    t.setBridge(bridge);
    const s = () => t.store.getState();
    s().setImageColumn('generate', { model: 'gemini-2.5-flash', connectionId: 'c2' });
    await vi.waitFor(() => expect(calls.some((c) => c.op === 'updateSettings')).toBe(true));
    const saved = calls.filter((c) => c.op === 'updateSettings').at(-1)?.input[
      'compareImages'
    ] as Settings['compareImages'];
    expect(saved?.columns.find((c) => c.kind === 'generate')).toEqual({
      kind: 'generate',
      connectionId: 'c2',
      model: 'gemini-2.5-flash',
    });

    const next = freshStore();
    next.setBridge(fakeBridge({}).bridge);
    next.store.getState().hydrateCompare({
      ...DEFAULT_SETTINGS,
      compareImages: {
        columns: [{ kind: 'images', model: 'gpt-image-1', connectionId: 'c3' }],
        params: { imageSize: '1536x1024' },
      },
    });
    const state = next.store.getState();
    expect(state.imageColumns.find((c) => c.kind === 'images')).toMatchObject({
      model: 'gpt-image-1',
      connectionId: 'c3',
    });
    expect(state.imageColumns.find((c) => c.kind === 'responses')?.model).toBe('');
    expect(state.imageParams).toMatchObject({ imageSize: '1536x1024', stream: true, partialImages: 2 });
  });
});
