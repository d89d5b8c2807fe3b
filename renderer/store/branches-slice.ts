import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { Conversation } from '../../shared/conversation.ts';
import type { Result } from '../../shared/errors.ts';
import { summaryOf, upsertSummary } from './chat-helpers.ts';
import type { StoreRuntime } from './runtime.ts';
import { t } from '../i18n/active.ts';

/**
 * Versions of a turn (an edited message, a reply asked for again or rewritten) and conversations started
 * from a turn. The host keeps the tree; the page shows the branch the host says is on screen.
 */
export interface BranchesSlice {
  /** Shows another version of a turn; the conversation below it follows that version's branch. */
  selectBranch(conversationId: string, turnId: string): Promise<void>;
  /** Starts a new conversation holding the branch on screen up to `turnId`, and opens it. */
  forkConversation(conversationId: string, turnId: string): Promise<void>;
  /** Rewrites a reply as a new version of it; false when it was not saved. */
  editReply(conversationId: string, turnId: string, text: string): Promise<boolean>;
  /** Reads the conversation again from the host (its versions changed). */
  refreshConversation(conversationId: string): Promise<void>;
}

export const createBranchesSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], BranchesSlice> =>
  (set, get) => {
    /** Puts the host's answer on screen, unless a reply started in that conversation meanwhile. */
    const show = (
      conversationId: string,
      r: Result<Conversation>,
      failure: 'notices.versions.showFailed' | 'notices.versions.editNotSaved',
    ): boolean => {
      if (!r.ok) {
        get().notify(t(failure, { message: r.error.message }), 'error');
        return false;
      }
      if (get().pending[conversationId]) return false;
      set((s) => ({ loaded: { ...s.loaded, [conversationId]: r.value } }));
      return true;
    };
    /** A reply is running: the branch it answers must stay on screen until it ends. */
    const busy = (conversationId: string): boolean => {
      if (!get().pending[conversationId]) return false;
      get().notify(t('notices.versions.busy'), 'warning');
      return true;
    };

    return {
      async selectBranch(conversationId, turnId) {
        if (busy(conversationId)) return;
        const r = await rt.bridge().selectBranch({ conversationId, turnId });
        show(conversationId, r, 'notices.versions.showFailed');
      },
      async forkConversation(conversationId, turnId) {
        const r = await rt.bridge().forkConversation({ conversationId, turnId });
        if (!r.ok) {
          get().notify(t('notices.fork.failed', { message: r.error.message }), 'error');
          return;
        }
        const conv = r.value;
        set((s) => ({
          loaded: { ...s.loaded, [conv.id]: conv },
          conversations: upsertSummary(s.conversations, summaryOf(conv)),
          activeConversation: { ...s.activeConversation, [conv.format]: conv.id },
        }));
        get().notify(t('notices.fork.done', { title: conv.title }), 'success');
      },
      async editReply(conversationId, turnId, text) {
        if (busy(conversationId)) return false;
        const r = await rt.bridge().editReply({ conversationId, turnId, text });
        return show(conversationId, r, 'notices.versions.editNotSaved');
      },
      async refreshConversation(conversationId) {
        const r = await rt.bridge().getConversation({ id: conversationId });
        if (r.ok && !get().pending[conversationId] && get().loaded[conversationId]) {
          set((s) => ({ loaded: { ...s.loaded, [conversationId]: r.value } }));
        }
      },
    };
  };
