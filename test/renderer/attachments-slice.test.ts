// Files in the composer as the store handles them: uploaded once, described by the host, refused with the
// file's name and why, fitted to the format on request, sent by id with the message, and given back when the send
// fails before reaching the service.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '../../shared/attachments.ts';
import { ATTACHMENT_LIMITS } from '../../shared/attachments.ts';
import type { SendResult, Settings } from '../../shared/contract.ts';
import type { Conversation } from '../../shared/conversation.ts';
import { fakeBridge, freshStore, ok, type Impl } from './fake-bridge.ts';

const SETTINGS: Settings = { theme: 'system', tabs: { chat: { model: 'gpt-5-mini' } }, compareColumns: [] };
const CONVERSATION: Conversation = {
  id: 'c1',
  format: 'chat',
  model: 'gpt-5-mini',
  title: 'Hello',
  params: { stream: true },
  turns: [],
  createdAt: 1,
  updatedAt: 1,
};

/** What the host answers for an upload: the file described from what it was sent. */
function describeUpload(input: { name: string; mimeType: string; dataBase64: string }): Attachment {
  const bytes = atob(input.dataBase64).length;
  const image = input.mimeType.startsWith('image/');
  return {
    id: `att-${input.name}-${bytes}`,
    name: input.name,
    mimeType: input.mimeType || 'text/plain',
    kind: image ? 'image' : input.mimeType === 'application/pdf' ? 'pdf' : 'text',
    bytes,
    ...(image ? { width: 4000, height: 3000 } : {}),
  };
}

let t = freshStore();
afterEach(() => {
  t = freshStore();
});

function install(impl: Impl) {
  const fake = fakeBridge({ putAttachment: (i) => ok(describeUpload(i)), ...impl });
  t.setBridge(fake.bridge);
  t.store.setState({
    settings: SETTINGS,
    loaded: { c1: CONVERSATION },
    activeConversation: { ...t.store.getState().activeConversation, chat: 'c1' },
  });
  return fake;
}

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size).fill(65)], name, { type });

describe('adding files', () => {
  it('uploads each file once as base64 and keeps only its description', async () => {
    const { calls } = install({});
    await t.store
      .getState()
      .addFiles('c1', [file('notes.md', 'text/markdown', 5), file('a.png', 'image/png', 12)]);
    const uploads = calls.filter((c) => c.op === 'putAttachment');
    expect(uploads.map((c) => c.input['name'])).toEqual(['notes.md', 'a.png']);
    expect(uploads[0]?.input['dataBase64']).toBe(btoa('AAAAA'));
    const files = t.store.getState().composerFiles['c1'] ?? [];
    expect(files.map((f) => [f.name, f.status, f.attachment?.id])).toEqual([
      ['notes.md', 'ready', 'att-notes.md-5'],
      ['a.png', 'ready', 'att-a.png-12'],
    ]);
    // the page's state holds descriptions, never the bytes
    expect(JSON.stringify(t.store.getState().composerFiles)).not.toContain(btoa('AAAAA'));
  });

  it('refuses a type Quartet does not attach, and a file over the limit, naming each, without uploading', async () => {
    const { calls } = install({});
    await t.store
      .getState()
      .addFiles('c1', [
        file('setup.exe', 'application/x-msdownload', 10),
        file('huge.png', 'image/png', ATTACHMENT_LIMITS.fileBytes + 1),
      ]);
    expect(calls.filter((c) => c.op === 'putAttachment')).toHaveLength(0);
    const [exe, huge] = t.store.getState().composerFiles['c1'] ?? [];
    expect(exe?.status).toBe('failed');
    expect(exe?.error).toMatch(/"setup\.exe" cannot be attached/);
    expect(huge?.error).toMatch(/"huge\.png" is 20 MB; a file may be at most 20 MB/);
    // and the message cannot go until they are removed
    const r = t.store.getState().filesToSend('c1', 'chat');
    expect('problem' in r && r.problem).toMatch(/setup\.exe.*Remove it to send/);
  });

  it("shows the host's refusal of a file (its bytes are not what its name says)", async () => {
    install({
      putAttachment: () => ({
        ok: false,
        error: { kind: 'invalid-input', message: '"photo.png" is not a PNG, JPEG, WebP or GIF image.' },
      }),
    });
    await t.store.getState().addFiles('c1', [file('photo.png', 'image/png', 8)]);
    const [f] = t.store.getState().composerFiles['c1'] ?? [];
    expect(f?.status).toBe('failed');
    expect(f?.error).toBe('"photo.png" is not a PNG, JPEG, WebP or GIF image.');
  });

  it("applies the format's own limits before sending: a GIF cannot go to Generate Content", async () => {
    install({});
    await t.store.getState().addFiles('c1', [file('cat.gif', 'image/gif', 30)]);
    expect(t.store.getState().filesToSend('c1', 'chat')).toMatchObject({ ids: ['att-cat.gif-30'] });
    const r = t.store.getState().filesToSend('c1', 'generate');
    expect('problem' in r && r.problem).toMatch(/"cat\.gif" is a GIF; Generate Content takes PNG/);
  });

  it('removes a file from the composer', async () => {
    install({});
    await t.store.getState().addFiles('c1', [file('a.txt', 'text/plain', 3), file('b.txt', 'text/plain', 4)]);
    const first = t.store.getState().composerFiles['c1']?.[0];
    t.store.getState().removeFile('c1', first?.localId ?? '');
    expect(t.store.getState().composerFiles['c1']?.map((f) => f.name)).toEqual(['b.txt']);
  });
});

