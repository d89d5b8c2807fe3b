// @vitest-environment jsdom
// Organising as a user meets it, against a fake host that keeps what it is told: a tab's sidebar with
// pinned conversations first, folders that fold, a pin button, a row menu that moves to a folder, drag
// and drop onto a folder, new and deleted folders; and the all-conversations view with every format,
// filters, shift-click ranges, select all and the bulk actions (delete after a question naming how many).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary, Settings } from '../../../shared/contract.ts';
import type { Folder } from '../../../shared/organise.ts';
import { Sidebar } from '../../../renderer/features/chat/Sidebar.tsx';
import LibraryView from '../../../renderer/features/library/LibraryView.tsx';
import { fakeBridge, freshStore, ok } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

// jsdom has no modal dialogs: opening one shows it and focuses its [autofocus] field, as browsers do.
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.defineProperties(HTMLDialogElement.prototype, {
    showModal: {
      value(this: HTMLDialogElement) {
        this.open = true;
        this.querySelector<HTMLElement>('[autofocus]')?.focus();
      },
    },
    close: {
      value(this: HTMLDialogElement) {
        this.open = false;
      },
    },
  });
}

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

/** A host that keeps folders and each conversation's pin and folder. */
function setup(conversations: ConversationSummary[], folders: Folder[] = []) {
  const t = freshStore();
  let list = conversations;
  let stored = folders;
  const fake = fakeBridge({
    organiseConversations: ({ ids, pinned, folderId }) => {
      list = list.map((c) => {
        if (!ids.includes(c.id)) return c;
        const next: ConversationSummary = { ...c };
        if (pinned === true) next.pinned = true;
        if (pinned === false) delete next.pinned;
        if (typeof folderId === 'string') next.folderId = folderId;
        if (folderId === null) delete next.folderId;
        return next;
      });
      return ok(list.filter((c) => ids.includes(c.id)));
    },
    createFolder: ({ name, color }) => {
      if (stored.some((f) => f.name.toLowerCase() === name.trim().toLowerCase())) {
        return {
          ok: false,
          error: { kind: 'invalid-input', message: `There is already a folder named “${name}”.` },
        };
      }
      const folder: Folder = {
        id: `f-${name}`,
        name: name.trim(),
        collapsed: false,
        createdAt: 1,
        ...(color ? { color } : {}),
      };
      stored = [...stored, folder];
      return ok(folder);
    },
    updateFolder: ({ id, collapsed, name }) => {
      stored = stored.map((f) =>
        f.id === id
          ? { ...f, ...(collapsed !== undefined ? { collapsed } : {}), ...(name ? { name } : {}) }
          : f,
      );
      return ok(stored.find((f) => f.id === id) as Folder);
    },
    deleteFolder: ({ id }) => ok({ deleted: true, unfiled: list.filter((c) => c.folderId === id).length }),
    deleteConversations: ({ ids }) => ok({ deleted: ids.length }),
    exportConversations: ({ ids }) =>
      ok({ filename: 'quartet-conversations.json', mime: 'application/json', content: `${ids.length}` }),
    searchConversations: () => ok([]),
    getConversation: ({ id }) =>
      ok({
        id,
        format: 'messages',
        model: 'm',
        title: 't',
        params: { stream: true },
        turns: [],
        createdAt: 1,
        updatedAt: 1,
      }),
  });
  t.setBridge(fake.bridge);
  t.store.setState({
    settings: SETTINGS,
    conversations,
    conversationsStatus: 'ready',
    folders,
    foldersStatus: 'ready',
  });
  return { store: t.store, fake };
}

const titles = (root: HTMLElement = document.body) =>
  within(root)
    .queryAllByTestId('conversation-item')
    .map((el) => el.querySelector('.conv-title')?.textContent);

/** The one open dialog with this test id (closed ones stay in the page, empty). */
function openDialog(testId: string): HTMLElement {
  const open = screen.getAllByTestId(testId).filter((d) => (d as HTMLDialogElement).open);
  expect(open).toHaveLength(1);
  return open[0] as HTMLElement;
}

