import type { StateCreator } from 'zustand';
import { clickSelection, type LibraryFilter } from './library-list.ts';
import type { StoreRuntime } from './runtime.ts';
import type { StoreState } from './types.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { perFormat } from './chat-helpers.ts';

export interface LibraryState extends LibraryFilter {
  /** the rows ticked for a bulk action */
  selected: ReadonlySet<string>;
  /** the row a shift-click's range starts from */
  anchor: string | null;
}

/**
 * The all-conversations view: its filters and sort (kept while the user visits a tab and comes back) and
 * the rows ticked for a bulk action. Changing what is shown clears the ticks, so a bulk action never
 * reaches a row the user cannot see.
 */
export interface LibrarySlice {
  library: LibraryState;
  /** each tab's sidebar filter by connection ('all', 'none' or an id), kept while the user visits others */
  tabConnection: Record<TextFormat, string>;
  setTabConnection(format: TextFormat, connection: string): void;
  setLibraryFilter(patch: Partial<LibraryFilter>): void;
  /** a row's checkbox: toggles it, or with `range` ticks every row from the last one clicked */
  selectConversation(id: string, range: boolean, visible: readonly string[]): void;
  selectAll(visible: readonly string[]): void;
  clearSelection(): void;
  /** opens the all-conversations view */
  openLibrary(): void;
}

export const createLibrarySlice =
  (_rt: StoreRuntime): StateCreator<StoreState, [], [], LibrarySlice> =>
  (set, get) => ({
    library: {
      format: 'all',
      connection: 'all',
      folder: 'all',
      query: '',
      sort: 'used',
      selected: new Set(),
      anchor: null,
    },
    tabConnection: perFormat(() => 'all'),
    setTabConnection(format, connection) {
      set((s) => ({ tabConnection: { ...s.tabConnection, [format]: connection } }));
    },
    setLibraryFilter(patch) {
      set((s) => {
        const next = { ...s.library, ...patch };
        const same = (['format', 'connection', 'folder', 'query', 'sort'] as const).every(
          (k) => next[k] === s.library[k],
        );
        // the sort alone keeps the same rows: the ticks stay
        const keep = same || (Object.keys(patch).length === 1 && patch.sort !== undefined);
        return { library: keep ? next : { ...next, selected: new Set(), anchor: null } };
      });
    },
    selectConversation(id, range, visible) {
      set((s) => ({
        library: {
          ...s.library,
          ...clickSelection(s.library.selected, s.library.anchor, id, range, visible),
        },
      }));
    },
    selectAll(visible) {
      set((s) => ({ library: { ...s.library, selected: new Set(visible), anchor: null } }));
    },
    clearSelection() {
      set((s) => ({ library: { ...s.library, selected: new Set(), anchor: null } }));
    },
    openLibrary() {
      get().setTab('library');
    },
  });