describe('fitting images to the format', () => {
  const MB = 1024 * 1024;
  /** the host's fitAttachment: a JPEG copy of 1.9 MB with the same sides */
  const fitted = (id: string): Attachment => ({
    id: `${id}-fitted`,
    name: 'big.jpg',
    mimeType: 'image/jpeg',
    kind: 'image',
    bytes: 1.9 * MB,
    width: 1700,
    height: 1600,
  });
  const big = (): Attachment => ({
    id: 'att-big',
    name: 'big.png',
    mimeType: 'image/png',
    kind: 'image',
    bytes: 7.8 * MB,
    width: 1700,
    height: 1600,
  });

  it('an image past the limit is refused with advice that names the box, and the box fits it', async () => {
    const { calls } = install({ fitAttachment: ({ id }) => ok(fitted(id)) });
    t.store.getState().addAttachment('c1', big());
    // a 1700x1600 image: the old "downscale" never showed for it (its long side is under 2048)
    const before = t.store.getState().filesToSend('c1', 'messages');
    expect('problem' in before && before.problem).toBe(
      '"big.png" is 7.8 MB; Messages takes images up to 3.75 MB (5 MB once encoded). ' +
        'Tick "Fit images to the format" below the files.',
    );
    // the same file is fine as it is in a format without that limit
    expect(t.store.getState().filesToSend('c1', 'chat')).toMatchObject({ ids: ['att-big'] });
    await t.store.getState().setFit('c1', ['messages']);
    expect(calls.filter((c) => c.op === 'fitAttachment').map((c) => c.input)).toEqual([
      { id: 'att-big', formats: ['messages'] },
    ]);
    const [f] = t.store.getState().composerFiles['c1'] ?? [];
    expect(f?.fitted).toMatchObject({ status: 'ready', for: 'messages', attachment: { bytes: 1.9 * MB } });
    expect(t.store.getState().filesToSend('c1', 'messages')).toMatchObject({ ids: ['att-big-fitted'] });
    await t.store.getState().setFit('c1', null);
    expect('problem' in t.store.getState().filesToSend('c1', 'messages')).toBe(true);
  });

  it('does not send while the copy is being made, nor when it could not be made (saying why)', async () => {
    let finish: () => void = () => {};
    install({
      fitAttachment: () =>
        new Promise(
          (r) =>
            (finish = () =>
              r({
                ok: false,
                error: { kind: 'internal', message: '"big.png" could not be fitted: out of memory.' },
              })),
        ),
    });
    t.store.getState().addAttachment('c1', big());
    const fitting = t.store.getState().setFit('c1', ['messages']);
    const waiting = t.store.getState().filesToSend('c1', 'messages');
    expect('problem' in waiting && waiting.problem).toBe('"big.png" is being fitted to the format.');
    finish();
    await fitting;
    const failed = t.store.getState().filesToSend('c1', 'messages');
    expect('problem' in failed && failed.problem).toBe(
      '"big.png" could not be fitted: out of memory. Remove it to send.',
    );
  });

  it('a file added while fitting is on is fitted as it arrives; one within the limits is left alone', async () => {
    const { calls } = install({ fitAttachment: ({ id }) => ok(fitted(id)) });
    await t.store.getState().setFit('c1', ['messages']);
    await t.store.getState().addFiles('c1', [file('small.png', 'image/png', 50)]);
    expect(calls.some((c) => c.op === 'fitAttachment')).toBe(false);
    t.store.getState().addAttachment('c1', big());
    await t.store.getState().setFit('c1', ['messages']);
    expect(calls.filter((c) => c.op === 'fitAttachment')).toHaveLength(1);
  });

  it('a copy made for other formats is not sent: Compare changing a column fits again', async () => {
    const { calls } = install({ fitAttachment: ({ id }) => ok(fitted(id)) });
    t.store.getState().addAttachment('k', { ...big(), mimeType: 'image/gif', name: 'big.gif' });
    await t.store.getState().setFit('k', ['generate']);
    await t.store.getState().setFit('k', ['generate', 'messages']);
    expect(calls.filter((c) => c.op === 'fitAttachment').map((c) => c.input['formats'])).toEqual([
      ['generate'],
      ['generate', 'messages'],
    ]);
  });
});

