import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { ComparisonSummary } from '../../shared/contract.ts';
import type { Conversation } from '../../shared/conversation.ts';
import type { AppError } from '../../shared/errors.ts';
import { TEXT_FORMATS, type TextFormat } from '../../shared/formats.ts';
import { MAX_COLUMNS, MIN_COLUMNS, emptiedColumn, newColumn, type CompareColumn } from './compare-slice.ts';
import { sharedParamsOf, wholeParams } from './compare-params.ts';
import { isImageComparison } from './image-compare-slice.ts';
import type { StoreRuntime } from './runtime.ts';
import { t } from '../i18n/active.ts';

/** The Compare view's past comparisons: listed, reopened into the columns, deleted. */
export interface ComparisonsSlice {
  comparisons: ComparisonSummary[];
  /** true once the list has been fetched: from then on it is kept fresh after each send */
  comparisonsLoaded: boolean;
  comparisonsLoading: boolean;
  comparisonsError: AppError | null;
  loadComparisons(): Promise<void>;
  /**
   * Loads a comparison's conversations into the columns (their formats, models, turns and parameters);
   * what runs now is stopped first. False when it could not be opened (said in a notice).
   */
  openComparison(id: string): Promise<boolean>;
  /** Deletes a comparison's conversations; the columns start over when it was the one on screen. */
  deleteComparison(id: string): Promise<boolean>;
}

/** A column showing a stored conversation, ready to go on with it. */
function columnOf(conv: Conversation): CompareColumn {
  return {
    ...newColumn(conv.format, conv.model, conv.params, conv.connection?.id),
    conversationId: conv.id,
    conversationModel: conv.model,
    conversationParams: conv.params,
    turns: conv.turns,
  };
}

export const createComparisonsSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], ComparisonsSlice> =>
  (set, get) => ({
    comparisons: [],
    comparisonsLoaded: false,
    comparisonsLoading: false,
    comparisonsError: null,

    async loadComparisons() {
      set({ comparisonsLoading: true });
      const r = await rt.bridge().listComparisons({});
      if (r.ok) set({ comparisons: r.value, comparisonsLoaded: true, comparisonsError: null });
      else set({ comparisonsError: r.error });
      set({ comparisonsLoading: false });
    },

    async openComparison(id) {
      const summary = get().comparisons.find((c) => c.id === id);
      if (!summary) return false;
      const members = summary.columns.slice(0, MAX_COLUMNS);
      const loaded = await Promise.all(members.map((c) => rt.bridge().getConversation({ id: c.id })));
      const failed = loaded.find((r) => !r.ok);
      if (failed && !failed.ok) {
        get().notify(
          t('compare.openFailed', { title: summary.title, message: failed.error.message }),
          'error',
        );
        return false;
      }
      const convs = loaded.flatMap((r) => (r.ok ? [r.value] : []));
      if (get().compareColumns.some((c) => c.run)) await get().stopCompare();
      if (get().imageColumns.some((c) => c.run)) await get().stopImageCompare();
      if (isImageComparison(summary, convs)) {
        get().showImageComparison(id, convs, summary.images ?? []);
        return true;
      }
      set({ compareImageMode: false });

      const shared = sharedParamsOf(convs);
      const columns = convs.map(columnOf);
      // An old comparison may hold a single column: the view always shows at least two.
      while (columns.length < MIN_COLUMNS) {
        const used = new Set<TextFormat>(columns.map((c) => c.format));
        const format = TEXT_FORMATS.find((f) => !used.has(f)) ?? 'chat';
        const last = columns.at(-1);
        columns.push(
          emptiedColumn(newColumn(format, last?.model ?? '', last?.params ?? wholeParams(undefined))),
        );
      }
      set((s) => ({
        comparisonId: id,
        compareColumns: columns,
        compareSameParams: shared !== null,
        compareParams: shared ?? s.compareParams,
        compareParamsOpen: null,
        compareInvalid: {},
      }));
      // the columns and their parameters become what the view remembers
      await get().updateSettings({
        compareColumns: columns.map((c) => ({ format: c.format, model: c.model, params: c.params })),
        compareSameParams: shared !== null,
        compareParams: get().compareParams,
      });
      return true;
    },

    async deleteComparison(id) {
      const r = await rt.bridge().deleteComparison({ id });
      if (!r.ok) {
        get().notify(t('compare.deleteFailed', { message: r.error.message }), 'error');
        return false;
      }
      const current = get().comparisonId === id;
      if (current && get().compareColumns.some((c) => c.run)) await get().stopCompare();
      if (current && get().imageColumns.some((c) => c.run)) await get().stopImageCompare();
      if (current) get().newImageComparison();
      const gone = new Set(
        get()
          .comparisons.find((c) => c.id === id)
          ?.columns.map((c) => c.id) ?? [],
      );
      set((s) => {
        // a tab may show one of its conversations (opened from a search hit)
        const loaded = { ...s.loaded };
        for (const conversationId of gone) delete loaded[conversationId];
        const active = { ...s.activeConversation };
        for (const f of TEXT_FORMATS) if (gone.has(active[f] ?? '')) active[f] = null;
        return {
          comparisons: s.comparisons.filter((c) => c.id !== id),
          loaded,
          activeConversation: active,
          ...(current ? { comparisonId: null, compareColumns: s.compareColumns.map(emptiedColumn) } : {}),
        };
      });
      return true;
    },
  });
