/**
 * Writes the screenshots of a partial image as it streams (issue 29) to docs/screenshots/: the Responses
 * tab with the Image generation tool asking for three partial images, caught while the second is on
 * screen (blurred and marked as partial), with the parameters open, at 1280x800 and 720x480
 * (image-partial[-min]-<theme>.png). The sandbox paces the stream with its `[[gap:MS]]` directive, which
 * stays visible in the prompt: it is what makes the moment long enough to catch.
 *
 *   npx vite build && node scripts/screenshots-partial.ts [--out docs/screenshots]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { shoot } from './shoot.ts';
import { launchChromium, startHarness } from '../test/e2e/harness.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: { out: { type: 'string', default: path.join(ROOT, 'docs/screenshots') } },
});
const SIZES = [
  { suffix: '', width: 1280, height: 800 },
  { suffix: '-min', width: 720, height: 480 },
];
/** long enough between events for two screenshots of the same partial image */
const GAP_MS = 4_000;

async function main(): Promise<void> {
  const browser = await launchChromium();
  const h = await startHarness({ browser });
  const page = h.page;
  try {
    await h.ready();
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('tab-settings').click();
      await page.getByTestId(`theme-${theme}`).click();
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
      // one reply per size: the window is sized first, so the page lays the reply out as a user sees it
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.getByTestId('tab-responses').click();
        await page.getByTestId('new-conversation').click();
        await page.getByTestId('model-picker-input').click();
        await page.getByRole('listbox', { name: 'Models' }).locator('[data-model="gpt-5-mini"]').click();
        if (!(await page.getByTestId('param-tools').isVisible()))
          await page.getByTestId('composer-params').click();
        await page.getByTestId('param-imageGeneration').check();
        await page.getByTestId('param-partialImages').fill('3');
        await page.getByTestId('param-image-size').selectOption('1536x1024');
        // the small window has no room for the panel beside the conversation: it floats, and Escape closes it
        if (size.suffix !== '') await page.keyboard.press('Escape');
        await page.getByTestId('composer-input').fill(`a lighthouse on a cliff at dusk [[gap:${GAP_MS}]]`);
        await page.getByTestId('composer-input').press('Enter');
        // the second partial image: the first is too rough to say much, the final one is no longer partial
        const second = page.locator('[data-testid="reply-image-partial"][data-partial="1"]');
        await second.waitFor({ timeout: 60_000 });
        await second.locator('img').evaluate((el) => (el as HTMLImageElement).decode());
        const latest = page.getByRole('button', { name: 'Latest' });
        if (await latest.isVisible()) {
          await latest.click();
          await latest.waitFor({ state: 'hidden' });
        }
        await shoot(page, args.out, `image-partial${size.suffix}-${theme}`);
        await page.getByTestId('stop-button').click();
        await page.waitForFunction(() => document.querySelectorAll('[data-status="streaming"]').length === 0);
      }
    }
  } finally {
    await h.close();
    await browser.close();
  }
}

await main();
