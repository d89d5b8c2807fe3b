import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { ConversationSummary } from '../../shared/contract.ts';
import type { Conversation } from '../../shared/conversation.ts';
import type { AppError } from '../../shared/errors.ts';
import { TEXT_FORMATS, type TextFormat } from '../../shared/formats.ts';
import { downloadText } from '../components/download.ts';
import { perFormat, summaryOf, upsertSummary } from './chat-helpers.ts';
import type { StoreRuntime } from './runtime.ts';
import { compact } from '../../shared/compact.ts';
import { t } from '../i18n/active.ts';

/** The chat tabs' conversations: the list, the one open in each tab, and what can be done to one. */
export interface ConversationsSlice {
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

  /** Exports the branch on screen, or (JSON) every branch. */
  exportConversation(id: string, as: 'markdown' | 'json', branches?: 'current' | 'all'): Promise<void>;
  /** Imports an exported JSON file; returns the error message for a bad file. */
  importConversation(content: string): Promise<string | null>;
}

export const createConversationsSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], ConversationsSlice> =>
  (set, get) => ({
    conversations: [],
    conversationsStatus: 'idle',
    conversationsError: null,
    async loadConversations() {
      set({ conversationsStatus: 'loading' });
      const r = await rt.bridge().listConversations({ origin: 'chat' });
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
      const r = await rt.bridge().getConversation({ id });
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
      const r = await rt.bridge().updateConversation({ id, title: clean });
      if (!r.ok) {
        get().notify(t('notices.rename.failed', { message: r.error.message }), 'error');
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
      const r = await rt.bridge().deleteConversation({ id });
      if (!r.ok) {
        get().notify(t('notices.delete.failed', { message: r.error.message }), 'error');
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

    async exportConversation(id, as, branches) {
      const r = await rt.bridge().exportConversation(compact({ id, as, branches }));
      if (!r.ok) {
        get().notify(t('notices.export.failed', { message: r.error.message }), 'error');
        return;
      }
      if (r.value.savedTo !== undefined) {
        const withFiles =
          as === 'markdown' &&
          (get().loaded[id]?.turns.some((t) => (t.attachments?.length ?? 0) > 0) ?? false);
        get().notify(
          withFiles
            ? t('notices.export.withFiles', { path: r.value.savedTo })
            : t('notices.export.tooLarge', { path: r.value.savedTo }),
          'success',
          { sticky: true },
        );
        return;
      }
      downloadText(r.value.filename, r.value.mime, r.value.content);
      get().notify(t('notices.export.done', { file: r.value.filename }), 'success');
    },
    async importConversation(content) {
      const r = await rt.bridge().importConversation({ content });
      if (!r.ok) return r.error.message;
      const conv = r.value;
      set((s) => ({
        loaded: { ...s.loaded, [conv.id]: conv },
        conversations: upsertSummary(s.conversations, summaryOf(conv)),
        activeConversation: { ...s.activeConversation, [conv.format]: conv.id },
      }));
      get().setTab(conv.format);
      get().recordsImported();
      get().notify(t('notices.import.done', { title: conv.title }), 'success');
      get().askMissingConnections([summaryOf(conv)]);
      return null;
    },
  });
