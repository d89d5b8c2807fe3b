// The app's commands and their keyboard shortcuts, once for both processes: the page's key handler,
// command palette, shortcuts sheet and tooltips (renderer/commands/) and the desktop menu
// (electron/desktop/menu.ts) all read this table. What a command does lives in the renderer; its name in
// both languages in shared/command-words.ts, which the menu and the page's dictionaries read.

/** The sections of the top bar, in their order (the page's TAB_IDS): Ctrl/Cmd+1..8 go to them. */
export const COMMAND_TABS = [
  'chat',
  'responses',
  'messages',
  'generate',
  'library',
  'images',
  'compare',
  'settings',
] as const;
export type CommandTab = (typeof COMMAND_TABS)[number];

export const COMMAND_IDS = [
  'newConversation',
  'focusSearch',
  'focusComposer',
  'stopReply',
  'regenerate',
  'copyLastReply',
  'toggleSidebar',
  'toggleParams',
  'toggleInspector',
  'chooseModel',
  'attachFiles',
  'exportMarkdown',
  'exportJson',
  'switchTheme',
  'switchLanguage',
  'openPalette',
  'showShortcuts',
  ...COMMAND_TABS.map((t) => `goto.${t}` as const),
] as const;
export type CommandId = (typeof COMMAND_IDS)[number];

/**
 * Commands reached from the palette and the desktop menu only: rare enough not to take a chord (the keys
 * left free are few, and each one taken is one a user cannot have for something else).
 */
export const UNBOUND_COMMANDS: readonly CommandId[] = [
  'attachFiles',
  'exportMarkdown',
  'exportJson',
  'switchTheme',
  'switchLanguage',
];

export function isCommandId(value: unknown): value is CommandId {
  return typeof value === 'string' && (COMMAND_IDS as readonly string[]).includes(value);
}

/** Where a shortcut is pressed: the OS decides Cmd or Ctrl, the host which keys the browser keeps. */
export interface ShortcutPlatform {
  os: 'mac' | 'windows' | 'linux';
  host: 'electron' | 'web';
}

/** A key with the exact modifiers held, as physical keys (meta is Cmd on macOS). */
export interface Chord {
  /** a lower-case letter, a digit, 'Escape', 'Enter', or a printed symbol such as '?' */
  key: string;
  meta: boolean;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
}

/** How the sheet and the palette group commands. */
export type CommandGroup = 'general' | 'conversation' | 'panels' | 'tabs';
/** The desktop menu a command is listed in. */
export type CommandMenu = 'file' | 'view' | 'go' | 'conversation' | 'help';

export interface CommandSpec {
  id: CommandId;
  group: CommandGroup;
  menu: CommandMenu;
  /**
   * The shortcut, written with `Mod` (Cmd on macOS, Ctrl elsewhere), `Ctrl` (the Control key; on macOS
   * only, elsewhere it is Mod), `Alt` (Option) and `Shift`; null when the command has none there.
   */
  keys(p: ShortcutPlatform): string | null;
}

/**
 * The second family of chords, for the panels and the copy: Ctrl+Alt on Windows and Linux; Cmd+Ctrl on
 * macOS, where Cmd+Option+I, J and C open the browser's developer tools.
 */
const alt = (p: ShortcutPlatform, key: string): string =>
  p.os === 'mac' ? `Mod+Ctrl+${key}` : `Mod+Alt+${key}`;

/**
 * The table. The choices (docs/decisions/002-keyboard-shortcuts.md says why): Ctrl/Cmd+Shift+O for a new conversation as
 * in the chat apps people know (Ctrl/Cmd+N opens a browser window); Ctrl/Cmd+Shift+F to search, as editors
 * search every file (Ctrl/Cmd+F stays the browser's find in page); Esc stops; Ctrl/Cmd+Shift+Enter answers
 * again (Enter sends); Ctrl/Cmd+Shift+S folds the sidebar as in ChatGPT; Ctrl/Cmd+K for the palette;
 * `?` for this list. Ctrl/Cmd+1..8 pick a section in the desktop app; in a browser those keys pick a
 * browser tab, so there the section keys are the second family's (Ctrl+Alt+1..8, Cmd+Ctrl+1..8).
 */
