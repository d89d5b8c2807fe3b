import { app } from 'electron';
import { createAppCore, type AppCore } from '../handlers/index.ts';
import { createSaveImages } from './dialogs.ts';
import { openExternalSafely } from './navigation.ts';
import { createElectronVault } from './vault.ts';
import { getMainWindow } from './window.ts';

/**
 * The app core for the desktop app: data in userData, keys in the safeStorage vault, images saved through
 * native dialogs, links opened in the system browser (http/https only).
 */
export async function setupCore(): Promise<AppCore> {
  const dataDir = app.getPath('userData');
  return createAppCore({
    dataDir,
    vault: await createElectronVault(dataDir),
    host: 'electron',
    version: app.getVersion(),
    saveImages: createSaveImages(getMainWindow),
    openExternal: openExternalSafely,
  });
}

/**
 * Quitting waits for the core to close (running requests are aborted and their partial replies stored,
 * the database closed cleanly), then quits for real.
 */
export function closeCoreBeforeQuit(core: AppCore): void {
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void core
      .close()
      .catch((e: unknown) => console.error(`Quartet: closing failed: ${String(e)}`))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
}
