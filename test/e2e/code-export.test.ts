import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * PROVES: in the smallest desktop window (720x480), in both themes, the inspector's "Copy as code" opens a
 * dialog whose language tabs, code and copy button are all on screen; the code is the chosen language's,
 * configured for the service, and holds no key, not even the redacted one.
 */

let page: Page;
harnessPerTest((harness) => {
  page = harness.page;
});

async function expectInside(l: Locator, width: number, height: number) {
  const b = await l.boundingBox();
  if (!b) throw new Error(`${l.toString()} is not on screen`);
  expect(b.x, l.toString()).toBeGreaterThanOrEqual(0);
  expect(b.y, l.toString()).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, l.toString()).toBeLessThanOrEqual(width + 0.5);
  expect(b.y + b.height, l.toString()).toBeLessThanOrEqual(height + 0.5);
}

it('Copy as code at 720x480 in both themes: Python, Node and fetch, no key', async () => {
  await page.setViewportSize({ width: 720, height: 480 });
  await page.getByTestId('tab-chat').click();
  const input = page.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill('gpt-5-mini');
  await input.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByTestId('composer-input').fill('Code for this please');
  await page.getByTestId('composer-input').press('Enter');
  await page.getByTestId('turn-meta').last().waitFor({ timeout: 30_000 });
  await page.getByTestId('inspect').last().click();
  await page.getByTestId('exchange-detail').waitFor();

  for (const round of [0, 1]) {
    if (round === 1) {
      const before = await page.evaluate(() => document.documentElement.dataset['theme']);
      // The toggle cycles through "follow the system", which can resolve to the same theme: click until it differs.
      const theme = () => page.evaluate(() => document.documentElement.dataset['theme']);
      await expect
        .poll(
          async () => {
            if ((await theme()) === before) await page.getByTestId('theme-toggle').click();
            return theme();
          },
          { timeout: 10_000 },
        )
        .not.toBe(before);
    }
    await page.getByTestId('copy-code').click();
    const dialog = page.getByTestId('code-export-dialog');
    await dialog.getByTestId('code-text').waitFor();
    for (const id of ['code-tab-python', 'code-tab-node', 'code-tab-fetch', 'code-text', 'code-copy']) {
      await expectInside(dialog.getByTestId(id), 720, 480);
    }
    const python = (await dialog.getByTestId('code-text').textContent()) ?? '';
    expect(python).toContain('client = OpenAI(api_key=KEY, base_url=f"{BASE_URL}/v1")');
    expect(python).toContain('"content": "Code for this please"');

    await dialog.getByTestId('code-tab-node').click();
    const node = (await dialog.getByTestId('code-text').textContent()) ?? '';
    expect(node).toContain("import OpenAI from 'openai';");
    await dialog.getByTestId('code-tab-fetch').click();
    const fetchCode = (await dialog.getByTestId('code-text').textContent()) ?? '';
    expect(fetchCode).toContain('Authorization: `Bearer ${key}`');
    for (const code of [python, node, fetchCode]) {
      expect(code).not.toContain('••••');
      expect(code).toContain('QUARTET_API_KEY');
    }

    // The code is readable in this theme: its colour differs from what is behind it.
    const colours = await dialog.getByTestId('code-text').evaluate((el) => {
      const s = getComputedStyle(el);
      return { fg: s.color, bg: s.backgroundColor };
    });
    expect(colours.fg).not.toBe(colours.bg);

    // Copying either succeeds or offers the text selected for Ctrl+C; either way the fetch code is what's offered.
    await dialog.getByTestId('code-copy').click();
    const manual = dialog.locator('textarea[data-testid="code-text"]');
    await expect
      .poll(
        async () => {
          if ((await dialog.getByRole('status').count()) > 0) return 'copied';
          return (await manual.count()) > 0 ? manual.inputValue() : 'pending';
        },
        { timeout: 10_000 },
      )
      .toMatch(/^copied$|Bearer \$\{key\}/);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
});
