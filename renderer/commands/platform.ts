// Which shortcuts apply: Cmd or Ctrl from the OS the page sees, and the browser's own keys left alone
// in the browser host.
import { useContext, useMemo } from 'react';
import { chordOf, type CommandId, type ShortcutPlatform } from '../../shared/commands.ts';
import { StoreContext, type AppStore } from '../store/index.ts';
import { useT } from '../i18n/useT.ts';
import { ariaKeys, detectOs, formatChord } from './keys.ts';

/** The host the store talks to; undefined for a store without a bridge yet (a test). */
function hostOf(store: AppStore): ShortcutPlatform['host'] | undefined {
  try {
    return store.runtime.bridge().host;
  } catch {
    return undefined;
  }
}

/**
 * Kept in the store's runtime: the OS and host do not change while the page lives, and every message row
 * asks (menus, tooltips).
 */
export function platformOf(store: AppStore): ShortcutPlatform {
  const known = store.runtime.platform;
  if (known) return known;
  const host = hostOf(store);
  const platform = { os: detectOs(typeof navigator === 'undefined' ? {} : navigator), host: host ?? 'web' };
  // a store without its bridge yet counts as the browser, until it has one
  if (host) store.runtime.platform = platform;
  return platform;
}

export function usePlatform(): ShortcutPlatform {
  const store = useContext(StoreContext);
  return useMemo(() => platformOf(store), [store]);
}

export interface ShortcutText {
  /** as people read it: ⇧⌘O, Ctrl+Shift+O */
  text: string;
  /** for aria-keyshortcuts */
  aria: string;
}

/** A command's shortcut on this platform, for a button's tooltip and aria-keyshortcuts; null if none. */
export function shortcutOf(id: CommandId, platform: ShortcutPlatform): ShortcutText | null {
  const chord = chordOf(id, platform);
  return chord ? { text: formatChord(chord, platform.os), aria: ariaKeys(chord) } : null;
}

export function useShortcut(id: CommandId): ShortcutText | null {
  const platform = usePlatform();
  return useMemo(() => shortcutOf(id, platform), [id, platform]);
}

/**
 * The props a button takes to show its command's shortcut: a tooltip "label (keys)" and
 * aria-keyshortcuts. `label` stays the button's accessible name.
 */
export function useShortcutProps(
  id: CommandId,
  label: string,
): { title: string; 'aria-keyshortcuts'?: string } {
  const t = useT();
  const shortcut = useShortcut(id);
  return shortcut
    ? { title: t('commands.withKeys', { label, keys: shortcut.text }), 'aria-keyshortcuts': shortcut.aria }
    : { title: label };
}
