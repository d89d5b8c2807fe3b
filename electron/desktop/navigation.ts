import { app, shell, type WebContents } from 'electron';
import { isAppUrl, isExternalWebUrl } from './app-origin.ts';

/**
 * Keeps every web contents on the app's own origin: navigation elsewhere is refused, new windows are
 * denied, and http(s) links the page tries to open go to the system browser instead. Applied to every
 * web contents as it is created, so no window can be forgotten.
 */
export function setupNavigation(): void {
  app.on('web-contents-created', (_event, contents) => guardNavigation(contents));
}

export function guardNavigation(contents: WebContents): void {
  const refuseForeign = (event: { url: string; preventDefault(): void }): void => {
    if (!isAppUrl(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', refuseForeign);
  contents.on('will-redirect', refuseForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalSafely(url);
    return { action: 'deny' };
  });
}

/**
 * Opens an http(s) URL in the system browser; anything else (file:, javascript:, custom schemes,
 * unparsable text) is refused. The URL is re-serialised from its parsed form before it leaves.
 */
export async function openExternalSafely(url: string): Promise<boolean> {
  if (!isExternalWebUrl(url)) return false;
  try {
    await shell.openExternal(new URL(url).href);
    return true;
  } catch {
    return false;
  }
}
