import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * Compare as a person sees it: the columns one at a time in a small window, Retry in a failed column,
 * and each column's first model taken from its own key family's list.
 */

let h: Harness;
let page: Page;
let simRoot = '';

harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
  simRoot = '';
});

/** The sandbox's address, as the settings page shows it once the sandbox has started. */
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

/** Queues a fault in the sandbox (its control path, opened by the host process's secret). */
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

/** The Compare tab once every column has a model. */
async function openCompare(): Promise<void> {
  await page.getByTestId('tab-compare').click();
  const inputs = page.getByTestId('compare-column-head').getByTestId('model-picker-input');
  await expect.poll(() => inputs.count()).toBe(3);
  await expect
    .poll(() => inputs.evaluateAll((els) => els.every((e) => (e as HTMLInputElement).value !== '')))
    .toBe(true);
}

async function sendToAll(text: string): Promise<void> {
  await page.getByTestId('compare-input').fill(text);
  await page.getByTestId('compare-send').click();
}

describe('compare views', () => {
  it('starts each column on a model its format’s key family lists, not one id through every format', async () => {
    await openCompare();
    const models = await page
      .getByTestId('compare-column-head')
      .getByTestId('model-picker-input')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    // chat, messages and generate: each maker's model, as the sandbox's lists name them
    expect(models).toEqual([
      expect.stringMatching(/^gpt-/),
      expect.stringMatching(/^claude-/),
      expect.stringMatching(/^gemini-/),
    ]);
    await sendToAll('Hello');
    const replies = page.getByTestId('compare-reply');
    await expect.poll(() => replies.count(), { timeout: 30_000 }).toBe(3);
    expect(await replies.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(
      Array(3).fill('complete'),
    );
  });

  it('a failed column offers Retry, which asks that column again and leaves the others as they are', async () => {
    await openCompare();
    // the client retries a 500 twice: three in a row reach the column
    await fault({ kind: 'status', status: 500, message: 'boom', times: 3, match: { interface: 'messages' } });
    await sendToAll('Say something');
    const columns = page.getByTestId('compare-column');
    const failed = columns.nth(1);
    const retry = failed.getByTestId('compare-retry');
    await retry.waitFor({ timeout: 30_000 });
    expect(await failed.getByTestId('compare-reply').getAttribute('data-status')).toBe('error');
    await expect.poll(() => columns.nth(0).getByTestId('compare-reply').count()).toBe(1);
    await expect.poll(() => columns.nth(2).getByTestId('compare-reply').count()).toBe(1);
    const others = async () =>
      [0, 2].map(async (i) => columns.nth(i).getByTestId('compare-reply').textContent());
    const before = await Promise.all(await others());

    await retry.click();
    await expect
      .poll(() => failed.getByTestId('compare-reply').last().getAttribute('data-status'), { timeout: 30_000 })
      .toBe('complete');
    // the failed reply without text is replaced; the question is asked once
    expect(await failed.getByTestId('compare-reply').count()).toBe(1);
    expect(await failed.locator('.compare-user').allTextContents()).toEqual(['Say something']);
    expect(await failed.getByTestId('compare-retry').count()).toBe(0);
    expect(await Promise.all(await others())).toEqual(before);
  });

  it('at 720x480 shows the columns one at a time, each reply with room to read, switched by tabs', async () => {
    await page.setViewportSize({ width: 720, height: 480 });
    await openCompare();
    await page.getByTestId('compare-add-column').click();
    await sendToAll('In one paragraph: what is a context window?');
    const tabs = page.getByTestId('compare-switch-tab');
    await expect.poll(() => tabs.count()).toBe(4);
    // every tab tells how its column's reply went, so the figures still compare at a glance
    await expect
      .poll(() => tabs.evaluateAll((els) => els.map((e) => /\d+ m?s/.test(e.textContent ?? ''))), {
        timeout: 30_000,
      })
      .toEqual([true, true, true, true]);

    const visibleColumns = page.locator('[data-testid="compare-column"]:visible');
    expect(await visibleColumns.count()).toBe(1);
    const body = await visibleColumns.boundingBox();
    expect(body?.height ?? 0).toBeGreaterThanOrEqual(150);
    // nothing is behind a sideways scroll
    const grid = page.getByTestId('compare-stacked');
    expect(await grid.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await visibleColumns.getAttribute('data-format')).toBe('chat');

    await tabs.nth(3).click();
    await expect.poll(() => tabs.nth(3).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => visibleColumns.count()).toBe(1);
    await expect.poll(() => visibleColumns.getAttribute('data-format')).toBe('responses');
    expect(await visibleColumns.getByTestId('compare-reply').textContent()).toContain('context window');
    // the figures under it are that column's
    expect(await page.locator('[data-testid="compare-figures"]:visible').count()).toBe(1);
    // the arrow keys move between the columns, as in any tab list
    await tabs.nth(3).press('ArrowLeft');
    expect(await visibleColumns.getAttribute('data-format')).toBe('generate');

    // a window where they fit shows them side by side again
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.locator('[data-testid="compare-column"]:visible').count()).toBe(4);
    expect(await tabs.count()).toBe(0);
  });

  it('lists Compare’s conversations in All conversations, marked, and opens one’s comparison in Compare', async () => {
    await openCompare();
    await sendToAll('Why is the sky blue?');
    await expect.poll(() => page.getByTestId('compare-reply').count(), { timeout: 30_000 }).toBe(3);
    await page.getByTestId('compare-new').click();
    await expect.poll(() => page.getByTestId('compare-reply').count()).toBe(0);

    await page.getByTestId('tab-library').click();
    const rows = page.getByTestId('library-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-format')).sort())).toEqual([
      'chat',
      'generate',
      'messages',
    ]);
    expect(await page.getByTestId('library-compared').count()).toBe(3);
    expect(await page.getByTestId('library-total').textContent()).toMatch(/^3 /);
    await page
      .locator('[data-testid="library-row"][data-format="messages"]')
      .getByTestId('library-open')
      .click();
    // the comparison is back on screen in Compare, every column with its reply
    await page.getByTestId('compare').waitFor();
    await expect.poll(() => page.getByTestId('compare-reply').count()).toBe(3);
  });
});