/** A drag's data, as the browser keeps it between dragstart and drop. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    get types() {
      return [...data.keys()];
    },
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

describe('a tab’s sidebar', () => {
  beforeEach(() => vi.useRealTimers());

  it('lists pinned first, then each folder with its count, then the rest; a pin button pins in place', async () => {
    const user = userEvent.setup();
    const { store, fake } = setup(
      [
        conv('a', { updatedAt: 5, title: 'Newest' }),
        conv('b', { updatedAt: 4, title: 'Filed', folderId: 'w' }),
        conv('c', { updatedAt: 3, title: 'Pinned one', pinned: true, folderId: 'w' }),
        conv('m', { updatedAt: 9, title: 'Another tab', format: 'messages' }),
      ],
      [{ id: 'w', name: 'Work', color: 'blue', collapsed: false, createdAt: 1 }],
    );
    renderWithStore(<Sidebar format="chat" />, store);
    expect(titles()).toEqual(['Pinned one', 'Filed', 'Newest']);
    const sections = screen.getAllByTestId('sidebar-section').map((s) => s.getAttribute('data-section'));
    expect(sections).toEqual(['pinned', 'unfiled']);
    const folder = screen.getByTestId('folder-row');
    expect(folder.textContent).toContain('Work');
    expect(within(folder).getByLabelText('1 conversation')).toBeTruthy();
    // the pinned row names its folder
    expect(screen.getByTestId('pinned-folder').textContent).toContain('Work');
    // all conversations, every tab's, one click away
    expect(screen.getByTestId('open-library').textContent).toContain('4');

    const newest = screen.getAllByTestId('conversation-item')[2] as HTMLElement;
    await user.click(within(newest).getByTestId('pin-conversation'));
    expect(fake.calls.at(-1)).toEqual({ op: 'organiseConversations', input: { ids: ['a'], pinned: true } });
    await waitFor(() => expect(titles()).toEqual(['Newest', 'Pinned one', 'Filed']));
    expect(screen.getAllByTestId('conversation-item')[0]?.getAttribute('data-pinned')).toBe('true');
  });

  it('folds a folder, hiding its conversations, and remembers it with the host', async () => {
    const user = userEvent.setup();
    const { store, fake } = setup(
      [conv('b', { folderId: 'w', title: 'Filed' }), conv('a', { title: 'Loose' })],
      [{ id: 'w', name: 'Work', collapsed: false, createdAt: 1 }],
    );
    renderWithStore(<Sidebar format="chat" />, store);
    const toggle = screen.getByTestId('folder-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(titles()).toEqual(['Loose']);
    expect(fake.calls.at(-1)).toEqual({ op: 'updateFolder', input: { id: 'w', collapsed: true } });
  });

  it('moves a conversation to a folder from its menu, with the keyboard alone', async () => {
    const user = userEvent.setup();
    const { store, fake } = setup(
      [conv('a', { title: 'Loose' })],
      [
        { id: 'h', name: 'Home', collapsed: false, createdAt: 1 },
        { id: 'w', name: 'Work', collapsed: false, createdAt: 1 },
      ],
    );
    renderWithStore(<Sidebar format="chat" />, store);
    screen.getByTestId('conversation-menu').focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Pin', 'Rename', 'Move to folder…', 'Delete']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const dialog = await screen.findByTestId('move-dialog');
    const options = within(dialog).getAllByTestId('move-folder');
    await user.click(options[1] as HTMLElement);
    await user.click(within(dialog).getByTestId('move-confirm'));
    expect(fake.calls.at(-1)).toEqual({ op: 'organiseConversations', input: { ids: ['a'], folderId: 'w' } });
    await waitFor(() => expect(store.getState().conversations[0]?.folderId).toBe('w'));
    const work = screen.getAllByTestId('folder-row')[1] as HTMLElement;
    expect(within(work).getByLabelText('1 conversation')).toBeTruthy();
  });

  it('files a conversation dropped on a folder, and pins one dropped on Pinned', async () => {
    const { store, fake } = setup(
      [
        conv('a', { title: 'Loose', updatedAt: 2 }),
        conv('p', { title: 'Pinned', pinned: true, updatedAt: 1 }),
      ],
      [{ id: 'w', name: 'Work', collapsed: false, createdAt: 1 }],
    );
    renderWithStore(<Sidebar format="chat" />, store);
    const drag = (title: string, target: HTMLElement) => {
      const item = screen
        .getAllByTestId('conversation-item')
        .find((el) => el.textContent?.includes(title)) as HTMLElement;
      const transfer = dataTransfer();
      fireEvent.dragStart(item, { dataTransfer: transfer });
      fireEvent.dragOver(target, { dataTransfer: transfer });
      fireEvent.drop(target, { dataTransfer: transfer });
    };
    drag('Loose', screen.getByTestId('folder-row'));
    await waitFor(() =>
      expect(fake.calls.at(-1)).toEqual({
        op: 'organiseConversations',
        input: { ids: ['a'], folderId: 'w' },
      }),
    );
    // a pinned one dropped on the folder goes into it, out of Pinned
    drag('Pinned', screen.getByTestId('folder-row'));
    await waitFor(() =>
      expect(fake.calls.at(-1)).toEqual({
        op: 'organiseConversations',
        input: { ids: ['p'], pinned: false, folderId: 'w' },
      }),
    );
    await waitFor(() => expect(screen.queryAllByTestId('sidebar-section')).toHaveLength(0));
    expect(titles()).toEqual(['Loose', 'Pinned']);
  });

  it('makes a folder (a name taken is said beside the field) and deletes one, its conversations kept', async () => {
    const user = userEvent.setup();
    const { store, fake } = setup(
      [conv('a', { folderId: 'w', title: 'Filed' }), conv('m', { folderId: 'w', format: 'messages' })],
      [{ id: 'w', name: 'Work', collapsed: false, createdAt: 1 }],
    );
    renderWithStore(<Sidebar format="chat" />, store);
    await user.click(screen.getByTestId('new-folder'));
    const dialog = await screen.findByTestId('folder-dialog');
    await user.type(within(dialog).getByTestId('folder-name'), 'work');
    await user.click(within(dialog).getByTestId('folder-save'));
    expect((await within(dialog).findByTestId('folder-problem')).textContent).toContain('already a folder');
    await user.clear(within(dialog).getByTestId('folder-name'));
    await user.type(within(dialog).getByTestId('folder-name'), 'Ideas');
    await user.click(within(dialog).getByTestId('folder-color-green'));
    await user.click(within(dialog).getByTestId('folder-save'));
    expect(fake.calls.find((c) => c.op === 'createFolder' && c.input['name'] === 'Ideas')?.input).toEqual({
      name: 'Ideas',
      color: 'green',
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('folder-row').map((f) => f.getAttribute('data-name'))).toEqual([
        'Ideas',
        'Work',
      ]),
    );

    const work = screen.getAllByTestId('folder-row')[1] as HTMLElement;
    await user.click(within(work).getByTestId('folder-menu'));
    await user.click(screen.getByTestId('menu-folder-delete'));
    const confirm = openDialog('confirm-dialog');
    // both tabs' conversations stay: the question says so
    expect(confirm.textContent).toContain('Delete the folder “Work”?');
    expect(confirm.textContent).toContain('Its 2 conversations stay, in no folder.');
    await user.click(within(confirm).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.getAllByTestId('folder-row')).toHaveLength(1));
    expect(titles()).toEqual(['Filed']);
    expect(store.getState().conversations.every((c) => c.folderId === undefined)).toBe(true);
  });

  it('virtualises a long list: the rows near the top are in the page, not all of them', () => {
    const many = Array.from({ length: 2000 }, (_, i) => conv(`c${i}`, { updatedAt: 2000 - i }));
    const { store } = setup(many);
    renderWithStore(<Sidebar format="chat" />, store);
    const list = screen.getByTestId('conversation-list');
    expect(list.getAttribute('data-virtual')).toBe('true');
    expect(screen.queryAllByTestId('conversation-item').length).toBeLessThan(100);
  });
});

describe('the all-conversations view', () => {
  const LIST = [
    conv('a', { format: 'chat', title: 'Quarterly report', updatedAt: 6, createdAt: 1, folderId: 'w' }),
    conv('b', { format: 'messages', title: 'Report review', updatedAt: 5, createdAt: 2 }),
    conv('c', { format: 'generate', title: 'Sky colour', updatedAt: 4, createdAt: 3 }),
    conv('d', { format: 'responses', title: 'Invoice schema', updatedAt: 3, createdAt: 4, pinned: true }),
    conv('e', { format: 'chat', title: 'Birthday ideas', updatedAt: 2, createdAt: 5 }),
  ];
  const FOLDERS: Folder[] = [{ id: 'w', name: 'Work', color: 'blue', collapsed: false, createdAt: 1 }];
  const rows = () => screen.queryAllByTestId('library-row').map((r) => r.getAttribute('data-id'));

  it('lists every format with its format on the row, pinned first, then filters and sorts', async () => {
    const user = userEvent.setup();
    const { store } = setup(LIST, FOLDERS);
    renderWithStore(<LibraryView />, store);
    expect(rows()).toEqual(['d', 'a', 'b', 'c', 'e']);
    expect(screen.getAllByTestId('library-format-badge').map((b) => b.textContent)).toEqual([
      'Responses',
      'Chat',
      'Messages',
      'Generate',
      'Chat',
    ]);
    expect(screen.getByTestId('library-total').textContent).toBe('5 conversations');
    await user.selectOptions(screen.getByTestId('library-format'), 'chat');
    expect(rows()).toEqual(['a', 'e']);
    await user.selectOptions(screen.getByTestId('library-format'), 'all');
    await user.selectOptions(screen.getByTestId('library-folder'), 'w');
    expect(rows()).toEqual(['a']);
    await user.selectOptions(screen.getByTestId('library-folder'), 'all');
    await user.type(screen.getByTestId('library-search'), 'report');
    expect(rows()).toEqual(['a', 'b']);
    await user.clear(screen.getByTestId('library-search'));
    await user.selectOptions(screen.getByTestId('library-sort'), 'title');
    expect(rows()).toEqual(['d', 'e', 'a', 'b', 'c']);
    await user.selectOptions(screen.getByTestId('library-sort'), 'created');
    expect(rows()).toEqual(['d', 'e', 'c', 'b', 'a']);
    await user.type(screen.getByTestId('library-search'), 'nothing like this');
    expect(screen.getByTestId('library-empty').textContent).toContain('No conversation matches');
  });

  it('ticks a range with shift-click, all with select all, and deletes after saying how many', async () => {
    const user = userEvent.setup();
    const { store, fake } = setup(LIST, FOLDERS);
    renderWithStore(<LibraryView />, store);
    const checks = () => screen.getAllByTestId('library-check');
    await user.click(checks()[1] as HTMLElement);
    await user.keyboard('{Shift>}');
    await user.click(checks()[3] as HTMLElement);
    await user.keyboard('{/Shift}');
    expect(screen.getByTestId('library-selected').textContent).toBe('3 selected');
    expect((screen.getByTestId('library-select-all') as HTMLInputElement).indeterminate).toBe(true);

    await user.click(screen.getByTestId('library-delete'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Delete 3 conversations?');
    await user.click(within(confirm).getByTestId('confirm-button'));
    expect(fake.calls.at(-1)).toEqual({ op: 'deleteConversations', input: { ids: ['a', 'b', 'c'] } });
    await waitFor(() => expect(rows()).toEqual(['d', 'e']));

    await user.click(screen.getByTestId('library-select-all'));
    expect(screen.getByTestId('library-selected').textContent).toBe('2 selected');
    await user.click(screen.getByTestId('library-select-all'));
    expect(screen.queryByTestId('library-selected')).toBeNull();
  });

  it('pins, moves and exports the ticked rows, in the order shown', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    const { store, fake } = setup(LIST, FOLDERS);
    renderWithStore(<LibraryView />, store);
    const checks = () => screen.getAllByTestId('library-check');
    await user.click(checks()[4] as HTMLElement);
    await user.click(checks()[2] as HTMLElement);
    await user.click(screen.getByTestId('library-export'));
    expect(fake.calls.at(-1)).toEqual({ op: 'exportConversations', input: { ids: ['b', 'e'] } });
    await user.click(screen.getByTestId('library-pin'));
    expect(fake.calls.at(-1)).toEqual({
      op: 'organiseConversations',
      input: { ids: ['b', 'e'], pinned: true },
    });
    await waitFor(() => expect(rows()).toEqual(['b', 'd', 'e', 'a', 'c']));
    // all ticked rows pinned: the button unpins
    expect(screen.getByTestId('library-pin').textContent).toBe('Unpin');
    await user.click(screen.getByTestId('library-move'));
    const dialog = await screen.findByTestId('move-dialog');
    expect(dialog.textContent).toContain('Move 2 conversations to a folder');
    await user.click(within(dialog).getByTestId('move-new'));
    await user.type(within(dialog).getByTestId('move-new-name'), 'Later');
    await user.click(within(dialog).getByTestId('move-confirm'));
    await waitFor(() =>
      expect(fake.calls.at(-1)).toEqual({
        op: 'organiseConversations',
        input: { ids: ['b', 'e'], folderId: 'f-Later' },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('library-row')[0]?.textContent).toContain('Later'));
  });

  it('opens a conversation in its own tab', async () => {
    const user = userEvent.setup();
    const { store } = setup(LIST, FOLDERS);
    renderWithStore(<LibraryView />, store);
    const row = screen
      .getAllByTestId('library-row')
      .find((r) => r.getAttribute('data-id') === 'b') as HTMLElement;
    await act(() => user.click(within(row).getByTestId('library-open')));
    expect(store.getState().activeTab).toBe('messages');
    expect(store.getState().activeConversation.messages).toBe('b');
  });
});

describe('folder names with bidi or control characters', () => {
  // "Work\u202Ekrow" is drawn as "Workwork" reversed; an import or an older store can hold such a name
  const TRICK = 'Pay\u202Efdp.exe\u200B';
  const SHOWN = 'Pay\\u{202E}fdp.exe\\u{200B}';

  it('are shown escaped in the folder row, the pinned tag and the move dialog', async () => {
    const user = userEvent.setup();
    const { store } = setup(
      [conv('a', { title: 'Loose' }), conv('p', { title: 'Pinned', pinned: true, folderId: 'w' })],
      [{ id: 'w', name: TRICK, collapsed: false, createdAt: 1 }],
    );
    renderWithStore(<Sidebar format="chat" />, store);
    const row = screen.getByTestId('folder-row');
    expect(row.querySelector('.conv-folder-name')?.textContent).toBe(SHOWN);
    expect(within(row).getByTestId('folder-menu').getAttribute('aria-label')).toContain(SHOWN);
    expect(screen.getByTestId('pinned-folder').textContent).toContain(SHOWN);
    for (const el of [document.body.textContent ?? '']) expect(el).not.toMatch(/[\u202E\u200B]/);
    const loose = screen
      .getAllByTestId('conversation-item')
      .find((el) => el.textContent?.includes('Loose')) as HTMLElement;
    within(loose).getByTestId('conversation-menu').focus();
    await user.keyboard('{ArrowDown}');
    await user.click(within(screen.getByRole('menu')).getByText('Move to folder…'));
    const dialog = await screen.findByTestId('move-dialog');
    expect(within(dialog).getAllByTestId('move-folder')[0]?.closest('label')?.textContent).toContain(SHOWN);
    expect(dialog.textContent).not.toMatch(/[\u202E\u200B]/);
  });
});
