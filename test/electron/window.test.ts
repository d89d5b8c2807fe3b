import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fake, type BrowserWindow } from './fake-electron.ts';
import { mainWindowOptions, showMainWindow } from '../../electron/desktop/window.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

beforeEach(() => fake.reset());

describe('the main window', () => {
  it('follows the Electron security checklist in its webPreferences', () => {
    const prefs = mainWindowOptions('/app/dist-electron/preload.cjs').webPreferences ?? {};
    expect(prefs).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(prefs.allowRunningInsecureContent).not.toBe(true);
    expect(prefs.experimentalFeatures).not.toBe(true);
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
  });

  it('loads the app from app://quartet/ and shows it only once it is ready', () => {
    const win = showMainWindow('/p.cjs') as unknown as BrowserWindow;
    expect(fake.windows).toHaveLength(1);
    expect(fake.windows[0]?.options).toMatchObject({ show: false });
    expect(win.loadedUrl).toBe('app://quartet/index.html');
    expect(win.visible).toBe(false);
    win.emit('ready-to-show');
    expect(win.visible).toBe(true);
  });

  it('focuses the existing window instead of opening a second one', () => {
    const first = showMainWindow('/p.cjs');
    expect(showMainWindow('/p.cjs')).toBe(first);
    expect(fake.windows).toHaveLength(1);
  });
});
