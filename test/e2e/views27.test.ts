import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * Small things a person sees: the inspector's list keeps a request's outcome readable beside both side
 * panels, and the image form's Custom size field is not red before anything was typed in it.
 */

let h: Harness;
let page: Page;
let simRoot = '';
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
  simRoot = '';
});

async function sandboxRoot(): Promise<string> {
  if (simRoot) return simRoot;
  const back = await page.getByRole('tab', { selected: true }).first().getAttribute('data-testid');
  await page.getByTestId('tab-settings').click();
  const url = page.getByTestId('settings-base-url').first();
  await expect.poll(() => url.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  simRoot = await url.inputValue();
  if (back) await page.getByTestId(back).click();
  return simRoot;
}

async function fault(body: Record<string, unknown>): Promise<void> {
  const r = await fetch(`${await sandboxRoot()}/__sim/faults`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-quartet-sim-control': h.host.core.sandboxControlSecret,
    },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(200);
}

describe('inspector list', () => {
  it('at 1280x800 with both side panels, a broken stream’s outcome is shown whole, not cut to a letter', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('tab-generate').click();
    await page.getByTestId('inspector-toggle').click();
    await page.getByTestId('params-toggle').click();
    // both open share one side column as two tabs: bring the inspector's forward
    await page.getByTestId('side-tab-inspector').click();
    await fault({ kind: 'reset', afterEvents: 2, match: { interface: 'generate' } });
    await page.getByTestId('composer-input').fill('Tell me a story');
    await page.getByTestId('composer-input').press('Enter');
    const note = page.getByTestId('inspector').getByTestId('exchange-item-note').first();
    await note.waitFor({ timeout: 30_000 });
    expect(await note.textContent()).toBe('cut off');
    // the whole tag is inside its cell, and its cell shows all of it
    const fits = await note.evaluate((el) => {
      const tag = el.getBoundingClientRect();
      const cell = (el.parentElement as HTMLElement).getBoundingClientRect();
      const row = (el.closest('[data-testid="exchange-item"]') as HTMLElement).getBoundingClientRect();
      return {
        inCell: tag.left >= cell.left - 0.5 && tag.right <= cell.right + 0.5,
        inRow: tag.bottom <= row.bottom + 0.5,
        whole: el.scrollWidth <= el.clientWidth + 1,
      };
    });
    expect(fits).toEqual({ inCell: true, inRow: true, whole: true });
    // and the status code beside it is whole too
    const status = page.getByTestId('inspector').getByTestId('exchange-item-status').first();
    expect(await status.textContent()).toBe('200');
  });
});

describe('image form', () => {
  it('the Custom size field is not red before anything is typed, even after an earlier Generate', async () => {
    await page.getByTestId('tab-images').click();
    const customError = page.locator('.image-custom-size .field-error');
    const field = page.getByTestId('image-size-input');
    await page.getByTestId('image-size-custom').click();
    expect(await customError.count()).toBe(0);

    await page.getByTestId('image-size-auto').click();
    await page.getByTestId('image-prompt').fill('A lighthouse');
    await page.getByTestId('generate-button').click();
    await page.getByTestId('gallery-item').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('image-size-custom').click();
    expect(await customError.count()).toBe(0);
    expect(await field.getAttribute('aria-invalid')).toBeNull();

    // a mistake typed shows at once; Generate with the field empty says what is missing
    await field.fill('12x');
    await expect.poll(() => customError.count()).toBe(1);
    await field.fill('');
    await expect.poll(() => customError.count()).toBe(0);
    await page.getByTestId('generate-button').click();
    await expect.poll(() => customError.count()).toBe(1);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
  });
});