export const COMMANDS: readonly CommandSpec[] = [
  { id: 'openPalette', group: 'general', menu: 'view', keys: () => 'Mod+K' },
  { id: 'showShortcuts', group: 'general', menu: 'help', keys: () => '?' },
  { id: 'newConversation', group: 'general', menu: 'file', keys: () => 'Mod+Shift+O' },
  { id: 'focusSearch', group: 'general', menu: 'go', keys: () => 'Mod+Shift+F' },
  { id: 'focusComposer', group: 'general', menu: 'go', keys: () => 'Mod+Shift+M' },
  { id: 'stopReply', group: 'conversation', menu: 'conversation', keys: () => 'Escape' },
  { id: 'regenerate', group: 'conversation', menu: 'conversation', keys: () => 'Mod+Shift+Enter' },
  { id: 'copyLastReply', group: 'conversation', menu: 'conversation', keys: (p) => alt(p, 'C') },
  { id: 'toggleSidebar', group: 'panels', menu: 'view', keys: () => 'Mod+Shift+S' },
  { id: 'toggleParams', group: 'panels', menu: 'view', keys: (p) => alt(p, 'P') },
  { id: 'toggleInspector', group: 'panels', menu: 'view', keys: (p) => alt(p, 'I') },
  // the model picker was six Shift+Tabs away from the message box
  { id: 'chooseModel', group: 'conversation', menu: 'conversation', keys: (p) => alt(p, 'M') },
  // UNBOUND_COMMANDS: in the palette and the menu only
  { id: 'attachFiles', group: 'conversation', menu: 'conversation', keys: () => null },
  { id: 'exportMarkdown', group: 'conversation', menu: 'file', keys: () => null },
  { id: 'exportJson', group: 'conversation', menu: 'file', keys: () => null },
  { id: 'switchTheme', group: 'general', menu: 'view', keys: () => null },
  { id: 'switchLanguage', group: 'general', menu: 'view', keys: () => null },
  ...COMMAND_TABS.map((tab, i): CommandSpec => ({
    id: `goto.${tab}`,
    group: 'tabs',
    menu: 'go',
    keys: (p) => (p.host === 'electron' ? `Mod+${i + 1}` : alt(p, String(i + 1))),
  })),
];

export function commandSpec(id: CommandId): CommandSpec {
  const spec = COMMANDS.find((c) => c.id === id);
  if (!spec) throw new Error(`No command ${id}`);
  return spec;
}

/** Reads 'Mod+Shift+O' into the physical keys of the platform. */
export function parseChord(text: string, os: ShortcutPlatform['os']): Chord {
  const parts = text.split('+');
  // '+' itself cannot be written; none of the shortcuts uses it
  const last = parts.pop() ?? '';
  const chord: Chord = {
    key: last.length === 1 ? last.toLowerCase() : last,
    meta: false,
    ctrl: false,
    alt: false,
    shift: false,
  };
  for (const m of parts) {
    if (m === 'Mod') {
      if (os === 'mac') chord.meta = true;
      else chord.ctrl = true;
    } else if (m === 'Ctrl') chord.ctrl = true;
    else if (m === 'Alt') chord.alt = true;
    else if (m === 'Shift') chord.shift = true;
    else throw new Error(`Unknown modifier ${m} in ${text}`);
  }
  return chord;
}

/** The command's chord on this platform, or null. */
export function chordOf(id: CommandId, p: ShortcutPlatform): Chord | null {
  const text = commandSpec(id).keys(p);
  return text === null ? null : parseChord(text, p.os);
}

/** Whether a chord holds a modifier that keeps it from typing text (Shift alone does not). */
export function isModified(chord: Chord): boolean {
  return chord.meta || chord.ctrl || chord.alt;
}

/**
 * A chord as Electron's menu writes it (`Cmd+Shift+O`, `Ctrl+Alt+P`), or null for keys the menu must not
 * take: a plain key (Esc, ?) would be caught by the menu while the user types or closes a dialog.
 */
