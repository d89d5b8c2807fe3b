import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attachmentSentence } from '../../electron/simulator/index.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import { parseConversationFile } from '../../shared/export.ts';
import { createHarness, type Harness } from '../support/app-core.ts';
import { paddedPng, pngHeader } from '../core/helpers/images.ts';
import { noisePng } from '../core/helpers/noise.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

function png(width: number, height: number): Buffer {
  return encodePng({ width, height, channels: 4, pixels: Buffer.alloc(width * height * 4, 200) });
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

async function put(name: string, bytes: Uint8Array | string, mimeType = '') {
  return h.call('putAttachment', { name, mimeType, dataBase64: b64(bytes) });
}

async function files(): Promise<string[]> {
  return (await readdir(join(h.dataDir, 'attachments'))).sort();
}

async function conversation(format: 'chat' | 'messages' | 'generate' | 'responses' = 'chat') {
  return h.call('createConversation', { format, model: 'gpt-5-mini', params: { stream: false } });
}

/** The last request's body as the simulator received it. */
function lastBody(): string {
  return h.sim.requests.at(-1)?.body ?? '';
}

describe('putAttachment', () => {
  it('stores the bytes as a private file, describes them from the bytes, and keeps no base64 in the database', async () => {
    const image = png(3, 2);
    const a = await put('photo.jpg', image, 'image/jpeg'); // named .jpg, but the bytes are a PNG
    expect(a).toMatchObject({ name: 'photo.jpg', kind: 'image', mimeType: 'image/png', bytes: image.length });
    expect(a).toMatchObject({ width: 3, height: 2 });
    const stored = await files();
    expect(stored).toHaveLength(1);
    const file = join(h.dataDir, 'attachments', stored[0] ?? '');
    expect(await readFile(file)).toEqual(image);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await put('notes.md', '# Notes\nzebra');
    expect(text).toMatchObject({ kind: 'text', mimeType: 'text/plain', bytes: 13 });
    await h.core.close();
    const db = await readFile(join(h.dataDir, 'quartet.db'));
    expect(db.includes(b64(image))).toBe(false);
    await h.open();
  });

  it('shares one file between uploads of the same bytes, each with its own name', async () => {
    const one = await put('a.txt', 'same bytes');
    const two = await put('b.txt', 'same bytes');
    expect(one.id).not.toBe(two.id);
    expect(two.name).toBe('b.txt');
    expect(await files()).toHaveLength(1);
  });

  it('refuses what it cannot attach, naming the file and why', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['empty.txt', '', 'text/plain', /"empty.txt" is empty/],
      ['tool.exe', 'MZ\x90\x00binary', 'application/x-msdownload', /"tool.exe" cannot be attached/],
      ['fake.png', 'not really an image', 'image/png', /"fake.png" is not a PNG, JPEG, WebP or GIF image/],
      ['nul.txt', 'a\0b', 'text/plain', /"nul.txt" holds NUL bytes/],
    ];
    for (const [name, content, mimeType, message] of cases) {
      const error = await h.fail('putAttachment', { name, mimeType, dataBase64: b64(content) });
      expect(error.kind).toBe('invalid-input');
      expect(error.message).toMatch(message);
    }
    const huge = await h.fail('putAttachment', {
      name: 'big.txt',
      mimeType: 'text/plain',
      dataBase64: b64(Buffer.alloc(2 * 1024 * 1024 + 1, 'a')),
    });
    expect(huge.message).toMatch(/"big.txt" is 2 MB; a text file goes into the prompt/);
    const notBase64 = await h.fail('putAttachment', { name: 'x.txt', mimeType: '', dataBase64: 'abc' });
    expect(notBase64.message).toMatch(/"x.txt" did not arrive whole/);
    expect(await files()).toEqual([]);
  });

  it('takes an image from the gallery as a file of its own', async () => {
    const { images } = await h.call('generateImages', {
      requestId: 'g',
      model: 'gpt-image-1',
      prompt: 'a red fox',
      size: '1024x1024',
      n: 1,
    });
    const image = images[0];
    const a = await h.call('attachImage', { imageId: image?.id ?? '' });
    expect(a).toMatchObject({ kind: 'image', mimeType: 'image/png', width: 1024, height: 1024 });
    expect(a.bytes).toBe(image?.bytes);
    // the gallery may delete its image; the attachment keeps its bytes
    await h.call('deleteImage', { id: image?.id ?? '' });
    expect(await files()).toHaveLength(1);
    expect((await h.fail('attachImage', { imageId: 'nope' })).kind).toBe('not-found');
  });
});

