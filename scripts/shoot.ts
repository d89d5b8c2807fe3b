// What every screenshot script does before it writes a picture: no notices over the view, fonts loaded.
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Writes `<dir>/<name>.png` of the page as it is, with the notices dismissed; prints the path. */
export async function shoot(page: Page, dir: string, name: string): Promise<void> {
  const dismiss = page.getByTestId('notices').getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await page.evaluate(() => document.fonts.ready);
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  console.log(file);
}
