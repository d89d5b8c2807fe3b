// @vitest-environment jsdom
// "Save all" in the browser (issue 27): each image is saved through a link of its own carrying the name the
// host made unique, so two images of a batch never arrive under one name.
import { afterEach, expect, it, vi } from 'vitest';
import { fakeBridge, freshStore, ok } from './fake-bridge.ts';

let t = freshStore();
afterEach(() => {
  t = freshStore();
  vi.restoreAllMocks();
});

it('clicks one link per image, each with its own download name and no ?download=1 header name', async () => {
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  const fake = fakeBridge({
    saveImages: () =>
      ok({
        kind: 'download' as const,
        urls: ['/media/image/a', '/media/image/b'],
        names: ['quartet-fox-1.png', 'quartet-fox-2.png'],
      }),
  });
  t.setBridge(fake.bridge);
  await t.store.getState().saveImages(['a', 'b']);
  expect(clicked).toEqual([
    { href: '/media/image/a', download: 'quartet-fox-1.png' },
    { href: '/media/image/b', download: 'quartet-fox-2.png' },
  ]);
  // the links do not stay in the page
  expect(document.querySelectorAll('a').length).toBe(0);
});
