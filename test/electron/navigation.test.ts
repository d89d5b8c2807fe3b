import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebContents, fake } from './fake-electron.ts';
import { guardNavigation, openExternalSafely, setupNavigation } from '../../electron/desktop/navigation.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

beforeEach(() => fake.reset());

function guarded(): FakeWebContents {
  const contents = new FakeWebContents();
  guardNavigation(contents as never);
  return contents;
}

describe('navigation', () => {
  it('allows navigation within the app origin', () => {
    const contents = guarded();
    expect(contents.navigate('app://quartet/index.html')).toBe(true);
    expect(contents.navigate('app://quartet/other?x=1#y')).toBe(true);
  });

  it.each([
    'https://evil.example/',
    'http://127.0.0.1:5170/',
    'app://evil/index.html',
    'app://quartet.evil/index.html',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>1</script>',
    'foo://quartet/',
    'not a url',
  ])('refuses will-navigate and will-redirect to %s', (url) => {
    const contents = guarded();
    expect(contents.navigate(url)).toBe(false);
    expect(contents.navigate(url, 'will-redirect')).toBe(false);
  });

  it('refuses to attach webviews', () => {
    const contents = guarded();
    const event = {
      prevented: false,
      preventDefault() {
        this.prevented = true;
      },
    };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.prevented).toBe(true);
  });

  it('denies window.open, and opens http(s) links in the system browser', async () => {
    const contents = guarded();
    expect(contents.openWindow('https://example.com/docs?a=1')).toBe('deny');
    expect(contents.openWindow('http://example.com/')).toBe('deny');
    await vi.waitFor(() =>
      expect(fake.openedExternally).toEqual(['https://example.com/docs?a=1', 'http://example.com/']),
    );
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'app://quartet/index.html',
    'smb://host/share',
    'mailto:a@b.c',
    '',
  ])('denies window.open of %s without opening anything', async (url) => {
    const contents = guarded();
    expect(contents.openWindow(url)).toBe('deny');
    expect(await openExternalSafely(url)).toBe(false);
    expect(fake.openedExternally).toEqual([]);
  });

  it('guards every web contents created after setup', () => {
    setupNavigation();
    const contents = new FakeWebContents();
    fake.app.emit('web-contents-created', {}, contents);
    expect(contents.navigate('https://evil.example/')).toBe(false);
    expect(contents.openWindow('https://evil.example/')).toBe('deny');
  });
});
