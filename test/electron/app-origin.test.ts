import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, isAppUrl, isExternalWebUrl, originOf } from '../../electron/desktop/app-origin.ts';

describe('the app origin', () => {
  it('is rebuilt from scheme and host, because Node reports "null" for custom schemes', () => {
    expect(new URL('app://quartet/x').origin).toBe('null');
    expect(originOf('app://quartet/index.html')).toBe(APP_ORIGIN);
    expect(originOf('app://evil/index.html')).toBe('app://evil');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('file:///etc/passwd')).toBeNull();
    expect(originOf('https://example.com:8443/a')).toBe('https://example.com:8443');
  });

  it('compares whole origins, not prefixes', () => {
    expect(isAppUrl('app://quartet/a')).toBe(true);
    expect(isAppUrl('app://quartet.evil/a')).toBe(false);
    expect(isAppUrl('app://quartet@evil/a')).toBe(false);
    // Chromium lower-cases a standard scheme's host before we see it; anything else is not ours.
    expect(isAppUrl('APP://QUARTET/a')).toBe(false);
  });

  it('lets only http(s) out', () => {
    expect(isExternalWebUrl('https://a.b/')).toBe(true);
    expect(isExternalWebUrl('http://a.b/')).toBe(true);
    for (const u of ['file:///x', 'javascript:1', 'data:,x', 'mailto:a@b', 'app://quartet/', 'nope']) {
      expect(isExternalWebUrl(u)).toBe(false);
    }
  });
});
