import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { SearchHit } from '../../shared/contract.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { perFormat } from './chat-helpers.ts';
import type { StoreRuntime } from './runtime.ts';

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

/** Searching the conversations of a chat tab, and opening a hit at its turn. */
export interface SearchSlice {
  search: Record<TextFormat, SearchState>;
  setSearchQuery(format: TextFormat, query: string): void;
  scrollRequest: ScrollRequest | null;
  /** Opens the conversation of a search hit in its tab and scrolls to the turn. */
  openHit(hit: SearchHit): Promise<void>;
}

const SEARCH_DEBOUNCE_MS = 180;

const emptySearch = (): SearchState => ({ query: '', status: 'idle', hits: [], error: null });

export const createSearchSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], SearchSlice> =>
  (set, get) => ({
    search: perFormat(emptySearch),
    setSearchQuery(format, query) {
      const seq = (rt.searchSeq.get(format) ?? 0) + 1;
      rt.searchSeq.set(format, seq);
      const timer = rt.searchTimers.get(format);
      if (timer) clearTimeout(timer);
      if (query.trim() === '') {
        set((s) => ({ search: { ...s.search, [format]: emptySearch() } }));
        return;
      }
      set((s) => ({ search: { ...s.search, [format]: { ...s.search[format], query, status: 'loading' } } }));
      rt.searchTimers.set(
        format,
        setTimeout(() => {
          rt.searchTimers.delete(format);
          void rt
            .bridge()
            .searchConversations({ query: query.trim(), limit: 60 })
            .then((r) => {
              if (rt.searchSeq.get(format) !== seq) return; // a newer query is on its way
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
      // a hit in another version of a turn opens the conversation on that version's branch
      const conv = get().loaded[hit.conversationId];
      if (conv && !conv.turns.some((t) => t.id === hit.turnId) && !get().pending[hit.conversationId]) {
        const r = await rt.bridge().getConversation({ id: hit.conversationId, turnId: hit.turnId });
        if (r.ok) set((s) => ({ loaded: { ...s.loaded, [hit.conversationId]: r.value } }));
      }
      set({ scrollRequest: { conversationId: hit.conversationId, turnId: hit.turnId, nonce: rt.nextId() } });
    },
  });
