// @vitest-environment jsdom
// The keyboard layer as a user meets it: Ctrl+K opens the palette, which finds actions and conversations
// of all four formats, moves with the arrows, runs with Enter and closes with Esc, giving the focus back;
// ? opens the list of every shortcut (not while typing); Esc stops a running reply unless a menu wants it;
// the sidebar folds as a setting; a command from the desktop menu runs like its shortcut.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationSummary, Settings } from '../../../shared/contract.ts';
import type { Conversation } from '../../../shared/conversation.ts';
import { COMMANDS, UNBOUND_COMMANDS } from '../../../shared/commands.ts';
import { Commands } from '../../../renderer/commands/Commands.tsx';
import { fakeBridge, freshStore, ok, settingsWith } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

// jsdom has no modal dialogs: opening one shows it, as browsers do.
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.defineProperties(HTMLDialogElement.prototype, {
    showModal: {
      value(this: HTMLDialogElement) {
        this.open = true;
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

const summary = (id: string, format: ConversationSummary['format'], title: string, updatedAt: number) =>
  ({ id, format, model: 'm', title, origin: 'chat', turnCount: 2, createdAt: 1, updatedAt }) as const;

const CONVERSATIONS: ConversationSummary[] = [
  summary('c1', 'chat', 'Rust lifetimes explained', 40),
  summary('c2', 'messages', 'Sourdough starter schedule', 30),
  summary('c3', 'generate', 'Haiku about lifetimes', 20),
  summary('c4', 'responses', 'Tax return checklist', 10),
];

const conversation = (id: string, format: Conversation['format']): Conversation => ({
  id,
  format,
  model: 'm',
  title: 'x',
  params: { stream: true },
  turns: [],
  createdAt: 1,
  updatedAt: 1,
});

function setup() {
  const t = freshStore();
  let settings = SETTINGS;
  const fake = fakeBridge({
    getConversation: ({ id }) => ok(conversation(id, CONVERSATIONS.find((c) => c.id === id)!.format)),
    updateSettings: (patch) => ok((settings = settingsWith(settings, patch))),
    abortRequest: () => ok({ aborted: true }),
  });
  t.setBridge(fake.bridge);
  t.store.setState({ settings, conversations: CONVERSATIONS, ready: true });
  renderWithStore(
    <>
      <button type="button">Somewhere</button>
      <textarea aria-label="Message" />
      <Commands />
    </>,
    t.store,
  );
  return { store: t.store, fake };
}

const palette = () => screen.queryByTestId('command-palette');

describe('the command palette', () => {
  it('opens with Ctrl+K, finds a conversation of another format by title, opens it in its tab', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    await user.click(screen.getByRole('button', { name: 'Somewhere' }));
    await user.keyboard('{Control>}k{/Control}');
    const input = screen.getByTestId('palette-input');
    expect(document.activeElement).toBe(input);
    await user.keyboard('sourdough');
    const options = within(palette()!).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Sourdough starter schedule'),
    ]);
    expect(options[0]?.textContent).toContain('Messages');
    await user.keyboard('{Enter}');
    expect(palette()).toBeNull();
    await waitFor(() => expect(store.getState().activeTab).toBe('messages'));
    await waitFor(() => expect(store.getState().activeConversation.messages).toBe('c2'));
  });

  it('matches every word typed, across the four formats, and moves with the arrows', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('lifetimes');
    const found = within(palette()!).getAllByTestId('palette-conversation');
    expect(found.map((o) => o.getAttribute('data-id'))).toEqual(['c1', 'c3']);
    const input = screen.getByTestId('palette-input');
    expect(input.getAttribute('aria-activedescendant')).toBe(found[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(found[1]!.id);
    expect(found[1]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}'); // wraps to the top
    expect(input.getAttribute('aria-activedescendant')).toBe(found[0]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(store.getState().activeTab).toBe('generate'));
  });

  it('finds actions by name, and runs one with Enter', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('inspector');
    const action = within(palette()!).getByTestId('palette-command');
    expect(action?.getAttribute('data-command')).toBe('toggleInspector');
    // its shortcut is shown beside it
    expect(action?.textContent).toMatch(/Ctrl.*Alt.*I/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(store.getState().inspectorOpen).toBe(true));
  });

  it('lists every action when nothing is typed, and dims one that cannot run here', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    await user.keyboard('{Control>}k{/Control}');
    const actions = within(palette()!).getAllByTestId('palette-command');
    // every command but the palette itself
    expect(actions).toHaveLength(COMMANDS.length - 1);
    const stop = actions.find((a) => a.getAttribute('data-command') === 'stopReply')!;
    expect(stop?.getAttribute('aria-disabled')).toBe('true');
    await user.click(stop);
    expect(palette()).not.toBeNull();
    expect(store.getState().inspectorOpen).toBe(false);
    // recent conversations follow the actions
    expect(within(palette()!).getAllByTestId('palette-conversation')).toHaveLength(CONVERSATIONS.length);
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    setup();
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('zzzz');
    expect(within(palette()!).getByRole('status')?.textContent).toContain('Nothing matches “zzzz”.');
  });

  it('closes with Esc or Ctrl+K and gives the focus back', async () => {
    const user = userEvent.setup();
    setup();
    const before = screen.getByRole('textbox', { name: 'Message' });
    await user.click(before);
    await user.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(screen.getByTestId('palette-input'));
    await user.keyboard('{Escape}');
    expect(palette()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(before));
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('{Control>}k{/Control}');
    expect(palette()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(before));
  });
});

