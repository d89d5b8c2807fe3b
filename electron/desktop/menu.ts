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
// The command names come from the page's dictionaries (plain data), so the menu and the palette agree.
import { commands as enCommands } from '../../renderer/i18n/en/commands.ts';
import { commands as zhCommands } from '../../renderer/i18n/zh-CN/commands.ts';
import { getMainWindow } from './window.ts';

export type MenuLocale = 'en' | 'zh-CN';
type LabelKey = keyof typeof enCommands;

function labeller(locale: MenuLocale): (key: LabelKey) => string {
  const dictionary = locale === 'zh-CN' ? zhCommands : enCommands;
  return (key) => {
    const entry = dictionary[key];
    return typeof entry === 'function' ? entry({}) : entry;
  };
}

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
  const label = labeller(options.locale ?? 'en');
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
        label: label(`commands.${c.id}` as LabelKey),
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
    label: label('commands.menu.file'),
    submenu: [...commandsOf('file'), separator, isMac ? { role: 'close' } : { role: 'quit' }],
  });
  template.push({
    label: label('commands.menu.edit'),
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
    label: label('commands.menu.view'),
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
  template.push({ label: label('commands.menu.go'), submenu: goMenu(commandsOf('go')) });
  template.push({ label: label('commands.menu.conversation'), submenu: commandsOf('conversation') });
  template.push({
    label: label('commands.menu.window'),
    submenu: isMac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  });
  template.push({ label: label('commands.menu.help'), role: 'help', submenu: commandsOf('help') });
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
