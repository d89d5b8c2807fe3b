// @vitest-environment jsdom
// The shortcuts as a user presses them: Cmd on macOS and Ctrl elsewhere, keys the browser or the system
// keeps never taken, layouts other than US still reaching their shortcut, plain keys never firing while
// typing, Esc left to menus and dialogs, and each shortcut written for its platform.
import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  UNBOUND_COMMANDS,
  COMMAND_IDS,
  COMMAND_TABS,
  acceleratorOf,
  chordOf,
  clashes,
  duplicates,
  parseChord,
  type ShortcutPlatform,
} from '../../shared/commands.ts';
import { TAB_IDS } from '../../renderer/store/app-slice.ts';
import { en } from '../../renderer/i18n/translate.ts';
import { REGISTRY } from '../../renderer/commands/registry.ts';
import {
  ariaKeys,
  commandForKey,
  detectOs,
  escapeBelongsTo,
  firesWhileTyping,
  formatChord,
  isTypingTarget,
  matchesChord,
  type KeyInput,
} from '../../renderer/commands/keys.ts';

const PLATFORMS: ShortcutPlatform[] = (['mac', 'windows', 'linux'] as const).flatMap((os) =>
  (['electron', 'web'] as const).map((host) => ({ os, host })),
);
const mac: ShortcutPlatform = { os: 'mac', host: 'electron' };
const win: ShortcutPlatform = { os: 'windows', host: 'electron' };
const linuxWeb: ShortcutPlatform = { os: 'linux', host: 'web' };
const macWeb: ShortcutPlatform = { os: 'mac', host: 'web' };

/** A key press: the character typed, where the key is, and the modifiers held. */
function press(key: string, code: string, mods: Partial<Omit<KeyInput, 'key' | 'code'>> = {}): KeyInput {
  return { key, code, metaKey: false, ctrlKey: false, altKey: false, shiftKey: false, ...mods };
}

describe('the command table', () => {
  it('has one entry per command, a name in the dictionary for each, and the sections in the top bar’s order', () => {
    expect(COMMANDS.map((c) => c.id).sort()).toEqual([...COMMAND_IDS].sort());
    expect(REGISTRY.map((c) => c.id)).toEqual(COMMANDS.map((c) => c.id));
    for (const c of REGISTRY) expect(en[c.label], c.id).toBeTruthy();
    expect([...COMMAND_TABS]).toEqual([...TAB_IDS]);
  });

  it.each(PLATFORMS)('takes no key the browser or the system keeps, nor one key twice ($os, $host)', (p) => {
    expect(clashes(p)).toEqual([]);
    expect(duplicates(p)).toEqual([]);
  });

  it('gives every command a shortcut on every platform, but those left to the palette and the menu', () => {
    for (const p of PLATFORMS)
      for (const c of COMMANDS) {
        const chord = chordOf(c.id, p);
        if (UNBOUND_COMMANDS.includes(c.id)) expect(chord, `${c.id} ${p.os}`).toBeNull();
        else expect(chord, `${c.id} ${p.os}`).not.toBeNull();
      }
  });

  it('puts the model picker a chord away (it was six Shift+Tabs from the message box)', () => {
    expect(formatChord(chordOf('chooseModel', win)!, 'windows')).toBe('Ctrl+Alt+M');
    expect(formatChord(chordOf('chooseModel', mac)!, 'mac')).toBe('⌃⌘M');
  });

  it('uses Cmd on macOS where Windows and Linux use Ctrl', () => {
    expect(chordOf('newConversation', mac)).toEqual(parseChord('Mod+Shift+O', 'mac'));
    expect(chordOf('newConversation', mac)).toMatchObject({ meta: true, ctrl: false, shift: true, key: 'o' });
    expect(chordOf('newConversation', win)).toMatchObject({ meta: false, ctrl: true, shift: true, key: 'o' });
    expect(chordOf('openPalette', mac)).toMatchObject({ meta: true, key: 'k' });
    expect(chordOf('openPalette', win)).toMatchObject({ ctrl: true, key: 'k' });
  });

  it('keeps Ctrl/Cmd+1..8 for the desktop app and leaves them to the browser’s tabs in a browser', () => {
    expect(formatChord(chordOf('goto.chat', win)!, 'windows')).toBe('Ctrl+1');
    expect(formatChord(chordOf('goto.settings', mac)!, 'mac')).toBe('⌘9');
    expect(formatChord(chordOf('goto.chat', linuxWeb)!, 'linux')).toBe('Ctrl+Alt+1');
    expect(formatChord(chordOf('goto.compare', macWeb)!, 'mac')).toBe('⌃⌘7');
  });

  it('avoids the developer tools: the inspector is Ctrl+Alt+I, or Cmd+Ctrl+I on macOS (Cmd+Option+I is devtools)', () => {
    expect(formatChord(chordOf('toggleInspector', win)!, 'windows')).toBe('Ctrl+Alt+I');
    expect(formatChord(chordOf('toggleInspector', mac)!, 'mac')).toBe('⌃⌘I');
  });
});

