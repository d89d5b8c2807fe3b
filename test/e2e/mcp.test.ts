import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * Tools of an MCP server (the stdio test server) in the chat tab, against the sandbox: a tool switched on
 * in the Tools section, the simulated model calling it, the call asked for with its arguments, then Run
 * (the result shown and sent back by itself), Deny with a reason, "always" for the conversation, and a
 * server that dies during a call. Settings shows the file and each server's state.
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

const finished = () => page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');
const lastReplyText = () => finished().last().getByTestId('message-text').textContent();

async function chatWithTools(tools: string[]): Promise<void> {
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
  const input = page.getByTestId('model-picker-input');
  await input.click();
  await page.getByRole('listbox', { name: 'Models' }).locator('[data-model="gpt-5-mini"]').click();
  if (!(await page.getByTestId('param-tools').isVisible())) await page.getByTestId('composer-params').click();
  for (const tool of tools) {
    const toggle = page.getByRole('checkbox', { name: `Use ${tool} of local` });
    await toggle.check();
    await expect.poll(() => toggle.isChecked()).toBe(true);
  }
}

async function ask(text: string): Promise<void> {
  const before = await finished().count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
}

/** Waits for the reply that answers the tool results (the results were sent by themselves). */
async function answered(before: number): Promise<string> {
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await expect.poll(() => page.locator('[data-status="streaming"]').count(), { timeout: 30_000 }).toBe(0);
  return (await lastReplyText()) ?? '';
}

describe('tools of an MCP server', () => {
  it('asks before a call, runs it on Run, shows the result and sends it back', async () => {
    await chatWithTools(['echo', 'red_pixel']);
    // the server tools list stays inside the panel (a ticked tool's "sent as" name once pushed it past the edge)
    const spill = await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="params-panel"]')?.getBoundingClientRect();
      const items = [...document.querySelectorAll('[data-testid="mcp-tools"] *')];
      return panel ? items.filter((el) => el.getBoundingClientRect().right > panel.right + 0.5).length : -1;
    });
    expect(spill).toBe(0);
    await ask('Say it back. [[call:local__echo]]');
    const card = page.getByTestId('mcp-call');
    await expect.poll(() => card.getAttribute('data-status')).toBe('asking');
    expect(JSON.parse((await card.getByTestId('mcp-call-arguments').textContent()) ?? '')).toHaveProperty(
      'text',
    );
    const before = await finished().count();
    await card.getByTestId('mcp-run').click();
    expect(await answered(before)).toMatch(/Tool results received: local__echo → "echo: /);
  });

  it('sends a denial with its reason as the result', async () => {
    await chatWithTools(['add']);
    await ask('Add. [[call:local__add]]');
    const card = page.getByTestId('mcp-call');
    await expect.poll(() => card.getAttribute('data-status')).toBe('asking');
    await card.getByTestId('mcp-deny-reason').fill('not today');
    const before = await finished().count();
    await card.getByTestId('mcp-deny').click();
    expect(await answered(before)).toContain('The user denied this tool call. Reason: not today.');
  });

  it('runs a tool without asking once it is always allowed in the conversation', async () => {
    await chatWithTools(['red_pixel']);
    await ask('A pixel. [[call:local__red_pixel]]');
    let before = await finished().count();
    await page.getByTestId('mcp-always').click();
    expect(await answered(before)).toContain('one red pixel');
    await expect.poll(() => page.getByTestId('mcp-result-image').count()).toBeGreaterThan(0);
    before = await finished().count();
    await ask('Another. [[call:local__red_pixel]]');
    expect(await answered(before + 1)).toContain('local__red_pixel');
    await expect.poll(() => page.locator('[data-testid="mcp-call"][data-status="asking"]').count()).toBe(0);
  });

  it('answers a call whose server died with the failure, and the server is back for the next one', async () => {
    await chatWithTools(['crash']);
    await ask('Crash. [[call:local__crash]]');
    const before = await finished().count();
    await page.getByTestId('mcp-run').click();
    expect(await answered(before)).toMatch(/local__crash → "(Error: )?The tool call failed/);
    await page.getByTestId('tab-settings').click();
    const server = page.getByTestId('mcp-server');
    await expect.poll(() => server.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await page.getByTestId('mcp-path').textContent()).toMatch(/mcp\.json$/);
  });
});
