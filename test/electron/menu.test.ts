import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { fake } from './fake-electron.ts';
import { menuTemplate, setupMenu } from '../../electron/desktop/menu.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

beforeEach(() => fake.reset());

function roles(template: MenuItemConstructorOptions[]): string[] {
  return template.flatMap((item) => [
    ...(item.role ? [String(item.role)] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

describe('the application menu', () => {
  it('has edit, view and window menus with the standard roles', () => {
    const template = menuTemplate({ isMac: false, isDev: false, appName: 'Quartet' });
    expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window']);
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
