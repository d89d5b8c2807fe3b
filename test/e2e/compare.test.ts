import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_KEY } from '../../electron/simulator/index.ts';
import { harnessPerTest } from './harness.ts';

/**
 * Compare end to end: the same model through three formats, one send streaming into every column, the
 * figures row, a second turn in the same conversations, and a column's request in the inspector with a
 * curl command that reads the key from the environment. Each test has a host and data folder of its own
 * and makes the comparison it needs.
 */

let page: Page;

harnessPerTest(
  (harness) => {
    page = harness.page;
  },
  { clipboard: true },
);

async function pickModel(scope: Locator, id: string): Promise<void> {
  const input = scope.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill(id);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(id);
}

const FORMATS = ['chat', 'messages', 'generate'] as const;
const FIRST = 'Say hello in three words';

/** The compare tab with chat, messages and generate columns, all on gpt-5-mini. */
async function setUpColumns(): Promise<void> {
  await page.getByTestId('tab-compare').click();
  const heads = page.getByTestId('compare-column-head');
  await expect.poll(() => heads.count()).toBe(3);
  for (const [i, format] of FORMATS.entries()) {
    await heads.nth(i).getByTestId('compare-format').selectOption(format);
    await pickModel(heads.nth(i), 'gpt-5-mini');
  }
}

/** Sends `text` to every column and waits until each holds `replies` replies. */
async function sendAndWait(text: string, replies: number): Promise<void> {
  await page.getByTestId('compare-input').fill(text);
  await page.getByTestId('compare-input').press('Enter');
  const columns = page.getByTestId('compare-column');
  for (let i = 0; i < FORMATS.length; i++) {
    await expect
      .poll(() => columns.nth(i).getByTestId('compare-reply').count(), { timeout: 30_000 })
      .toBe(replies);
  }
}

describe('compare', () => {
  it('sends once to chat, messages and generate with the same model; every column answers with figures', async () => {
    await setUpColumns();
    await page.getByTestId('compare-input').fill(FIRST);
    await page.getByTestId('compare-send').click();
    // the prompt box empties at once; every column shows the question while it waits
    expect(await page.getByTestId('compare-input').inputValue()).toBe('');

    const columns = page.getByTestId('compare-column');
    for (const [i, format] of FORMATS.entries()) {
      const col = columns.nth(i);
      expect(await col.getAttribute('data-format')).toBe(format);
      await expect.poll(() => col.getByTestId('compare-reply').count(), { timeout: 30_000 }).toBe(1);
      expect(await col.getByTestId('compare-reply').getAttribute('data-status')).toBe('complete');
      expect(((await col.getByTestId('compare-reply').textContent()) ?? '').length).toBeGreaterThan(0);
    }
    const figures = page.getByTestId('compare-figures');
    for (let i = 0; i < 3; i++) {
      const f = figures.nth(i);
      expect(await f.getByTestId('figure-ttft').textContent()).toMatch(/\d+(\.\d+)? m?s/);
      expect(await f.getByTestId('figure-total').textContent()).toMatch(/\d+(\.\d+)? m?s/);
      expect(await f.getByTestId('figure-tokens').textContent()).toMatch(/^In \/ out\d[\d,]* \/ \d[\d,]*$/);
      expect(((await f.getByTestId('figure-finish').textContent()) ?? '').replace('Finish', '')).not.toBe('');
    }
  });

  it('a second turn goes on in each column’s own conversation', async () => {
    await setUpColumns();
    await sendAndWait(FIRST, 1);
    await sendAndWait('And now in two words', 2);
    // three conversations with two turns each (a generate follow-up only works when its signature went back)
    const statuses = await page
      .getByTestId('compare-reply')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses).toEqual(Array(6).fill('complete'));
  });

  it('opens a column’s request in the inspector; "Copy as curl" reads the key from the environment', async () => {
    await setUpColumns();
    await sendAndWait(FIRST, 1);
    await page.getByTestId('compare-inspect').nth(2).click();
    const inspector = page.getByTestId('inspector');
    await inspector.getByTestId('exchange-detail').waitFor();
    const url = (await inspector.getByTestId('exchange-url').textContent()) ?? '';
    expect(url).toContain('/v1beta/models/gpt-5-mini:streamGenerateContent');
    expect(url).not.toContain(SANDBOX_KEY);
    expect(await inspector.getByTestId('exchange-status').textContent()).toBe('HTTP 200');
    expect(await inspector.getByTestId('event-list').count()).toBe(1);

    await inspector.getByTestId('copy-curl').click();
    const curl =
      (await inspector
        .getByTestId('curl-text')
        .inputValue()
        .catch(() => null)) ??
      (await inspector.getByTestId('curl-text').textContent()) ??
      '';
    expect(curl).toMatch(/^curl /);
    expect(curl).toContain('$QUARTET_');
    expect(curl).not.toContain(SANDBOX_KEY);
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    expect(clip).toBe(curl);
  });

  it('"New comparison" clears the columns and keeps their formats and models', async () => {
    await setUpColumns();
    await sendAndWait(FIRST, 1);
    await page.getByTestId('compare-new').click();
    await expect.poll(() => page.getByTestId('compare-reply').count()).toBe(0);
    const heads = page.getByTestId('compare-column-head');
    for (const [i, format] of FORMATS.entries()) {
      expect(await heads.nth(i).getByTestId('compare-format').inputValue()).toBe(format);
      expect(await heads.nth(i).getByTestId('model-picker-input').inputValue()).toBe('gpt-5-mini');
    }
  });

  it('a comparison found by search opens in its format’s tab, shown apart from that tab’s own list', async () => {
    await setUpColumns();
    await sendAndWait(FIRST, 1);
    await page.getByTestId('tab-messages').click();
    await page.getByTestId('search-input').fill('three words');
    const hit = page.getByTestId('search-hit').filter({ hasText: 'Compare · Messages' });
    await expect.poll(() => hit.count()).toBeGreaterThan(0);
    await hit.first().click();
    await page.getByTestId('search-input').fill('');
    const apart = page.getByTestId('from-compare');
    await apart.waitFor();
    expect(await apart.getByTestId('conversation-item').getAttribute('class')).toContain('is-active');
    expect(await page.getByTestId('message-user').first().textContent()).toContain(FIRST);
  });

  it('continues a column’s conversation in its tab, where it goes on as one of the tab’s own', async () => {
    await setUpColumns();
    await sendAndWait(FIRST, 1);
    const messagesColumn = page.getByTestId('compare-column').nth(1);
    await messagesColumn.getByTestId('compare-continue').click();
    await expect.poll(() => page.getByTestId('tab-messages').getAttribute('aria-selected')).toBe('true');
    // one of the tab's own conversations now, not "opened from Compare"
    expect(await page.getByTestId('from-compare').count()).toBe(0);
    const item = page.getByTestId('conversation-item').first();
    expect(await item.getAttribute('class')).toContain('is-active');
    expect(await page.getByTestId('message-user').first().textContent()).toContain(FIRST);
    await page.getByTestId('composer-input').fill('And one more thing');
    await page.getByTestId('composer-input').press('Enter');
    await expect
      .poll(() => page.locator('[data-testid="message-assistant"][data-status="complete"]').count(), {
        timeout: 30_000,
      })
      .toBe(2);
    // the column started over; the others kept their conversations
    await page.getByTestId('tab-compare').click();
    await expect.poll(() => messagesColumn.getByTestId('compare-reply').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('compare-column').nth(0).getByTestId('compare-reply').count())
      .toBe(1);
  });
});
