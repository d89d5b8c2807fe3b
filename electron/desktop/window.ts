import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL } from './app-origin.ts';

/** The main window's options: the Electron security checklist, item by item. */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    title: 'Quartet',
    show: false, // shown on ready-to-show, so the user never sees an empty white frame
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      safeDialogs: true,
      spellcheck: true,
    },
  };
}

let mainWindow: BrowserWindow | null = null;

/** The main window if it is open. */
export function getMainWindow(): BrowserWindow | null {
  return mainWindow && !mainWindow.isDestroyed() ? mainWindow : null;
}

/** Focuses the main window, creating it (and loading the app) when there is none. */
export function showMainWindow(preloadPath: string): BrowserWindow {
  const existing = getMainWindow();
  if (existing) {
    if (existing.isMinimized()) existing.restore();
    existing.focus();
    return existing;
  }
  const win = new BrowserWindow(mainWindowOptions(preloadPath));
  mainWindow = win;
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  void win.loadURL(APP_ENTRY_URL);
  return win;
}
