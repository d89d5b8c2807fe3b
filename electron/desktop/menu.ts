import { Menu, app, type MenuItemConstructorOptions } from 'electron';
import {
  COMMANDS,
  acceleratorOf,
  chordOf,
  type CommandId,
  type CommandMenu,
  type ShortcutPlatform,
} from '../../shared/commands.ts';
import { EVENT_CHANNEL } from '../../shared/contract.ts';
// The command names are the page's too (its dictionaries read them there), so the menu and the palette agree.
import { COMMAND_WORDS, type CommandLocale } from '../../shared/command-words.ts';
import { getMainWindow } from './window.ts';

export type MenuLocale = CommandLocale;

/**
 * The application menu: standard roles (they bring their own accelerators and translations), and the
 * app's commands (shared/commands.ts) with their shortcuts shown. A command item only sends the command's
 * id to the page, which runs it as if its shortcut was pressed: the page owns what commands do.
 *
 * The shortcuts are shown but not registered with the system (`registerAccelerator: false`): the page
 * already handles each key press, and a registered accelerator would run the command a second time, or
 * take the key from a text box. Plain keys (Esc, ?) get no accelerator at all for the same reason.
 */
export function menuTemplate(options: {
  isMac: boolean;
  isDev: boolean;
  appName: string;
  locale?: MenuLocale;
  /** what a command item does; setupMenu sends the id to the window */
  send?: (id: CommandId) => void;
}): MenuItemConstructorOptions[] {
  const { isMac, isDev, appName } = options;
  const words = COMMAND_WORDS[options.locale ?? 'en'];
  const send = options.send ?? (() => {});
  const platform: ShortcutPlatform = {
    os: isMac ? 'mac' : process.platform === 'win32' ? 'windows' : 'linux',
    host: 'electron',
  };

  const commandsOf = (menu: CommandMenu): MenuItemConstructorOptions[] =>
    COMMANDS.filter((c) => c.menu === menu).map((c) => {
      const chord = chordOf(c.id, platform);
      const accelerator = chord ? acceleratorOf(chord, platform.os) : null;
      return {
        id: `command:${c.id}`,
        label: words.commands[c.id],
        ...(accelerator ? { accelerator, registerAccelerator: false } : {}),
        click: () => send(c.id),
      };
    });
  const separator: MenuItemConstructorOptions = { type: 'separator' };

  const template: MenuItemConstructorOptions[] = [];
  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: words.menus.file,
    submenu: [...commandsOf('file'), separator, isMac ? { role: 'close' } : { role: 'quit' }],
  });
  template.push({
    label: words.menus.edit,
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  });
  template.push({
    label: words.menus.view,
    submenu: [
      ...commandsOf('view'),
      separator,
      // Reload would drop a running stream; devtools are for developers.
      ...(isDev
        ? ([
            { role: 'reload' },
            { role: 'forceReload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
          ] as const)
        : []),
      { role: 'resetZoom' },
      // The role's default (CmdOrCtrl+Plus) needs Shift on most layouts; '=' is the key people press.
      { role: 'zoomIn', accelerator: 'CommandOrControl+=' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  });
  template.push({ label: words.menus.go, submenu: goMenu(commandsOf('go')) });
  template.push({ label: words.menus.conversation, submenu: commandsOf('conversation') });
  template.push({
    label: words.menus.window,
    submenu: isMac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  });
  template.push({ label: words.menus.help, role: 'help', submenu: commandsOf('help') });
  return template;
}

/** The Go menu: where the cursor goes, then the sections. */
function goMenu(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  const sections = items.filter((i) => i.id?.startsWith('command:goto.'));
  const rest = items.filter((i) => !sections.includes(i));
  return [...rest, { type: 'separator' }, ...sections];
}

/** The menu's language: the system's, as the page's is until the user picks one. */
export function menuLocale(systemLocale: string): MenuLocale {
  return systemLocale.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function setupMenu(isDev: boolean): void {
  const template = menuTemplate({
    isMac: process.platform === 'darwin',
    isDev,
    appName: app.name,
    locale: menuLocale(app.getLocale()),
    // the same event channel as the host's other events; the page checks the id before running it
    send: (id) => getMainWindow()?.webContents.send(EVENT_CHANNEL, { event: 'command', payload: { id } }),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
