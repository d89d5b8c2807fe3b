import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { ExchangeSummary } from '../../shared/contract.ts';
import type { AppError } from '../../shared/errors.ts';
import type { Exchange } from '../../shared/exchange.ts';
import type { ToolRun, ToolRunSummary } from '../../shared/tool-runs.ts';
import { selectParamsInSide } from './app-slice.ts';
import type { StoreRuntime } from './runtime.ts';
import { t } from '../i18n/active.ts';

/** How many summaries the drawer keeps; older ones load on demand. */
const PAGE = 100;
const KEEP = 500;

export interface InspectorSlice {
  inspectorOpen: boolean;
  /** newest first */
  exchanges: ExchangeSummary[];
  exchangesLoaded: boolean;
  exchangesLoading: boolean;
  /** false once a page came back shorter than asked */
  exchangesHasMore: boolean;
  exchangesError: AppError | null;
  selectedExchangeId: string | null;
  selectedExchange: Exchange | null;
  exchangeLoading: boolean;
  exchangeError: AppError | null;
  /** MCP tool runs, newest first: the list shows them beside the exchanges, in time order */
  toolRuns: ToolRunSummary[];
  toolRunsHasMore: boolean;
  /** the tool run shown instead of an exchange (selecting one clears the other) */
  selectedToolRunId: string | null;
  selectedToolRun: ToolRun | null;
  toolRunError: AppError | null;

  /** Opens the drawer on one exchange (from a reply, an image, a check result). */
  openInspector(exchangeId: string): void;
  setInspectorOpen(open: boolean): void;
  toggleInspector(): void;
  loadExchanges(): Promise<void>;
  loadOlderExchanges(): Promise<void>;
  selectExchange(id: string | null): Promise<void>;
  selectToolRun(id: string): Promise<void>;
  /** A tool run recorded by the host (the `toolRun` event). */
  toolRunRecorded(summary: ToolRunSummary): void;
  /** An import brought records (a conversation's tool runs): a list already shown is read again. */
  recordsImported(): void;
  /** A new record from the host (the `exchange` event). */
  exchangeRecorded(summary: ExchangeSummary): void;
  /** Deletes every record, in the host too. */
  clearExchanges(): Promise<void>;
}

