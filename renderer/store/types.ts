import type { AppSlice } from './app-slice.ts';
import type { ConversationsSlice } from './conversations-slice.ts';
import type { ComposerSlice } from './composer-slice.ts';
import type { AttachmentsSlice } from './attachments-slice.ts';
import type { BranchesSlice } from './branches-slice.ts';
import type { RepliesSlice } from './replies-slice.ts';
import type { ToolsSlice } from './tools-slice.ts';
import type { SearchSlice } from './search-slice.ts';
import type { RunsSlice } from './runs-slice.ts';
import type { ModelsSlice } from './models-slice.ts';
import type { ImagesSlice } from './images-slice.ts';
import type { ImageEditSlice } from './image-edit-slice.ts';
import type { CompareSlice } from './compare-slice.ts';
import type { ComparisonsSlice } from './comparisons-slice.ts';
import type { ImageCompareSlice } from './image-compare-slice.ts';
import type { InspectorSlice } from './inspector-slice.ts';
import type { SettingsSlice } from './settings-slice.ts';
import type { PresetsSlice } from './presets-slice.ts';
import type { OrganiseSlice } from './organise-slice.ts';
import type { LibrarySlice } from './library-slice.ts';
import type { SpeedLabSlice } from './speedlab-slice.ts';
import type { McpSlice } from './mcp-slice.ts';

export type StoreState = AppSlice &
  ConversationsSlice &
  ComposerSlice &
  AttachmentsSlice &
  BranchesSlice &
  RepliesSlice &
  ToolsSlice &
  SearchSlice &
  RunsSlice &
  ModelsSlice &
  ImagesSlice &
  ImageEditSlice &
  CompareSlice &
  ComparisonsSlice &
  ImageCompareSlice &
  InspectorSlice &
  SettingsSlice &
  PresetsSlice &
  OrganiseSlice &
  LibrarySlice &
  SpeedLabSlice &
  McpSlice;
