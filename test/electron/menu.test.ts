import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { fake, type BrowserWindow } from './fake-electron.ts';
import { menuTemplate, setupMenu } from '../../electron/desktop/menu.ts';
import { showMainWindow } from '../../electron/desktop/window.ts';
import { COMMANDS, type CommandId } from '../../shared/commands.ts';
import { EVENT_CHANNEL } from '../../shared/contract.ts';
import { translate } from '../../renderer/i18n/translate.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

beforeEach(() => fake.reset());

/** Every item of the menus, depth first. */
function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}
const commandItem = (template: MenuItemConstructorOptions[], id: CommandId) =>
  items(template).find((i) => i.id === `command:${id}`);

function roles(template: MenuItemConstructorOptions[]): string[] {
  return template.flatMap((item) => [
    ...(item.role ? [String(item.role)] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

describe('the application menu', () => {
  it('has edit, view and window menus with the standard roles', () => {
    const template = menuTemplate({ isMac: false, isDev: false, appName: 'Quartet' });
    expect(template.map((m) => m.label)).toEqual([
      'File',
      'Edit',
      'View',
      'Go',
      'Conversation',
      'Window',
      'Help',
    ]);
    expect(roles(template)).toEqual(
      expect.arrayContaining([
        'quit',
        'undo',
        'redo',
        'cut',
        'copy',
        'paste',
        'selectAll',
        'resetZoom',
        'zoomIn',
        'zoomOut',
        'togglefullscreen',
        'minimize',
      ]),
    );
  });

  it('offers reload and devtools only in development', () => {
    const prod = roles(menuTemplate({ isMac: false, isDev: false, appName: 'Quartet' }));
    const dev = roles(menuTemplate({ isMac: false, isDev: true, appName: 'Quartet' }));
    for (const role of ['reload', 'forceReload', 'toggleDevTools']) {
      expect(prod).not.toContain(role);
      expect(dev).toContain(role);
    }
  });

  it('adds the app menu on macOS', () => {
    const template = menuTemplate({ isMac: true, isDev: false, appName: 'Quartet' });
    expect(template[0]?.label).toBe('Quartet');
    expect(roles(template)).toEqual(
      expect.arrayContaining(['about', 'hide', 'quit', 'front', 'pasteAndMatchStyle']),
    );
  });

  it('sets the menu', () => {
    setupMenu(false);
    expect(fake.applicationMenu?.template.length).toBeGreaterThan(0);
  });
});

describe('the commands in the menu', () => {
  it('lists every command of the app once, by its name', () => {
    const template = menuTemplate({ isMac: false, isDev: false, appName: 'Quartet' });
    for (const c of COMMANDS) {
      expect(
        items(template).filter((i) => i.id === `command:${c.id}`),
        c.id,
      ).toHaveLength(1);
    }
    expect(commandItem(template, 'newConversation')?.label).toBe('New conversation');
    expect(commandItem(template, 'goto.compare')?.label).toBe('Go to Compare');
  });

  it('shows the shortcuts the page handles, for the platform, without registering them', () => {
    const mac = menuTemplate({ isMac: true, isDev: false, appName: 'Quartet' });
    const other = menuTemplate({ isMac: false, isDev: false, appName: 'Quartet' });
    expect(commandItem(mac, 'newConversation')).toMatchObject({
      accelerator: 'Cmd+Shift+O',
      registerAccelerator: false,
    });
    expect(commandItem(other, 'newConversation')).toMatchObject({
      accelerator: 'Ctrl+Shift+O',
      registerAccelerator: false,
    });
    expect(commandItem(mac, 'toggleInspector')?.accelerator).toBe('Cmd+Ctrl+I');
    expect(commandItem(other, 'toggleParams')?.accelerator).toBe('Ctrl+Alt+P');
    // the desktop app keeps Ctrl/Cmd+1..8 for the sections
    expect(commandItem(other, 'goto.chat')?.accelerator).toBe('Ctrl+1');
    expect(commandItem(mac, 'goto.settings')?.accelerator).toBe('Cmd+8');
    // no plain key: the menu would take Esc from dialogs and ? from text boxes
    expect(commandItem(other, 'stopReply')?.accelerator).toBeUndefined();
    expect(commandItem(other, 'showShortcuts')?.accelerator).toBeUndefined();
    // every accelerator registered by the menu is a standard role's, never a command's
    expect(
      items(other).filter(
        (i) => i.id?.startsWith('command:') && i.accelerator && i.registerAccelerator !== false,
      ),
    ).toEqual([]);
  });

  it('sends the chosen command to the window as a host event', () => {
    setupMenu(false);
    const win = showMainWindow('/p.cjs') as unknown as BrowserWindow;
    const template = fake.applicationMenu?.template as MenuItemConstructorOptions[];
    const click = commandItem(template, 'regenerate')?.click as () => void;
    click();
    expect(win.webContents.sent).toEqual([
      { channel: EVENT_CHANNEL, args: [{ event: 'command', payload: { id: 'regenerate' } }] },
    ]);
  });

  it('speaks Chinese on a Chinese system', () => {
    fake.app.locale = 'zh-CN';
    setupMenu(false);
    const template = fake.applicationMenu?.template as MenuItemConstructorOptions[];
    expect(template.map((m) => m.label)).toContain('对话');
    expect(commandItem(template, 'newConversation')?.label).toBe('新建对话');
  });

  it('names every command as the page does, in both languages', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const template = menuTemplate({ isMac: false, isDev: false, appName: 'Quartet', locale });
      const shown = COMMANDS.filter((c) => commandItem(template, c.id) !== undefined);
      expect(shown.length).toBeGreaterThan(10);
      for (const c of shown)
        expect(commandItem(template, c.id)?.label).toBe(translate(locale, `commands.${c.id}`));
    }
  });
});
