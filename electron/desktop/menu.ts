import { Menu, app, type MenuItemConstructorOptions } from 'electron';

/** The application menu: standard roles (they bring their own accelerators and translations). */
export function menuTemplate(options: {
  isMac: boolean;
  isDev: boolean;
  appName: string;
}): MenuItemConstructorOptions[] {
  const { isMac, isDev, appName } = options;
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
  template.push({ label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] });
  template.push({
    label: 'Edit',
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
    label: 'View',
    submenu: [
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
  template.push({
    label: 'Window',
    submenu: isMac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  });
  return template;
}

export function setupMenu(isDev: boolean): void {
  const template = menuTemplate({ isMac: process.platform === 'darwin', isDev, appName: app.name });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