describe('images are checked for real, every way in (issue 26)', () => {
  it('putAttachment refuses an image claiming more than 64 megapixels, and one whose data does not decode', async () => {
    const claim = paddedPng(16000, 16000, 4096);
    expect(
      (await h.fail('putAttachment', { name: 'claim.png', mimeType: '', dataBase64: b64(claim) })).message,
    ).toBe(
      '"claim.png" declares 16000x16000 pixels (256 megapixels); Quartet takes images of at most 64 megapixels.',
    );
    const stub = pngHeader(10, 10);
    expect(
      (await h.fail('putAttachment', { name: 'pasted.png', mimeType: '', dataBase64: b64(stub) })).message,
    ).toBe('"pasted.png" could not be decoded: its image data is damaged or incomplete.');
    expect(await files()).toEqual([]);
  });

  it('an imported conversation whose file claims 16000x16000 pixels is refused, naming the file', async () => {
    const c = await conversation('chat');
    const image = await put('photo.png', png(3, 2));
    await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'see',
      attachmentIds: [image.id],
    });
    const exported = await h.call('exportConversation', { id: c.id, as: 'json' });
    const content = exported.content.replace(b64(png(3, 2)), b64(paddedPng(16000, 16000, 4096)));
    expect(content).not.toBe(exported.content);
    const refused = await h.fail('importConversation', { content });
    expect(refused.message).toContain('"photo.png" declares 16000x16000 pixels');
  });
});

describe('fitAttachment (issue 27)', () => {
  it('a 7.8 MB 1700x1600 PNG becomes a copy Messages takes, which goes out as it is shown', async () => {
    const big = await put('noise.png', await noisePng(1700, 1600));
    expect(big).toMatchObject({ mimeType: 'image/png', width: 1700, height: 1600 });
    const c = await conversation('messages');
    expect(
      (
        await h.fail('sendMessage', {
          requestId: 'x',
          conversationId: c.id,
          text: '',
          attachmentIds: [big.id],
        })
      ).message,
    ).toContain('"noise.png" is 7.8 MB; Messages takes images up to 3.75 MB');
    const fitted = await h.call('fitAttachment', { id: big.id, formats: ['messages'] });
    expect(fitted).toMatchObject({ name: 'noise.jpg', mimeType: 'image/jpeg', width: 1700, height: 1600 });
    expect(fitted.bytes).toBeLessThanOrEqual((5 * 1024 * 1024 * 3) / 4);
    const sent = await h.call('sendMessage', {
      requestId: 'y',
      conversationId: c.id,
      text: '',
      attachmentIds: [fitted.id],
    });
    expect(sent.reply.text).toContain(`image/jpeg 1700x1600 (${fitted.bytes} bytes)`);
  });

  it('an image that keeps the limits comes back as it is; a file that is no image is refused', async () => {
    const small = await put('small.png', png(4, 4));
    expect(await h.call('fitAttachment', { id: small.id, formats: ['chat', 'messages'] })).toEqual(small);
    const notes = await put('notes.txt', 'milk');
    expect((await h.fail('fitAttachment', { id: notes.id, formats: ['chat'] })).message).toBe(
      '"notes.txt" is not an image.',
    );
    expect((await h.fail('fitAttachment', { id: 'gone', formats: ['chat'] })).kind).toBe('not-found');
  });
});

