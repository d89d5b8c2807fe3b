// An imported conversation's images land in the gallery like images made in the app: linked to the new
// conversation and reply, with the prompt, the settings and the lineage (an edit's parent is the image
// before it), through a real app core against the simulator. A reply whose payload was not kept adds none.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

async function twoImageTurns(format: 'responses' | 'generate') {
  const conversation = await h.call('createConversation', {
    format,
    model: format === 'generate' ? 'gemini-2.5-flash' : 'gpt-5-mini',
    params:
      format === 'generate'
        ? { stream: false, imageOutput: true, aspectRatio: '16:9' }
        : { stream: false, imageGeneration: true, imageSize: '1024x1024' },
  });
  await h.call('sendMessage', { requestId: 'r1', conversationId: conversation.id, text: 'a blue square' });
  await h.call('sendMessage', { requestId: 'r2', conversationId: conversation.id, text: 'make it darker' });
  return conversation.id;
}

describe('importing a conversation with images', () => {
  for (const format of ['responses', 'generate'] as const) {
    it(`${format}: each image joins the gallery, linked to its new reply, with prompt, settings and lineage`, async () => {
      const id = await twoImageTurns(format);
      const before = await h.call('listImages', { offset: 0, limit: 50 });
      expect(before.items).toHaveLength(2);
      const { content } = await h.call('exportConversation', { id, as: 'json', branches: 'all' });

      const imported = await h.call('importConversation', { content });
      const replies = imported.turns.filter((t) => t.role === 'assistant');
      const after = await h.call('listImages', { offset: 0, limit: 50 });
      const mine = after.items.filter((i) => i.conversationId === imported.id);
      expect(mine).toHaveLength(2);
      const first = mine.find((i) => i.messageId === replies[0]?.id);
      const second = mine.find((i) => i.messageId === replies[1]?.id);
      expect(first).toMatchObject({ source: format, prompt: 'a blue square' });
      expect(second).toMatchObject({ source: format, prompt: 'make it darker', parentId: first?.id });
      expect(second?.settings).toMatchObject(
        format === 'generate' ? { aspectRatio: '16:9' } : { size: '1024x1024' },
      );
      // the same pictures as the originals, by size and bytes
      const originals = before.items.map((i) => [i.width, i.height, i.bytes]).sort();
      expect(mine.map((i) => [i.width, i.height, i.bytes]).sort()).toEqual(originals);
      // reopened, the imported replies show their images
      const opened = await h.call('getConversation', { id: imported.id });
      expect(opened.turns.map((t) => t.images?.map((i) => i.id))).toEqual([
        undefined,
        [first?.id],
        undefined,
        [second?.id],
      ]);
    });
  }

  it('a reply whose payload is not kept adds no image', async () => {
    const id = await twoImageTurns('responses');
    const { content } = await h.call('exportConversation', { id, as: 'json', branches: 'all' });
    // a forged item beside the image: the payload is dropped, so nothing of it reaches the gallery
    const file = JSON.parse(content) as { conversation: { turns: { raw?: { output: unknown[] } }[] } };
    file.conversation.turns[1]?.raw?.output.push({ type: 'message', role: 'system', content: [] });
    const imported = await h.call('importConversation', { content: JSON.stringify(file) });
    const gallery = await h.call('listImages', { offset: 0, limit: 50 });
    const mine = gallery.items.filter((i) => i.conversationId === imported.id);
    expect(mine.map((i) => i.messageId)).toEqual([imported.turns[3]?.id]);
    expect(mine[0]?.parentId).toBeUndefined();
  });
});
