// @vitest-environment jsdom
// Functions typed with problems are a draft that is never lost and never sent: it survives switching to
// another conversation and back, is kept with the settings for a restart, blocks Send (panel open or not)
// while saying it is not sent, and goes only when the user discards it. The tool-choice list names what is
// on screen, never a stale name. A tab's new conversation says what it inherits, and "Start from defaults" drops it.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/contract.ts';
import { defaultParams, type Conversation, type Params } from '../../shared/conversation.ts';
import type { ToolDef } from '../../shared/tools.ts';
import {
  MAX_TOOL_DRAFTS,
  ToolDraftsSchema,
  boundedToolDrafts,
  type ToolDrafts,
} from '../../shared/tool-drafts.ts';
import { ParamsPanel } from '../../renderer/features/chat/ParamsPanel.tsx';
import { NewConversationStart } from '../../renderer/features/chat/NewConversationStart.tsx';
import { selectInvalidParam, selectTabParams } from '../../renderer/store/chat-helpers.ts';
import { selectToolsDraft } from '../../renderer/store/tools-slice.ts';
import { fakeBridge, freshStore, ok, settingsWith } from './fake-bridge.ts';
import { renderWithStore } from './components/render.tsx';

afterEach(cleanup);

const SCHEMA = '{\n  "type": "object",\n  "properties": {}\n}';
const FN3: ToolDef = { name: 'function_3', parameters: SCHEMA };
const WEATHER: ToolDef = { name: 'get_weather', parameters: '{"type":"object"}' };
const LONG_DESCRIPTION = 'Looks things up. '.repeat(120); // about 2 KB
const HALF_SCHEMA = '{\n  "type": "object",\n  "properties": {\n    "city": {"type": "str';

function conversation(id: string, params: Params): Conversation {
  return {
    id,
    format: 'chat',
    model: 'gpt-5-mini',
    title: id,
    params,
    turns: [],
    createdAt: 0,
    updatedAt: 0,
  };
}

function setup(options: { settings?: Partial<Settings>; open?: string | null } = {}) {
  const t = freshStore();
  let settings: Settings = { theme: 'system', tabs: {}, compareColumns: [], ...options.settings };
  const fake = fakeBridge({
    updateSettings: (patch) => ok((settings = settingsWith(settings, patch))),
    updateConversation: () => ok(conversation('x', { stream: true }) as never),
  });
  t.setBridge(fake.bridge);
  t.store.setState({
    settings,
    conversations: [],
    conversationsStatus: 'idle',
    loaded: {
      a: conversation('a', { stream: true, tools: [WEATHER, FN3], toolChoice: { name: 'function_3' } }),
      b: conversation('b', { stream: true }),
    },
    activeConversation: {
      ...t.store.getState().activeConversation,
      chat: options.open === undefined ? 'a' : options.open,
    },
  });
  const view = renderWithStore(<ParamsPanel format="chat" />, t.store);
  return { store: t.store, view, stored: () => settings };
}

/** Types into the second function (function_3): a name with a space, a long description, a half schema. */
function typeBrokenDraft() {
  const fn = screen.getAllByTestId('tool-def')[1]!;
  if (!(fn as HTMLDetailsElement).open) fireEvent.click(within(fn).getByText('function_3'));
  fireEvent.change(within(fn).getByTestId('tool-name'), { target: { value: 'look up' } });
  fireEvent.change(within(fn).getByTestId('tool-description'), { target: { value: LONG_DESCRIPTION } });
  fireEvent.change(within(fn).getByTestId('tool-parameters'), { target: { value: HALF_SCHEMA } });
}

function expectDraftOnScreen() {
  const fn = screen.getAllByTestId('tool-def')[1]!;
  expect(within(fn).getByTestId('tool-name')).toHaveProperty('value', 'look up');
  expect(within(fn).getByTestId('tool-description')).toHaveProperty('value', LONG_DESCRIPTION);
  expect(within(fn).getByTestId('tool-parameters')).toHaveProperty('value', HALF_SCHEMA);
  expect(within(fn).getByTestId('tool-name-error').textContent).toMatch(/letters, digits, underscores/);
  expect(within(fn).getByTestId('tool-parameters-error').textContent).toMatch(/not valid JSON/);
  expect(screen.getByTestId('tools-draft-note').textContent).toMatch(
    /This draft is not sent while it has problems.*Saved meanwhile: the last valid functions, get_weather, function_3\./,
  );
}

