import { session, type Session } from 'electron';
import { isAppUrl } from './app-origin.ts';

/**
 * Electron grants every permission unless told otherwise. Quartet needs none, except writing to the
 * clipboard (the copy buttons: reply text, curl commands) from its own page; everything else (camera,
 * microphone, notifications, geolocation, HID/USB/serial, ...) is refused, for every origin.
 */
const ALLOWED_FOR_APP: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isPermissionAllowed(permission: string, origin: string): boolean {
  return ALLOWED_FOR_APP.has(permission) && isAppUrl(origin);
}

export function setupPermissions(ses: Session = session.defaultSession): void {
  ses.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl ?? contents.getURL()));
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin),
  );
  ses.setDevicePermissionHandler(() => false);
}
