import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { AppError } from '../../shared/errors.ts';
import type { KeyFamily } from '../../shared/formats.ts';
import { suitsPurpose, type ModelPurpose } from '../../shared/model-kinds.ts';
import type { StoreRuntime } from './runtime.ts';

export interface ModelEntry {
  id: string;
  ownedBy?: string;
}

/** The model list of one key family, as fetched for one connection. */
export interface ModelList {
  status: 'loading' | 'ready' | 'error';
  items: ModelEntry[];
  error: AppError | null;
  /** the connection the list belongs to; a switch of connection makes it stale */
  connectionId: string | null;
  exchangeId: string | null;
  fetchedAt: number | null;
}

export interface ModelsSlice {
  /** the active connection's lists, per key family (the list depends on the key the family uses) */
  models: Partial<Record<KeyFamily, ModelList>>;
  /**
   * Fetches the list unless one for the active connection and key is kept (or `force`: the refresh
   * button, a key that changed). A list that failed is kept too: visiting a tab again does not ask again.
   */
  loadModels(family: KeyFamily, options?: { force?: boolean }): Promise<void>;
  /** Forgets the lists fetched with a connection's keys (a key changed): the next look fetches them. */
  forgetModelLists(connectionId: string, families: readonly KeyFamily[]): void;
}

/** Splits a list into the models that suit the purpose and the rest, each in the service's order. */
export function groupModels(
  items: readonly ModelEntry[],
  purpose: ModelPurpose,
): { suggested: ModelEntry[]; other: ModelEntry[] } {
  const suggested: ModelEntry[] = [];
  const other: ModelEntry[] = [];
  for (const m of items) (suitsPurpose(m.id, purpose) ? suggested : other).push(m);
  return { suggested, other };
}

/** The model a new choice starts with: the first that suits the purpose, else the first listed; '' when none. */
export function firstSuitedModel(items: readonly ModelEntry[], purpose: ModelPurpose): string {
  return groupModels(items, purpose).suggested[0]?.id ?? items[0]?.id ?? '';
}

export const createModelsSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], ModelsSlice> =>
  (set, get) => {
    /** Every connection's lists, so going back to a connection does not fetch its lists again. */
    const kept = new Map<string, ModelList>();
    const keyOf = (connectionId: string | null, family: KeyFamily) => `${connectionId ?? ''}\u0000${family}`;
    return {
      models: {},
      forgetModelLists(connectionId, families) {
        for (const f of families) kept.delete(keyOf(connectionId, f));
      },
      loadModels(family, options = {}) {
        const connectionId = get().activeConnectionId;
        const cached = get().models[family];
        if (!options.force && cached && cached.connectionId === connectionId) {
          return rt.modelLoads.get(family) ?? Promise.resolve();
        }
        const known = kept.get(keyOf(connectionId, family));
        if (!options.force && known && known.status !== 'loading') {
          set((s) => ({ models: { ...s.models, [family]: known } }));
          return Promise.resolve();
        }
        const run = (async () => {
          set((s) => ({
            models: {
              ...s.models,
              [family]: {
                status: 'loading',
                items: cached?.connectionId === connectionId ? cached.items : [],
                error: null,
                connectionId,
                exchangeId: cached?.exchangeId ?? null,
                fetchedAt: cached?.fetchedAt ?? null,
              },
            },
          }));
          const r = await rt.bridge().listModels({ family });
          const before = kept.get(keyOf(connectionId, family)) ?? cached;
          const list: ModelList = r.ok
            ? {
                status: 'ready',
                items: r.value.models,
                error: null,
                connectionId,
                exchangeId: r.value.exchangeId,
                fetchedAt: Date.now(),
              }
            : {
                status: 'error',
                items: before?.connectionId === connectionId ? before.items : [],
                error: r.error,
                connectionId,
                exchangeId: r.error.exchangeId ?? null,
                fetchedAt: Date.now(),
              };
          kept.set(keyOf(connectionId, family), list);
          // The user switched connection meanwhile: this answer is kept for when they come back.
          if (get().activeConnectionId !== connectionId) return;
          set((s) => ({ models: { ...s.models, [family]: list } }));
        })().finally(() => rt.modelLoads.delete(family));
        rt.modelLoads.set(family, run);
        return run;
      },
    };
  };