const switchTo = (store: ReturnType<typeof setup>['store'], id: string | null) =>
  act(() => void store.getState().openConversation('chat', id));

describe('a functions draft with problems', () => {
  it('survives switching to another conversation and back, and is never what gets sent', () => {
    const { store } = setup();
    typeBrokenDraft();
    expectDraftOnScreen();
    // the conversation keeps its last valid list; sending waits and says why
    expect(store.getState().loaded.a?.params.tools).toEqual([WEATHER, FN3]);
    expect(selectInvalidParam(store.getState(), 'chat')).toMatch(/^Tools: look up: A function name must be/);

    switchTo(store, 'b');
    expect(screen.queryByTestId('tool-def')).toBeNull();
    expect(selectInvalidParam(store.getState(), 'chat')).toBeNull();
    switchTo(store, 'a');
    // before: function_3 with an empty description and the last valid schema
    expectDraftOnScreen();
    expect(store.getState().loaded.a?.params.tools).toEqual([WEATHER, FN3]);
  });

  it('blocks Send while the panel is closed, saying the draft is not sent', () => {
    const { store, view } = setup();
    typeBrokenDraft();
    view.unmount();
    expect(selectInvalidParam(store.getState(), 'chat')).toMatch(
      /^The functions draft is not sent\. Tools: look up: A function name must be/,
    );
  });

  it('is kept with the settings and comes back after a restart', async () => {
    const first = setup();
    typeBrokenDraft();
    await act(() => first.store.runtime.saves.flush('toolDrafts'));
    const kept = first.stored().toolDrafts as ToolDrafts;
    expect(kept.a?.functions.map((f) => f.name)).toEqual(['get_weather', 'look up']);
    expect(kept.a?.functions[1]).toMatchObject({ savedName: 'function_3', parameters: HALF_SCHEMA });
    cleanup();

    // a new page: a store with only what the host kept
    const again = setup({ settings: { toolDrafts: kept } });
    expectDraftOnScreen();
    again.view.unmount();
    expect(selectInvalidParam(again.store.getState(), 'chat')).toMatch(
      /^The functions draft is not sent\. Tools: look up:/,
    );
  });

  it('becomes the saved list once fixed, and is then forgotten', async () => {
    const { store, stored } = setup();
    typeBrokenDraft();
    const fn = screen.getAllByTestId('tool-def')[1]!;
    fireEvent.change(within(fn).getByTestId('tool-name'), { target: { value: 'look_up' } });
    fireEvent.change(within(fn).getByTestId('tool-parameters'), { target: { value: SCHEMA } });
    expect(screen.queryByTestId('tools-draft-note')).toBeNull();
    const saved = store.getState().loaded.a?.params;
    expect(saved?.tools?.[1]).toEqual({ name: 'look_up', description: LONG_DESCRIPTION, parameters: SCHEMA });
    // the chosen function followed its rename
    expect(saved?.toolChoice).toEqual({ name: 'look_up' });
    expect(selectToolsDraft(store.getState(), 'a')).toBeNull();
    await act(() => store.runtime.saves.flush('toolDrafts'));
    expect(stored().toolDrafts).toEqual({});
  });

  it('goes back to the saved functions only when the user discards it', () => {
    const { store } = setup();
    typeBrokenDraft();
    fireEvent.click(screen.getByTestId('tools-draft-discard'));
    expect(screen.getAllByTestId('tool-name').map((i) => (i as HTMLInputElement).value)).toEqual([
      'get_weather',
      'function_3',
    ]);
    expect(screen.queryByTestId('tools-draft-note')).toBeNull();
    expect(selectToolsDraft(store.getState(), 'a')).toBeNull();
    expect(selectInvalidParam(store.getState(), 'chat')).toBeNull();
  });

  it('the tool-choice list shows the draft’s name, marked and not offered, never the stale one', () => {
    setup();
    const before = screen.getAllByRole('option').map((o) => o.textContent);
    expect(before).toContain('function_3: this function');
    typeBrokenDraft();
    const choice = screen.getByTestId('tool-choice') as HTMLSelectElement;
    const options = [...choice.options];
    const texts = options.map((o) => o.textContent ?? '');
    expect(texts.some((text) => text.includes('function_3'))).toBe(false);
    const marked = options.find((o) => o.textContent === 'look up (draft with problems: not offered)');
    expect(marked?.disabled).toBe(true);
    // it stays the chosen one (under its saved name) while the draft is broken
    expect(marked?.selected).toBe(true);
    expect(texts).toContain('get_weather: this function');
    expect(screen.getByTestId('tool-choice-wire').textContent).toBe(
      'Not sent while the functions above have problems.',
    );
  });
});

