// A CLI history file keeps its replies' images as files (shared/export.ts `imageFiles`). The CLI reads them
// back; the app's import cannot reach them, so such a reply goes back as its text, and says so, rather than
// sending an empty image. Refs that name no image are refused with a reason.
import { describe, expect, it } from 'vitest';
import { parseConversationFile, parseImportFile } from '../../shared/export.ts';

const reply = {
  id: 'a1',
  role: 'assistant',
  text: '',
  status: 'complete',
  createdAt: 2,
  parentId: 'u1',
  raw: {
    format: 'generate',
    parts: [{ inlineData: { mimeType: 'image/png', data: '' }, thoughtSignature: 'sig' }],
  },
};
const file = (imageFiles: unknown) =>
  JSON.stringify({
    quartet: 'conversation',
    version: 2,
    conversation: {
      id: 'c',
      format: 'generate',
      model: 'gemini-2.5-flash',
      title: 'a fox',
      params: { stream: false, imageOutput: true },
      turns: [{ id: 'u1', role: 'user', text: 'a fox', status: 'complete', createdAt: 1 }, reply],
      createdAt: 1,
      updatedAt: 2,
    },
    imageFiles,
  });
const ref = { turn: 'a1', slot: 0, path: 'fox-images/fox.png', sha256: 'ab'.repeat(32) };

describe('a history file with image files', () => {
  it('hands the CLI the refs with the payload as written', () => {
    const r = parseConversationFile(file([ref]), { imageFiles: 'keep' });
    if (!r.ok) throw new Error(r.message);
    expect(r.imageFiles).toEqual([ref]);
    expect(r.conversation.turns[1]?.raw).toEqual(reply.raw);
  });

  it("the app's import drops the payload that needs them and says so", () => {
    const r = parseImportFile(file([ref]));
    if (!r.ok) throw new Error(r.message);
    const entry = r.entries[0];
    if (!entry?.ok) throw new Error('refused');
    const turn = entry.conversation.turns[1];
    expect(turn?.raw).toBeUndefined();
    expect(turn?.payloadDropped).toBe(true);
  });

  it('refuses a ref to a place that holds no image, and two refs for one image', () => {
    const text = parseConversationFile(file([{ ...ref, slot: 1 }]));
    expect(text).toMatchObject({ ok: false, message: expect.stringMatching(/holds no image/) });
    const user = parseConversationFile(file([{ ...ref, turn: 'u1' }]));
    expect(user.ok).toBe(false);
    const twice = parseConversationFile(file([ref, ref]));
    expect(twice).toMatchObject({ ok: false, message: expect.stringMatching(/two image files/) });
    const badHash = parseConversationFile(file([{ ...ref, sha256: 'x' }]));
    expect(badHash).toMatchObject({ ok: false, message: expect.stringMatching(/imageFiles\.0\.sha256/) });
  });
});
