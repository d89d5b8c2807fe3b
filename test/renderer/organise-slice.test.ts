// @vitest-environment jsdom
// The organise actions against a fake host: pins and folders update the list in place (order kept: they
// are not use), a reply's summary keeps its pin, deleting a folder unfiles its conversations, deleting many
// forgets them everywhere, and the Import button takes one conversation or a bundle of many.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary, Settings } from '../../shared/contract.ts';
import type { Conversation } from '../../shared/conversation.ts';
import { summaryOf, upsertSummary } from '../../renderer/store/chat-helpers.ts';
import { fakeBridge, freshStore, ok, type Impl } from './fake-bridge.ts';

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };

function conv(id: string, extra: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id,
    format: 'chat',
    model: 'gpt-5-mini',
    title: `Title ${id}`,
    origin: 'chat',
    turnCount: 2,
    createdAt: 1,
    updatedAt: 1,
    ...extra,
  };
}

let t = freshStore();
beforeEach(() => {
  t = freshStore();
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function install(impl: Impl, conversations: ConversationSummary[]) {
  const fake = fakeBridge(impl);
  t.setBridge(fake.bridge);
  t.store.setState({ settings: SETTINGS, conversations, conversationsStatus: 'ready' });
  return fake;
}

describe('pins and folders', () => {
  it('pins in place, keeping the last-use order of the list', async () => {
    const list = [conv('a', { updatedAt: 3 }), conv('b', { updatedAt: 2 }), conv('c', { updatedAt: 1 })];
    const { calls } = install(
      {
        organiseConversations: ({ ids, pinned }) =>
          ok(ids.map((id) => conv(id, { ...(pinned ? { pinned: true as const } : {}), updatedAt: 1 }))),
      },
      list,
    );
    expect(await t.store.getState().pinConversations(['c'], true)).toBe(true);
    expect(calls.at(-1)).toEqual({ op: 'organiseConversations', input: { ids: ['c'], pinned: true } });
    expect(t.store.getState().conversations.map((c) => [c.id, c.pinned])).toEqual([
      ['a', undefined],
      ['b', undefined],
      ['c', true],
    ]);
  });

  it('a summary made from a loaded conversation (after a reply) keeps its pin and folder', () => {
    const list = [conv('a', { pinned: true, folderId: 'f', updatedAt: 1 }), conv('b', { updatedAt: 2 })];
    const loaded: Conversation = {
      id: 'a',
      format: 'chat',
      model: 'gpt-5-mini',
      title: 'Title a',
      params: { stream: true },
      turns: [],
      createdAt: 1,
      updatedAt: 5,
    };
    const next = upsertSummary(list, summaryOf(loaded));
    expect(next.map((c) => [c.id, c.pinned, c.folderId])).toEqual([
      ['a', true, 'f'],
      ['b', undefined, undefined],
    ]);
  });

  it('says why a pin failed and changes nothing', async () => {
    install(
      { organiseConversations: () => ({ ok: false, error: { kind: 'not-found', message: 'Gone.' } }) },
      [conv('a')],
    );
    expect(await t.store.getState().moveConversations(['a'], 'f')).toBe(false);
    expect(t.store.getState().notices.at(-1)).toMatchObject({
      kind: 'error',
      message: 'Could not move: Gone.',
    });
    expect(t.store.getState().conversations[0]?.folderId).toBeUndefined();
  });

  it('creates folders in name order and shows a name taken as the host says it', async () => {
    install(
      {
        createFolder: ({ name, color }) =>
          name === 'Work'
            ? {
                ok: false,
                error: { kind: 'invalid-input', message: 'There is already a folder named “work”.' },
              }
            : ok({ id: name, name, collapsed: false, createdAt: 1, ...(color ? { color } : {}) }),
      },
      [],
    );
    t.store.setState({ folders: [{ id: 'z', name: 'zebra', collapsed: false, createdAt: 0 }] });
    expect(await t.store.getState().createFolder('Apples', 'red')).toMatchObject({ ok: true });
    expect(await t.store.getState().createFolder('Work')).toEqual({
      ok: false,
      message: 'There is already a folder named “work”.',
    });
    expect(t.store.getState().folders.map((f) => f.name)).toEqual(['Apples', 'zebra']);
  });

  it('folds a folder at once, and unfolds it again when the host refuses', async () => {
    let answer: Impl['updateFolder'] = ({ id }) => ok({ id, name: 'W', collapsed: true, createdAt: 0 });
    install({ updateFolder: (input) => answer!(input) }, []);
    t.store.setState({ folders: [{ id: 'w', name: 'W', collapsed: false, createdAt: 0 }] });
    const pending = t.store.getState().setFolderCollapsed('w', true);
    expect(t.store.getState().folders[0]?.collapsed).toBe(true);
    await pending;
    answer = () => ({ ok: false, error: { kind: 'internal', message: 'disk full' } });
    await t.store.getState().setFolderCollapsed('w', false);
    expect(t.store.getState().folders[0]?.collapsed).toBe(true);
    expect(t.store.getState().notices.at(-1)?.message).toContain('disk full');
  });

  it('deleting a folder leaves its conversations in the list, unfiled, and resets a filter on it', async () => {
    install({ deleteFolder: () => ok({ deleted: true, unfiled: 2 }) }, [
      conv('a', { folderId: 'f' }),
      conv('b', { folderId: 'f', pinned: true }),
      conv('c', { folderId: 'g' }),
    ]);
    t.store.setState({
      folders: [
        { id: 'f', name: 'F', collapsed: false, createdAt: 0 },
        { id: 'g', name: 'G', collapsed: false, createdAt: 0 },
      ],
    });
    t.store.getState().setLibraryFilter({ folder: 'f' });
    expect(await t.store.getState().deleteFolder('f')).toBe(true);
    const s = t.store.getState();
    expect(s.folders.map((f) => f.id)).toEqual(['g']);
    expect(s.conversations.map((c) => [c.id, c.folderId, c.pinned])).toEqual([
      ['a', undefined, undefined],
      ['b', undefined, true],
      ['c', 'g', undefined],
    ]);
    expect(s.library.folder).toBe('all');
  });
});

describe('many at once', () => {
  it('deletes them everywhere: the list, the open tab, the loaded copies, the selection', async () => {
    const { calls } = install({ deleteConversations: ({ ids }) => ok({ deleted: ids.length }) }, [
      conv('a'),
      conv('b', { format: 'messages' }),
      conv('c'),
    ]);
    t.store.setState((s) => ({
      activeConversation: { ...s.activeConversation, messages: 'b', chat: 'c' },
      loaded: {
        b: {
          id: 'b',
          format: 'messages',
          model: 'm',
          title: 'b',
          params: { stream: true },
          turns: [],
          createdAt: 1,
          updatedAt: 1,
        },
      },
    }));
    t.store.getState().selectAll(['a', 'b', 'c']);
    expect(await t.store.getState().deleteConversations(['a', 'b'])).toBe(2);
    expect(calls.at(-1)).toEqual({ op: 'deleteConversations', input: { ids: ['a', 'b'] } });
    const s = t.store.getState();
    expect(s.conversations.map((c) => c.id)).toEqual(['c']);
    expect(s.activeConversation).toMatchObject({ messages: null, chat: 'c' });
    expect(s.loaded['b']).toBeUndefined();
    expect([...s.library.selected]).toEqual(['c']);
    expect(s.notices.at(-1)).toMatchObject({ kind: 'success', message: 'Deleted 2 conversations.' });
  });

  it('exports them as one file, downloaded, and names it', async () => {
    install(
      {
        exportConversations: ({ ids }) =>
          ok({
            filename: 'quartet-2-conversations.json',
            mime: 'application/json',
            content: `{"n":${ids.length}}`,
          }),
      },
      [conv('a'), conv('b')],
    );
    await t.store.getState().exportConversations(['a', 'b']);
    expect(URL.createObjectURL).toHaveBeenCalledOnce();
    expect(t.store.getState().notices.at(-1)?.message).toBe(
      'Exported 2 conversations to quartet-2-conversations.json.',
    );
  });

  it('a selection is cleared when the rows shown change, and kept when only their order does', () => {
    install({}, [conv('a'), conv('b')]);
    const s = () => t.store.getState();
    s().selectAll(['a', 'b']);
    s().setLibraryFilter({ sort: 'title' });
    expect(s().library.selected.size).toBe(2);
    s().setLibraryFilter({ format: 'messages' });
    expect(s().library.selected.size).toBe(0);
  });
});

describe('the Import button', () => {
  it('opens one imported conversation in its tab, as importing always did', async () => {
    const one = conv('n', { format: 'generate', title: 'Sky' });
    install(
      {
        importConversations: () => ok({ imported: [one], skipped: [] }),
        getConversation: ({ id }) => ok({ ...one, id, params: { stream: true }, turns: [] } as Conversation),
      },
      [conv('a', { updatedAt: 5 })],
    );
    expect(await t.store.getState().importConversationsFile('{}')).toBeNull();
    const s = t.store.getState();
    expect(s.activeTab).toBe('generate');
    expect(s.activeConversation.generate).toBe('n');
    expect(s.conversations.map((c) => c.id)).toContain('n');
    expect(s.notices.at(-1)?.message).toBe('Imported “Sky”.');
  });

  it('adds a bundle’s conversations, loads the folders it brought, and names what it skipped with why', async () => {
    const { calls } = install(
      {
        importConversations: () =>
          ok({
            imported: [conv('x', { folderId: 'new-folder' }), conv('y')],
            skipped: [
              { index: 2, title: 'Broken', message: 'The conversation file is malformed at turns: bad.' },
              { index: 3, title: '', message: 'newer' },
            ],
          }),
        listFolders: () => ok([{ id: 'new-folder', name: 'Work', collapsed: false, createdAt: 1 }]),
      },
      [],
    );
    t.store.setState({ activeTab: 'library' });
    expect(await t.store.getState().importConversationsFile('{}')).toBeNull();
    const s = t.store.getState();
    expect(s.activeTab).toBe('library');
    expect(s.conversations.map((c) => c.id)).toEqual(['x', 'y']);
    expect(calls.map((c) => c.op)).toEqual(['importConversations', 'listFolders']);
    expect(s.folders.map((f) => f.name)).toEqual(['Work']);
    expect(s.notices.map((n) => [n.kind, n.message])).toEqual([
      ['success', 'Imported 2 conversations.'],
      [
        'warning',
        '2 conversations were not imported (“Broken”, number 4): The conversation file is malformed at turns: bad.',
      ],
    ]);
  });

  it('returns the host’s reason for a file it cannot read', async () => {
    install(
      {
        importConversations: () => ({
          ok: false,
          error: { kind: 'invalid-input', message: 'The file is not a Quartet conversation export.' },
        }),
      },
      [],
    );
    expect(await t.store.getState().importConversationsFile('{}')).toBe(
      'The file is not a Quartet conversation export.',
    );
  });
});
