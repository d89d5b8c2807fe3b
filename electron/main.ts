import path from 'node:path';
import { app, BrowserWindow } from 'electron';
import { setupCore, closeCoreBeforeQuit } from './desktop/core.ts';
import { setupIpc } from './desktop/ipc.ts';
import { setupMenu } from './desktop/menu.ts';
import { setupNavigation } from './desktop/navigation.ts';
import { setupPermissions } from './desktop/permissions.ts';
import { registerAppScheme, setupProtocol } from './desktop/protocol.ts';
import { showMainWindow } from './desktop/window.ts';

// The Electron entry: it only wires the modules of electron/desktop together, in order.

registerAppScheme(); // must happen before `ready`

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const root = app.getAppPath();
  const preloadPath = path.join(root, 'dist-electron', 'preload.cjs');
  app.on('second-instance', () => showMainWindow(preloadPath));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app
    .whenReady()
    .then(async () => {
      setupPermissions();
      setupNavigation();
      setupMenu(!app.isPackaged);
      const core = await setupCore();
      closeCoreBeforeQuit(core);
      setupProtocol({ rendererDir: path.join(root, 'dist', 'renderer'), core });
      setupIpc(core);
      showMainWindow(preloadPath);
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) showMainWindow(preloadPath);
      });
    })
    .catch((e: unknown) => {
      console.error(`Quartet could not start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      app.exit(1);
    });
}
