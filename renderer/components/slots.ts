// Pieces one feature draws inside another's screen (the Presets menu in a chat tab's header and in a
// Compare column). App.tsx passes them down as components, so a feature folder never imports another
// (eslint.config.js quartet/feature-boundaries); these types are the one place both sides agree on.
import type { ComponentType } from 'react';
import type { TextFormat } from '../../shared/formats.ts';

/** Drawn in a chat tab's header: presets for the tab's new conversation. */
export type ChatPresetsSlot = ComponentType<{ format: TextFormat; conversationId: string | null }>;

/** Drawn in a Compare column's header: presets for that column. */
export type ColumnPresetsSlot = ComponentType<{ columnKey: string; index: number }>;
