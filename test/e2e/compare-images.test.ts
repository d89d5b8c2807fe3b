import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';
import type { Settings } from '../../shared/contract.ts';

/**
 * Compare's image mode against the sandbox: one prompt made into an image by the responses image tool,
 * generate content's image output and the images endpoint side by side; the responses column's partial
 * images show while it streams, every column settles on its final image with its figures (first image,
 * final, size in pixels and bytes, cost where priced), the images join the gallery, which leads back to
 * the comparison, and the comparison opens again after a reload.
 */

let page: Page;
let h: Harness;
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

const KINDS = ['responses', 'generate', 'images'] as const;
const column = (kind: string): Locator => page.locator(`[data-testid="image-column"][data-kind="${kind}"]`);
const figures = (kind: string): Locator => page.locator(`[data-testid="image-figures"][data-kind="${kind}"]`);

/** Prices for the responses column's model and the images endpoint's, seeded in the host, then read by the page. */
async function seedPrices(): Promise<void> {
  const r = await h.host.core.dispatch(
    'updateSettings',
    {
      prices: {
        currency: 'USD',
        rows: [
          { model: 'gpt-5-mini', input: 100, output: 400 },
          { model: 'gpt-image-1', input: 5, output: 40 },
        ],
      },
    },
    { emit: () => undefined },
  );
  expect(r.ok).toBe(true);
  await page.reload();
  await h.ready();
}

async function openImageMode(): Promise<void> {
  await page.getByTestId('tab-compare').click();
  await page.getByTestId('compare-mode-images').click();
  await page.getByTestId('image-compare').waitFor();
  // each column takes the first model its list suggests for what it makes
  for (const kind of KINDS) {
    const input = page
      .locator(`[data-testid="image-column-head"][data-kind="${kind}"]`)
      .getByTestId('model-picker-input');
    await expect.poll(() => input.inputValue(), { timeout: 15_000 }).not.toBe('');
  }
}

/** Records every partial image a column shows, as it appears. */
async function watchPartials(): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenPartials: string[] }).seenPartials = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="image-column-partial"]')) {
        const kind = el.closest('[data-testid="image-column"]')?.getAttribute('data-kind');
        const entry = `${kind}:${el.getAttribute('data-partial')}`;
        if (!seen.includes(entry)) seen.push(entry);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

async function sendAndSettle(prompt: string, rounds: number): Promise<void> {
  await page.getByTestId('compare-input').fill(prompt);
  await page.getByTestId('compare-send').click();
  for (const kind of KINDS) {
    await expect
      .poll(() => column(kind).getByTestId('image-column-image').count(), { timeout: 60_000 })
      .toBe(rounds);
  }
  await expect.poll(() => page.locator('[data-testid="image-column"][aria-busy="true"]').count()).toBe(0);
}

/** The image column's final image as the page drew it: loaded from the host's media route. */
async function drawnWidth(kind: string): Promise<number> {
  const img = column(kind).getByTestId('image-column-image').last().locator('img');
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  return img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
}

