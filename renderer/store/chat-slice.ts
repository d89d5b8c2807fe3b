import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { ConversationSummary, SearchHit, SendResult } from '../../shared/contract.ts';
import { defaultParams, type Conversation, type Params, type Turn } from '../../shared/conversation.ts';
import type { AppError } from '../../shared/errors.ts';
import { TEXT_FORMATS, familyOf, type TextFormat } from '../../shared/formats.ts';
import { getBridge } from '../bridge/index.ts';
import { titleFrom } from '../../shared/titles.ts';
import { registerStream } from './events.ts';
import { groupModels } from './models-slice.ts';
import { downloadText } from '../components/download.ts';
import { compact } from '../../shared/compact.ts';

// ---------- state ----------

/** A request that is running for one conversation. */
export interface PendingSend {
  requestId: string;
  kind: 'send' | 'regenerate';
  /** the user's text while it is on its way (shown at once, before the host stores it) */
  text: string | null;
  /** editing: the user turn being replaced; it and everything after it are hidden meanwhile */
  editTurnId: string | null;
  startedAt: number;
  firstTokenAt: number | null;
  stopping: boolean;
  /** set while the client waits to try again after a failed attempt */
  retrying?: { attempt: number; of: number; reason: string };
}

/** Text of the reply in progress; only the streaming bubble subscribes to it. */
export interface StreamText {
  text: string;
  thoughts: string;
}

export interface SearchState {
  query: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  hits: SearchHit[];
  error: string | null;
}

export interface ScrollRequest {
  conversationId: string;
  turnId: string;
  /** a new request each time, even to the same turn */
  nonce: number;
}

export interface ChatSlice {
  /** summaries of every chat conversation (all four formats), newest first */
  conversations: ConversationSummary[];
  conversationsStatus: 'idle' | 'loading' | 'ready' | 'error';
  conversationsError: AppError | null;
  loadConversations(): Promise<void>;

  /** the open conversation of each text tab; null is a new conversation not saved yet */
  activeConversation: Record<TextFormat, string | null>;
  /** full conversations, fetched when first opened */
  loaded: Record<string, Conversation>;
  loadErrors: Record<string, AppError>;
  openConversation(format: TextFormat, id: string | null): Promise<void>;
  renameConversation(id: string, title: string): Promise<boolean>;
  deleteConversation(id: string): Promise<boolean>;

  /** model and parameters of a tab's new conversation, before anything is saved */
  draftModel: Partial<Record<TextFormat, string>>;
  draftParams: Partial<Record<TextFormat, Params>>;
  /** Sets the model of the tab's open conversation (or its new one) and remembers it for the tab. */
  setModel(format: TextFormat, model: string): void;
  /** Same for the parameters. */
  setParams(format: TextFormat, params: Params): void;
  /**
   * Parameter fields whose text on screen is not a valid value (out of range, not a number), with what is
   * wrong: sending waits until they are fixed, so what is on screen is what gets sent.
   */
  invalidParams: Record<TextFormat, Record<string, string>>;
  setParamInvalid(format: TextFormat, field: string, message: string | null): void;

  /** composer text per conversation id (or `new:<format>`); survives tab switches and failed sends */
  drafts: Record<string, string>;
  setDraft(key: string, text: string): void;

  pending: Record<string, PendingSend>;
  streams: Record<string, StreamText>;
  /**
   * Reply turn id -> the request that streamed it in this session. The message list keys such a reply's
   * row by its request, as it keyed the streaming row, so finishing a reply keeps its DOM.
   */
  streamedReplies: Record<string, string>;
  /** Sends the text in the tab's open conversation (creating it first when new). */
  send(format: TextFormat, text: string, options?: { editTurnId?: string }): Promise<boolean>;
  regenerate(conversationId: string): Promise<void>;
  stop(conversationId: string): Promise<void>;

  search: Record<TextFormat, SearchState>;
  setSearchQuery(format: TextFormat, query: string): void;
  scrollRequest: ScrollRequest | null;
  /** Opens the conversation of a search hit in its tab and scrolls to the turn. */
  openHit(hit: SearchHit): Promise<void>;