describe('the shortcuts sheet', () => {
  it('opens with ? and lists every shortcut with its keys', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Somewhere' }));
    await user.keyboard('?');
    const sheet = screen.getByTestId('shortcuts-sheet');
    const rows = within(sheet).getAllByTestId('shortcut-row');
    for (const c of COMMANDS) {
      expect(
        rows.some((r) => r.getAttribute('data-command') === c.id),
        c.id,
      ).toBe(!UNBOUND_COMMANDS.includes(c.id));
    }
    const newChat = rows.find((r) => r.getAttribute('data-command') === 'newConversation')!;
    expect(newChat?.textContent).toContain('New conversation');
    expect(newChat?.textContent).toContain('Ctrl Shift O');
    // in a browser the sections' keys are not the browser's tab keys
    expect(rows.find((r) => r.getAttribute('data-command') === 'goto.chat')?.textContent).toContain(
      'Ctrl Alt 1',
    );
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('shortcuts-sheet')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Somewhere' })),
    );
  });

  it('is not opened by ? typed in a text box', async () => {
    const user = userEvent.setup();
    setup();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.keyboard('why?');
    expect((box as HTMLTextAreaElement).value).toBe('why?');
    expect(screen.queryByTestId('shortcuts-sheet')).toBeNull();
  });
});

describe('shortcuts', () => {
  it('Esc stops the running reply, even from the message box, but not inside a menu', async () => {
    const user = userEvent.setup();
    const { store, fake } = setup();
    act(() => {
      store.setState({
        activeTab: 'chat',
        activeConversation: { chat: 'c1', responses: null, messages: null, generate: null },
        loaded: { c1: conversation('c1', 'chat') },
        pending: { c1: { requestId: 'r1', kind: 'send', text: 'hi', editTurnId: null } },
      });
      store.getState().beginRun('r1');
    });
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    menu.tabIndex = -1;
    document.body.append(menu);
    menu.focus();
    await user.keyboard('{Escape}');
    expect(fake.calls.filter((c) => c.op === 'abortRequest')).toHaveLength(0);
    menu.remove();

    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.op === 'abortRequest')).toEqual([
        { op: 'abortRequest', input: { requestId: 'r1' } },
      ]),
    );
  });

  it('Esc with no reply running is left alone', () => {
    setup();
    const e = new KeyboardEvent('keydown', {
      key: 'Escape',
      code: 'Escape',
      bubbles: true,
      cancelable: true,
    });
    window.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(false);
  });

  it('Ctrl+Shift+S folds the sidebar away as a setting, and back', async () => {
    const user = userEvent.setup();
    const { store, fake } = setup();
    act(() => store.setState({ activeTab: 'chat' }));
    await user.keyboard('{Control>}{Shift>}s{/Shift}{/Control}');
    await waitFor(() => expect(store.getState().settings?.sidebarCollapsed).toBe(true));
    await user.keyboard('{Control>}{Shift>}s{/Shift}{/Control}');
    await waitFor(() => expect(store.getState().settings?.sidebarCollapsed).toBe(false));
    expect(fake.calls.filter((c) => c.op === 'updateSettings').map((c) => c.input)).toEqual([
      { sidebarCollapsed: true },
      { sidebarCollapsed: false },
    ]);
  });

  it('Ctrl+Alt+digit picks a section in the browser; a held chord does not repeat', async () => {
    const { store } = setup();
    const press = (init: KeyboardEventInit) =>
      fireEvent.keyDown(window, { ctrlKey: true, altKey: true, ...init });
    press({ key: '7', code: 'Digit7' });
    expect(store.getState().activeTab).toBe('compare');
    press({ key: '2', code: 'Digit2' });
    expect(store.getState().activeTab).toBe('responses');
    press({ key: 'i', code: 'KeyI' });
    expect(store.getState().inspectorOpen).toBe(true);
    press({ key: 'i', code: 'KeyI', repeat: true });
    expect(store.getState().inspectorOpen).toBe(true);
  });

  it('runs the commands the desktop menu sends, and ignores an id it does not know', () => {
    const { store, fake } = setup();
    act(() => fake.emit('command', { id: 'toggleInspector' }));
    expect(store.getState().inspectorOpen).toBe(true);
    act(() => fake.emit('command', { id: 'format-disk' } as never));
    act(() => fake.emit('command', { id: 'goto.settings' }));
    expect(store.getState().activeTab).toBe('settings');
    act(() => fake.emit('command', { id: 'openPalette' }));
    expect(palette()).not.toBeNull();
  });
});