export const createInspectorSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], InspectorSlice> =>
  (set, get) => ({
    inspectorOpen: false,
    exchanges: [],
    exchangesLoaded: false,
    exchangesLoading: false,
    exchangesHasMore: true,
    exchangesError: null,
    selectedExchangeId: null,
    selectedExchange: null,
    exchangeLoading: false,
    exchangeError: null,
    toolRuns: [],
    toolRunsHasMore: false,
    selectedToolRunId: null,
    selectedToolRun: null,
    toolRunError: null,

    openInspector(exchangeId) {
      // a request asked for is shown, even where the column showed the parameters (app-slice.ts)
      set({ inspectorOpen: true, sideTab: 'inspector' });
      if (!get().exchangesLoaded) void get().loadExchanges();
      void get().selectExchange(exchangeId);
    },
    setInspectorOpen(open) {
      set(open ? { inspectorOpen: true, sideTab: 'inspector' } : { inspectorOpen: false });
      if (open && !get().exchangesLoaded) void get().loadExchanges();
    },
    toggleInspector() {
      const s = get();
      // the column showing the parameters: the inspector's tab comes forward rather than the column closing
      if (s.inspectorOpen && s.sideTab === 'params' && s.paramsOpen && selectParamsInSide(s))
        set({ sideTab: 'inspector' });
      else s.setInspectorOpen(!s.inspectorOpen);
    },

    async loadExchanges() {
      set({ exchangesLoading: true });
      const [r, runs] = await Promise.all([
        rt.bridge().listExchanges({ limit: PAGE }),
        rt.bridge().listToolRuns({ limit: PAGE }),
      ]);
      if (!r.ok) {
        set({ exchangesLoading: false, exchangesError: r.error });
        return;
      }
      // Records that arrived live while the page was loading are kept too.
      set((s) => ({
        exchanges: mergeNewestFirst(s.exchanges, r.value),
        // a list without its tool runs still shows the requests
        ...(runs.ok
          ? { toolRuns: mergeNewestFirst(s.toolRuns, runs.value), toolRunsHasMore: runs.value.length >= PAGE }
          : {}),
        exchangesLoaded: true,
        exchangesLoading: false,
        exchangesHasMore: r.value.length >= PAGE,
        exchangesError: null,
      }));
      if (get().selectedExchangeId === null && get().inspectorOpen) {
        const first = get().exchanges[0];
        if (first) void get().selectExchange(first.id);
      }
    },
    async loadOlderExchanges() {
      const last = get().exchanges.at(-1);
      const lastRun = get().toolRuns.at(-1);
      if ((!last && !lastRun) || get().exchangesLoading) return;
      set({ exchangesLoading: true });
      const [r, runs] = await Promise.all([
        last
          ? rt.bridge().listExchanges({ limit: PAGE, before: last.startedAt })
          : Promise.resolve({ ok: true as const, value: [] }),
        lastRun && get().toolRunsHasMore
          ? rt.bridge().listToolRuns({ limit: PAGE, before: lastRun.startedAt })
          : Promise.resolve({ ok: true as const, value: [] }),
      ]);
      if (!r.ok) {
        set({ exchangesLoading: false, exchangesError: r.error });
        return;
      }
      set((s) => ({
        exchanges: mergeNewestFirst(s.exchanges, r.value),
        exchangesLoading: false,
        exchangesHasMore: r.value.length >= PAGE,
        ...(runs.ok
          ? { toolRuns: mergeNewestFirst(s.toolRuns, runs.value), toolRunsHasMore: runs.value.length >= PAGE }
          : {}),
      }));
    },

    async selectExchange(id) {
      if (id === null) {
        set({ selectedExchangeId: null, selectedExchange: null, exchangeError: null });
        return;
      }
      if (get().selectedExchangeId === id && get().selectedExchange?.id === id) return;
      set({
        selectedExchangeId: id,
        exchangeLoading: true,
        exchangeError: null,
        selectedToolRunId: null,
        selectedToolRun: null,
      });
      const r = await rt.bridge().getExchange({ id });
      // The user may have clicked another one meanwhile.
      if (get().selectedExchangeId !== id) return;
      if (r.ok) set({ selectedExchange: r.value, exchangeLoading: false });
      else set({ selectedExchange: null, exchangeLoading: false, exchangeError: r.error });
    },

    async selectToolRun(id) {
      if (get().selectedToolRunId === id && get().selectedToolRun?.id === id) return;
      set({
        selectedToolRunId: id,
        toolRunError: null,
        selectedExchangeId: null,
        selectedExchange: null,
        exchangeError: null,
      });
      const r = await rt.bridge().getToolRun({ id });
      if (get().selectedToolRunId !== id) return;
      if (r.ok) set({ selectedToolRun: r.value });
      else set({ selectedToolRun: null, toolRunError: r.error });
    },
    toolRunRecorded(summary) {
      set((s) => ({ toolRuns: mergeNewestFirst(s.toolRuns, [summary]).slice(0, KEEP) }));
    },

    recordsImported() {
      if (get().exchangesLoaded) void get().loadExchanges();
    },

    exchangeRecorded(summary) {
      set((s) => ({ exchanges: mergeNewestFirst(s.exchanges, [summary]).slice(0, KEEP) }));
    },
    async clearExchanges() {
      const r = await rt.bridge().clearExchanges({});
      if (!r.ok) {
        get().notify(t('inspector.clearFailed', { message: r.error.message }), 'error');
        return;
      }
      set({
        exchanges: [],
        exchangesHasMore: false,
        selectedExchangeId: null,
        selectedExchange: null,
        exchangeError: null,
        toolRuns: [],
        toolRunsHasMore: false,
        selectedToolRunId: null,
        selectedToolRun: null,
      });
    },
  });

/** Merges by id (the newer copy wins) and sorts newest first. */
export function mergeNewestFirst<T extends { id: string; startedAt: number }>(a: T[], b: T[]): T[] {
  const byId = new Map<string, T>();
  for (const x of a) byId.set(x.id, x);
  for (const x of b) byId.set(x.id, x);
  return [...byId.values()].sort((x, y) => y.startedAt - x.startedAt);
}
