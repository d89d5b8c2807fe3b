// The composer's drafts kept in the page's storage, per conversation (or a tab's new one), so that text
// typed while the host was down survives the page reconnecting or reloading. Cleared when the message is
// sent (the store empties the draft, and an empty draft is removed here).
import type { StoreState } from './types.ts';

const PREFIX = 'quartet.draft.';
/**
 * A draft longer than this is not kept: the page's storage holds a few MB for the whole origin, and a
 * stored draft shorter than what is in the box would come back as if it were the whole text.
 */
export const MAX_KEPT_DRAFT_CHARS = 500_000;

/** The part of the Web Storage API used here (a test gives jsdom's, or a Map-backed one). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function pageStorage(): DraftStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused (private mode, a sandboxed frame): drafts live only in the page
  }
}

/** The drafts kept by an earlier page, by draft key. */
export function readKeptDrafts(storage: DraftStorage | null = pageStorage()): Record<string, string> {
  const drafts: Record<string, string> = {};
  if (!storage) return drafts;
  try {
    for (let i = 0; i < storage.length; i++) {
      const name = storage.key(i);
      if (!name?.startsWith(PREFIX)) continue;
      const text = storage.getItem(name);
      if (text) drafts[name.slice(PREFIX.length)] = text;
    }
  } catch {
    // unreadable storage: nothing to restore
  }
  return drafts;
}

function keep(storage: DraftStorage, key: string, text: string): void {
  try {
    if (text.trim() === '' || text.length > MAX_KEPT_DRAFT_CHARS) storage.removeItem(PREFIX + key);
    else storage.setItem(PREFIX + key, text);
  } catch {
    // full or refused: an older copy would be wrong, so none is kept
    try {
      storage.removeItem(PREFIX + key);
    } catch {
      // nothing more to do
    }
  }
}

/**
 * Restores the kept drafts into the store (a draft the page already has wins), then writes each change of
 * `drafts` through to the storage. Returns the function that stops it.
 */
export function startDraftMemory(
  store: {
    getState(): StoreState;
    setState(partial: Partial<StoreState>): void;
    subscribe(listener: (s: StoreState, prev: StoreState) => void): () => void;
  },
  storage: DraftStorage | null = pageStorage(),
): () => void {
  if (!storage) return () => {};
  const kept = readKeptDrafts(storage);
  if (Object.keys(kept).length > 0) store.setState({ drafts: { ...kept, ...store.getState().drafts } });
  return store.subscribe((s, prev) => {
    if (s.drafts === prev.drafts) return;
    for (const [key, text] of Object.entries(s.drafts))
      if (prev.drafts[key] !== text) keep(storage, key, text);
    for (const key of Object.keys(prev.drafts)) if (!(key in s.drafts)) keep(storage, key, '');
  });
}
