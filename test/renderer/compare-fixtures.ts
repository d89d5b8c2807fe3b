// What the Compare store tests share: a fake host that creates conversations, remembers what it was told,
// and answers each sendMessage when the test says so.
import type { ComparisonSummary, ConversationSummary, Settings } from '../../shared/contract.ts';
import type { Conversation, Params, Turn } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { startEventRouting } from '../../renderer/store/events.ts';
import { wholeParams } from '../../renderer/store/compare-params.ts';
import { fakeBridge, ok, settingsWith, type Impl, type freshStore } from './fake-bridge.ts';

export const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };

export function turn(role: 'user' | 'assistant', text: string, over: Partial<Turn> = {}): Turn {
  return { id: crypto.randomUUID(), role, text, status: 'complete', createdAt: 1, ...over };
}

export function conversation(
  id: string,
  format: TextFormat,
  params: Params,
  over: Partial<Conversation> = {},
): Conversation {
  return {
    id,
    format,
    model: 'gpt-5-mini',
    title: 'Hello',
    params,
    turns: [turn('user', 'Hello'), turn('assistant', `${format} says hi`)],
    createdAt: 1,
    updatedAt: 2,
    ...over,
  };
}

export function summaryOf(conv: Conversation, comparisonId: string): ConversationSummary {
  return {
    id: conv.id,
    format: conv.format,
    model: conv.model,
    title: conv.title,
    origin: 'compare',
    comparisonId,
    turnCount: conv.turns.length,
    createdAt: conv.createdAt,
    updatedAt: conv.updatedAt,
  };
}

export function comparisonOf(id: string, convs: Conversation[]): ComparisonSummary {
  return {
    id,
    title: convs[0]?.title ?? 'New conversation',
    columns: convs.map((c) => summaryOf(c, id)),
    createdAt: 1,
    updatedAt: 2,
  };
}

/** A host for a store made with freshStore(): conversations are created and kept; sends wait for `answer`. */
export function compareHost(t: ReturnType<typeof freshStore>, overrides: Impl = {}) {
  const pending = new Map<string, (v: unknown) => void>();
  const conversations = new Map<string, Conversation>();
  let seq = 0;
  let settings = SETTINGS;
  const fake = fakeBridge({
    updateSettings: (patch) => ok((settings = settingsWith(settings, patch))),
    createConversation: (input) => {
      const conv = conversation(`conv${++seq}`, input.format, wholeParams(input.params), {
        model: input.model,
        turns: [],
      });
      conversations.set(conv.id, conv);
      return ok(conv);
    },
    getConversation: ({ id }) => {
      const conv = conversations.get(id);
      return conv ? ok(conv) : { ok: false, error: { kind: 'not-found', message: `No conversation ${id}.` } };
    },
    updateConversation: (input) => {
      const conv = conversations.get(input.id);
      if (!conv) return { ok: false, error: { kind: 'not-found', message: `No conversation ${input.id}.` } };
      const next = {
        ...conv,
        ...(input.model ? { model: input.model } : {}),
        ...(input.params ? { params: wholeParams(input.params) } : {}),
      };
      conversations.set(conv.id, next);
      return ok({ ...summaryOf(next, 'x'), origin: input.origin ?? 'compare' });
    },
    sendMessage: (input) =>
      new Promise((resolve) => pending.set(input.requestId, resolve as (v: unknown) => void)),
    abortRequest: ({ requestId }) => {
      pending.get(requestId)?.(
        ok({
          userTurn: turn('user', 'x'),
          reply: turn('assistant', 'part', { status: 'partial' }),
          totals: {},
        }),
      );
      return ok({ aborted: true });
    },
    ...overrides,
  });
  t.setBridge(fake.bridge);
  const stopRouting = startEventRouting(t.store);
  /** Answers every request waiting. */
  const answerAll = () => {
    for (const [id, resolve] of pending) {
      pending.delete(id);
      resolve(ok({ userTurn: turn('user', 'q'), reply: turn('assistant', 'a'), totals: {} }));
    }
  };
  const inputs = (op: string) => fake.calls.filter((c) => c.op === op).map((c) => c.input);
  return {
    ...fake,
    pending,
    conversations,
    answerAll,
    inputs,
    stopRouting,
    get settings() {
      return settings;
    },
  };
}

/** The store's Compare view with these (format, model) columns, as settings would hydrate it. */
export function setUpColumns(
  t: ReturnType<typeof freshStore>,
  formats: TextFormat[],
  extra: Partial<Settings> = {},
): void {
  const settings: Settings = {
    ...SETTINGS,
    compareColumns: formats.map((format) => ({ format, model: 'gpt-5-mini' })),
    ...extra,
  };
  t.store.setState({ settings });
  t.store.getState().hydrateCompare(settings);
}

/** What the host answers an upload with: the file described as a 10x10 image. */
export const describeUpload = (i: { name: string; mimeType: string; dataBase64: string }) =>
  ok({
    id: `att-${i.name}`,
    name: i.name,
    mimeType: i.mimeType,
    kind: 'image' as const,
    bytes: atob(i.dataBase64).length,
    width: 10,
    height: 10,
  });
