// @vitest-environment jsdom
// Presets as a user meets them: the chat header's menu applies one to a new conversation after asking its
// variables (first field focused, Enter applies, an empty one named), saves the tab's system prompt and
// parameters as one (a name taken offers to replace it), imports a file with a bad preset (the rest come
// in, the bad one is listed with why) and deletes after asking; a Compare column takes one alone.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/contract.ts';
import type { SavedPreset } from '../../../shared/presets.ts';
import { ChatPresets } from '../../../renderer/features/presets/ChatPresets.tsx';
import { ColumnPresets } from '../../../renderer/features/presets/ColumnPresets.tsx';
import { ColumnHeader } from '../../../renderer/features/compare/CompareColumn.tsx';
import { selectColumnParams } from '../../../renderer/store/compare-slice.ts';
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

const TRANSLATOR: SavedPreset = {
  id: 'p1',
  name: 'Translator',
  params: { stream: true, system: 'Answer in {{language}}, {{ tone }}.', temperature: 0.2 },
  message: 'Say it in {{language}}:',
  createdAt: 1,
  updatedAt: 1,
};
const PLAIN: SavedPreset = {
  id: 'p2',
  name: 'Plain',
  description: 'No variables',
  params: { stream: false, maxTokens: 64 },
  createdAt: 1,
  updatedAt: 1,
};

function setup(ui: 'chat' | 'compare' = 'chat') {
  const t = freshStore();
  let stored = [PLAIN, TRANSLATOR];
  const fake = fakeBridge({
    listPresets: () => ok({ presets: stored, unreadable: [] }),
    updateSettings: () => ok(SETTINGS),
    savePreset: (input) => {
      if (
        input.id === undefined &&
        stored.some((p) => p.name.toLowerCase() === input.name.trim().toLowerCase())
      ) {
        const message = `There is already a preset named “${input.name}”. Choose another name.`;
        return { ok: false, error: { kind: 'invalid-input', message, issues: [{ path: 'name', message }] } };
      }
      const saved: SavedPreset = {
        id: input.id ?? 'new',
        name: input.name.trim(),
        params: { ...input.params, stream: input.params.stream ?? true },
        ...(input.message !== undefined ? { message: input.message } : {}),
        createdAt: 2,
        updatedAt: 2,
      };
      stored = [...stored.filter((p) => p.id !== saved.id), saved];
      return ok(saved);
    },
    deletePreset: ({ id }) => {
      stored = stored.filter((p) => p.id !== id);
      return ok({ deleted: true });
    },
    importPresets: () =>
      ok({
        imported: [{ ...PLAIN, id: 'p3', name: 'Plain (2)' }],
        skipped: [
          {
            position: 2,
            name: 'Hot',
            reason: 'params.temperature: Temperature must be a number from 0 to 2.',
          },
        ],
      }),
  });
  t.setBridge(fake.bridge);
  t.store.setState({ settings: SETTINGS });
  if (ui === 'chat') {
    t.store.setState({ drafts: { 'new:messages': '' } });
    renderWithStore(<ChatPresets format="messages" conversationId={null} />, t.store);
  } else {
    t.store.getState().hydrateCompare({
      ...SETTINGS,
      compareParams: { temperature: 0.9 },
      compareColumns: [
        { format: 'chat', model: 'gpt-5-mini' },
        { format: 'messages', model: 'claude-haiku-4-5' },
      ],
    });
    const [a, b] = t.store.getState().compareColumns;
    renderWithStore(
      <>
        <ColumnHeader columnKey={a?.key ?? ''} index={0} presets={ColumnPresets} />
        <ColumnHeader columnKey={b?.key ?? ''} index={1} presets={ColumnPresets} />
      </>,
      t.store,
    );
  }
  return { store: t.store, fake };
}

async function openMenu(user: ReturnType<typeof userEvent.setup>, testId = 'presets-menu', i = 0) {
  await user.click(screen.getAllByTestId(testId)[i] as HTMLElement);
  return screen.findByTestId('preset-menu');
}

