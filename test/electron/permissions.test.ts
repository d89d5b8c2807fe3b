import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fake } from './fake-electron.ts';
import { setupPermissions } from '../../electron/desktop/permissions.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

beforeEach(() => fake.reset());

const REFUSED = [
  'media',
  'geolocation',
  'notifications',
  'midiSysex',
  'openExternal',
  'clipboard-read',
  'hid',
  'usb',
  'serial',
  'display-capture',
  'fullscreen',
  'unknown',
];

describe('permissions', () => {
  it('Electron would grant everything without handlers (what the fake models)', async () => {
    expect(await fake.session.request('media', 'app://quartet/index.html')).toBe(true);
  });

  it.each(REFUSED)('denies the %s request, from the app and from elsewhere', async (permission) => {
    setupPermissions();
    expect(await fake.session.request(permission, 'app://quartet/index.html')).toBe(false);
    expect(await fake.session.request(permission, 'https://evil.example/')).toBe(false);
    expect(fake.session.check(permission, 'app://quartet')).toBe(false);
  });

  it('lets only the app page write to the clipboard (its copy buttons)', async () => {
    setupPermissions();
    expect(await fake.session.request('clipboard-sanitized-write', 'app://quartet/index.html')).toBe(true);
    expect(fake.session.check('clipboard-sanitized-write', 'app://quartet')).toBe(true);
    expect(await fake.session.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(fake.session.check('clipboard-sanitized-write', 'app://evil')).toBe(false);
  });

  it('denies device access', () => {
    setupPermissions();
    expect((fake.session.devicePermissionHandler as (() => boolean) | null)?.()).toBe(false);
  });
});