describe('sending files', () => {
  it('sends the files by id, keeps them on the turn, and sends them again with later turns, also after a restart', async () => {
    const c = await conversation('chat');
    const image = await put('chart.png', png(4, 4));
    const notes = await put('notes.txt', 'the zebra notes');
    const sent = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'What do these show?',
      attachmentIds: [image.id, notes.id],
    });
    expect(sent.userTurn.attachments?.map((a) => a.id)).toEqual([image.id, notes.id]);
    expect(sent.reply.status).toBe('complete');
    // chat takes text files as text in the prompt, the image as an image part
    expect(sent.reply.text).toMatch(/^Reply 1 from gpt-5-mini: you said ".*What do these show\?"/s);
    expect(sent.reply.text).toContain('the zebra notes');
    expect(
      sent.reply.text.endsWith(
        attachmentSentence([
          { kind: 'image', mimeType: 'image/png', bytes: image.bytes, width: 4, height: 4 },
        ]),
      ),
    ).toBe(true);
    expect(lastBody()).toContain(b64(png(4, 4)));
    expect(lastBody()).toContain('the zebra notes');

    await h.restart();
    const stored = await h.call('getConversation', { id: c.id });
    expect(stored.turns[0]?.attachments).toEqual(sent.userTurn.attachments);
    const next = await h.call('sendMessage', { requestId: 'b', conversationId: c.id, text: 'And now?' });
    expect(next.reply.status).toBe('complete');
    expect(lastBody()).toContain(b64(png(4, 4)));
  });

  it('may send files without text, but not nothing', async () => {
    const c = await conversation('messages');
    const image = await put('only.png', png(2, 2));
    const sent = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: '',
      attachmentIds: [image.id],
    });
    expect(sent.userTurn).toMatchObject({ text: '' });
    const before = h.sim.requests.length;
    const none = await h.fail('sendMessage', { requestId: 'b', conversationId: c.id, text: '  ' });
    expect(none.message).toBe('Write a message first.');
    expect(h.sim.requests.length).toBe(before);
  });

  it('refuses a file that is gone or one the format does not take, before anything is stored', async () => {
    const c = await conversation('generate');
    const gif = await put(
      'anim.gif',
      Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64'),
    );
    const before = h.sim.requests.length;
    const refused = await h.fail('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'look',
      attachmentIds: [gif.id],
    });
    expect(refused.message).toMatch(/"anim.gif" is a GIF; Generate Content takes PNG, JPEG and WebP/);
    const gone = await h.fail('sendMessage', {
      requestId: 'b',
      conversationId: c.id,
      text: 'look',
      attachmentIds: ['no-such-file'],
    });
    expect(gone.message).toMatch(/no longer stored/);
    const tooMany = await h.fail('sendMessage', {
      requestId: 'c',
      conversationId: c.id,
      text: 'look',
      attachmentIds: Array.from({ length: 11 }, () => gif.id),
    });
    expect(tooMany.kind).toBe('invalid-input');
    expect(h.sim.requests.length).toBe(before);
    expect(h.rows(c.id)).toEqual([]);
  });

  it('an edit keeps the files of the message it edits, unless it names others', async () => {
    const c = await conversation('chat');
    const one = await put('one.txt', 'first file');
    const two = await put('two.txt', 'second file');
    const sent = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'read',
      attachmentIds: [one.id],
    });
    const kept = await h.call('sendMessage', {
      requestId: 'b',
      conversationId: c.id,
      text: 'read again',
      editTurnId: sent.userTurn.id,
    });
    expect(kept.userTurn.attachments?.map((a) => a.id)).toEqual([one.id]);
    const swapped = await h.call('sendMessage', {
      requestId: 'c',
      conversationId: c.id,
      text: '',
      attachmentIds: [two.id],
      editTurnId: sent.userTurn.id,
    });
    expect(swapped.userTurn.attachments?.map((a) => a.id)).toEqual([two.id]);
    expect(lastBody()).toContain('second file');
    expect(lastBody()).not.toContain('first file');
  });
});

describe('deleting', () => {
  it('deletes files with the conversation only when nothing else uses them; a fork keeps them', async () => {
    const c = await conversation('chat');
    const shared = await put('shared.txt', 'shared by the fork');
    const own = await put('own.txt', 'only in the original');
    const first = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'one',
      attachmentIds: [shared.id],
    });
    await h.call('sendMessage', {
      requestId: 'b',
      conversationId: c.id,
      text: 'two',
      attachmentIds: [own.id],
    });
    const draft = await put('draft.txt', 'not sent yet');
    const fork = await h.call('forkConversation', { conversationId: c.id, turnId: first.reply.id });
    expect(fork.turns[0]?.attachments?.map((a) => a.id)).toEqual([shared.id]);
    expect(await files()).toHaveLength(3);

    await h.call('deleteConversation', { id: c.id });
    expect(await files()).toHaveLength(2); // own.txt went; shared.txt and the draft stay
    const forked = await h.call('sendMessage', {
      requestId: 'c',
      conversationId: fork.id,
      text: 'still there?',
    });
    expect(forked.reply.status).toBe('complete');
    expect(lastBody()).toContain('shared by the fork');
    await h.call('deleteConversation', { id: fork.id });
    expect(await files()).toHaveLength(1);
    expect(
      await h.call('sendMessage', {
        requestId: 'd',
        conversationId: (await conversation()).id,
        text: 'draft',
        attachmentIds: [draft.id],
      }),
    ).toMatchObject({ reply: { status: 'complete' } });
  });

  it('forgets files uploaded more than a day ago that no message uses, at start-up', async () => {
    const old = await put('old.txt', 'abandoned draft');
    const recent = await put('recent.txt', 'draft of today');
    const c = await conversation();
    const used = await put('used.txt', 'sent long ago');
    await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'x',
      attachmentIds: [used.id],
    });
    await h.core.close();
    const db = new DatabaseSync(join(h.dataDir, 'quartet.db'));
    db.prepare('UPDATE attachments SET created_at = created_at - ? WHERE id IN (?, ?)').run(
      25 * 60 * 60 * 1000,
      old.id,
      used.id,
    );
    db.close();
    await writeFile(join(h.dataDir, 'attachments', 'stray-file'), 'no row refers to me');
    await h.open();
    expect(await files()).toHaveLength(2);
    const again = await h.fail('sendMessage', {
      requestId: 'b',
      conversationId: c.id,
      text: 'x',
      attachmentIds: [old.id],
    });
    expect(again.message).toMatch(/no longer stored/);
    await h.call('sendMessage', {
      requestId: 'c',
      conversationId: c.id,
      text: 'y',
      attachmentIds: [recent.id],
    });
  });
});

