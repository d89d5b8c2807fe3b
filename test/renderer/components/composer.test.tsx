// @vitest-environment jsdom
// The composer as a user meets it: Enter sends what is typed, Shift+Enter and an input method's Enter do
// not, it says why it cannot send, and while a reply runs its button stops it (once).
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/conversation.ts';
import type { SendResult, Settings } from '../../../shared/contract.ts';
import { Composer } from '../../../renderer/features/chat/Composer.tsx';
import { fakeBridge, freshStore, ok } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

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

/** A store with the conversation open in the chat tab, and a bridge whose sendMessage waits for `answer`. */
function setup() {
  const settings = SETTINGS;
  const t = freshStore();
  let answer: (r: ReturnType<typeof ok<SendResult>>) => void = () => {};
  const fake = fakeBridge({
    sendMessage: () => new Promise((resolve) => (answer = resolve)),
    abortRequest: () => ok({ aborted: true }),
    updateSettings: () => ok(settings),
  });
  t.setBridge(fake.bridge);
  t.store.setState({
    settings,
    loaded: { c1: CONVERSATION },
    activeConversation: { chat: 'c1', responses: null, messages: null, generate: null },
  });
  renderWithStore(<Composer format="chat" conversationId="c1" />, t.store);
  return { t, fake, answer: (r: ReturnType<typeof ok<SendResult>>) => answer(r) };
}

const sent = (calls: { op: string; input: Record<string, unknown> }[]) =>
  calls.filter((c) => c.op === 'sendMessage').map((c) => c.input['text']);

describe('Composer', () => {
  it('sends on Enter; Shift+Enter makes a new line instead', async () => {
    const user = userEvent.setup();
    const { fake } = setup();
    const box = screen.getByTestId('composer-input');
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second');
    expect(sent(fake.calls)).toEqual([]);
    expect(box).toHaveProperty('value', 'first line\nsecond');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent(fake.calls)).toEqual(['first line\nsecond']));
  });

  it('leaves the Enter that commits an input method’s text alone', async () => {
    const { fake } = setup();
    const box = screen.getByTestId('composer-input');
    fireEvent.change(box, { target: { value: 'にほんご' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
    // a send first saves pending changes (promises only): a macrotask later it would have reached the bridge
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(sent(fake.calls)).toEqual([]);
    expect(box).toHaveProperty('value', 'にほんご');
  });

  it('says why it cannot send when the tab has no model', () => {
    // a new conversation in a tab that has never had a model, with no model list yet
    const t = freshStore();
    t.setBridge(fakeBridge({}).bridge);
    t.store.setState({ settings: { theme: 'system', tabs: {}, compareColumns: [] } });
    renderWithStore(<Composer format="chat" conversationId={null} />, t.store);
    fireEvent.change(screen.getByTestId('composer-input'), { target: { value: 'hello' } });
    expect(screen.getByTestId('send-button')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('send-disabled-reason').textContent).toBe('Choose a model above to send.');
  });

  it('turns into Stop while the reply runs; Stop asks the host once and then waits', async () => {
    const user = userEvent.setup();
    const { fake, answer } = setup();
    await user.type(screen.getByTestId('composer-input'), 'tell me a story{Enter}');
    const stop = await screen.findByTestId('stop-button');
    expect(screen.queryByTestId('send-button')).toBeNull();
    await user.click(stop);
    await waitFor(() => expect(stop).toHaveProperty('disabled', true));
    await user.click(stop);
    expect(fake.calls.filter((c) => c.op === 'abortRequest')).toHaveLength(1);

    await act(async () =>
      answer(
        ok({
          userTurn: { id: 'u1', role: 'user', text: 'tell me a story', status: 'complete', createdAt: 2 },
          reply: {
            id: 'a1',
            role: 'assistant',
            text: 'Once',
            status: 'partial',
            endReason: 'stopped',
            createdAt: 3,
          },
          totals: {},
        }),
      ),
    );
    expect(await screen.findByTestId('send-button')).toBeTruthy();
  });
});
