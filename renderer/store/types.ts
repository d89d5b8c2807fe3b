import type { AppSlice } from './app-slice.ts';
import type { ChatSlice } from './chat-slice.ts';
import type { ModelsSlice } from './models-slice.ts';
import type { ImagesSlice } from './images-slice.ts';
import type { CompareSlice } from './compare-slice.ts';
import type { InspectorSlice } from './inspector-slice.ts';
import type { SettingsSlice } from './settings-slice.ts';

export type StoreState = AppSlice &
  ChatSlice &
  ModelsSlice &
  ImagesSlice &
  CompareSlice &
  InspectorSlice &
  SettingsSlice;