describe('export and import', () => {
  it('round-trips every branch and every file through the JSON file', async () => {
    const c = await conversation('chat');
    const notes = await put('notes.txt', 'round trip notes');
    const first = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'read this',
      attachmentIds: [notes.id],
    });
    await h.call('sendMessage', { requestId: 'b', conversationId: c.id, text: 'second' });
    await h.call('regenerate', { requestId: 'c', conversationId: c.id, turnId: first.reply.id });

    const current = await h.call('exportConversation', { id: c.id, as: 'json' });
    const currentFile = parseConversationFile(current.content);
    expect(currentFile.ok && currentFile.conversation.branches).toBeUndefined();
    expect(currentFile.ok && currentFile.conversation.turns).toHaveLength(2);

    const all = await h.call('exportConversation', { id: c.id, as: 'json', branches: 'all' });
    const parsed = parseConversationFile(all.content);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.conversation.branches?.map((t) => t.text)).toEqual([
      first.reply.text,
      'second',
      expect.any(String),
    ]);
    expect(parsed.files).toEqual([{ id: notes.id, base64: b64('round trip notes') }]);

    const imported = await h.call('importConversation', { content: all.content });
    expect(imported.turns.map((t) => t.text)).toEqual(parsed.conversation.turns.map((t) => t.text));
    const copy = imported.turns[0]?.attachments?.[0];
    expect(copy).toMatchObject({ name: 'notes.txt', kind: 'text', bytes: 16 });
    expect(imported.turns[1]?.versions).toHaveLength(2);
    // the old branch came along
    const old = await h.call('selectBranch', {
      conversationId: imported.id,
      turnId: imported.turns[1]?.versions?.[0] ?? '',
    });
    expect(old.turns.map((t) => t.text).slice(2, 3)).toEqual(['second']);
    // and the imported conversation goes on with its file
    await h.call('deleteConversation', { id: c.id });
    await h.call('sendMessage', { requestId: 'd', conversationId: imported.id, text: 'go on' });
    expect(lastBody()).toContain('round trip notes');
  });

  it('writes Markdown with files as a folder whose links reach copies of the files', async () => {
    const c = await conversation('chat');
    const notes = await put('my notes.txt', 'text');
    await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'see',
      attachmentIds: [notes.id],
    });
    const md = await h.call('exportConversation', { id: c.id, as: 'markdown' });
    expect(md.content).toBe('');
    const written = await readFile(md.savedTo ?? '', 'utf8');
    // the file is named by its id and type; the name is the link's text
    const link = `attachments/${notes.id}.txt`;
    expect(written).toContain(`[my notes.txt](${link})`);
    // the link, resolved beside the Markdown file, is the file as it was sent
    const beside = join(dirname(md.savedTo ?? ''), link);
    expect(await readFile(beside, 'utf8')).toBe('text');
  });

  it('never writes outside the export folder, whatever an imported file is called', async () => {
    const c = await conversation('chat');
    const notes = await put('notes.txt', 'planted');
    await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'see',
      attachmentIds: [notes.id],
    });
    const file = JSON.parse((await h.call('exportConversation', { id: c.id, as: 'json' })).content);
    const victim = join(h.dataDir, 'victim.txt');
    await writeFile(victim, 'mine');
    // a shared file naming its attachment so that the old export wrote over a file of the data folder
    const turn = file.conversation.turns[0];
    for (const name of ['../../../victim.txt', '..\\victim.txt', 'a\u202etxt.exe', 'line\nbreak.txt']) {
      turn.attachments[0].name = name;
      const error = await h.fail('importConversation', { content: JSON.stringify(file) });
      expect(error.kind).toBe('invalid-input');
      expect(error.message).toMatch(/may not hold/);
    }
    // and a name that only looks like a path part is written as <id>.<ext> all the same
    turn.attachments[0].name = '..evil.txt';
    const imported = await h.call('importConversation', { content: JSON.stringify(file) });
    const md = await h.call('exportConversation', { id: imported.id, as: 'markdown' });
    const written = await readFile(md.savedTo ?? '', 'utf8');
    expect(written).toMatch(/\[\.\.evil\.txt\]\(attachments\/[0-9a-f-]+\.txt\)/);
    expect(await readFile(victim, 'utf8')).toBe('mine');
    // the same names are refused where the page uploads a file
    const upload = await h.fail('putAttachment', {
      name: '../x.txt',
      mimeType: 'text/plain',
      dataBase64: b64('x'),
    });
    expect(upload.message).toMatch(/may not hold/);
  });

  it('refuses a file whose tree is broken', async () => {
    const base = {
      quartet: 'conversation',
      version: 2,
      conversation: {
        id: 'x',
        format: 'chat',
        model: 'm',
        title: 'Broken',
        params: { stream: true },
        createdAt: 1,
        updatedAt: 1,
      },
    };
    const turn = (id: string, parentId?: string) => ({
      id,
      role: 'user',
      text: id,
      status: 'complete',
      createdAt: 1,
      ...(parentId ? { parentId } : {}),
    });
    const cases: [unknown[], unknown[], RegExp][] = [
      [[turn('a')], [turn('b', 'ghost')], /follows "ghost", which the file does not hold/],
      [[turn('a')], [turn('b', 'c'), turn('c', 'b')], /in a circle/],
      [[turn('a'), turn('a')], [], /two turns have the id "a"/],
    ];
    for (const [turns, branches, message] of cases) {
      const content = JSON.stringify({ ...base, conversation: { ...base.conversation, turns, branches } });
      const error = await h.fail('importConversation', { content });
      expect(error.message).toMatch(message);
    }
    expect(await h.call('listConversations', {})).toEqual([]);
  });

  it('reads a version 1 file as one branch', async () => {
    const content = JSON.stringify({
      quartet: 'conversation',
      version: 1,
      conversation: {
        id: 'x',
        format: 'chat',
        model: 'gpt-5-mini',
        title: 'Old file',
        params: { stream: false },
        turns: [
          { id: 'u', role: 'user', text: 'hello', status: 'complete', createdAt: 1 },
          { id: 'a', role: 'assistant', text: 'hi', status: 'complete', createdAt: 2 },
        ],
        createdAt: 1,
        updatedAt: 1,
      },
    });
    const imported = await h.call('importConversation', { content });
    expect(imported.turns.map((t) => t.text)).toEqual(['hello', 'hi']);
    expect(imported.turns[1]?.parentId).toBe(imported.turns[0]?.id);
  });
});

describe('a large export', () => {
  it('is written into the data folder a turn and a file at a time, and imports back', async () => {
    const c = await conversation('chat');
    // 16 MB of PDF: its base64 alone passes the size an export may have to go to the page
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(16 * 1024 * 1024, 0x41)]);
    const a = await put('big.pdf', pdf, 'application/pdf');
    await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'summarise',
      attachmentIds: [a.id],
    });
    const exported = await h.call('exportConversation', { id: c.id, as: 'json', branches: 'all' });
    expect(exported.content).toBe('');
    expect(exported.savedTo).toMatch(/exports/);
    const text = await readFile(exported.savedTo ?? '', 'utf8');
    const parsed = parseConversationFile(text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.files).toHaveLength(1);
    expect(Buffer.from(parsed.files[0]?.base64 ?? '', 'base64').equals(pdf)).toBe(true);
    expect(parsed.conversation.turns[0]?.attachments?.[0]).toMatchObject({ name: 'big.pdf', kind: 'pdf' });
  });
});
