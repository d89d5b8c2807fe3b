import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * A conversation's tool runs travel with its JSON export: exported, the conversation deleted (its runs go
 * with it), and the file imported back, the inspector lists the same runs again, with their arguments,
 * result and the reason of a denial; the inspector open during the import shows them without a refresh.
 */

const SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));
let h: Harness;
let page: Page;
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
  writeFileSync(
    join(harness.dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [SERVER] } } }),
  );
});

const finished = () => page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');

async function ask(text: string): Promise<void> {
  const before = await finished().count();
  // a reply's run ends a moment after its text: an Enter before that is answered, not sent
  await expect.poll(() => page.getByTestId('stop-button').count()).toBe(0);
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
}

async function answered(before: number): Promise<void> {
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await expect.poll(() => page.locator('[data-status="streaming"]').count(), { timeout: 30_000 }).toBe(0);
}

/** The inspector's tool runs, newest first, each as its name, status and what its detail says. */
async function toolRuns(): Promise<string[]> {
  const out: string[] = [];
  const items = page.getByTestId('tool-run-item');
  for (let i = 0; i < (await items.count()); i++) {
    await items.nth(i).click();
    const detail = page.getByTestId('tool-run-detail');
    await detail.waitFor();
    const name = await detail.getByTestId('tool-run-name').textContent();
    const status = await detail.getByTestId('tool-run-status').textContent();
    const reason = page.getByTestId('tool-run-reason');
    const said =
      (await reason.count()) > 0
        ? await reason.textContent()
        : await detail.getByTestId('tool-run-result').textContent();
    out.push(`${name} · ${status} · ${said}`);
  }
  return out;
}

describe("a conversation's tool runs in its export", () => {
  it('come back on import: the inspector lists the same runs, with arguments, result and reason', async () => {
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('new-conversation').click();
    await page.getByTestId('composer-input').waitFor();
    await page.getByTestId('model-picker-input').click();
    await page.getByRole('listbox', { name: 'Models' }).locator('[data-model="gpt-5-mini"]').click();
    if (!(await page.getByTestId('param-tools').isVisible()))
      await page.getByTestId('composer-params').click();
    for (const tool of ['echo', 'add']) {
      const toggle = page.getByRole('checkbox', { name: `Use ${tool} of local` });
      await toggle.check();
      await expect.poll(() => toggle.isChecked()).toBe(true);
    }
    await ask('Say it back. [[call:local__echo]]');
    let before = await finished().count();
    await page.getByTestId('mcp-run').click();
    await answered(before);
    await ask('Add. [[call:local__add]]');
    await page.getByTestId('mcp-call').last().getByTestId('mcp-deny-reason').fill('not today');
    before = await finished().count();
    await page.getByTestId('mcp-call').last().getByTestId('mcp-deny').click();
    await answered(before);

    await page.getByTestId('inspector-toggle').click();
    await expect.poll(() => page.getByTestId('tool-run-item').count()).toBe(2);
    const shown = await toolRuns();
    expect(shown).toEqual([
      expect.stringMatching(/^local \/ add · denied · .*not today/),
      expect.stringMatching(/^local \/ echo · ran · echo: /),
    ]);

    await page.getByTestId('export-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('menu-export-json').click(),
    ]);
    const file = join(h.dataDir, 'with-runs.json');
    await download.saveAs(file);
    const exported = JSON.parse(await readFile(file, 'utf8')) as { toolRuns: { tool: string }[] };
    expect(exported.toolRuns.map((r) => r.tool)).toEqual(['echo', 'add']);

    // the conversation goes, and its runs with it
    await page.getByTestId('conversation-item').first().hover();
    await page.getByTestId('conversation-item').first().getByTestId('conversation-menu').click();
    await page.getByTestId('menu-delete').click();
    await page.locator('[data-testid="confirm-dialog"][open]').getByTestId('confirm-button').click();
    await expect.poll(() => page.getByTestId('conversation-item').count()).toBe(0);
    await h.restart();
    await h.ready();
    page = h.page;
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('inspector-toggle').click();
    await expect.poll(() => page.getByTestId('exchange-item').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('tool-run-item').count()).toBe(0);

    // imported back with the inspector open: the same runs, without a refresh
    await page.getByTestId('import-file').setInputFiles(file);
    await expect.poll(() => page.getByTestId('conversation-item').count()).toBe(1);
    await expect.poll(() => page.getByTestId('tool-run-item').count()).toBe(2);
    expect(await toolRuns()).toEqual(shown);
  });
});
