// Key matching and how a shortcut is written, per platform. Pure: the key handler, the tooltips, the
// palette and the sheet use it, and the unit tests drive it with plain objects.
import {
  COMMANDS,
  chordOf,
  isModified,
  type Chord,
  type CommandId,
  type ShortcutPlatform,
} from '../../shared/commands.ts';

/** What matching needs of a KeyboardEvent. */
export interface KeyInput {
  key: string;
  code: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** The OS from what the page can see (Client Hints first, then the older platform and user agent). */
export function detectOs(nav: {
  platform?: string;
  userAgent?: string;
  userAgentData?: { platform?: string };
}): ShortcutPlatform['os'] {
  const text = `${nav.userAgentData?.platform ?? ''} ${nav.platform ?? ''} ${nav.userAgent ?? ''}`;
  if (/mac|iphone|ipad|ipod/i.test(text)) return 'mac';
  if (/win/i.test(text)) return 'windows';
  return 'linux';
}

const isAsciiPrintable = (key: string) => key.length === 1 && key >= ' ' && key <= '~';

/**
 * Whether the event is the chord. Letters are read from the character typed (so Dvorak and AZERTY users
 * press the letter they see); when the character is not Latin (a Cyrillic layout, or Option's symbols on
 * macOS) the key's position stands in. Digits go by position too (AZERTY types & for 1). On Windows and
 * Linux, Ctrl+Alt is AltGr, which types characters ({ on a German 7): there only the character counts, so
 * typing a brace never switches a section.
 */
export function matchesChord(chord: Chord, e: KeyInput, os: ShortcutPlatform['os']): boolean {
  const printedSymbol = chord.key.length === 1 && !/[a-z0-9]/.test(chord.key);
  // A symbol such as '?' carries its own Shift (and needs none on some layouts).
  if (!printedSymbol && e.shiftKey !== chord.shift) return false;
  if (e.metaKey !== chord.meta || e.ctrlKey !== chord.ctrl || e.altKey !== chord.alt) return false;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (key === chord.key) return true;
  const altGr = os !== 'mac' && e.ctrlKey && e.altKey;
  if (altGr) return false;
  if (/^[a-z]$/.test(chord.key)) {
    return !isAsciiPrintable(e.key) && e.code === `Key${chord.key.toUpperCase()}`;
  }
  if (/^[0-9]$/.test(chord.key)) return e.code === `Digit${chord.key}`;
  return false;
}

/** The command whose chord the event is on this platform, if any. */
export function commandForKey(e: KeyInput, p: ShortcutPlatform): CommandId | null {
  for (const c of COMMANDS) {
    const chord = chordOf(c.id, p);
    if (chord && matchesChord(chord, e, p.os)) return c.id;
  }
  return null;
}

/** Elements where keys type text: a plain key there is the user's, not a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(
      target.type,
    );
  }
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable === true ||
      target.closest('[contenteditable]:not([contenteditable="false"])') !== null)
  );
}

/** A chord fires while typing when it cannot type text itself (Ctrl, Cmd or Alt held), or is Esc. */
export function firesWhileTyping(chord: Chord): boolean {
  return isModified(chord) || chord.key === 'Escape';
}

/**
 * Places where Esc belongs to something smaller than the page: a menu, a list of choices, an expanded
 * combobox (the model picker), a dialog. Esc there closes that, never stops the reply.
 */
export function escapeBelongsTo(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (
    target.closest(
      'dialog, [role="dialog"], [role="menu"], [role="menuitem"], [role="listbox"], [role="option"], [aria-expanded="true"]',
    ) !== null
  );
}

const KEY_NAMES_MAC: Record<string, string> = { Escape: 'Esc', Enter: '↩' };
const KEY_NAMES: Record<string, string> = { Escape: 'Esc', Enter: 'Enter' };

/** The chord's keys one by one, for <kbd> pieces: ⌃ ⌥ ⇧ ⌘ O on macOS (Apple's order), Ctrl Shift O elsewhere. */
export function chordParts(chord: Chord, os: ShortcutPlatform['os']): string[] {
  const printedSymbol = chord.key.length === 1 && !/[a-z0-9]/.test(chord.key);
  const shift = chord.shift && !printedSymbol;
  const key = chord.key.length === 1 ? chord.key.toUpperCase() : chord.key;
  const parts =
    os === 'mac'
      ? [chord.ctrl && '⌃', chord.alt && '⌥', shift && '⇧', chord.meta && '⌘', KEY_NAMES_MAC[key] ?? key]
      : [chord.ctrl && 'Ctrl', chord.alt && 'Alt', shift && 'Shift', KEY_NAMES[key] ?? key];
  return parts.filter((p): p is string => typeof p === 'string');
}

/** The chord as people read it: ⇧⌘O on macOS, Ctrl+Shift+O elsewhere. */
export function formatChord(chord: Chord, os: ShortcutPlatform['os']): string {
  return chordParts(chord, os).join(os === 'mac' ? '' : '+');
}

/** The chord as aria-keyshortcuts writes it (Control+Shift+O, Meta+K, Escape). */
export function ariaKeys(chord: Chord): string {
  const printedSymbol = chord.key.length === 1 && !/[a-z0-9]/.test(chord.key);
  const mods = [
    chord.ctrl && 'Control',
    chord.alt && 'Alt',
    chord.shift && !printedSymbol && 'Shift',
    chord.meta && 'Meta',
  ].filter(Boolean);
  return [...mods, chord.key.length === 1 ? chord.key.toUpperCase() : chord.key].join('+');
}
