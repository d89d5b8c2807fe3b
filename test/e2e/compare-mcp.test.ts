import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * Compare with server tools, against the sandbox and the stdio test MCP server: a server tool switched on
 * in the set every column shares goes to four columns (one per format); the simulated model calls it in
 * each, each column asks with its own card, and each answers its own conversation: Run in two, Deny with
 * a reason in one (its model gets the reason), "always in this comparison" in the last; every column then
 * answers with what the tool said, its figures count the step, and the next prompt's calls run in every
 * column without asking, until "Ask again" in the shared parameters. Stop ends every column's running calls.
 */

const SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));
let page: Page;
harnessPerTest((harness) => {
  page = harness.page;
  writeFileSync(
    join(harness.dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [SERVER] } } }),
  );
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
  await expect.poll(() => input.inputValue()).toBe(id);
}

/** Four columns, one per format, sharing a set with these tools of the server `local` switched on. */
async function fourColumnsWith(tools: string[]): Promise<void> {
  await page.getByTestId('tab-compare').click();
  const heads = page.getByTestId('compare-column-head');
  await expect.poll(() => heads.count()).toBe(3);
  await page.getByTestId('compare-add-column').click();
  await expect.poll(() => heads.count()).toBe(4);
  for (const [i, c] of COLUMNS.entries()) {
    await heads.nth(i).getByTestId('compare-format').selectOption(c.format);
    await pickModel(heads.nth(i), c.model);
  }
  await page.getByTestId('compare-params-summary').first().click();
  const panel = page.getByTestId('compare-params-panel');
  await expect.poll(() => panel.getByTestId('compare-params-scope').textContent()).toBe('All columns');
  for (const tool of tools) {
    const toggle = panel.getByRole('checkbox', { name: `Use ${tool} of local` });
    await toggle.check();
    await expect.poll(() => toggle.isChecked()).toBe(true);
  }
  // every column's header says what its set sends
  await expect
    .poll(() => page.getByTestId('compare-params-summary').allTextContents())
    .toEqual(COLUMNS.map((c) => `${c.format === 'messages' ? '1,024 tokens · ' : ''}1 server tool`));
  await panel.getByRole('button', { name: 'Hide parameters' }).click();
}

const column = (i: number) => page.getByTestId('compare-column').nth(i);
const complete = (i: number) => column(i).locator('[data-testid="compare-reply"][data-status="complete"]');
const card = (i: number) => column(i).getByTestId('mcp-call');
const lastReply = (i: number) => complete(i).last().textContent();

async function sendToAll(text: string): Promise<void> {
  await page.getByTestId('compare-input').fill(text);
  await page.getByTestId('compare-input').press('Enter');
}

describe('Compare with server tools', () => {
  it('four formats call the same tool; each column asks and answers with the result or the denial', async () => {
    await fourColumnsWith(['echo']);
    await sendToAll('Say it back. [[call:local__echo]]');
    for (const [i] of COLUMNS.entries())
      await expect.poll(() => card(i).getAttribute('data-status'), { timeout: 30_000 }).toBe('asking');

    // Run in the first two columns: each answers with the tool's text; the others still ask
    for (const i of [0, 1]) await card(i).getByTestId('mcp-run').click();
    for (const i of [0, 1])
      await expect
        .poll(() => lastReply(i), { timeout: 30_000 })
        .toMatch(/Tool results received: local__echo → "?echo: /);
    for (const i of [2, 3]) expect(await card(i).getAttribute('data-status')).toBe('asking');

    // Deny in the messages column: its model gets the reason
    await card(2).getByTestId('mcp-deny-reason').fill('not in this column');
    await card(2).getByTestId('mcp-deny').click();
    await expect
      .poll(() => lastReply(2), { timeout: 30_000 })
      .toContain('The user denied this tool call. Reason: not in this column.');

    // "always in this comparison" from the generate column: it runs there now
    await card(3).getByTestId('mcp-always-comparison').click();
    await expect
      .poll(() => lastReply(3), { timeout: 30_000 })
      .toMatch(/Tool results received: local__echo → "?echo: /);

    // each column's figures count one step, and the columns that ran the tool its time
    const figures = page.getByTestId('compare-figures');
    await expect
      .poll(() => figures.getByTestId('figure-steps').locator('dd').allTextContents())
      .toEqual(['1', '1', '1', '1']);
    const times = await figures.getByTestId('figure-tool-time').locator('dd').allTextContents();
    for (const i of [0, 1, 3]) expect(times[i]).toMatch(/^\d[\d.,]* m?s/);
    expect(times[2]).toBe('–');

    // the next prompt's calls run in every column without asking (the denied column included)
    await sendToAll('Once more. [[call:local__echo]]');
    for (const [i] of COLUMNS.entries()) {
      await expect.poll(() => complete(i).count(), { timeout: 30_000 }).toBe(4);
      expect(await lastReply(i)).toMatch(/Tool results received: local__echo → "?echo: /);
    }
    expect(await page.locator('[data-testid="mcp-call"][data-status="asking"]').count()).toBe(0);

    // every run is in the inspector beside the exchanges: 7 ran, 1 denied
    await page.getByTestId('inspector-toggle').click();
    const runs = page.getByTestId('tool-run-item');
    await expect.poll(() => runs.count(), { timeout: 10_000 }).toBe(8);
    await expect
      .poll(async () => (await runs.getByTestId('tool-run-item-status').allTextContents()).sort())
      .toEqual(['denied', ...Array<string>(7).fill('ran')]);
    await page.getByTestId('inspector-toggle').click();

    // the shared parameters list the tool that runs unasked, and ask again in every column on the user's word
    await page.getByTestId('compare-params-summary').first().click();
    const panel = page.getByTestId('compare-params-panel');
    const always = panel.getByTestId('mcp-always-list');
    await expect.poll(() => always.textContent()).toContain('echo (local)');
    await panel.getByTestId('mcp-always-clear').click();
    await expect.poll(() => always.count()).toBe(0);
    await panel.getByRole('button', { name: 'Hide parameters' }).click();
    await sendToAll('And again. [[call:local__echo]]');
    for (const [i] of COLUMNS.entries())
      await expect.poll(() => card(i).last().getAttribute('data-status'), { timeout: 30_000 }).toBe('asking');
  });

  it('Stop ends the tool calls running in every column, and no column goes on', async () => {
    await fourColumnsWith(['hang']);
    await sendToAll('Wait. [[call:local__hang]]');
    for (const [i] of COLUMNS.entries())
      await expect.poll(() => card(i).getAttribute('data-status'), { timeout: 30_000 }).toBe('asking');
    for (const [i] of COLUMNS.entries()) await card(i).getByTestId('mcp-run').click();
    for (const [i] of COLUMNS.entries())
      await expect.poll(() => card(i).getAttribute('data-status')).toBe('running');

    await page.getByTestId('compare-stop').click();
    for (const [i] of COLUMNS.entries()) {
      await expect.poll(() => card(i).getAttribute('data-status')).toBe('stopped');
      expect(await complete(i).count()).toBe(1);
    }
    await expect.poll(() => page.getByTestId('compare-stop').count()).toBe(0);
  });
});
