import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * The layout at the sizes people use: the conversation keeps a readable width with both side panels open
 * at 1280x800, and every section fits, usable, in the smallest desktop window (720x480). Notices never
 * cover the composer. Each test has a host and data folder of its own.
 */

const MIN_CONVERSATION = 480;
const SECTIONS = [
  'chat',
  'responses',
  'messages',
  'generate',
  'images',
  'compare',
  'speedlab',
  'settings',
] as const;

let page: Page;

harnessPerTest((harness) => {
  page = harness.page;
});

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error(`${l.toString()} is not on screen`);
  return b;
}

/** Fully inside the window (not cut off at its right or bottom edge). */
async function expectInside(l: Locator, width: number, height: number) {
  const b = await box(l);
  expect(b.x, l.toString()).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, l.toString()).toBeLessThanOrEqual(width + 0.5);
  expect(b.y + b.height, l.toString()).toBeLessThanOrEqual(height + 0.5);
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function chatWithAReply() {
  await page.getByTestId('tab-chat').click();
  const input = page.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill('gpt-5-mini');
  await input.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByTestId('composer-input').fill('A reply to lay out');
  await page.getByTestId('composer-input').press('Enter');
  await page.getByTestId('turn-meta').last().waitFor({ timeout: 30_000 });
}

describe('layout', () => {
  it('keeps the conversation readable at 1280x800 with the parameters and the inspector open', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await chatWithAReply();
    // parameters are open beside the conversation by default at this size
    await page.getByTestId('chat-chat').locator('.params-panel').waitFor();
    await page.getByTestId('inspect').last().click();
    await page.getByTestId('exchange-detail').waitFor();

    const conversation = page.getByTestId('chat-chat').locator('.chat-main');
    expect((await box(conversation)).width).toBeGreaterThanOrEqual(MIN_CONVERSATION);
    // the parameters moved into the inspector's column as its other tab; shown, the conversation keeps
    // its width and nothing floats over the message box
    expect(await page.getByTestId('chat-chat').locator('.params-panel').count()).toBe(0);
    await page.getByTestId('params-toggle').click();
    const params = page.getByTestId('inspector').locator('.params-panel');
    await params.waitFor();
    expect((await box(conversation)).width).toBeGreaterThanOrEqual(MIN_CONVERSATION);
    expect(await page.getByTestId('inspector').getAttribute('data-floating')).toBe('false');
    expect(overlap(await box(params), await box(page.getByTestId('chat-chat').locator('.composer')))).toBe(
      false,
    );
    // the header keeps its title and the model picker, side by side, not on top of each other
    const title = await box(page.locator('.conv-heading-title'));
    const picker = await box(page.getByTestId('chat-chat').locator('.conv-picker'));
    expect(title.width).toBeGreaterThan(100);
    expect(overlap(title, picker)).toBe(false);
    // closed in the column, the inspector's tab shows again
    await page.getByTestId('side-params-close').click();
    await params.waitFor({ state: 'detached' });
    await page.getByTestId('exchange-detail').waitFor();
    await page.getByTestId('inspector-toggle').click();
  });

  it('keeps the sections, the connection and the toggles of the top bar apart at every width', async () => {
    const bar = ['active-connection', 'theme-toggle', 'inspector-toggle', ...SECTIONS.map((s) => `tab-${s}`)];
    // between the short names' window (under 1180 px) and a wide one, the full names ran under the chip
    for (const width of [1600, 1440, 1280, 1200, 1100, 1000, 961, 900, 861, 720]) {
      await page.setViewportSize({ width, height: 800 });
      const boxes = [];
      for (const id of bar) boxes.push(await box(page.getByTestId(id)));
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++)
          expect(overlap(boxes[i]!, boxes[j]!), `${width}: ${bar[i]} / ${bar[j]}`).toBe(false);
      expect(await page.locator('.topbar-tabs').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(
        true,
      );
    }
  });

  it('fits every section into the smallest window, 720x480, with the controls in reach', async () => {
    const size = { width: 720, height: 480 };
    await page.setViewportSize(size);
    const bar = ['active-connection', 'theme-toggle', 'inspector-toggle', ...SECTIONS.map((s) => `tab-${s}`)];
    for (const section of SECTIONS) {
      await page.getByTestId(`tab-${section}`).click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      const boxes = [];
      for (const id of bar) {
        const l = page.getByTestId(id);
        await expectInside(l, size.width, size.height);
        boxes.push(await box(l));
      }
      // nothing in the top bar sits on anything else
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++)
          expect(overlap(boxes[i]!, boxes[j]!), `${bar[i]} / ${bar[j]}`).toBe(false);
    }
    for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
      await page.getByTestId(`tab-${format}`).click();
      const tab = page.getByTestId(`chat-${format}`);
      await expectInside(tab.getByTestId('send-button'), size.width, size.height);
      await expectInside(tab.getByTestId('model-picker-input'), size.width, size.height);
      expect((await box(tab.locator('.chat-main'))).width).toBeGreaterThanOrEqual(MIN_CONVERSATION);
    }
    await page.getByTestId('tab-images').click();
    await expectInside(page.getByTestId('generate-button'), size.width, Number.POSITIVE_INFINITY);
    await page.getByTestId('tab-compare').click();
    await expectInside(page.getByTestId('compare-send'), size.width, size.height);

    // the inspector floats over the section instead of squeezing it
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('inspector-toggle').click();
    expect(await page.getByTestId('inspector').getAttribute('data-floating')).toBe('true');
    await expectInside(page.getByTestId('inspector'), size.width, size.height);
    expect((await box(page.getByTestId('chat-chat').locator('.chat-main'))).width).toBeGreaterThanOrEqual(
      MIN_CONVERSATION,
    );
    await page.getByTestId('inspector-toggle').click();
  });

  it('shows notices away from the composer, and lets them go by themselves', async () => {
    await page.setViewportSize({ width: 720, height: 480 });
    await chatWithAReply();
    await page.getByTestId('export-menu').click();
    await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
    const notice = page.getByTestId('notice-success');
    await notice.waitFor();
    const composer = await box(page.getByTestId('chat-chat').locator('.composer-wrap'));
    expect(overlap(await box(notice), composer)).toBe(false);
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
  });
});