describe('matching a key press', () => {
  it('matches the exact modifiers of the platform', () => {
    expect(commandForKey(press('O', 'KeyO', { ctrlKey: true, shiftKey: true }), win)).toBe('newConversation');
    expect(commandForKey(press('O', 'KeyO', { metaKey: true, shiftKey: true }), mac)).toBe('newConversation');
    // Ctrl on macOS is not Cmd
    expect(commandForKey(press('O', 'KeyO', { ctrlKey: true, shiftKey: true }), mac)).toBeNull();
    // one modifier more is another shortcut (or none)
    expect(
      commandForKey(press('O', 'KeyO', { ctrlKey: true, shiftKey: true, altKey: true }), win),
    ).toBeNull();
    expect(commandForKey(press('o', 'KeyO', { ctrlKey: true }), win)).toBeNull();
    expect(commandForKey(press('k', 'KeyK', { ctrlKey: true }), win)).toBe('openPalette');
    expect(commandForKey(press('Escape', 'Escape'), win)).toBe('stopReply');
    expect(commandForKey(press('Enter', 'Enter', { ctrlKey: true, shiftKey: true }), win)).toBe('regenerate');
  });

  it('reads letters from the character typed, so other layouts press the letter they see', () => {
    const newChat = chordOf('newConversation', win)!;
    // Dvorak: the O is where QWERTY has S
    expect(matchesChord(newChat, press('O', 'KeyS', { ctrlKey: true, shiftKey: true }), 'windows')).toBe(
      true,
    );
    // ... and the key where QWERTY has O types R there: not this shortcut
    expect(matchesChord(newChat, press('R', 'KeyO', { ctrlKey: true, shiftKey: true }), 'windows')).toBe(
      false,
    );
    // a Cyrillic layout types Щ on the O key: the key's place stands in
    expect(matchesChord(newChat, press('Щ', 'KeyO', { ctrlKey: true, shiftKey: true }), 'windows')).toBe(
      true,
    );
  });

  it('on macOS reads Option’s symbols by the key’s place (Cmd+Ctrl chords type nothing)', () => {
    const params = chordOf('toggleParams', mac)!;
    expect(matchesChord(params, press('p', 'KeyP', { metaKey: true, ctrlKey: true }), 'mac')).toBe(true);
    expect(formatChord(params, 'mac')).toBe('⌃⌘P');
  });

  it('never takes AltGr’s characters on Windows and Linux (a German { is Ctrl+Alt+7)', () => {
    const section7 = chordOf('goto.compare', linuxWeb)!;
    expect(matchesChord(section7, press('7', 'Digit7', { ctrlKey: true, altKey: true }), 'linux')).toBe(true);
    expect(matchesChord(section7, press('{', 'Digit7', { ctrlKey: true, altKey: true }), 'linux')).toBe(
      false,
    );
    // Polish AltGr+C types ć: not the copy shortcut
    const copy = chordOf('copyLastReply', win)!;
    expect(matchesChord(copy, press('ć', 'KeyC', { ctrlKey: true, altKey: true }), 'windows')).toBe(false);
    expect(matchesChord(copy, press('c', 'KeyC', { ctrlKey: true, altKey: true }), 'windows')).toBe(true);
  });

  it('reads digits by place, so AZERTY’s Ctrl+& is Ctrl+1', () => {
    expect(commandForKey(press('&', 'Digit1', { ctrlKey: true }), win)).toBe('goto.chat');
    expect(commandForKey(press('1', 'Digit1', { metaKey: true }), mac)).toBe('goto.chat');
  });

  it('takes ? however the layout makes it', () => {
    expect(commandForKey(press('?', 'Slash', { shiftKey: true }), win)).toBe('showShortcuts');
    // French AZERTY: Shift+, gives ?
    expect(commandForKey(press('?', 'KeyM', { shiftKey: true }), win)).toBe('showShortcuts');
    expect(commandForKey(press('?', 'Slash', { shiftKey: true, ctrlKey: true }), win)).toBeNull();
    expect(commandForKey(press('/', 'Slash'), win)).toBeNull();
  });
});

