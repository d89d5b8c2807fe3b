import path from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { setupCore, closeCoreBeforeQuit } from './desktop/core.ts';
import { setupIpc } from './desktop/ipc.ts';
import { setupMenu } from './desktop/menu.ts';
import { setupNavigation } from './desktop/navigation.ts';
import { setupPermissions } from './desktop/permissions.ts';
import { registerAppScheme, setupProtocol } from './desktop/protocol.ts';
import { showMainWindow } from './desktop/window.ts';
import { DataFolderInUseError } from './store/data-folder-lock.ts';
import { NewerDatabaseError } from './store/index.ts';

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
      // One line that says why (the data folder in use, a newer database), in the terminal and a dialog.
      const message = e instanceof Error ? e.message : String(e);
      const known = e instanceof DataFolderInUseError || e instanceof NewerDatabaseError;
      console.error(`Quartet could not start: ${message}`);
      if (!known && e instanceof Error && e.stack) console.error(e.stack); // a bug: its trace helps
      dialog.showErrorBox('Quartet could not start', message);
      app.exit(1);
    });
}