describe('Compare: images side by side', () => {
  it('makes one prompt into an image three ways, with partial images, figures, the gallery and a reload', async () => {
    await seedPrices();
    await openImageMode();
    const settings = page.getByTestId('image-compare-settings');
    await settings.getByTestId('param-image-size').selectOption('1024x1024');
    await settings.getByTestId('param-partialImages').fill('2');
    await watchPartials();
    await sendAndSettle('a lighthouse on a cliff', 1);

    // the responses tool streamed its partial images before its final one settled
    const seen = await page.evaluate(() => (window as unknown as { seenPartials: string[] }).seenPartials);
    expect(seen.filter((s) => s.startsWith('responses:')).length).toBeGreaterThan(0);
    expect(await page.getByTestId('image-column-partial').count()).toBe(0);

    for (const kind of KINDS) {
      const cell = figures(kind);
      expect(await cell.getByTestId('figure-first-image').textContent()).toMatch(/\d/);
      expect(await cell.getByTestId('figure-final-image').textContent()).toMatch(/\d/);
      // pixels and bytes of the image the column made
      expect(await cell.getByTestId('figure-image-size').textContent()).toMatch(
        /\d+×\d+ · [\d.,]+ (B|KB|MB)/,
      );
      expect(await drawnWidth(kind)).toBeGreaterThan(0);
    }
    expect(await figures('responses').getByTestId('figure-image-size').textContent()).toContain('1024×1024');
    expect(await figures('images').getByTestId('figure-image-size').textContent()).toContain('1024×1024');
    expect(await drawnWidth('images')).toBe(1024);
    // priced models show a cost; generate's model has no price, so its column shows none
    expect(await figures('responses').getByTestId('figure-cost').textContent()).toMatch(/\$/);
    expect(await figures('images').getByTestId('figure-cost').textContent()).toMatch(/\$/);
    expect(await figures('generate').getByTestId('figure-cost').count()).toBe(0);
    // the responses column's first image (a partial one) came before its final image
    const ms = async (kind: string, id: string) =>
      Number.parseFloat((await figures(kind).getByTestId(id).textContent())?.replace(/[^\d.]/g, '') ?? 'NaN');
    const unit = async (kind: string, id: string) =>
      (await figures(kind).getByTestId(id).textContent())?.includes('ms') ? 1 : 1000;
    const first =
      (await ms('responses', 'figure-first-image')) * (await unit('responses', 'figure-first-image'));
    const final =
      (await ms('responses', 'figure-final-image')) * (await unit('responses', 'figure-final-image'));
    expect(first).toBeLessThanOrEqual(final);

    // every image is in the gallery; the images endpoint's leads back to the comparison
    const endpointImage = await column('images')
      .getByTestId('image-column-image')
      .getAttribute('data-image-id');
    const toolImageId = await column('responses')
      .getByTestId('image-column-image')
      .getAttribute('data-image-id');
    await page.getByTestId('tab-images').click();
    await expect.poll(() => page.getByTestId('gallery-item').count(), { timeout: 15_000 }).toBe(3);
    // the responses tool's image links to its conversation's turn and to the comparison as well
    await page.locator(`[data-testid="gallery-item"][data-id="${toolImageId}"]`).click();
    await page.getByTestId('image-comparison').waitFor();
    expect(await page.getByTestId('image-conversation').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('image-comparison').count()).toBe(0);
    await page.locator(`[data-testid="gallery-item"][data-id="${endpointImage}"]`).click();
    await page.getByTestId('image-comparison').click();
    await page.getByTestId('image-compare').waitFor();
    await expect.poll(() => page.getByTestId('image-column-image').count()).toBe(3);

    // after a reload the comparison opens again from the list, in image mode, with its figures
    await page.reload();
    await h.ready();
    await page.getByTestId('tab-compare').click();
    await page.getByTestId('compare-history-toggle').click();
    // its row names the three columns, the images endpoint's too
    await expect
      .poll(() =>
        page.getByTestId('comparison-item').first().getByTestId('comparison-column').allTextContents(),
      )
      .toEqual([
        expect.stringContaining('Responses'),
        expect.stringContaining('Generate'),
        expect.stringContaining('Images endpoint'),
      ]);
    await page.getByTestId('comparison-open').first().click();
    await page.getByTestId('image-compare').waitFor();
    await expect.poll(() => page.getByTestId('image-column-image').count()).toBe(3);
    for (const kind of KINDS) {
      expect(await figures(kind).getByTestId('figure-final-image').textContent()).toMatch(/\d/);
      expect(await figures(kind).getByTestId('figure-image-size').textContent()).toMatch(/×/);
    }
    expect(await figures('images').getByTestId('figure-image-size').textContent()).toContain('1024×1024');
  });

  it('a second prompt goes on in the same comparison: the conversation columns edit their image', async () => {
    await openImageMode();
    await sendAndSettle('a red barn', 1);
    await sendAndSettle('make it darker', 2);
    for (const kind of KINDS) {
      expect(await column(kind).locator('.compare-user').allTextContents()).toEqual([
        'a red barn',
        'make it darker',
      ]);
    }
  });

  it('remembers each column’s model and the image settings over a reload', async () => {
    await openImageMode();
    const generate = page
      .locator('[data-testid="image-column-head"][data-kind="generate"]')
      .getByTestId('model-picker-input');
    await generate.click();
    await generate.fill('gemini-2.5-flash');
    await generate.press('Enter');
    await expect.poll(() => generate.inputValue()).toBe('gemini-2.5-flash');
    await page
      .getByTestId('image-compare-settings')
      .getByTestId('param-image-size')
      .selectOption('1536x1024');
    // saved once the settings are quiet: the host has them before the page goes
    await expect
      .poll(async () => {
        const r = await h.host.core.dispatch('getSettings', {}, { emit: () => undefined });
        return r.ok ? (r.value as Settings).compareImages?.params?.imageSize : undefined;
      })
      .toBe('1536x1024');
    await page.reload();
    await h.ready();
    await openImageMode();
    await expect.poll(() => generate.inputValue()).toBe('gemini-2.5-flash');
    expect(
      await page.getByTestId('image-compare-settings').getByTestId('param-image-size').inputValue(),
    ).toBe('1536x1024');
  });
});