  exportConversation(id: string, as: 'markdown' | 'json'): Promise<void>;
  /** Imports an exported JSON file; returns the error message for a bad file. */
  importConversation(content: string): Promise<string | null>;
}

// ---------- pure helpers (exported for tests and views) ----------

export function draftKey(format: TextFormat, conversationId: string | null): string {
  return conversationId ?? `new:${format}`;
}

/** The turns to show while a request runs: an edit hides the edited turn onward, a regenerate the old reply. */
export function visibleTurns(turns: readonly Turn[], pending: PendingSend | undefined): readonly Turn[] {
  if (!pending) return turns;
  if (pending.kind === 'send' && pending.editTurnId) {
    const i = turns.findIndex((t) => t.id === pending.editTurnId);
    return i >= 0 ? turns.slice(0, i) : turns;
  }
  if (pending.kind === 'regenerate' && turns.at(-1)?.role === 'assistant') return turns.slice(0, -1);
  return turns;
}

/** The conversation after a finished send or regenerate, as the host stored it. */
export function applyResult(
  conversation: Conversation,
  pending: Pick<PendingSend, 'kind' | 'editTurnId'>,
  result: SendResult,
): Conversation {
  let turns: Turn[] = conversation.turns.slice();
  if (pending.kind === 'send') {
    if (pending.editTurnId) {
      const i = turns.findIndex((t) => t.id === pending.editTurnId);
      if (i >= 0) turns = turns.slice(0, i);
    }
    turns.push(result.userTurn, result.reply);
  } else {
    if (turns.at(-1)?.role === 'assistant') turns.pop();
    const i = turns.findIndex((t) => t.id === result.userTurn.id);
    if (i >= 0) turns = [...turns.slice(0, i), result.userTurn];
    else turns.push(result.userTurn);
    turns.push(result.reply);
  }
  return { ...conversation, turns, updatedAt: Math.max(conversation.updatedAt, result.reply.createdAt) };
}

/** Running totals of a conversation: the sum of every reply's reported usage. */

