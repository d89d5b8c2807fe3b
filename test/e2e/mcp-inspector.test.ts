import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * The step limit: a model that keeps calling (the simulator's [[keep-calling]]) is stopped at the limit
 * set in Settings, with a note, its last calls left to the user. Tool runs are part of the conversation's record: the inspector lists each beside the HTTP exchanges, in
 * time order, with its arguments, result, time and the reason of a denial, after a restart too; and
 * "always run this tool in this conversation" is still in force after a restart until the user asks again
 * from the tools panel.
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

async function chatWithTools(tools: string[]): Promise<void> {
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
  await page.getByTestId('model-picker-input').click();
  await page.getByRole('listbox', { name: 'Models' }).locator('[data-model="gpt-5-mini"]').click();
  await openTools();
  for (const tool of tools) {
    const toggle = page.getByRole('checkbox', { name: `Use ${tool} of local` });
    await toggle.check();
    await expect.poll(() => toggle.isChecked()).toBe(true);
  }
}

async function openTools(): Promise<void> {
  if (!(await page.getByTestId('param-tools').isVisible())) await page.getByTestId('composer-params').click();
}

async function ask(text: string): Promise<void> {
  const before = await finished().count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
}

/** Waits for the reply that answers the tool results (sent by themselves). */
async function answered(before: number): Promise<void> {
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await expect.poll(() => page.locator('[data-status="streaming"]').count(), { timeout: 30_000 }).toBe(0);
}

/**
 * The inspector's rows, newest first, as "exchange" (a POST: the conversation's requests) or
 * "tool:<status>"; the model lists the page asks for (GET) whenever it opens are left out.
 */
async function rows(): Promise<string[]> {
  return page
    .locator('[data-testid="exchange-item"], [data-testid="tool-run-item"]')
    .evaluateAll((els) =>
      els.flatMap((el) =>
        el.getAttribute('data-testid') === 'tool-run-item'
          ? [`tool:${el.querySelector('[data-testid="tool-run-item-status"]')?.textContent ?? ''}`]
          : el.querySelector('.inspector-row-method')?.textContent === 'POST'
            ? ['exchange']
            : [],
      ),
    );
}

describe('tool runs in the inspector', () => {
  it('lists a run and a denial beside the exchanges in time order, with arguments, result and reason, after a restart too', async () => {
    await chatWithTools(['echo', 'add']);
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
    // newest first: the answer to the denial, the denial, the call asking for it, the answer to the run,
    // the run, the first request
    const expected = ['exchange', 'tool:denied', 'exchange', 'exchange', 'tool:ran', 'exchange'];
    await expect.poll(rows).toEqual(expected);

    await page.getByTestId('tool-run-item').last().click();
    const detail = page.getByTestId('tool-run-detail');
    expect(await detail.getByTestId('tool-run-name').textContent()).toBe('local / echo');
    expect(await detail.getByTestId('tool-run-status').textContent()).toBe('ran');
    expect(await detail.getByTestId('tool-run-result').textContent()).toContain('echo: ');
    expect(await detail.textContent()).toContain('"text"');

    await page.getByTestId('tool-run-item').first().click();
    expect(await page.getByTestId('tool-run-reason').textContent()).toContain('not today');
    // the filter finds runs by their tool
    await page.getByTestId('exchanges-filter').fill('local add');
    await expect.poll(rows).toEqual(['tool:denied']);

    await h.restart();
    await h.ready();
    page = h.page;
    await page.getByTestId('inspector-toggle').click();
    await expect.poll(rows).toEqual(expected);
  });

  it('"always run" holds after a restart until the user asks again from the tools panel', async () => {
    await chatWithTools(['red_pixel']);
    await ask('A pixel. [[call:local__red_pixel]]');
    let before = await finished().count();
    await page.getByTestId('mcp-always').click();
    await answered(before);

    await h.restart();
    await h.ready();
    page = h.page;
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('conversation-item').first().locator('.conv-open').click();
    before = await finished().count();
    await ask('Another. [[call:local__red_pixel]]');
    await answered(before + 1);
    expect(await page.locator('[data-testid="mcp-call"][data-status="asking"]').count()).toBe(0);

    await openTools();
    const list = page.getByTestId('mcp-always-list');
    expect(await list.textContent()).toContain('red_pixel (local)');
    await page.getByTestId('mcp-always-clear').click();
    await expect.poll(() => list.count()).toBe(0);
    await ask('Once more. [[call:local__red_pixel]]');
    await expect.poll(() => page.locator('[data-testid="mcp-call"][data-status="asking"]').count()).toBe(1);
  });

  it('stops a model that keeps calling at the step limit set in Settings, with a note and no further request', async () => {
    await page.getByTestId('tab-settings').click();
    const limit = page.getByTestId('mcp-step-limit');
    await limit.fill('2');
    await expect.poll(() => limit.inputValue()).toBe('2');
    await chatWithTools(['echo']);
    await ask('Echo, and again. [[call:local__echo]] [[keep-calling]]');
    await page.getByTestId('mcp-always').click();
    // step 1 ran, its answer called again, step 2 ran, its answer called again: stopped there
    await expect
      .poll(() => page.getByTestId('tool-auto-stopped').textContent(), { timeout: 30_000 })
      .toContain('Stopped after 2 tool steps in a row');
    await expect.poll(() => page.locator('[data-status="streaming"]').count()).toBe(0);
    // the third reply's call is the user's to answer: nothing ran it and nothing was sent
    expect(await page.locator('[data-testid="mcp-call"][data-status="running"]').count()).toBe(0);
    await page.getByTestId('inspector-toggle').click();
    await expect.poll(rows).toEqual(['exchange', 'tool:ran', 'exchange', 'tool:ran', 'exchange']);
  });
});
