import { create } from 'zustand';
import type { StoreState } from './types.ts';
import { createAppSlice } from './app-slice.ts';
import { createChatSlice } from './chat-slice.ts';
import { createModelsSlice } from './models-slice.ts';
import { createImagesSlice } from './images-slice.ts';
import { createCompareSlice } from './compare-slice.ts';
import { createInspectorSlice } from './inspector-slice.ts';
import { createSettingsSlice } from './settings-slice.ts';
import { startEventRouting } from './events.ts';
import { startSessionMemory } from './session.ts';

/** The one store, made of typed slices; each slice keeps its actions beside its state. */
export const useStore = create<StoreState>()((...a) => ({
  ...createAppSlice(...a),
  ...createChatSlice(...a),
  ...createModelsSlice(...a),
  ...createImagesSlice(...a),
  ...createCompareSlice(...a),
  ...createInspectorSlice(...a),
  ...createSettingsSlice(...a),
}));

/** Subscribes to host events and loads what the first screen needs. */
export function startApp(): void {
  startEventRouting(useStore);
  startSessionMemory(useStore);
  void useStore.getState().init();
}
