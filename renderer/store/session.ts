// Where the user was (the section, and the conversation open in each text tab), kept in the host's
// settings so that a reload or a restart reopens it, whatever port or window the page comes back in.
import type { Settings } from '../../shared/contract.ts';
import { TEXT_FORMATS, type TextFormat } from '../../shared/formats.ts';
import type { StoreRuntime } from './runtime.ts';
import { COMMAND_TABS } from '../../shared/commands.ts';
import type { TabId } from './app-slice.ts';
import type { StoreState } from './types.ts';

const SAVE_AFTER_MS = 300;

/**
 * Saves where the user is whenever the section or an open conversation changes, once moves have settled.
 * A failure costs only the reopening, so it is not shown. Returns the function that stops it.
 */
export function startSessionMemory(store: {
  getState(): StoreState;
  subscribe(listener: (s: StoreState, prev: StoreState) => void): () => void;
  runtime: StoreRuntime;
}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = store.subscribe((s, prev) => {
    if (!s.ready || (s.activeTab === prev.activeTab && s.activeConversation === prev.activeConversation))
      return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const now = store.getState();
      const session: NonNullable<Settings['session']> = {
        tab: now.activeTab,
        open: { ...now.activeConversation },
      };
      void store.runtime.bridge().updateSettings({ session });
    }, SAVE_AFTER_MS);
  });
  return () => {
    if (timer) clearTimeout(timer);
    unsubscribe();
  };
}

/** The section and conversations to reopen: only those that still exist, each in its own format's tab. */
export function sessionToRestore(s: StoreState): {
  tab: TabId | null;
  open: Partial<Record<TextFormat, string>>;
} {
  // `?safe` in the address: a start that reopens nothing remembered (a way out if something there breaks)
  if (typeof location !== 'undefined' && new URLSearchParams(location.search).has('safe')) {
    return { tab: null, open: {} };
  }
  const saved = s.settings?.session;
  const tab =
    saved?.tab !== undefined && (COMMAND_TABS as readonly string[]).includes(saved.tab)
      ? (saved.tab as TabId)
      : null;
  const open: Partial<Record<TextFormat, string>> = {};
  for (const format of TEXT_FORMATS) {
    const id = saved?.open?.[format];
    if (id && s.conversations.some((c) => c.id === id && c.format === format)) open[format] = id;
  }
  return { tab, open };
}
