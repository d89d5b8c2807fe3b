import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * axe-core over every main view, in both themes, with something in each (a Markdown reply, a stream's
 * events in the inspector, replies in Compare, an image whose size the service changed): no critical or
 * serious violation, and every view has its level-one heading. axe's source is evaluated in the page
 * through the DevTools protocol, which the page's Content Security Policy does not govern (a script tag
 * would be refused, as it should be).
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWS = [
  'chat',
  'responses',
  'messages',
  'generate',
  'library',
  'images',
  'compare',
  'speedlab',
  'settings',
];

const MCP_SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));

let page: Page;
harnessPerTest((h) => {
  page = h.page;
  // a tool server listed (started only when a conversation uses it): Settings shows it, the MCP state runs it
  writeFileSync(
    join(h.dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [MCP_SERVER] } } }),
  );
});

interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe in both themes, once each theme's transitions have run; the critical and serious findings. */
async function auditThemes(where: string): Promise<string[]> {
  const serious: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    for (const v of await audit()) {
      if (v.impact === 'critical' || v.impact === 'serious')
        serious.push(`${theme} ${where}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
    }
  }
  return serious;
}

/** Runs axe on the page as it is; the rules that are off by default but matter here are turned on. */
async function audit(): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      resultTypes: ['violations'],
      // a control whose name does not hold the words on it cannot be found by those words (speech input)
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

async function seed(): Promise<void> {
  await page.getByTestId('composer-input').fill('Show me a little markdown: a table, a list and some code.');
  await page.getByTestId('composer-input').press('Enter');
  await page.getByTestId('turn-meta').last().waitFor({ timeout: 30_000 });
  // the inspector open on the streamed request: its events list scrolls on its own
  await page.getByTestId('inspector-toggle').click();
  await page.getByTestId('event-list').first().waitFor();

  await page.getByTestId('tab-compare').click();
  await page.getByTestId('compare-input').fill('Hi');
  await page.getByTestId('compare-send').click();
  await page.getByTestId('compare-inspect').nth(2).waitFor({ timeout: 30_000 });

  // a speed lab with its pictures, table and saved run
  await page.getByTestId('tab-speedlab').click();
  const labModel = page.getByTestId('lab-row-model-0').getByTestId('model-picker-input');
  await labModel.click();
  await labModel.fill('gpt-5-mini');
  await labModel.press('Enter');
  await page.getByTestId('lab-runs').fill('2');
  await page.getByTestId('lab-start').click();
  await page.getByTestId('lab-table').waitFor({ timeout: 30_000 });

  // a size the sandbox changes: the tile then says so on it
  await page.getByTestId('tab-images').click();
  await page.getByTestId('image-prompt').fill('A lighthouse on a basalt cliff at dusk');
  await page.getByTestId('image-size-custom').click();
  await page.getByTestId('image-size-input').fill('1000x1000');
  await page.getByTestId('generate-button').click();
  await page.getByTestId('size-adjusted-badge').first().waitFor({ timeout: 60_000 });
}

describe('accessibility', () => {
  // nine views in two themes, each audited whole, after seeding four of them: minutes on a shared machine
  it(
    'every main view in both themes has no critical or serious axe violation, and a level-one heading',
    { timeout: 240_000 },
    async () => {
      await seed();
      const serious: string[] = [];
      const noHeading: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        for (const view of VIEWS) {
          await page.getByTestId(`tab-${view}`).click();
          await page.locator('[role="tabpanel"] > *:not(h1)').first().waitFor();
          if (view === 'library') await page.getByTestId('library-row').first().waitFor();
          if (view === 'images') await page.getByTestId('gallery-item').first().waitFor();
          if (view === 'speedlab')
            await page.getByTestId('lab-chart-timeline').locator('svg').first().waitFor();
          for (const v of await audit()) {
            if (v.impact === 'critical' || v.impact === 'serious')
              serious.push(`${theme} ${view}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
            if (v.id === 'page-has-heading-one') noHeading.push(`${theme} ${view}`);
          }
        }
      }
      expect(serious).toEqual([]);
      expect(noHeading).toEqual([]);
    },
  );

  it("Compare's image mode, its three columns made and their figures, in both themes, has no critical or serious axe violation", async () => {
    await page.getByTestId('tab-compare').click();
    await page.getByTestId('compare-mode-images').click();
    await page.getByTestId('image-compare').waitFor();
    const models = page.getByTestId('image-column-head').getByTestId('model-picker-input');
    for (let i = 0; i < 3; i++) await expect.poll(() => models.nth(i).inputValue()).not.toBe('');
    await page.getByTestId('compare-input').fill('A lighthouse');
    await page.getByTestId('compare-send').click();
    await expect.poll(() => page.getByTestId('image-column-image').count(), { timeout: 60_000 }).toBe(3);
    await expect.poll(() => page.locator('[data-testid="image-column"][aria-busy="true"]').count()).toBe(0);
    const serious: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      // colours change with a transition: they are judged once it is over
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      for (const v of await audit()) {
        if (v.impact === 'critical' || v.impact === 'serious')
          serious.push(`${theme}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
      }
    }
    expect(serious).toEqual([]);
  });

  it('the mask editor and the viewer with its versions strip, in both themes, have no critical or serious axe violation', async () => {
    await page.getByTestId('tab-images').click();
    await page.getByTestId('image-prompt').fill('A lighthouse');
    await page.getByTestId('generate-button').click();
    await page.getByTestId('gallery-item').first().click();
    await page.getByTestId('image-edit').click();
    const canvas = page.getByTestId('mask-canvas');
    await canvas.waitFor();
    await page.getByTestId('mask-invert').click(); // everything painted: the clear button comes alive
    await expect.poll(() => page.getByTestId('mask-clear').isEnabled()).toBe(true);
    const serious: string[] = [];
    const check = async (where: string) => {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        // a dialog fades in: colours are judged once it has
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        for (const v of await audit()) {
          if (v.impact === 'critical' || v.impact === 'serious')
            serious.push(`${theme} ${where}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
        }
      }
    };
    await check('mask editor');
    await page.getByTestId('edit-prompt').fill('A red sky');
    await page.getByTestId('edit-run').click();
    await expect.poll(() => page.getByTestId('version').count(), { timeout: 30_000 }).toBe(2);
    await check('versions strip');
    expect(serious).toEqual([]);
  });

  it('the image tool and image output with their settings and a reply image, in both themes, have no critical or serious axe violation', async () => {
    const serious: string[] = [];
    const audited: string[] = [];
    for (const [tab, model, toggle] of [
      ['responses', 'gpt-5-mini', 'param-imageGeneration'],
      ['generate', 'gemini-2.5-flash', 'param-imageOutput'],
    ] as const) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.getByTestId('new-conversation').click();
      const input = page.getByTestId('model-picker-input');
      await input.click();
      await page.getByRole('listbox', { name: 'Models' }).locator(`[data-model="${model}"]`).click();
      if (!(await page.getByTestId('param-tools').isVisible()))
        await page.getByTestId('composer-params').click();
      await page.getByTestId(toggle).check();
      // the settings are shown and the badge says the image making is sent
      await expect
        .poll(() => page.getByTestId('tools-sent-badge').textContent())
        .toBe(tab === 'responses' ? 'sent · image tool' : 'sent · image output');
      await page.getByTestId('composer-input').fill('a lighthouse');
      await page.getByTestId('composer-input').press('Enter');
      await page.getByTestId('reply-image').first().locator('img').waitFor({ timeout: 30_000 });
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        // colours are judged once the theme's transitions have run
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        for (const v of await audit()) {
          if (v.impact === 'critical' || v.impact === 'serious')
            serious.push(`${theme} ${tab}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
        }
        audited.push(`${theme} ${tab}`);
      }
    }
    expect(audited).toHaveLength(4);
    expect(serious).toEqual([]);
  });

  it('Compare one column at a time (720x480) has no critical or serious axe violation', async () => {
    await page.setViewportSize({ width: 720, height: 480 });
    await page.getByTestId('tab-compare').click();
    await page.getByTestId('compare-input').fill('Hi');
    await page.getByTestId('compare-send').click();
    await expect.poll(() => page.getByTestId('compare-switch-tab').count()).toBe(3);
    await page.locator('[data-testid="compare-reply"]:visible').waitFor({ timeout: 30_000 });
    const found = (await audit()).filter((v) => v.impact === 'critical' || v.impact === 'serious');
    expect(found).toEqual([]);
  });

  it("a tool call waiting for approval and the inspector's tool runs (one with arguments and result, one denied), in both themes, have no critical or serious axe violation", async () => {
    const finished = page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');
    const ask = async (text: string) => {
      const before = await finished.count();
      // a reply's run ends a moment after its text: an Enter before that is answered, not sent
      await expect.poll(() => page.getByTestId('stop-button').count()).toBe(0);
      await page.getByTestId('composer-input').fill(text);
      await page.getByTestId('composer-input').press('Enter');
      await expect.poll(() => finished.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    };
    const answered = async (before: number) => {
      await expect.poll(() => finished.count(), { timeout: 30_000 }).toBeGreaterThan(before);
      await expect.poll(() => page.locator('[data-status="streaming"]').count()).toBe(0);
    };
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('new-conversation').click();
    await page.getByTestId('model-picker-input').click();
    await page.getByRole('listbox', { name: 'Models' }).locator('[data-model="gpt-5-mini"]').click();
    if (!(await page.getByTestId('param-tools').isVisible()))
      await page.getByTestId('composer-params').click();
    for (const tool of ['echo', 'add']) {
      const toggle = page.getByRole('checkbox', { name: `Use ${tool} of local` });
      await toggle.check();
      await expect.poll(() => toggle.isChecked()).toBe(true);
    }
    // the servers' tools in the tools panel, each switch beside its summary
    const serious = await auditThemes('server tools in the tools panel');
    await page.getByTestId('composer-params').click(); // the panel closed: the conversation has the room
    await ask('Add. [[call:local__add]]');
    await page.getByTestId('mcp-call').last().getByTestId('mcp-deny-reason').fill('not today');
    const before = await finished.count();
    await page.getByTestId('mcp-call').last().getByTestId('mcp-deny').click();
    await answered(before);
    // two parallel calls: echo run, add left waiting for Run, Deny or Always
    await ask('Both. [[call:local__echo,local__add]]');
    const waiting = page.locator('[data-testid="mcp-call"][data-status="asking"]');
    await expect.poll(() => waiting.count()).toBe(2);
    await waiting.first().getByTestId('mcp-run').click();
    await expect.poll(() => waiting.count()).toBe(1);
    serious.push(...(await auditThemes('call waiting for approval')));

    await page.getByTestId('inspector-toggle').click();
    await expect.poll(() => page.getByTestId('tool-run-item').count()).toBe(2);
    await page.getByTestId('tool-run-item').filter({ hasText: 'echo' }).click();
    await page.getByTestId('tool-run-result').waitFor();
    serious.push(...(await auditThemes('tool run with its result')));
    await page.getByTestId('tool-run-item').filter({ hasText: 'add' }).click();
    await page.getByTestId('tool-run-reason').waitFor();
    expect(await waiting.isVisible()).toBe(true);
    serious.push(...(await auditThemes('denied tool run, a call waiting')));
    expect(serious).toEqual([]);
  });
});