describe('sending with files', () => {
  const result: SendResult = {
    userTurn: { id: 'u1', role: 'user', text: '', status: 'complete', createdAt: 2 },
    reply: { id: 'r1', role: 'assistant', text: 'A cat.', status: 'complete', createdAt: 3 },
    totals: {},
  };

  it('sends the ids with the text (which may be empty), shows them at once, and clears the composer', async () => {
    let answer: (v: ReturnType<typeof ok<SendResult>>) => void = () => {};
    const { calls } = install({ sendMessage: () => new Promise((r) => (answer = r)) });
    await t.store.getState().addFiles('c1', [file('cat.png', 'image/png', 9)]);
    const sending = t.store.getState().send('chat', '');
    await vi.waitFor(() => expect(calls.some((c) => c.op === 'sendMessage')).toBe(true));
    const send = calls.find((c) => c.op === 'sendMessage');
    expect(send?.input).toMatchObject({ conversationId: 'c1', text: '', attachmentIds: ['att-cat.png-9'] });
    expect(t.store.getState().pending['c1']?.attachments?.map((a) => a.name)).toEqual(['cat.png']);
    expect(t.store.getState().composerFiles['c1']).toEqual([]);
    answer(ok(result));
    expect(await sending).toBe(true);
    expect(t.store.getState().composerFiles['c1']).toBeUndefined();
  });

  it('gives the files back to the composer when the send fails before reaching the service', async () => {
    install({
      sendMessage: () => ({
        ok: false,
        error: { kind: 'connection', message: 'The service could not be reached.' },
      }),
    });
    await t.store.getState().addFiles('c1', [file('report.pdf', 'application/pdf', 9)]);
    expect(await t.store.getState().send('chat', 'Summarise')).toBe(false);
    expect(t.store.getState().composerFiles['c1']?.map((f) => f.name)).toEqual(['report.pdf']);
    expect(t.store.getState().drafts['c1']).toBe('Summarise');
  });

  it('does not send while a file is still uploading', async () => {
    let finish: () => void = () => {};
    const { calls } = install({
      putAttachment: (i) => new Promise((r) => (finish = () => r(ok(describeUpload(i))))),
      sendMessage: () => ok(result),
    });
    const adding = t.store.getState().addFiles('c1', [file('slow.png', 'image/png', 9)]);
    await vi.waitFor(() => expect(calls.some((c) => c.op === 'putAttachment')).toBe(true));
    expect(await t.store.getState().send('chat', 'Look')).toBe(false);
    expect(calls.some((c) => c.op === 'sendMessage')).toBe(false);
    expect(t.store.getState().notices.at(-1)?.message).toBe('Not sent: "slow.png" is still being added.');
    finish();
    await adding;
    expect(await t.store.getState().send('chat', 'Look')).toBe(true);
  });
});

describe('Ask about this image', () => {
  it('puts the gallery image into the chosen tab’s composer and opens that tab', async () => {
    const attachment: Attachment = {
      id: 'att-img',
      name: 'image.png',
      mimeType: 'image/png',
      kind: 'image',
      bytes: 100,
      width: 1024,
      height: 1024,
    };
    install({ attachImage: ({ imageId }) => ok({ ...attachment, id: `att-${imageId}` }) });
    await t.store.getState().askAboutImage('img1', 'messages');
    expect(t.store.getState().activeTab).toBe('messages');
    expect(t.store.getState().composerFiles['new:messages']?.[0]?.attachment?.id).toBe('att-img1');
  });

  it('starts a new conversation in that tab rather than adding to the one last open there', async () => {
    const attachment: Attachment = {
      id: 'att-img',
      name: 'image.png',
      mimeType: 'image/png',
      kind: 'image',
      bytes: 100,
      width: 1024,
      height: 1024,
    };
    install({ attachImage: () => ok(attachment) });
    t.store.setState({ activeConversation: { ...t.store.getState().activeConversation, generate: 'old' } });
    await t.store.getState().askAboutImage('img1', 'generate');
    expect(t.store.getState().activeConversation.generate).toBeNull();
    expect(t.store.getState().composerFiles['new:generate']?.[0]?.attachment?.id).toBe('att-img');
    expect(t.store.getState().composerFiles.old ?? []).toEqual([]);
  });
});
