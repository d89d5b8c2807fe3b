// Versions and branches as the page handles them: answering again any reply hides it and what follows
// while the new one streams, the host's branch replaces the one on screen, and nothing changes branch while
// a reply runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendResult, Settings } from '../../shared/contract.ts';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import { applyResult, visibleTurns, type PendingSend } from '../../renderer/store/chat-helpers.ts';
import { fakeBridge, freshStore, ok, type Impl } from './fake-bridge.ts';

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };
const turn = (id: string, role: 'user' | 'assistant', extra: Partial<Turn> = {}): Turn => ({
  id,
  role,
  text: id,
  status: 'complete',
  createdAt: 1,
  ...extra,
});
const TURNS = [turn('u1', 'user'), turn('a1', 'assistant'), turn('u2', 'user'), turn('a2', 'assistant')];
const conversation = (turns: Turn[]): Conversation => ({
  id: 'c1',
  format: 'generate',
  model: 'gemini-3-pro-preview',
  title: 'T',
  params: { stream: true },
  turns,
  createdAt: 1,
  updatedAt: 1,
});
const pending = (p: Partial<PendingSend>): PendingSend => ({
  requestId: 'r',
  kind: 'regenerate',
  text: null,
  editTurnId: null,
  ...p,
});

describe('the turns on screen while a request runs', () => {
  it('answering again a middle reply hides it and everything after it', () => {
    expect(visibleTurns(TURNS, pending({ turnId: 'a1' })).map((t) => t.id)).toEqual(['u1']);
    expect(visibleTurns(TURNS, pending({})).map((t) => t.id)).toEqual(['u1', 'a1', 'u2']);
  });
  it('editing a message hides it and everything after it', () => {
    expect(
      visibleTurns(TURNS, pending({ kind: 'send', text: 'x', editTurnId: 'u2' })).map((t) => t.id),
    ).toEqual(['u1', 'a1']);
  });
  it('the result of answering again a middle reply ends the branch on screen at the new reply', () => {
    const result: SendResult = {
      userTurn: TURNS[0] as Turn,
      reply: turn('a1b', 'assistant', { versions: ['a1', 'a1b'] }),
      totals: {},
    };
    const next = applyResult(conversation(TURNS), pending({ turnId: 'a1' }), result);
    expect(next.turns.map((t) => t.id)).toEqual(['u1', 'a1b']);
  });
});

let t = freshStore();
afterEach(() => {
  t = freshStore();
});
function install(impl: Impl, turns: Turn[] = TURNS) {
  const fake = fakeBridge(impl);
  t.setBridge(fake.bridge);
  t.store.setState({
    settings: SETTINGS,
    loaded: { c1: conversation(turns) },
    activeConversation: { ...t.store.getState().activeConversation, generate: 'c1' },
  });
  return fake;
}

describe('moving between versions', () => {
  it('shows the branch the host answers with', async () => {
    const other = [turn('u1', 'user'), turn('a1b', 'assistant', { versions: ['a1', 'a1b'] })];
    const { calls } = install({ selectBranch: () => ok(conversation(other)) });
    await t.store.getState().selectBranch('c1', 'a1b');
    expect(calls.at(-1)).toEqual({ op: 'selectBranch', input: { conversationId: 'c1', turnId: 'a1b' } });
    expect(t.store.getState().loaded['c1']?.turns.map((x) => x.id)).toEqual(['u1', 'a1b']);
  });

  it('does not change branch while a reply runs in the conversation, and says why', async () => {
    const { calls } = install({ selectBranch: () => ok(conversation([])) });
    t.store.setState({ pending: { c1: pending({}) } });
    await t.store.getState().selectBranch('c1', 'a1');
    expect(calls).toHaveLength(0);
    expect(t.store.getState().notices.at(-1)?.message).toMatch(/Wait for the reply to finish/);
  });

  it('answering again a middle reply asks for that reply, then reads the versions again', async () => {
    const reply = turn('a1b', 'assistant');
    const { calls } = install({
      regenerate: () => ok({ userTurn: TURNS[0] as Turn, reply, totals: {} }),
      getConversation: () => ok(conversation([turn('u1', 'user'), { ...reply, versions: ['a1', 'a1b'] }])),
    });
    await t.store.getState().regenerate('c1', 'a1');
    expect(calls.find((c) => c.op === 'regenerate')?.input).toMatchObject({
      conversationId: 'c1',
      turnId: 'a1',
    });
    await vi.waitFor(() =>
      expect(t.store.getState().loaded['c1']?.turns.at(-1)?.versions).toEqual(['a1', 'a1b']),
    );
  });
});

describe('editing a reply and forking', () => {
  it('saves an edited reply as the host returns it', async () => {
    const edited = turn('a2b', 'assistant', { text: 'Better', edited: true, versions: ['a2', 'a2b'] });
    const { calls } = install({ editReply: () => ok(conversation([...TURNS.slice(0, 3), edited])) });
    expect(await t.store.getState().editReply('c1', 'a2', 'Better')).toBe(true);
    expect(calls.at(-1)?.input).toEqual({ conversationId: 'c1', turnId: 'a2', text: 'Better' });
    expect(t.store.getState().loaded['c1']?.turns.at(-1)).toMatchObject({ text: 'Better', edited: true });
  });

  it('keeps the reply and says what the host refused', async () => {
    install({
      editReply: () => ({ ok: false, error: { kind: 'invalid-input', message: 'The reply is empty.' } }),
    });
    expect(await t.store.getState().editReply('c1', 'a2', ' ')).toBe(false);
    expect(t.store.getState().loaded['c1']?.turns.at(-1)?.text).toBe('a2');
    expect(t.store.getState().notices.at(-1)?.message).toBe(
      'The edited reply was not saved: The reply is empty.',
    );
  });

  it('opens the forked conversation in its tab and lists it', async () => {
    const fork = { ...conversation(TURNS.slice(0, 2)), id: 'c2', title: 'T (fork)' };
    install({ forkConversation: () => ok(fork) });
    await t.store.getState().forkConversation('c1', 'a1');
    expect(t.store.getState().activeConversation.generate).toBe('c2');
    expect(t.store.getState().conversations[0]).toMatchObject({ id: 'c2', title: 'T (fork)', turnCount: 2 });
  });
});
