// Images made inside a conversation, through a real app core against the simulator: they land in the
// gallery linked to the reply (the edit's parent the image before it), the page gets ids, never bytes,
// partial images arrive as events, and the next turn sends the image back so the edit changes it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

async function meanOf(bytes: Buffer): Promise<number> {
  const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (const v of data) sum += v;
  return sum / data.length;
}

async function galleryBytes(id: string): Promise<Buffer> {
  const list = await h.call('listImages', { offset: 0, limit: 50 });
  const row = list.items.find((i) => i.id === id);
  if (!row) throw new Error(`image ${id} is not in the gallery`);
  return readFile(join(h.dataDir, 'images', `${id}.${row.format === 'jpeg' ? 'jpg' : row.format}`));
}

describe('responses image tool', () => {
  it('streams partial images, stores the final one in the gallery, and edits it on the next turn', async () => {
    const conversation = await h.call('createConversation', {
      format: 'responses',
      model: 'gpt-5-mini',
      params: { stream: true, imageGeneration: true, imageSize: '1024x1024', partialImages: 2 },
    });
    const first = await h.call('sendMessage', {
      requestId: 'r1',
      conversationId: conversation.id,
      text: 'a sky',
    });
    const partials = h.eventsOf('partialImage', 'r1');
    expect(partials.map((p) => p.partial)).toEqual([0, 1]);
    expect(first.reply.images).toHaveLength(1);
    const image = first.reply.images?.[0];
    expect(image).toMatchObject({ mimeType: 'image/png', width: 1024, height: 1024 });
    expect(image?.revisedPrompt).toContain('a sky');
    expect(image?.settings).toMatchObject({ size: '1024x1024', quality: 'medium', output_format: 'png' });
    // the page's turn carries no image data
    expect(JSON.stringify(first.reply.images)).not.toMatch(/iVBOR/);

    const second = await h.call('sendMessage', {
      requestId: 'r2',
      conversationId: conversation.id,
      text: 'make the sky darker',
    });
    const edited = second.reply.images?.[0];
    expect(edited).toBeDefined();
    const before = await meanOf(await galleryBytes(image?.id ?? ''));
    const after = await meanOf(await galleryBytes(edited?.id ?? ''));
    expect(after).toBeLessThan(before * 0.7);

    const gallery = await h.call('listImages', { offset: 0, limit: 50 });
    const row = gallery.items.find((i) => i.id === edited?.id);
    expect(row).toMatchObject({
      source: 'responses',
      conversationId: conversation.id,
      messageId: second.reply.id,
      parentId: image?.id,
    });
    // reopened, the conversation shows both images in their replies
    const stored = await h.call('getConversation', { id: conversation.id });
    expect(stored.turns.map((t) => t.images?.map((i) => i.id))).toEqual([
      undefined,
      [image?.id],
      undefined,
      [edited?.id],
    ]);
  });
});

describe('generate-content image output', () => {
  it('stores the image part and sends it back signed, so the edit is answered without a warning', async () => {
    const conversation = await h.call('createConversation', {
      format: 'generate',
      model: 'gemini-2.5-flash',
      params: { stream: false, imageOutput: true, aspectRatio: '16:9' },
    });
    const first = await h.call('sendMessage', {
      requestId: 'g1',
      conversationId: conversation.id,
      text: 'a harbour',
    });
    expect(first.reply.images?.[0]).toMatchObject({ width: 1344, height: 768 });
    const second = await h.call('sendMessage', {
      requestId: 'g2',
      conversationId: conversation.id,
      text: 'add a red circle',
    });
    expect(second.reply.text).not.toContain('Warning');
    expect(second.reply.images).toHaveLength(1);
    // the stored first reply's image part went back exactly as received
    const sent = h.sim.requests.at(-1)?.body ?? '';
    const firstParts = first.reply.raw?.format === 'generate' ? first.reply.raw.parts : [];
    expect(sent).toContain(JSON.stringify({ role: 'model', parts: firstParts }));
    const gallery = await h.call('listImages', { offset: 0, limit: 50 });
    expect(gallery.items.map((i) => i.source)).toEqual(['generate', 'generate']);

    // exported and imported back, the signed image parts are kept as they are, so the edit can go on
    const file = await h.call('exportConversation', { id: conversation.id, as: 'json' });
    const back = await h.call('importConversation', { content: file.content });
    expect(back.turns[1]?.raw).toEqual(first.reply.raw);
    expect(back.turns[1]?.payloadDropped).toBeUndefined();
  });
});
