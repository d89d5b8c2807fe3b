import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * Editing in Chromium against the sandbox: a gallery image edited with a mask painted in the app, the
 * child in the versions strip, only the painted part changed, and the gallery filtered by source.
 */

let page: Page;

harnessPerTest((harness) => {
  page = harness.page;
});

async function generateOne(prompt: string): Promise<void> {
  await page.getByTestId('tab-images').click();
  const model = page.getByTestId('images').getByTestId('model-picker-input');
  await expect.poll(() => model.inputValue()).toMatch(/image/);
  await page.getByTestId('image-prompt').fill(prompt);
  await page.getByTestId('generate-button').click();
  await expect.poll(() => page.getByTestId('gallery-item').count(), { timeout: 30_000 }).toBe(1);
}

/** The image's pixels as the page loads them (from the host's media route). */
async function pixels(src: string): Promise<{ data: Buffer; width: number; height: number }> {
  const bytes = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return Array.from(new Uint8Array(await res.arrayBuffer()));
  }, src);
  const { data, info } = await sharp(Buffer.from(bytes))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('image edits', () => {
  it('edits a gallery image with a painted mask; the child joins its versions and the source filter', async () => {
    await generateOne('A lighthouse on a cliff');
    await page.getByTestId('gallery-item').first().click();
    const detail = page.getByTestId('image-detail');
    const parentSrc = (await detail.getByTestId('image-detail-img').getAttribute('src')) ?? '';
    expect(await detail.getByTestId('image-source').textContent()).toMatch(/Images endpoint/);
    await detail.getByTestId('image-edit').click();

    const editor = page.getByTestId('image-editor');
    const canvas = editor.getByTestId('mask-canvas');
    await canvas.waitFor();
    expect(await canvas.getAttribute('aria-label')).toMatch(/no mask/);
    // paint a band across the top-left quarter
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas box');
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => canvas.getAttribute('aria-label')).toMatch(/painted mask/);
    await expect.poll(() => editor.getByTestId('mask-clear').isEnabled()).toBe(true);
    await editor.getByTestId('edit-prompt').fill('Paint the sky red');
    await editor.getByTestId('edit-run').click();

    // the child opens in the viewer, its versions strip holds the parent and it, the child current
    await expect.poll(() => canvas.count(), { timeout: 30_000 }).toBe(0);
    const strip = detail.getByTestId('versions');
    await expect.poll(() => strip.getByTestId('version').count(), { timeout: 15_000 }).toBe(2);
    expect(await strip.locator('[aria-current="true"]').count()).toBe(1);
    expect(await detail.getByTestId('image-detail-prompt').textContent()).toBe('Paint the sky red');
    expect(await detail.getByTestId('image-source').textContent()).toMatch(/Edits/);
    expect(await detail.getByTestId('image-settings').textContent()).toMatch(/mask: true/);
    const childSrc = (await detail.getByTestId('image-detail-img').getAttribute('src')) ?? '';

    // only the painted band changed: the bottom half is as it was, the band is not
    const [before, after] = await Promise.all([pixels(parentSrc), pixels(childSrc)]);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    const row = (img: typeof before, y: number) =>
      img.data.subarray(y * img.width * 3, (y + 1) * img.width * 3);
    const bottom = Math.floor(before.height * 0.8);
    expect(row(after, bottom).equals(row(before, bottom))).toBe(true);
    const band = Math.floor(before.height * 0.2);
    expect(row(after, band).equals(row(before, band))).toBe(false);

    // the parent from the strip, then back
    await strip.getByTestId('version').first().click();
    await expect.poll(() => detail.getByTestId('image-detail-img').getAttribute('src')).toBe(parentSrc);
    await page.keyboard.press('Escape');

    // the gallery by source
    await expect.poll(() => page.getByTestId('gallery-item').count()).toBe(2);
    const source = page.getByTestId('gallery-source');
    await source.selectOption('edit');
    await expect.poll(() => page.getByTestId('gallery-count').textContent()).toBe('1 image');
    expect(await page.getByTestId('gallery-item').count()).toBe(1);
    await source.selectOption('images');
    await expect.poll(() => page.getByTestId('gallery-count').textContent()).toBe('1 image');
    await source.selectOption('responses');
    await expect.poll(() => page.getByTestId('gallery-count').textContent()).toBe('0 images');
    await source.selectOption('');
    await expect.poll(() => page.getByTestId('gallery-count').textContent()).toBe('2 images');
  });
});