export function summaryOf(c: Conversation, origin: 'chat' | 'compare' = 'chat'): ConversationSummary {
  return {
    id: c.id,
    format: c.format,
    model: c.model,
    title: c.title,
    origin,
    turnCount: c.turns.length,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

function upsertSummary(list: ConversationSummary[], s: ConversationSummary): ConversationSummary[] {
  const rest = list.filter((c) => c.id !== s.id);
  return [s, ...rest].sort((a, b) => b.updatedAt - a.updatedAt);
}

/**
 * Collects deltas and hands them over at most once per animation frame, so a fast stream costs one
 * store update per frame instead of one per token. Falls back to a timer when the page is hidden
 * (animation frames stop there).
 */
export function createDeltaBatcher(flush: (text: string, thought: string) => void) {
  let text = '';
  let thought = '';
  let scheduled = false;
  const run = () => {
    scheduled = false;
    if (text === '' && thought === '') return;
    const t = text;
    const th = thought;
    text = '';
    thought = '';
    flush(t, th);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
    if (visible && typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else setTimeout(run, 50);
  };
  return {
    push(d: { text?: string; thought?: string }) {
      if (d.text) text += d.text;
      if (d.thought) thought += d.thought;
      schedule();
    },
    /** hands over whatever is left, now */
    flush: run,
  };
}

// ---------- selectors ----------

/** The model the tab uses now: its open conversation's, else the tab's draft, last-used or first suggested one. */
export function selectTabModel(s: StoreState, format: TextFormat): string {
  const id = s.activeConversation[format];
  const conv = id ? s.loaded[id] : undefined;
  if (conv) return conv.model;
  const remembered = s.draftModel[format] ?? s.settings?.tabs[format]?.model;
  if (remembered) return remembered;
  const list = s.models[familyOf(format)];
  return list ? (groupModels(list.items, format).suggested[0]?.id ?? '') : '';
}

/** The first parameter field of the tab whose text is not a valid value, as a sentence; null when none. */
export function selectInvalidParam(s: StoreState, format: TextFormat): string | null {
  return Object.values(s.invalidParams[format])[0] ?? null;
}

/** The parameters the tab uses now (open conversation, else the new conversation's). */
export function selectTabParams(s: StoreState, format: TextFormat): Params {
  const id = s.activeConversation[format];
  const conv = id ? s.loaded[id] : undefined;
  if (conv) return conv.params;
  const draft = s.draftParams[format];
  if (draft) return draft;
  return { ...defaultParams(format), ...(s.settings?.tabs[format]?.params ?? {}) } as Params;
}

// ---------- the slice ----------

const SEARCH_DEBOUNCE_MS = 180;
const PERSIST_DEBOUNCE_MS = 400;

const emptySearch = (): SearchState => ({ query: '', status: 'idle', hits: [], error: null });
const perFormat = <T>(make: () => T): Record<TextFormat, T> =>
  Object.fromEntries(TEXT_FORMATS.map((f) => [f, make()])) as Record<TextFormat, T>;

const searchTimers = new Map<TextFormat, ReturnType<typeof setTimeout>>();
const searchSeq = new Map<TextFormat, number>();
/** A save waiting for input to go quiet: its timer, and what it will do. */
interface PendingSave {
  timer: ReturnType<typeof setTimeout>;
  save: () => Promise<boolean>;
}
const pendingSaves = new Map<string, PendingSave>();
/** Saves that have started and not yet been answered, by key. */
const savesInFlight = new Map<string, Promise<boolean>>();
let scrollNonce = 0;

function startSave(key: string, save: () => Promise<boolean>): Promise<boolean> {
  const running = save().finally(() => {
    if (savesInFlight.get(key) === running) savesInFlight.delete(key);
  });
  savesInFlight.set(key, running);
  return running;
}

/** Runs `save` once input has been quiet for a moment (a dragged slider is one save, not fifty). */
function debounce(key: string, save: () => Promise<boolean>): void {
  const waiting = pendingSaves.get(key);
  if (waiting) clearTimeout(waiting.timer);
  pendingSaves.set(key, {
    save,
    timer: setTimeout(() => {
      pendingSaves.delete(key);
      void startSave(key, save);
    }, PERSIST_DEBOUNCE_MS),
  });
}

/**
 * Saves now whatever is waiting under keys that start with `prefix`, and waits for those already on their
 * way: what is on screen when the user sends is what the request is built from. False if a save failed.
 */
export async function flushSaves(prefix: string): Promise<boolean> {
  const running: Promise<boolean>[] = [];
  for (const [key, waiting] of [...pendingSaves]) {
    if (!key.startsWith(prefix)) continue;
    clearTimeout(waiting.timer);
    pendingSaves.delete(key);
    running.push(startSave(key, waiting.save));
  }
  for (const [key, inFlight] of savesInFlight) if (key.startsWith(prefix)) running.push(inFlight);
  const results = await Promise.all(running);
  return results.every(Boolean);
}

export const createChatSlice: StateCreator<StoreState, [], [], ChatSlice> = (set, get) => {
  /** Remembers the tab's last model/params in settings.tabs[format]. */
  const rememberForTab = (format: TextFormat, patch: { model?: string; params?: Params }) => {
    debounce(`tab:${format}`, async () => {
      const settings = get().settings;
      if (!settings) return true;
      const current = settings.tabs[format] ?? {};
      await get().updateSettings({ tabs: { ...settings.tabs, [format]: { ...current, ...patch } } });
      return true;
    });
  };

  /** A parameter on screen is not a valid value: say so and send nothing (what is shown is what is sent). */
  const refusedForInvalidParams = (format: TextFormat): boolean => {
    const invalid = selectInvalidParam(get(), format);
    if (invalid === null) return false;
    get().notify(`Not sent: ${invalid} Fix it in Parameters.`, 'warning');
    return true;
  };

  const saveConversation = (id: string, patch: { model?: string; params?: Params }) => {
    debounce(`conv:${id}:${Object.keys(patch).join(',')}`, async () => {
      const r = await getBridge().updateConversation({ id, ...patch });
      if (r.ok) set((s) => ({ conversations: upsertSummary(s.conversations, r.value) }));
      else get().notify(`The change was not saved: ${r.error.message}`, 'error');
      return r.ok;
    });
  };

  /** Runs one send or regenerate: streams into `streams[requestId]`, then stores the result. */
  const run = async (
    conversationId: string,
    pending: PendingSend,
    call: () => ReturnType<ReturnType<typeof getBridge>['sendMessage']>,
    restoreDraft: string | null,
  ): Promise<boolean> => {
    const { requestId } = pending;
    set((s) => ({
      pending: { ...s.pending, [conversationId]: pending },
      streams: { ...s.streams, [requestId]: { text: '', thoughts: '' } },
    }));
    const batcher = createDeltaBatcher((text, thought) => {
      set((s) => {
        const prev = s.streams[requestId];
        if (!prev) return {};
        const p = s.pending[conversationId];
        return {
          streams: {
            ...s.streams,
            [requestId]: { text: prev.text + text, thoughts: prev.thoughts + thought },
          },
          ...(p && p.requestId === requestId && p.firstTokenAt === null
            ? { pending: { ...s.pending, [conversationId]: { ...p, firstTokenAt: Date.now() } } }
            : {}),
        };
      });
    });
    const unregister = registerStream(requestId, {
      onDelta: (d) => batcher.push(d),
      onRetry: ({ attempt, of, reason }) =>
        set((s) => {
          const p = s.pending[conversationId];
          if (p?.requestId !== requestId) return {};
          return { pending: { ...s.pending, [conversationId]: { ...p, retrying: { attempt, of, reason } } } };
        }),
    });
    let r: Awaited<ReturnType<typeof call>>;
    try {
      r = await call();
    } finally {
      batcher.flush();
      unregister();
    }
    set((s) => {
      const pendingMap = { ...s.pending };
      delete pendingMap[conversationId];
      const streams = { ...s.streams };
      delete streams[requestId];
      if (!r.ok) return { pending: pendingMap, streams };
      const conv = s.loaded[conversationId];
      const next = conv ? applyResult(conv, pending, r.value) : undefined;
      return {
        pending: pendingMap,
        streams,
        streamedReplies: { ...s.streamedReplies, [r.value.reply.id]: requestId },
        ...(next
          ? {
              loaded: { ...s.loaded, [conversationId]: next },
              conversations: upsertSummary(s.conversations, {
                ...(s.conversations.find((c) => c.id === conversationId) ?? summaryOf(next)),
                turnCount: next.turns.length,
                updatedAt: next.updatedAt,
              }),
            }
          : {}),
      };
    });
    if (!r.ok) {
      // Nothing reached the service (or the host failed): give the text back so nothing is lost.
      if (restoreDraft !== null) {
        const conv = get().loaded[conversationId];
        const key = draftKey(conv?.format ?? 'chat', conversationId);
        if ((get().drafts[key] ?? '').trim() === '') get().setDraft(key, restoreDraft);
      }
      get().notify(r.error.message, 'error');
      return false;
    }
    return true;
  };

  return {
    conversations: [],
    conversationsStatus: 'idle',
    conversationsError: null,
    async loadConversations() {
      set({ conversationsStatus: 'loading' });
      const r = await getBridge().listConversations({ origin: 'chat' });
      if (r.ok) {
        set({
          conversations: r.value.slice().sort((a, b) => b.updatedAt - a.updatedAt),
          conversationsStatus: 'ready',
          conversationsError: null,
        });
      } else {
        set({ conversationsStatus: 'error', conversationsError: r.error });
      }
    },

    activeConversation: perFormat<string | null>(() => null),
    loaded: {},
    loadErrors: {},
    async openConversation(format, id) {
      set((s) => ({ activeConversation: { ...s.activeConversation, [format]: id } }));
      if (id === null || get().loaded[id]) return;
      const r = await getBridge().getConversation({ id });
      if (r.ok) {
        set((s) => {
          const loadErrors = { ...s.loadErrors };
          delete loadErrors[id];
          return { loaded: { ...s.loaded, [id]: r.value }, loadErrors };
        });
      } else {
        set((s) => ({ loadErrors: { ...s.loadErrors, [id]: r.error } }));
      }
    },
    async renameConversation(id, title) {
      const clean = title.trim();
      if (clean === '') return false;
      const r = await getBridge().updateConversation({ id, title: clean });
      if (!r.ok) {
        get().notify(`Could not rename: ${r.error.message}`, 'error');
        return false;
      }
      set((s) => {
        const conv = s.loaded[id];
        return {
          conversations: s.conversations.map((c) => (c.id === id ? r.value : c)),
          ...(conv ? { loaded: { ...s.loaded, [id]: { ...conv, title: r.value.title } } } : {}),
        };
      });
      return true;
    },
    async deleteConversation(id) {
      const pending = get().pending[id];
      if (pending) await get().stop(id);
      const r = await getBridge().deleteConversation({ id });
      if (!r.ok) {
        get().notify(`Could not delete: ${r.error.message}`, 'error');
        return false;
      }
      set((s) => {
        const loaded = { ...s.loaded };
        delete loaded[id];
        const drafts = { ...s.drafts };
        delete drafts[id];
        const active = { ...s.activeConversation };
        for (const f of TEXT_FORMATS) if (active[f] === id) active[f] = null;
        return {
          conversations: s.conversations.filter((c) => c.id !== id),
          loaded,
          drafts,
          activeConversation: active,
        };
      });
      return true;
    },

    draftModel: {},
    draftParams: {},
    setModel(format, model) {
      const id = get().activeConversation[format];
      const conv = id ? get().loaded[id] : undefined;
      if (id && conv) {
        set((s) => ({
          loaded: { ...s.loaded, [id]: { ...conv, model } },
          conversations: s.conversations.map((c) => (c.id === id ? { ...c, model } : c)),
        }));
        saveConversation(id, { model });
      } else {
        set((s) => ({ draftModel: { ...s.draftModel, [format]: model } }));
      }
      rememberForTab(format, { model });
    },
    invalidParams: perFormat(() => ({})),
    setParamInvalid(format, field, message) {
      const current = get().invalidParams[format];
      if ((current[field] ?? null) === message) return;
      const next = { ...current };
      if (message === null) delete next[field];
      else next[field] = message;
      set((s) => ({ invalidParams: { ...s.invalidParams, [format]: next } }));
    },
    setParams(format, params) {
      const id = get().activeConversation[format];
      const conv = id ? get().loaded[id] : undefined;
      if (id && conv) {
        set((s) => ({ loaded: { ...s.loaded, [id]: { ...conv, params } } }));
        saveConversation(id, { params });
      } else {
        set((s) => ({ draftParams: { ...s.draftParams, [format]: params } }));
      }
      rememberForTab(format, { params });
    },

    drafts: {},
    setDraft(key, text) {
      set((s) => ({ drafts: { ...s.drafts, [key]: text } }));
    },

    pending: {},
    streams: {},
    streamedReplies: {},
    async send(format, text, options = {}) {
      if (text.trim() === '') return false;
      if (refusedForInvalidParams(format)) return false;
      const bridge = getBridge();
      let conversationId = get().activeConversation[format];
      const key = draftKey(format, conversationId);
      if (conversationId && get().pending[conversationId]) return false;

      if (conversationId === null) {
        const model = selectTabModel(get(), format);
        if (model === '') {
          get().notify('Choose a model first.', 'warning');
          return false;
        }
        const params = selectTabParams(get(), format);
        const created = await bridge.createConversation({
          format,
          model,
          title: titleFrom(text),
          params,
          origin: 'chat',
        });
        if (!created.ok) {
          get().notify(`Could not start the conversation: ${created.error.message}`, 'error');
          return false;
        }
        const conv = created.value;
        conversationId = conv.id;
        set((s) => {
          const drafts = { ...s.drafts };
          delete drafts[key];
          const draftModel = { ...s.draftModel };
          delete draftModel[format];
          const draftParams = { ...s.draftParams };
          delete draftParams[format];
          return {
            loaded: { ...s.loaded, [conv.id]: conv },
            conversations: upsertSummary(s.conversations, summaryOf(conv)),
            activeConversation: { ...s.activeConversation, [format]: conv.id },
            drafts,
            draftModel,
            draftParams,
          };
        });
      } else {
        // A model or parameter picked a moment ago is still waiting to be saved: save it first, so the
        // request is built from what is on screen.
        if (!(await flushSaves(`conv:${conversationId}:`))) return false;
        if (get().pending[conversationId]) return false;
        if (!options.editTurnId) get().setDraft(key, '');
      }

      const requestId = crypto.randomUUID();
      const id = conversationId;
      return run(
        id,
        {
          requestId,
          kind: 'send',
          text,
          editTurnId: options.editTurnId ?? null,
          startedAt: Date.now(),
          firstTokenAt: null,
          stopping: false,
        },
        () =>
          bridge.sendMessage(
            compact({ requestId, conversationId: id, text, editTurnId: options.editTurnId || undefined }),
          ),
        text,
      );
    },
    async regenerate(conversationId) {
      if (get().pending[conversationId]) return;
      const format = get().loaded[conversationId]?.format;
      if (format && refusedForInvalidParams(format)) return;
      if (!(await flushSaves(`conv:${conversationId}:`))) return;
      if (get().pending[conversationId]) return;
      const requestId = crypto.randomUUID();
      await run(
        conversationId,
        {
          requestId,
          kind: 'regenerate',
          text: null,
          editTurnId: null,
          startedAt: Date.now(),
          firstTokenAt: null,
          stopping: false,
        },
        () => getBridge().regenerate({ requestId, conversationId }),
        null,
      );
    },
    async stop(conversationId) {
      const p = get().pending[conversationId];
      if (!p || p.stopping) return;
      set((s) => ({ pending: { ...s.pending, [conversationId]: { ...p, stopping: true } } }));
      const r = await getBridge().abortRequest({ requestId: p.requestId });
      if (!r.ok) get().notify(`Could not stop the reply: ${r.error.message}`, 'error');
    },

    search: perFormat(emptySearch),
    setSearchQuery(format, query) {
      const seq = (searchSeq.get(format) ?? 0) + 1;
      searchSeq.set(format, seq);
      const timer = searchTimers.get(format);
      if (timer) clearTimeout(timer);
      if (query.trim() === '') {
        set((s) => ({ search: { ...s.search, [format]: emptySearch() } }));
        return;
      }
      set((s) => ({ search: { ...s.search, [format]: { ...s.search[format], query, status: 'loading' } } }));
      searchTimers.set(
        format,
        setTimeout(() => {
          searchTimers.delete(format);
          void getBridge()
            .searchConversations({ query: query.trim(), limit: 60 })
            .then((r) => {
              if (searchSeq.get(format) !== seq) return; // a newer query is on its way
              set((s) => ({
                search: {
                  ...s.search,
                  [format]: r.ok
                    ? { query, status: 'ready', hits: r.value, error: null }
                    : { query, status: 'error', hits: [], error: r.error.message },
                },
              }));
            });
        }, SEARCH_DEBOUNCE_MS),
      );
    },
    scrollRequest: null,
    async openHit(hit) {
      get().setTab(hit.format);
      await get().openConversation(hit.format, hit.conversationId);
      scrollNonce += 1;
      set({ scrollRequest: { conversationId: hit.conversationId, turnId: hit.turnId, nonce: scrollNonce } });
    },

    async exportConversation(id, as) {
      const r = await getBridge().exportConversation({ id, as });
      if (!r.ok) {
        get().notify(`Export failed: ${r.error.message}`, 'error');
        return;
      }
      if (r.value.savedTo !== undefined) {
        get().notify(
          `This conversation is too large to download through the page; the whole export was written to ${r.value.savedTo}`,
          'success',
        );
        return;
      }
      downloadText(r.value.filename, r.value.mime, r.value.content);
      get().notify(`Exported ${r.value.filename}`, 'success');
    },
    async importConversation(content) {
      const r = await getBridge().importConversation({ content });
      if (!r.ok) return r.error.message;
      const conv = r.value;
      set((s) => ({
        loaded: { ...s.loaded, [conv.id]: conv },
        conversations: upsertSummary(s.conversations, summaryOf(conv)),
        activeConversation: { ...s.activeConversation, [conv.format]: conv.id },
      }));
      get().setTab(conv.format);
      get().notify(`Imported “${conv.title}”.`, 'success');
      return null;
    },
  };
};