describe('where a key press counts', () => {
  const make = (html: string) => {
    document.body.innerHTML = html;
    return document.body.firstElementChild;
  };

  it('knows the fields that type text', () => {
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<input type="search">'))).toBe(true);
    expect(isTypingTarget(make('<input>'))).toBe(true);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(make('<button>Send</button>'))).toBe(false);
    expect(isTypingTarget(make('<div contenteditable="true"></div>'))).toBe(true);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('lets chords with Ctrl, Cmd or Alt, and Esc, fire while typing; never a plain key such as ?', () => {
    for (const p of PLATFORMS) {
      for (const c of COMMANDS) {
        const chord = chordOf(c.id, p);
        if (chord === null) continue;
        expect(firesWhileTyping(chord), `${c.id} ${p.os}`).toBe(c.id !== 'showShortcuts');
      }
    }
  });

  it('leaves Esc to menus, lists, open pickers and dialogs', () => {
    expect(escapeBelongsTo(make('<div role="menu"><button role="menuitem">x</button></div>'))).toBe(true);
    expect(escapeBelongsTo(make('<input role="combobox" aria-expanded="true">'))).toBe(true);
    expect(escapeBelongsTo(make('<input role="combobox" aria-expanded="false">'))).toBe(false);
    expect(escapeBelongsTo(make('<dialog open><input></dialog>')?.querySelector('input') ?? null)).toBe(true);
    expect(escapeBelongsTo(make('<textarea></textarea>'))).toBe(false);
  });
});

describe('writing a shortcut', () => {
  it('for people, for assistive technology and for the desktop menu', () => {
    const newChat = (p: ShortcutPlatform) => chordOf('newConversation', p)!;
    expect(formatChord(newChat(mac), 'mac')).toBe('⇧⌘O');
    expect(formatChord(newChat(win), 'windows')).toBe('Ctrl+Shift+O');
    expect(ariaKeys(newChat(mac))).toBe('Shift+Meta+O');
    expect(ariaKeys(newChat(win))).toBe('Control+Shift+O');
    expect(acceleratorOf(newChat(mac), 'mac')).toBe('Cmd+Shift+O');
    expect(acceleratorOf(newChat(win), 'windows')).toBe('Ctrl+Shift+O');
    expect(acceleratorOf(chordOf('toggleInspector', mac)!, 'mac')).toBe('Cmd+Ctrl+I');
    expect(acceleratorOf(chordOf('toggleParams', win)!, 'windows')).toBe('Ctrl+Alt+P');
    // plain keys stay out of the menu: it would take them from text boxes and dialogs
    expect(acceleratorOf(chordOf('stopReply', win)!, 'windows')).toBeNull();
    expect(acceleratorOf(chordOf('showShortcuts', mac)!, 'mac')).toBeNull();
    expect(formatChord(chordOf('stopReply', mac)!, 'mac')).toBe('Esc');
    expect(formatChord(chordOf('regenerate', mac)!, 'mac')).toBe('⇧⌘↩');
    expect(formatChord(chordOf('showShortcuts', win)!, 'windows')).toBe('?');
    expect(ariaKeys(chordOf('stopReply', win)!)).toBe('Escape');
  });

  it('detects the OS from what the page sees', () => {
    expect(detectOs({ userAgentData: { platform: 'macOS' } })).toBe('mac');
    expect(detectOs({ platform: 'MacIntel' })).toBe('mac');
    expect(detectOs({ platform: 'Win32' })).toBe('windows');
    expect(detectOs({ platform: 'Linux x86_64', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe(
      'linux',
    );
    expect(detectOs({})).toBe('linux');
  });
});
