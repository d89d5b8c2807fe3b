/**
 * Writes the screenshots of tool runs (issue 31) to docs/screenshots/: two parallel calls, one run with its
 * image shown and one waiting for Run (mcp-call-<theme>.png); then a chat
 * conversation whose replies called the test MCP server's tools (one run, one with an image, one denied
 * with a reason), the inspector listing those runs beside the HTTP exchanges with the image tool's run
 * open, at 1280x800 with the parameters and the inspector both open, and at 720x480
 * (mcp-inspector[-min]-<theme>.png). The server is test/support/mcp-stdio-server.ts, named in the
 * temporary data folder's mcp.json.
 *
 *   npx vite build && node scripts/screenshots-mcp.ts [--out docs/screenshots]
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { shoot } from './shoot.ts';
import { launchChromium, startHarness } from '../test/e2e/harness.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = path.join(ROOT, 'test/support/mcp-stdio-server.ts');
const { values: args } = parseArgs({
  options: { out: { type: 'string', default: path.join(ROOT, 'docs/screenshots') } },
});
const SIZES = [
  { suffix: '', width: 1280, height: 800 },
  { suffix: '-min', width: 720, height: 480 },
];

/** Waits until the conversation's heading counts `n` replies (the list virtualises older rows away). */
async function replies(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (count) =>
      document.body.innerText.includes(`${count} repl`) &&
      document.querySelectorAll('[data-status="streaming"]').length === 0,
    n,
  );
}

let count = 0;
async function ask(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  count += 1;
  await replies(page, count);
  await page.locator('[data-testid="mcp-call"][data-status="asking"]').last().waitFor();
}

/** The results went back by themselves: one more reply. */
async function answered(page: Page): Promise<void> {
  count += 1;
  await replies(page, count);
}

/** Switches the theme in Settings and comes back to the chat tab. */
async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.getByTestId('tab-settings').click();
  await page.getByTestId(`theme-${theme}`).click();
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
  await page.getByTestId('tab-chat').click();
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quartet-shots-mcp-'));
  await writeFile(
    path.join(dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [SERVER] } } }),
  );
  const browser = await launchChromium();
  const h = await startHarness({ browser, dataDir });
  const page = h.page;
  try {
    await h.ready();
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('new-conversation').click();
    await page.getByTestId('model-picker-input').click();
    await page.getByRole('listbox', { name: 'Models' }).locator('[data-model="gpt-5-mini"]').click();
    if (!(await page.getByTestId('param-tools').isVisible()))
      await page.getByTestId('composer-params').click();
    for (const tool of ['echo', 'red_pixel', 'add']) {
      await page.getByRole('checkbox', { name: `Use ${tool} of local` }).check();
    }

    // two parallel calls: the pixel run and its image shown, the add call still waiting for Run
    await page.setViewportSize({ width: SIZES[0]!.width, height: SIZES[0]!.height });
    await ask(page, 'Draw me a pixel, then add 2 and 3. [[call:local__red_pixel,local__add]]');
    await page.getByTestId('mcp-run').first().click();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="mcp-call"] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await shoot(page, args.out, `mcp-call-${theme}`);
    }
    await page.getByTestId('mcp-run').last().click();
    await answered(page);

    await ask(page, 'Say "tide tables" back to me. [[call:local__echo]]');
    await page.getByTestId('mcp-run').last().click();
    await answered(page);
    await ask(page, 'Draw me a pixel. [[call:local__red_pixel]]');
    await page.getByTestId('mcp-run').last().click();
    await answered(page);
    await ask(page, 'Add 2 and 3. [[call:local__add]]');
    await page.getByTestId('mcp-deny-reason').last().fill('I can add these myself');
    await page.getByTestId('mcp-deny').last().click();
    await answered(page);

    await page.getByTestId('inspector-toggle').click();
    await page.getByTestId('tool-run-item').nth(1).click();
    await page.getByTestId('tool-run-detail').waitFor();

    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.getByTestId('tool-run-detail').waitFor();
        await shoot(page, args.out, `mcp-inspector${size.suffix}-${theme}`);
      }
    }
  } finally {
    await h.close();
    await browser.close();
  }
}

await main();
