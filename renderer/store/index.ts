import { createContext, useContext } from 'react';
import { create, useStore as useZustandStore, type StoreApi, type UseBoundStore } from 'zustand';
import type { StoreState } from './types.ts';
import { getBridge } from '../bridge/index.ts';
import { createAppSlice } from './app-slice.ts';
import { createConversationsSlice } from './conversations-slice.ts';
import { createComposerSlice } from './composer-slice.ts';
import { createAttachmentsSlice } from './attachments-slice.ts';
import { createBranchesSlice } from './branches-slice.ts';
import { createRepliesSlice } from './replies-slice.ts';
import { createToolsSlice } from './tools-slice.ts';
import { createSearchSlice } from './search-slice.ts';
import { createRunsSlice } from './runs-slice.ts';
import { createModelsSlice } from './models-slice.ts';
import { createImagesSlice } from './images-slice.ts';
import { createImageEditSlice } from './image-edit-slice.ts';
import { createCompareSlice } from './compare-slice.ts';
import { createComparisonsSlice } from './comparisons-slice.ts';
import { createImageCompareSlice } from './image-compare-slice.ts';
import { createInspectorSlice } from './inspector-slice.ts';
import { createSettingsSlice } from './settings-slice.ts';
import { createPresetsSlice } from './presets-slice.ts';
import { createOrganiseSlice } from './organise-slice.ts';
import { createLibrarySlice } from './library-slice.ts';
import { createSpeedLabSlice } from './speedlab-slice.ts';
import { createMcpSlice } from './mcp-slice.ts';
import { createRuntime, type RuntimeOptions, type StoreRuntime } from './runtime.ts';
import { startEventRouting } from './events.ts';
import { startSessionMemory } from './session.ts';
import { startDraftMemory } from './draft-memory.ts';

export type AppStore = UseBoundStore<StoreApi<StoreState>> & { readonly runtime: StoreRuntime };

/**
 * A store made of typed slices, each keeping its actions beside its state, with its own runtime (the
 * bridge, timers and registries of work in flight): a test makes a fresh one with a fake bridge.
 */
export function createAppStore(options: RuntimeOptions): AppStore {
  const rt = createRuntime(options);
  const store = create<StoreState>()((...a) => ({
    ...createAppSlice(rt)(...a),
    ...createConversationsSlice(rt)(...a),
    ...createComposerSlice(rt)(...a),
    ...createAttachmentsSlice(rt)(...a),
    ...createBranchesSlice(rt)(...a),
    ...createRepliesSlice(rt)(...a),
    ...createToolsSlice(rt)(...a),
    ...createSearchSlice(rt)(...a),
    ...createRunsSlice(rt)(...a),
    ...createModelsSlice(rt)(...a),
    ...createImagesSlice(rt)(...a),
    ...createImageEditSlice(rt)(...a),
    ...createCompareSlice(rt)(...a),
    ...createComparisonsSlice(rt)(...a),
    ...createImageCompareSlice(rt)(...a),
    ...createInspectorSlice(rt)(...a),
    ...createSettingsSlice(rt)(...a),
    ...createPresetsSlice(rt)(...a),
    ...createOrganiseSlice(rt)(...a),
    ...createLibrarySlice(rt)(...a),
    ...createSpeedLabSlice(rt)(...a),
    ...createMcpSlice(rt)(...a),
  }));
  return Object.assign(store, { runtime: rt });
}

/** The app's store: it reaches the host through the page's bridge (Electron's or the WebSocket). */
const appStore = createAppStore({ bridge: getBridge });

/** The store the components below use: the app's, unless a test provides its own. */
export const StoreContext = createContext<AppStore>(appStore);

/** What components read the store with: `useStore((s) => s.field)`, re-rendering when it changes. */
export function useStore<T>(selector: (s: StoreState) => T): T {
  return useZustandStore(useContext(StoreContext), selector);
}

/** Subscribes to host events and loads what the first screen needs. */
export function startApp(store: AppStore = appStore): void {
  startEventRouting(store);
  startSessionMemory(store);
  startDraftMemory(store);
  void store.getState().init();
}
