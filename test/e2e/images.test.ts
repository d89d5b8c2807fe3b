import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * Images end to end against the sandbox: two images at a size the simulator adjusts, the gallery, the
 * viewer's requested/reported/real sizes, a download whose bytes are a PNG of the real size, and the
 * gallery surviving a restart of the host. Each test has a host and data folder of its own and makes the
 * images it needs.
 */

let h: Harness;
let page: Page;

harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

async function pickModel(scope: Locator | Page, id: string): Promise<void> {
  const input = scope.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill(id);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(id);
}

const PROMPT = 'A red fox in fresh snow';

/** Generates two images of PROMPT at 1000x1000 (a size the simulator adjusts) and waits for the gallery. */
async function generateTwo(): Promise<void> {
  await page.getByTestId('tab-images').click();
  await pickModel(page.getByTestId('images'), 'gpt-image-1');
  await page.getByTestId('image-prompt').fill(PROMPT);
  await page.getByTestId('image-size-custom').click();
  await page.getByTestId('image-size-input').fill('1000x1000');
  await page.getByTestId('image-n').fill('2');
  await page.getByTestId('generate-button').click();
  await expect.poll(() => page.getByTestId('gallery-item').count(), { timeout: 30_000 }).toBe(2);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('images', () => {
  it('checks a free size as it is typed and does not send a bad one', async () => {
    await page.getByTestId('tab-images').click();
    // like the chat tabs, the model starts as the first that suits: an image model of the list
    const model = page.getByTestId('images').getByTestId('model-picker-input');
    await expect.poll(() => model.inputValue()).toMatch(/image/);
    await page.getByTestId('image-size-custom').click();
    const size = page.getByTestId('image-size-input');
    // nothing typed yet: a hint, not an error
    expect(await size.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('.image-custom-size .field-error').count()).toBe(0);
    await size.fill('1000 by 1000');
    await expect.poll(() => size.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.locator('.image-custom-size .field-error').textContent())
      .toMatch(/WIDTHxHEIGHT/);
    await page.getByTestId('generate-button').click();
    // nothing was sent: still the button, not the progress
    expect(await page.getByTestId('image-progress').count()).toBe(0);
    expect(await page.getByTestId('gallery-item').count()).toBe(0);
  });

  it('generates two images at an odd size; the gallery shows them, marked as resized', async () => {
    await generateTwo();
    expect(await page.getByTestId('size-adjusted-badge').count()).toBe(2);
    expect(await page.getByTestId('gallery-count').textContent()).toBe('2 images');
    // the prompt stays for the next try
    expect(await page.getByTestId('image-prompt').inputValue()).toBe(PROMPT);
    // thumbnails are made in the page and then served by the host
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid="gallery-item"] img')
            .evaluateAll((els) => els.map((e) => e.getAttribute('src'))),
        {
          timeout: 20_000,
        },
      )
      .toEqual([expect.stringContaining('/thumb/'), expect.stringContaining('/thumb/')]);
  });

  it('the viewer shows requested, reported and real size, and Save downloads a PNG of the real size', async () => {
    await generateTwo();
    await page.getByTestId('gallery-item').first().click();
    const detail = page.getByTestId('image-detail');
    await detail.getByTestId('image-detail-img').waitFor();
    expect(await detail.getByTestId('requested-size').textContent()).toBe('1000x1000');
    const real = (await detail.getByTestId('real-size').textContent()) ?? '';
    expect(real).toMatch(/^\d+x\d+$/);
    expect(real).not.toBe('1000x1000');
    expect(await detail.getByTestId('reported-size').textContent()).toMatch(/^\d+x\d+$/);
    expect(await detail.getByTestId('size-changed').textContent()).toBe(
      `The service changed the size: asked 1000x1000, got ${real}.`,
    );
    expect(await detail.getByTestId('image-detail-prompt').textContent()).toBe(PROMPT);

    const downloading = page.waitForEvent('download');
    await detail.getByTestId('image-save').click();
    const download = await downloading;
    const file = await download.path();
    const bytes = await readFile(file);
    const { width, height } = pngSize(bytes);
    expect(`${width}x${height}`).toBe(real);
    expect(download.suggestedFilename()).toMatch(
      /^quartet-\d{4}-\d\d-\d\d-\d{4}-a-red-fox-in-fresh-snow\.png$/,
    );
    // the quality the service reported using, beside the one asked for
    expect(await detail.getByTestId('image-quality-shown').textContent()).toBe('medium (asked: auto)');

    // the whole batch at once: one download per image
    const downloads: string[] = [];
    const onDownload = (d: { suggestedFilename(): string }) => downloads.push(d.suggestedFilename());
    page.on('download', onDownload);
    await detail.getByTestId('image-save-all').click();
    await expect.poll(() => downloads.length).toBe(2);
    page.off('download', onDownload);
    // each under a name of its own (the batch used to arrive as two files of one name)
    expect(downloads.sort()).toEqual([
      expect.stringMatching(/^quartet-\d{4}-\d\d-\d\d-\d{4}-a-red-fox-in-fresh-snow-1\.png$/),
      expect.stringMatching(/^quartet-\d{4}-\d\d-\d\d-\d{4}-a-red-fox-in-fresh-snow-2\.png$/),
    ]);

    // Copy puts a PNG on the clipboard
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.host.origin });
    await detail.getByTestId('image-copy').click();
    await page.getByTestId('notice-success').waitFor();
    const types = await page.evaluate(async () =>
      (await navigator.clipboard.read()).flatMap((item) => [...item.types]),
    );
    expect(types).toContain('image/png');

    // arrow keys page through the gallery
    const first = await detail.getByTestId('image-detail-img').getAttribute('src');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => detail.getByTestId('image-detail-img').getAttribute('src')).not.toBe(first);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => detail.getByTestId('image-detail-img').getAttribute('src')).toBe(first);

    await page.keyboard.press('Escape');
    await detail.getByTestId('image-detail-img').waitFor({ state: 'detached' });
  });

  it('keeps the gallery across a restart of the host, thumbnails included', async () => {
    await generateTwo();
    // the thumbnails are made in the page after the images arrive; wait for both before the restart
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid="gallery-item"] img')
            .evaluateAll((els) => els.filter((e) => e.getAttribute('src')?.includes('/thumb/')).length),
        { timeout: 20_000 },
      )
      .toBe(2);
    await h.restart();
    await h.ready();
    await page.getByTestId('tab-images').click();
    await expect.poll(() => page.getByTestId('gallery-item').count()).toBe(2);
    const srcs = await page
      .locator('[data-testid="gallery-item"] img')
      .evaluateAll((els) => els.map((e) => e.getAttribute('src')));
    expect(srcs).toEqual([expect.stringContaining('/thumb/'), expect.stringContaining('/thumb/')]);
    // every thumbnail actually decodes
    await expect
      .poll(() =>
        page
          .locator('[data-testid="gallery-item"] img')
          .evaluateAll((els) =>
            els.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toBe(true);
  });

  it('deletes an image after confirmation', async () => {
    await generateTwo();
    await page.getByTestId('gallery-item').first().click();
    await page.getByTestId('image-delete').click();
    await page.getByTestId('confirm-button').click();
    await expect.poll(() => page.getByTestId('gallery-item').count()).toBe(1);
    expect(await page.getByTestId('gallery-count').textContent()).toBe('1 image');
  });
});
