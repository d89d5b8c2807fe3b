/**
 * Writes the screenshots of Compare with server tools (issue 31) to docs/screenshots/: four columns, one
 * per format, sharing the test MCP server's echo tool; each column's reply called it, two were run, one
 * denied with a reason and the last allowed for the whole comparison, and every column answered; the
 * figures row shows each column's tool steps and tool time. At 1280x800 in both themes
 * (compare-mcp-<theme>.png). The server is test/support/mcp-stdio-server.ts, named in the temporary data
 * folder's mcp.json.
 *
 *   npx vite build && node scripts/screenshots-compare-mcp.ts [--out docs/screenshots]
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { shoot } from './shoot.ts';
import { launchChromium, startHarness } from '../test/e2e/harness.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = path.join(ROOT, 'test/support/mcp-stdio-server.ts');
const { values: args } = parseArgs({
  options: { out: { type: 'string', default: path.join(ROOT, 'docs/screenshots') } },
});
const COLUMNS = [
  { format: 'chat', model: 'gpt-5-mini' },
  { format: 'responses', model: 'gpt-5-mini' },
  { format: 'messages', model: 'claude-haiku-4-5' },
  { format: 'generate', model: 'gemini-2.5-flash' },
] as const;

async function pickModel(scope: Locator, id: string): Promise<void> {
  const input = scope.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill(id);
  await input.press('Enter');
}

/** Waits until column `i` shows `n` finished replies. */
async function replies(page: Page, i: number, n: number): Promise<void> {
  await page.waitForFunction(
    ([index, count]) => {
      const column = document.querySelectorAll('[data-testid="compare-column"]')[index];
      const done = column?.querySelectorAll('[data-testid="compare-reply"][data-status="complete"]');
      return done?.length === count;
    },
    [i, n] as const,
  );
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quartet-shots-compare-mcp-'));
  await writeFile(
    path.join(dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [SERVER] } } }),
  );
  const browser = await launchChromium();
  const h = await startHarness({ browser, dataDir });
  const page = h.page;
  try {
    await h.ready();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('tab-compare').click();
    await page.getByTestId('compare-add-column').click();
    const heads = page.getByTestId('compare-column-head');
    for (const [i, c] of COLUMNS.entries()) {
      await heads.nth(i).getByTestId('compare-format').selectOption(c.format);
      await pickModel(heads.nth(i), c.model);
    }
    await page.getByTestId('compare-params-summary').first().click();
    const panel = page.getByTestId('compare-params-panel');
    await panel.getByRole('checkbox', { name: 'Use echo of local' }).check();
    await panel.getByRole('button', { name: 'Hide parameters' }).click();

    await page.getByTestId('compare-input').fill('Say "tide tables" back to me. [[call:local__echo]]');
    await page.getByTestId('compare-input').press('Enter');
    const column = (i: number) => page.getByTestId('compare-column').nth(i);
    for (const [i] of COLUMNS.entries())
      await column(i).locator('[data-testid="mcp-call"][data-status="asking"]').waitFor();
    for (const i of [0, 1]) await column(i).getByTestId('mcp-run').click();
    await column(2).getByTestId('mcp-deny-reason').fill('Not in this column');
    await column(2).getByTestId('mcp-deny').click();
    await column(3).getByTestId('mcp-always-comparison').click();
    for (const [i] of COLUMNS.entries()) await replies(page, i, 2);

    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('tab-settings').click();
      await page.getByTestId(`theme-${theme}`).click();
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
      await page.getByTestId('tab-compare').click();
      for (const [i] of COLUMNS.entries()) await replies(page, i, 2);
      await shoot(page, args.out, `compare-mcp-${theme}`);
    }
  } finally {
    await h.close();
    await browser.close();
  }
}

await main();
