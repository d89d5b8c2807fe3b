// Organising through the app core: folders (names unique without case, colours, folding), pins and folders
// surviving a restart and never counting as use, deleting a folder keeping its conversations, and many
// conversations deleted or exported at once — the export one JSON file that the Import button reads back,
// files, branches, pins and folders included.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../shared/contract.ts';
import { parseImportFile, type ConversationsBundle } from '../../shared/export.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

async function conversation(format: 'chat' | 'messages' | 'generate', text: string) {
  const model = { chat: 'gpt-5-mini', messages: 'claude-haiku-4-5', generate: 'gemini-2.5-flash' }[format];
  const c = await h.call('createConversation', { format, model });
  await h.call('sendMessage', { requestId: `r-${text}`, conversationId: c.id, text });
  return c.id;
}

const byId = (list: ConversationSummary[]) => new Map(list.map((c) => [c.id, c]));

describe('folders', () => {
  it('creates, renames, recolours and folds; a name taken in any case is refused', async () => {
    const work = await h.call('createFolder', { name: '  Work ', color: 'blue' });
    expect(work).toMatchObject({ name: 'Work', color: 'blue', collapsed: false });
    const taken = await h.fail('createFolder', { name: 'WORK' });
    expect(taken).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('“Work”') });
    expect(taken.issues?.[0]?.path).toBe('name');
    const empty = await h.fail('createFolder', { name: '   ' });
    expect(empty.message).toContain('Give the folder a name.');
    const bad = await h.fail('createFolder', { name: 'x', color: 'chartreuse' });
    expect(bad.kind).toBe('invalid-input');

    const home = await h.call('createFolder', { name: 'home' });
    expect(await h.fail('updateFolder', { id: home.id, name: 'work' })).toMatchObject({
      kind: 'invalid-input',
    });
    // renaming to itself in another case is fine
    expect(await h.call('updateFolder', { id: work.id, name: 'WORK' })).toMatchObject({ name: 'WORK' });
    expect(await h.call('updateFolder', { id: work.id, color: null, collapsed: true })).toEqual({
      id: work.id,
      name: 'WORK',
      collapsed: true,
      createdAt: work.createdAt,
    });
    expect((await h.call('listFolders', {})).map((f) => f.name)).toEqual(['home', 'WORK']);
    expect(await h.fail('updateFolder', { id: 'gone', name: 'x' })).toMatchObject({ kind: 'not-found' });
  });

  it('deleting a folder keeps its conversations, unfiled, in their tabs', async () => {
    const a = await conversation('chat', 'first');
    const b = await conversation('messages', 'second');
    const folder = await h.call('createFolder', { name: 'Projects' });
    await h.call('organiseConversations', { ids: [a, b], folderId: folder.id });
    expect(await h.call('deleteFolder', { id: folder.id })).toEqual({ deleted: true, unfiled: 2 });
    const list = await h.call('listConversations', { origin: 'chat' });
    expect(list.map((c) => c.id).sort()).toEqual([a, b].sort());
    expect(list.every((c) => c.folderId === undefined)).toBe(true);
    expect((await h.call('getConversation', { id: a })).turns).toHaveLength(2);
    expect(await h.call('listFolders', {})).toEqual([]);
  });
});

describe('pins and folders on conversations', () => {
  it('survive a restart, and are not activity: the last-use order stays', async () => {
    const older = await conversation('chat', 'older');
    const newer = await conversation('chat', 'newer');
    const before = await h.call('listConversations', { format: 'chat' });
    expect(before.map((c) => c.id)).toEqual([newer, older]);
    const folder = await h.call('createFolder', { name: 'Keep', color: 'green' });
    await h.call('updateFolder', { id: folder.id, collapsed: true });
    const changed = await h.call('organiseConversations', {
      ids: [older],
      pinned: true,
      folderId: folder.id,
    });
    expect(changed).toEqual([{ ...before[1], pinned: true, folderId: folder.id }]);

    await h.restart();
    const after = await h.call('listConversations', { format: 'chat' });
    expect(after.map((c) => [c.id, c.updatedAt])).toEqual(before.map((c) => [c.id, c.updatedAt]));
    expect(byId(after).get(older)).toMatchObject({ pinned: true, folderId: folder.id });
    expect(byId(after).get(newer)?.pinned).toBeUndefined();
    expect(await h.call('listFolders', {})).toEqual([{ ...folder, collapsed: true }]);

    // unpinned and unfiled again
    await h.call('organiseConversations', { ids: [older], pinned: false, folderId: null });
    const plain = byId(await h.call('listConversations', {})).get(older);
    expect(plain?.pinned).toBeUndefined();
    expect(plain?.folderId).toBeUndefined();
  });

  it('refuses a folder that does not exist, a change of nothing, and ids that are all gone', async () => {
    const a = await conversation('chat', 'a');
    expect(await h.fail('organiseConversations', { ids: [a], folderId: 'nope' })).toMatchObject({
      kind: 'not-found',
      message: 'This folder no longer exists.',
    });
    expect(await h.fail('organiseConversations', { ids: [a] })).toMatchObject({ kind: 'invalid-input' });
    expect(await h.fail('organiseConversations', { ids: ['gone'], pinned: true })).toMatchObject({
      kind: 'not-found',
    });
    expect(await h.fail('organiseConversations', { ids: [], pinned: true })).toMatchObject({
      kind: 'invalid-input',
    });
  });
});