describe('what a new conversation starts with', () => {
  const inherited: Params = {
    stream: true,
    system: 'You are {{role}}. Answer briefly.',
    tools: [WEATHER, FN3],
    temperature: 0.2,
  };

  it('is said in the empty conversation, and "Start from defaults" starts it from the defaults', async () => {
    const t = freshStore();
    let settings: Settings = { theme: 'system', tabs: { chat: { params: inherited } }, compareColumns: [] };
    t.setBridge(fakeBridge({ updateSettings: (p) => ok((settings = settingsWith(settings, p))) }).bridge);
    t.store.setState({ settings });
    renderWithStore(
      <>
        <NewConversationStart format="chat" />
        <ParamsPanel format="chat" />
      </>,
      t.store,
    );
    expect(screen.getByTestId('new-conversation-start').textContent).toBe(
      'Starts with: system prompt “You are {{role}}. Answer briefly.” · 2 functions · temp 0.2Start from defaults',
    );
    // the template left in the system prompt is said to go as typed
    expect(screen.getByTestId('param-system-variables').textContent).toMatch(
      /^\{\{role\}\} is sent as typed/,
    );

    fireEvent.click(screen.getByTestId('new-conversation-reset'));
    expect(selectTabParams(t.store.getState(), 'chat')).toEqual(defaultParams('chat'));
    expect(screen.queryByTestId('new-conversation-start')).toBeNull();
    expect(screen.queryByTestId('tool-def')).toBeNull();
    expect(screen.getByTestId('param-system')).toHaveProperty('value', '');
    // and the tab forgets them, so the next new conversation starts clean too
    await act(() => t.store.runtime.saves.flush('tab:chat'));
    expect(settings.tabs.chat?.params).toEqual(defaultParams('chat'));
  });

  it('names a functions draft of the new conversation too, and "Start from defaults" discards it', () => {
    const { store } = setup({ open: null });
    fireEvent.click(screen.getByTestId('tool-add'));
    fireEvent.change(screen.getByTestId('tool-name'), { target: { value: '1st' } });
    cleanup();
    renderWithStore(<NewConversationStart format="chat" />, store);
    expect(screen.getByTestId('new-conversation-start').textContent).toContain(
      '1 function · a functions draft with problems',
    );
    fireEvent.click(screen.getByTestId('new-conversation-reset'));
    expect(selectToolsDraft(store.getState(), 'new:chat')).toBeNull();
    expect(selectInvalidParam(store.getState(), 'chat')).toBeNull();
  });
});

describe('the drafts kept with the settings', () => {
  const draft = (updatedAt: number, name = 'x y') => ({
    functions: [
      { name, description: '', parameters: '{', fixedOn: false, fixedResult: '', open: true, savedName: '' },
    ],
    updatedAt,
  });

  it('keep only drafts that still belong somewhere, newest first, within the count', () => {
    const all: ToolDrafts = { gone: draft(5), 'new:chat': draft(1) };
    for (let i = 0; i < MAX_TOOL_DRAFTS + 5; i++) all[`c${i}`] = draft(10 + i);
    const kept = boundedToolDrafts(all, (scope) => scope !== 'gone');
    expect(Object.keys(kept)).toHaveLength(MAX_TOOL_DRAFTS);
    expect(kept.gone).toBeUndefined();
    expect(kept[`c${MAX_TOOL_DRAFTS + 4}`]).toBeDefined();
    expect(kept['new:chat']).toBeUndefined();
    expect(ToolDraftsSchema.safeParse(kept).success).toBe(true);
  });
});