export function acceleratorOf(chord: Chord, os: ShortcutPlatform['os']): string | null {
  if (!isModified(chord)) return null;
  const mods: string[] = [];
  if (chord.meta) mods.push(os === 'mac' ? 'Cmd' : 'Super');
  if (chord.ctrl) mods.push('Ctrl');
  if (chord.alt) mods.push(os === 'mac' ? 'Option' : 'Alt');
  if (chord.shift) mods.push('Shift');
  return [...mods, chord.key.length === 1 ? chord.key.toUpperCase() : chord.key].join('+');
}

const sameChord = (a: Chord, b: Chord) =>
  a.key === b.key && a.meta === b.meta && a.ctrl === b.ctrl && a.alt === b.alt && a.shift === b.shift;

/**
 * Shortcuts the browser or the system keeps for itself, which the app must never take: tabs and windows
 * (Ctrl/Cmd+W, T, N, Shift+T, Shift+N, Shift+W, Tab, 1..9 in a browser), the address bar (L), reload (R,
 * Shift+R), find (F, G), print (P), save (S), quit (Q), zoom, the developer tools, text editing (A, C, V,
 * X, Z, Y), the private window (Shift+P), and on macOS hide (H), minimise (M) and preferences (,).
 */
export function reservedChords(p: ShortcutPlatform): Chord[] {
  const list = [
    'Mod+W',
    'Mod+T',
    'Mod+N',
    'Mod+L',
    'Mod+R',
    'Mod+F',
    'Mod+G',
    'Mod+P',
    'Mod+S',
    'Mod+Q',
    'Mod+A',
    'Mod+C',
    'Mod+V',
    'Mod+X',
    'Mod+Z',
    'Mod+Y',
    'Mod+D',
    'Mod+H',
    'Mod+J',
    'Mod+O',
    'Mod+U',
    'Mod+0',
    'Mod+=',
    'Mod+-',
    'Mod+Shift+T',
    'Mod+Shift+N',
    'Mod+Shift+W',
    'Mod+Shift+R',
    'Mod+Shift+P',
    'Mod+Shift+Z',
    'Mod+Shift+G',
    'Mod+Shift+Delete',
    'Mod+Shift+B',
    'Mod+Tab',
    'Mod+Shift+Tab',
    'F5',
    'F11',
    'F12',
  ];
  if (p.os === 'mac') {
    list.push('Mod+Alt+I', 'Mod+Alt+J', 'Mod+Alt+C', 'Mod+Shift+C', 'Mod+M', 'Mod+,', 'Mod+Ctrl+F');
    list.push('Mod+Ctrl+Q', 'Mod+Ctrl+D', 'Mod+`', 'Mod+Alt+Escape', 'Mod+Shift+3', 'Mod+Shift+4');
  } else {
    list.push('Mod+Shift+I', 'Mod+Shift+J', 'Mod+Shift+C', 'Mod+Shift+K', 'Mod+Shift+E');
    list.push('Alt+F4', 'Alt+Left', 'Alt+Right', 'Alt+Home', 'Ctrl+Alt+Delete', 'Shift+Escape');
  }
  if (p.host === 'web') {
    for (let i = 1; i <= 9; i++) list.push(`Mod+${i}`);
    // Linux browsers also switch tabs with Alt+digit
    if (p.os === 'linux') for (let i = 1; i <= 9; i++) list.push(`Alt+${i}`);
  }
  return list.map((t) => parseChord(t, p.os));
}

/** The commands whose shortcut on this platform is one the browser or the system keeps (none, tested). */
export function clashes(p: ShortcutPlatform): CommandId[] {
  const reserved = reservedChords(p);
  return COMMANDS.filter((c) => {
    const chord = chordOf(c.id, p);
    return chord !== null && reserved.some((r) => sameChord(r, chord));
  }).map((c) => c.id);
}

/** Commands sharing a chord on this platform (none, tested). */
export function duplicates(p: ShortcutPlatform): CommandId[] {
  const seen: { id: CommandId; chord: Chord }[] = [];
  const twice: CommandId[] = [];
  for (const c of COMMANDS) {
    const chord = chordOf(c.id, p);
    if (!chord) continue;
    if (seen.some((s) => sameChord(s.chord, chord))) twice.push(c.id);
    seen.push({ id: c.id, chord });
  }
  return twice;
}