describe('many conversations at once', () => {
  it('deletes them all with their turns, leaving the others', async () => {
    const a = await conversation('chat', 'one');
    const b = await conversation('messages', 'two');
    const c = await conversation('generate', 'three');
    expect(await h.call('deleteConversations', { ids: [a, c, a, 'gone'] })).toEqual({ deleted: 2 });
    expect((await h.call('listConversations', {})).map((x) => x.id)).toEqual([b]);
    expect(h.rows(a)).toEqual([]);
    expect(await h.call('searchConversations', { query: 'three' })).toEqual([]);
  });

  it('exports one JSON file the import reads back: every branch, files, pins and folders', async () => {
    const a = await conversation('chat', 'alpha question');
    const b = await conversation('messages', 'beta question');
    // a second version of a's reply: the bundle carries every branch
    await h.call('regenerate', { requestId: 'again', conversationId: a });
    const file = await h.call('putAttachment', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      dataBase64: Buffer.from('some notes').toString('base64'),
    });
    await h.call('sendMessage', {
      requestId: 'f',
      conversationId: b,
      text: 'read this',
      attachmentIds: [file.id],
    });
    const folder = await h.call('createFolder', { name: 'Research', color: 'purple' });
    await h.call('organiseConversations', { ids: [b], pinned: true, folderId: folder.id });

    const exported = await h.call('exportConversations', { ids: [b, a] });
    expect(exported.filename).toMatch(/^quartet-2-conversations-\d{4}-\d\d-\d\d-\d{4}\.json$/);
    expect(exported.savedTo).toBeUndefined();
    const bundle = JSON.parse(exported.content) as ConversationsBundle;
    expect(bundle.quartet).toBe('conversations');
    expect(bundle.conversations.map((e) => e.conversation.id)).toEqual([b, a]);
    expect(bundle.conversations[0]?.organise).toEqual({
      pinned: true,
      folder: { name: 'Research', color: 'purple' },
    });
    expect(bundle.conversations[0]?.files).toHaveLength(1);
    expect(bundle.conversations[1]?.organise).toBeUndefined();
    expect(bundle.conversations[1]?.conversation.branches).toHaveLength(1);

    // into another Quartet: everything, filed and pinned the same way
    await h.call('deleteConversations', { ids: [a, b] });
    await h.call('deleteFolder', { id: folder.id });
    const result = await h.call('importConversations', { content: exported.content });
    expect(result.skipped).toEqual([]);
    expect(result.imported.map((c) => c.title)).toEqual(['beta question', 'alpha question']);
    const [ib, ia] = result.imported;
    const [research] = await h.call('listFolders', {});
    expect(research).toMatchObject({ name: 'Research', color: 'purple' });
    expect(ib).toMatchObject({ format: 'messages', pinned: true, folderId: research?.id });
    expect(ia?.pinned).toBeUndefined();
    const copy = await h.call('getConversation', { id: ib?.id ?? '' });
    expect(copy.turns.flatMap((t) => t.attachments ?? []).map((x) => x.name)).toEqual(['notes.txt']);
    const alpha = await h.call('exportConversation', { id: ia?.id ?? '', as: 'json', branches: 'all' });
    expect(JSON.parse(alpha.content).conversation.branches).toHaveLength(1);

    // the same file again, here: titles told apart, the folder reused
    const again = await h.call('importConversations', { content: exported.content });
    expect(again.imported.map((c) => c.title)).toEqual([
      'beta question (imported)',
      'alpha question (imported)',
    ]);
    expect(await h.call('listFolders', {})).toHaveLength(1);
  });

  it('imports what it can of a damaged bundle and says what it skipped and why', async () => {
    const a = await conversation('chat', 'good one');
    const { content } = await h.call('exportConversations', { ids: [a] });
    const bundle = JSON.parse(content) as { conversations: unknown[] };
    bundle.conversations.push({
      quartet: 'conversation',
      version: 2,
      conversation: { title: 'Broken', id: 'x' },
    });
    bundle.conversations.push({ quartet: 'conversation', version: 99, conversation: {} });
    const result = await h.call('importConversations', { content: JSON.stringify(bundle) });
    expect(result.imported.map((c) => c.title)).toEqual(['good one (imported)']);
    expect(result.skipped).toEqual([
      { index: 1, title: 'Broken', message: expect.stringMatching(/malformed at/) },
      { index: 2, title: '', message: expect.stringMatching(/newer Quartet/) },
    ]);
  });

  it('reads a single conversation file as the old import did, and refuses what is no export', async () => {
    const a = await conversation('generate', 'solo');
    const single = await h.call('exportConversation', { id: a, as: 'json' });
    const result = await h.call('importConversations', { content: single.content });
    expect(result.imported).toHaveLength(1);
    expect(result.imported[0]).toMatchObject({ format: 'generate', title: 'solo (imported)' });
    for (const [content, message] of [
      ['{ nope', /not valid JSON/],
      ['{"hello":1}', /not a Quartet conversation export/],
      ['{"quartet":"conversations","version":7,"conversations":[]}', /newer Quartet/],
      ['{"quartet":"conversations","version":1,"conversations":[]}', /no conversations/],
    ] as const) {
      expect(await h.fail('importConversations', { content })).toMatchObject({
        kind: 'invalid-input',
        message: expect.stringMatching(message),
      });
    }
    expect(parseImportFile(single.content)).toMatchObject({ ok: true, kind: 'conversation' });
  });

  it('exports those that still exist, and refuses when none do', async () => {
    const a = await conversation('chat', 'still here');
    const r = await h.call('exportConversations', { ids: ['gone', a] });
    expect((JSON.parse(r.content) as ConversationsBundle).conversations).toHaveLength(1);
    expect(await h.fail('exportConversations', { ids: ['gone'] })).toMatchObject({ kind: 'not-found' });
  });
});
