import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  downloadNameFor,
  parseMediaPath,
  resolveAssetPath,
} from '../../electron/host/assets.ts';
import { defaultDataDir, parseWebHostArgs } from '../../electron/web/options.ts';
import { webSaveImages } from '../../electron/web/save-images.ts';
import { SessionGuard, cookieValues, isJsonContentType, secretsEqual } from '../../electron/web/security.ts';

describe('command line and environment', () => {
  it('defaults to no fixed port (the preferred one, else any) and the XDG data folder', () => {
    expect(parseWebHostArgs([], { HOME: '/home/u' })).toEqual({
      port: null,
      dataDir: '/home/u/.local/share/quartet',
      help: false,
    });
  });

  it('takes --port and --data-dir, then QUARTET_DATA_DIR, then XDG_DATA_HOME', () => {
    expect(parseWebHostArgs(['--port', '0', '--data-dir', '/d'], {})).toMatchObject({
      port: 0,
      dataDir: '/d',
    });
    expect(parseWebHostArgs(['--port=8080'], {}).port).toBe(8080);
    expect(defaultDataDir(undefined, { QUARTET_DATA_DIR: '/q', XDG_DATA_HOME: '/x' })).toBe('/q');
    expect(defaultDataDir(undefined, { XDG_DATA_HOME: '/x' })).toBe('/x/quartet');
    // A relative XDG_DATA_HOME is invalid by the spec and ignored.
    expect(defaultDataDir(undefined, { XDG_DATA_HOME: 'rel', HOME: '/h' })).toBe('/h/.local/share/quartet');
    expect(defaultDataDir(undefined, {})).toBe(path.join(os.homedir(), '.local', 'share', 'quartet'));
  });

  it('refuses bad ports and unknown flags with a message', () => {
    expect(() => parseWebHostArgs(['--port', 'abc'], {})).toThrow(/--port must be a number/);
    expect(() => parseWebHostArgs(['--port', '70000'], {})).toThrow(/--port/);
    expect(() => parseWebHostArgs(['--open'], {})).toThrow();
  });
});

describe('security helpers', () => {
  it('compares secrets of any length without throwing', () => {
    expect(secretsEqual('abc', 'abc')).toBe(true);
    expect(secretsEqual('abc', 'abd')).toBe(false);
    expect(secretsEqual('', 'abc')).toBe(false);
    expect(secretsEqual('a'.repeat(1000), 'abc')).toBe(false);
  });

  it('reads every value of a cookie name, so a second one of the same name cannot shadow the first', () => {
    expect(cookieValues('a=1; b=2; a=3', 'a')).toEqual(['1', '3']);
    expect(cookieValues(undefined, 'a')).toEqual([]);
    expect(cookieValues('junk; =x; c=', 'c')).toEqual(['']);
  });

  it('accepts only application/json', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    for (const t of [undefined, '', 'text/plain', 'application/json-patch+json', 'multipart/form-data']) {
      expect(isJsonContentType(t)).toBe(false);
    }
  });

  it('makes a fresh 32-byte token per launch, good for one exchange', () => {
    const a = new SessionGuard(1);
    const b = new SessionGuard(1);
    expect(a.token).not.toBe(b.token);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.exchange(a.token).ok).toBe(true);
    expect(a.exchange(a.token)).toEqual({ ok: false, reason: 'used' });
    expect(b.exchange('nope')).toEqual({ ok: false, reason: 'wrong' });
    expect(b.exchanged).toBe(false);
  });
});

describe('asset paths', () => {
  const root = '/srv/renderer';
  it('maps / and paths inside the folder', () => {
    expect(resolveAssetPath(root, '/')).toEqual({ ok: true, path: '/srv/renderer/index.html' });
    expect(resolveAssetPath(root, '/assets/a%20b.js')).toEqual({
      ok: true,
      path: '/srv/renderer/assets/a b.js',
    });
  });
  it.each([
    '/../x',
    '/a/../../x',
    '/%2e%2e/x',
    '/a%2f..%2f..%2fx',
    '/a%5cb',
    '/%00',
    '/%E0%A4%A',
    'x',
    '/.env',
  ])('refuses %s', (p) => {
    expect(resolveAssetPath(root, p)).toEqual({ ok: false });
  });
  it('parses media paths and makes safe download names', () => {
    expect(parseMediaPath('/media/image/abc_1-2')).toEqual({ id: 'abc_1-2', variant: 'full' });
    expect(parseMediaPath('/media/thumb/abc')).toEqual({ id: 'abc', variant: 'thumb' });
    expect(parseMediaPath('/media/image/a.b')).toBeNull();
    expect(parseMediaPath('/media/image/')).toBeNull();
    expect(downloadNameFor('abc', 'image/jpeg')).toBe('quartet-abc.jpg');
    expect(downloadNameFor('abc', 'text/html')).toBe('quartet-abc.bin');
    expect(contentDisposition(undefined, 'abc', 'image/png')).toBe('attachment; filename="quartet-abc.png"');
    expect(contentDisposition('quartet-2026-11-24-0930-a-fox.png', 'abc', 'image/png')).toBe(
      'attachment; filename="quartet-2026-11-24-0930-a-fox.png"',
    );
    // any script in the prompt: RFC 6266 filename* carries it, the ASCII name stays header-safe
    expect(contentDisposition('quartet-2026-11-24-0930-crème-ün-"x".png', 'abc', 'image/png')).toBe(
      `attachment; filename="quartet-2026-11-24-0930-cr_me-_n-_x_.png"; filename*=UTF-8''${encodeURIComponent('quartet-2026-11-24-0930-crème-ün-"x".png')}`,
    );
  });
});

describe('saving images in the browser', () => {
  it('answers with download URLs of the media route', async () => {
    expect(
      await webSaveImages([
        { path: '/data/images/img_1.png', suggestedName: 'cat.png', mime: 'image/png' },
        { path: '/data/images/whatever.jpg', suggestedName: 'dog.jpg', mime: 'image/jpeg', id: 'img_2' },
      ]),
    ).toEqual({
      kind: 'download',
      urls: ['/media/image/img_1', '/media/image/img_2'],
      names: ['cat.png', 'dog.jpg'],
    });
    await expect(
      webSaveImages([{ path: '/data/images/../x y.png', suggestedName: 'x', mime: 'image/png' }]),
    ).rejects.toThrow(/Cannot offer/);
  });
});
