import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { Params } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { perFormat, upsertSummary } from './chat-helpers.ts';
import { compact } from '../../shared/compact.ts';
import type { StoreRuntime } from './runtime.ts';
import { t } from '../i18n/active.ts';
import { MAX_MESSAGE_CHARS } from '../../shared/limits.ts';
import { formatCount } from '../components/format.ts';

/**
 * Why a message cannot be sent for its size (its length and the limit), or null. The page says so as the
 * text lands (a paste of millions of characters can look empty in the box) and never starts a
 * conversation for it; the host refuses the same text at its contract.
 */
export function messageTooLong(text: string): string | null {
  if (text.length <= MAX_MESSAGE_CHARS) return null;
  return t('chat.composer.tooLong', {
    size: formatCount(text.length),
    limit: formatCount(MAX_MESSAGE_CHARS),
  });
}

/**
 * What a chat tab holds before it is sent: the model and parameters (of the open conversation, or of the
 * tab's next one), the fields on screen that are not valid values, and the composer's text.
 */
export interface ComposerSlice {
  /** model and parameters of a tab's new conversation, before anything is saved */
  draftModel: Partial<Record<TextFormat, string>>;
  draftParams: Partial<Record<TextFormat, Params>>;
  /** the connection of a tab's new conversation, before anything is saved */
  draftConnection: Partial<Record<TextFormat, string>>;
  /** Sets the model of the tab's open conversation (or its new one) and remembers it for the tab. */
  setModel(format: TextFormat, model: string): void;
  /**
   * Moves the tab's open conversation (or its next one) to another connection, with a model of that
   * connection when one was picked from its list; remembered for the tab's next conversation. The history
   * stays; the conversation comes back saying what of it is bound to the service it leaves.
   */
  setConnection(format: TextFormat, connectionId: string, model?: string): Promise<void>;
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
}

/** The save queue's key for a conversation's changes: send and regenerate flush them first. */
export const conversationSaves = (id: string) => `conv:${id}:`;

export const createComposerSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], ComposerSlice> =>
  (set, get) => {
    /** Remembers the tab's last model/params in settings.tabs[format]. */
    const rememberForTab = (
      format: TextFormat,
      patch: { model?: string; params?: Params; connectionId?: string },
    ) => {
      rt.saves.debounce(`tab:${format}`, async () => {
        const settings = get().settings;
        if (!settings) return true;
        const current = settings.tabs[format] ?? {};
        await get().updateSettings({ tabs: { ...settings.tabs, [format]: { ...current, ...patch } } });
        return true;
      });
    };

    const saveConversation = (id: string, patch: { model?: string; params?: Params }) => {
      rt.saves.debounce(`${conversationSaves(id)}${Object.keys(patch).join(',')}`, async () => {
        const r = await rt.bridge().updateConversation({ id, ...patch });
        if (r.ok) set((s) => ({ conversations: upsertSummary(s.conversations, r.value) }));
        else get().notify(t('notices.change.notSaved', { message: r.error.message }), 'error');
        return r.ok;
      });
    };

    return {
      draftModel: {},
      draftParams: {},
      draftConnection: {},
      async setConnection(format, connectionId, model) {
        rememberForTab(format, compact({ connectionId, model }));
        const id = get().activeConversation[format];
        if (!id || !get().loaded[id]) {
          set((s) => ({
            draftConnection: { ...s.draftConnection, [format]: connectionId },
            ...(model !== undefined ? { draftModel: { ...s.draftModel, [format]: model } } : {}),
          }));
          return;
        }
        // what waits to be saved goes first, so the move does not race a model saved after it
        if (!(await rt.saves.flush(conversationSaves(id)))) return;
        const r = await rt.bridge().updateConversation({ id, connectionId, ...compact({ model }) });
        if (!r.ok) {
          get().notify(t('notices.change.notSaved', { message: r.error.message }), 'error');
          return;
        }
        const view = await rt.bridge().getConversation({ id });
        set((s) => ({
          conversations: upsertSummary(s.conversations, r.value),
          ...(view.ok ? { loaded: { ...s.loaded, [id]: view.value } } : {}),
        }));
      },
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
    };
  };
