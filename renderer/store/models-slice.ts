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
  /** every connection's lists asked for so far, by connection id, then key family */
  modelsByConnection: Record<string, Partial<Record<KeyFamily, ModelList>>>;
  /**
   * Fetches the active connection's list unless one for it and the key is kept (or `force`: the refresh
   * button, a key that changed). A list that failed is kept too: visiting a tab again does not ask again.
   */
  loadModels(family: KeyFamily, options?: { force?: boolean }): Promise<void>;
  /** The same for one connection: a conversation's, a Compare column's, a group of the model picker. */
  loadModelsFor(connectionId: string, family: KeyFamily, options?: { force?: boolean }): Promise<void>;
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
    const keyOf = (connectionId: string, family: KeyFamily) => `${connectionId}\u0000${family}`;
    /** Keeps a connection's list, and shows it as `models` while that connection is the active one. */
    const keep = (connectionId: string, family: KeyFamily, list: ModelList) =>
      set((s) => ({
        modelsByConnection: {
          ...s.modelsByConnection,
          [connectionId]: { ...s.modelsByConnection[connectionId], [family]: list },
        },
        ...(s.activeConnectionId === connectionId ? { models: { ...s.models, [family]: list } } : {}),
      }));
    return {
      models: {},
      modelsByConnection: {},
      forgetModelLists(connectionId, families) {
        set((s) => {
          const lists = { ...s.modelsByConnection[connectionId] };
          for (const f of families) delete lists[f];
          return { modelsByConnection: { ...s.modelsByConnection, [connectionId]: lists } };
        });
      },
      loadModels(family, options = {}) {
        const connectionId = get().activeConnectionId;
        if (connectionId === null) return Promise.resolve();
        const known = get().modelsByConnection[connectionId]?.[family];
        // going back to a connection shows the list it had without asking again
        if (!options.force && known && get().models[family] !== known) {
          set((s) => ({ models: { ...s.models, [family]: known } }));
        }
        return get().loadModelsFor(connectionId, family, options);
      },
      loadModelsFor(connectionId, family, options = {}) {
        const key = keyOf(connectionId, family);
        const known = get().modelsByConnection[connectionId]?.[family];
        if (!options.force && known) return rt.modelLoads.get(key) ?? Promise.resolve();
        const run = (async () => {
          keep(connectionId, family, {
            status: 'loading',
            items: known?.items ?? [],
            error: null,
            connectionId,
            exchangeId: known?.exchangeId ?? null,
            fetchedAt: known?.fetchedAt ?? null,
          });
          const r = await rt.bridge().listModels({ family, connectionId });
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
                items: known?.items ?? [],
                error: r.error,
                connectionId,
                exchangeId: r.error.exchangeId ?? null,
                fetchedAt: Date.now(),
              };
          keep(connectionId, family, list);
        })().finally(() => rt.modelLoads.delete(key));
        rt.modelLoads.set(key, run);
        return run;
      },
    };
  };
