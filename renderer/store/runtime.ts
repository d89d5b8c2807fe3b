// What a store needs besides its state: the host it talks to, and the timers, queues and registries of
// work in flight. Created with the store (createAppStore), so each store has its own and a test starts
// from nothing by making a new store with a fake bridge.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ShortcutPlatform } from '../../shared/commands.ts';
import type { Bridge, HostEvents } from '../../shared/contract.ts';
import type { KeyFamily, TextFormat } from '../../shared/formats.ts';
import type { PriceDraft } from '../../shared/price-table.ts';
import type { DeltaBatcher, Delta } from './delta-batcher.ts';
import type { ThumbnailMaker } from './images-slice.ts';
import { SaveQueue } from './save-queue.ts';

/** How a running request's host events reach it. */
export interface StreamHandlers {
  onDelta(d: Delta): void;
  /** the request failed and is being tried again */
  onRetry?(r: HostEvents['retry']): void;
  /** a partial image of the reply: it replaces the one shown before */
  onPartialImage?(p: HostEvents['partialImage']): void;
}

/**
 * The keyboard layer's own state (renderer/commands/): which overlay a command opened, and the text tab
 * used last (where "new conversation" goes from another section). A small store of its own, so that
 * opening the palette re-renders only what shows it.
 */
export interface CommandUi {
  overlay: 'palette' | 'shortcuts' | null;
  lastTextTab: TextFormat;
}

/** Settings > Prices as typed: each row with a key that stays with it, and whether it differs from the saved table. */
export interface PricesEditor {
  currency: string;
  rows: (PriceDraft & { key: number })[];
  dirty: boolean;
}

export interface StoreRuntime {
  /** the host; a function so that the app's store reaches it only when first used */
  readonly bridge: () => Bridge;
  /** running requests' event handlers, by request id (see events.ts) */
  readonly streams: Map<string, StreamHandlers>;
  /** running requests' delta batchers, by request id (see runs-slice.ts) */
  readonly batchers: Map<string, DeltaBatcher>;
  /** model and parameter changes waiting to be saved */
  readonly saves: SaveQueue;
  readonly searchTimers: Map<TextFormat, ReturnType<typeof setTimeout>>;
  readonly searchSeq: Map<TextFormat, number>;
  /** model lists being fetched, so two callers share one request */
  readonly modelLoads: Map<KeyFamily, Promise<void>>;
  /** makes a gallery thumbnail (page-only code; tests give a fake) */
  thumbnailMaker: ThumbnailMaker | undefined;
  readonly thumbQueue: string[];
  thumbsRunning: number;
  /**
   * Composers (by draft key) whose send is being prepared (a conversation created, a parameter saved):
   * a second Enter or click meanwhile is refused instead of sending the message twice.
   */
  readonly preparing: Set<string>;
  /** ids for notices, scroll requests and the keys of rows being edited (functions, prices): new each time */
  nextId(): number;
  readonly commandUi: StoreApi<CommandUi>;
  /** the OS and host the shortcuts are for, kept once the bridge is known (commands/platform.ts) */
  platform: ShortcutPlatform | undefined;
  /** Settings > Prices left with a field invalid: the editor finds it as it was when the user comes back */
  unsavedPrices: PricesEditor | undefined;
}

/** A model or parameter change is saved once input has been quiet this long. */
const SAVE_QUIET_MS = 400;

export interface RuntimeOptions {
  bridge: () => Bridge;
  thumbnailMaker?: ThumbnailMaker;
}

export function createRuntime(options: RuntimeOptions): StoreRuntime {
  let id = 0;
  return {
    bridge: options.bridge,
    streams: new Map(),
    batchers: new Map(),
    saves: new SaveQueue(SAVE_QUIET_MS),
    searchTimers: new Map(),
    searchSeq: new Map(),
    modelLoads: new Map(),
    thumbnailMaker: options.thumbnailMaker,
    thumbQueue: [],
    thumbsRunning: 0,
    preparing: new Set(),
    nextId: () => (id += 1),
    commandUi: createStore<CommandUi>()(() => ({ overlay: null, lastTextTab: 'chat' })),
    platform: undefined,
    unsavedPrices: undefined,
  };
}