describe('the chat tab’s presets', () => {
  it('asks the variables, then starts a new conversation with them filled in and the message unsent', async () => {
    const user = userEvent.setup();
    const { store, fake } = setup();
    const menu = await openMenu(user);
    expect(within(menu).getByText('Apply to a new Messages conversation')).toBeTruthy();
    const items = await within(menu).findAllByTestId('preset-menu-item');
    expect(items.map((i) => i.getAttribute('data-name'))).toEqual(['Plain', 'Translator']);
    expect(items[1]?.textContent).toContain('{{language}} {{tone}}');
    await user.click(items[1] as HTMLElement);

    const dialog = screen.getByTestId('preset-fill-dialog');
    const fields = within(dialog).getAllByTestId('preset-variable');
    expect(fields.map((f) => f.getAttribute('data-name'))).toEqual(['language', 'tone']);
    expect(document.activeElement).toBe(fields[0]);
    await user.keyboard('Welsh{Enter}');
    expect(within(dialog).getByTestId('preset-fill-error').textContent).toBe(
      'Fill in {{tone}}: every variable needs a value.',
    );
    expect(store.getState().draftParams.messages).toBeUndefined();

    await user.click(fields[1] as HTMLElement);
    // (`{{` types one brace)
    await user.keyboard('politely {{{{language}}{Enter}');
    expect(screen.queryByTestId('preset-fill-error')).toBeNull();
    expect(store.getState().draftParams.messages).toEqual({
      stream: true,
      // messages needs max tokens: the preset has none, so the tab's default goes
      maxTokens: 1024,
      temperature: 0.2,
      system: 'Answer in Welsh, politely {{language}}.',
    });
    expect(store.getState().drafts['new:messages']).toBe('Say it in Welsh:');
    expect(store.getState().activeConversation.messages).toBeNull();
    expect(store.getState().presetRevision.messages).toBe(1);
    expect(fake.calls.some((c) => c.op === 'sendMessage' || c.op === 'createConversation')).toBe(false);
    expect(store.getState().notices.at(-1)?.message).toBe(
      '“Translator” applied to a new Messages conversation.',
    );
  });

  it('keeps what the user wrote in the message box, and replaces a message a preset put there', async () => {
    const { store } = setup();
    await act(() => store.getState().loadPresets());
    act(() => store.getState().setDraft('new:messages', 'my own words'));
    act(() => void store.getState().applyPresetToChat('messages', 'p1', { language: 'Irish', tone: 'dry' }));
    expect(store.getState().drafts['new:messages']).toBe('Say it in Irish:\n\nmy own words');
    act(() => void store.getState().setDraft('new:messages', ''));
    act(() => void store.getState().applyPresetToChat('messages', 'p1', { language: 'Irish', tone: 'dry' }));
    act(() => void store.getState().applyPresetToChat('messages', 'p1', { language: 'Manx', tone: 'dry' }));
    expect(store.getState().drafts['new:messages']).toBe('Say it in Manx:');
  });

  it('applies a preset without variables at once', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    const menu = await openMenu(user);
    await user.click((await within(menu).findAllByTestId('preset-menu-item'))[0] as HTMLElement);
    expect(screen.queryByTestId('preset-fill-dialog')?.hasAttribute('open') ?? false).toBe(false);
    expect(store.getState().draftParams.messages).toEqual({ stream: false, maxTokens: 64 });
  });

  it('saves the tab’s system prompt and parameters; a name taken offers to replace that preset', async () => {
    const user = userEvent.setup();
    const { store, fake } = setup();
    act(() => {
      store.getState().setParams('messages', { stream: true, maxTokens: 300, system: 'Be brief.', topK: 5 });
      store.getState().setDraft('new:messages', 'Explain {{topic}}');
    });
    await openMenu(user);
    await user.click(screen.getByTestId('preset-action-save'));
    const editor = screen.getByTestId('preset-editor');
    expect(within(editor).getByTestId<HTMLTextAreaElement>('preset-system').value).toBe('Be brief.');
    expect(within(editor).getByTestId<HTMLTextAreaElement>('preset-message').value).toBe('Explain {{topic}}');
    expect(document.activeElement).toBe(within(editor).getByTestId('preset-name'));
    fireEvent.change(within(editor).getByTestId('preset-system'), {
      target: { value: 'Be brief about {{topic}}.' },
    });
    expect(within(editor).getByTestId('preset-facts').textContent).toBe(
      'Variables: {{topic}}Also saved: 300 tokens · top K 5',
    );

    await user.type(within(editor).getByTestId('preset-name'), 'translator{Enter}');
    const error = await within(editor).findByTestId('preset-editor-error');
    expect(error.textContent).toContain('There is already a preset named “translator”.');
    await user.click(within(error).getByTestId('preset-replace'));
    await waitFor(() => expect(screen.queryByTestId('preset-editor-error')).toBeNull());
    const saves = fake.calls.filter((c) => c.op === 'savePreset').map((c) => c.input);
    expect(saves.at(-1)).toEqual({
      id: 'p1',
      name: 'Translator',
      params: { stream: true, maxTokens: 300, system: 'Be brief about {{topic}}.', topK: 5 },
      message: 'Explain {{topic}}',
    });
    expect(store.getState().presets.find((p) => p.id === 'p1')?.params.system).toBe(
      'Be brief about {{topic}}.',
    );
  });

  it('imports a file, listing the preset it skipped and why; deletes a preset after asking', async () => {
    const user = userEvent.setup();
    const { store } = setup();
    await openMenu(user);
    await user.click(screen.getByTestId('preset-action-manage'));
    const dialog = screen.getByTestId('presets-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('preset-row')).toHaveLength(2));

    const file = new File(['{"quartet":"presets"}'], 'mine.json', { type: 'application/json' });
    await user.upload(within(dialog).getByTestId('presets-import-file'), file);
    const report = await within(dialog).findByTestId('presets-import-report');
    expect(report.textContent).toContain('Imported 1 preset from “mine.json”; 1 preset skipped:');
    expect(report.textContent).toContain(
      '#2 “Hot”: params.temperature: Temperature must be a number from 0 to 2.',
    );
    expect(
      within(dialog)
        .getAllByTestId('preset-row')
        .map((r) => r.getAttribute('data-name')),
    ).toEqual(['Plain', 'Plain (2)', 'Translator']);

    const row = within(dialog).getAllByTestId('preset-row')[0] as HTMLElement;
    await user.click(within(row).getByTestId('preset-delete'));
    expect(store.getState().presets).toHaveLength(3);
    await user.click(within(row).getByTestId('preset-delete-confirm'));
    await waitFor(() =>
      expect(store.getState().presets.map((p) => p.name)).toEqual(['Plain (2)', 'Translator']),
    );
  });
});

describe('a Compare column’s preset', () => {
  it('turns "same for all" off, gives this column the preset and leaves the others as they were', async () => {
    const user = userEvent.setup();
    const { store } = setup('compare');
    expect(store.getState().compareSameParams).toBe(true);
    const menu = await openMenu(user, 'compare-presets', 1);
    expect(within(menu).getByText('Apply to column 2 (Messages)')).toBeTruthy();
    await user.click((await within(menu).findAllByTestId('preset-menu-item'))[1] as HTMLElement);
    await user.keyboard('Basque');
    await user.tab();
    await user.keyboard('curtly{Enter}');

    const s = store.getState();
    const [a, b] = s.compareColumns;
    expect(s.compareSameParams).toBe(false);
    expect(selectColumnParams(s, a!)).toEqual({ stream: true, temperature: 0.9 });
    expect(selectColumnParams(s, b!)).toEqual({
      stream: true,
      maxTokens: 1024,
      temperature: 0.2,
      system: 'Answer in Basque, curtly.',
    });
    expect(s.comparePrompt).toBe('Say it in Basque:');
    expect(s.notices.at(-1)?.message).toBe(
      '“Translator” applied to column 2 (Messages). “Same parameters for all columns” is now off; the other columns keep theirs.',
    );
  });
});
