import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';
import {
  SANDBOX_KEY,
  startSimulator,
  type RunningSimulator,
  type SimPace,
} from '../../electron/simulator/index.ts';

/**
 * The speed lab end to end: three rows against two services paced differently (the sandbox made fast
 * through its control path, a slow simulator beside it with a connection of its own), the results drawn,
 * the faster shown as faster, the run saved and renamed. QUARTET_LAB_SHOTS=dir also saves screenshots there.
 */

let h: Harness;
let page: Page;
let slow: RunningSimulator | undefined;
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});
afterEach(async () => {
  await slow?.close();
  slow = undefined;
});

async function sandboxRoot(): Promise<string> {
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('model-picker-input').first().waitFor();
  await page.getByTestId('tab-settings').click();
  const url = page.getByTestId('settings-base-url').first();
  await expect.poll(() => url.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  return url.inputValue();
}

async function paceSandbox(pace: SimPace): Promise<void> {
  const r = await fetch(`${await sandboxRoot()}/__sim/pace`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-quartet-sim-control': h.host.core.sandboxControlSecret,
    },
    body: JSON.stringify(pace),
  });
  expect(r.status).toBe(200);
}

/** A connection to another service, with its key, made in Settings as a user would. */
async function addConnection(name: string, root: string): Promise<void> {
  await page.getByTestId('tab-settings').click();
  await page.getByTestId('add-connection').click();
  const editor = page.getByTestId('connection-editor');
  await editor.getByTestId('settings-conn-name').fill(name);
  await editor.getByTestId('settings-base-url').fill(root);
  await editor.getByTestId('save-connection').click();
  await expect.poll(() => page.getByTestId('connection-item').count()).toBe(2);
  const slot = page.getByTestId('key-slot-default');
  await slot.getByTestId('key-input-default').fill(SANDBOX_KEY);
  await slot.getByTestId('key-set-default').click();
  await expect
    .poll(() => slot.getByTestId('key-status-default').textContent())
    .toBe(`••••${SANDBOX_KEY.slice(-4)}`);
}

async function setRow(i: number, connection: string, format: string, model: string): Promise<void> {
  await page.getByTestId(`lab-row-connection-${i}`).selectOption({ label: connection });
  await page.getByTestId(`lab-row-format-${i}`).selectOption(format);
  // the row's model picker, on that connection's list: typed and taken as typed when the list lacks it
  const input = page.getByTestId(`lab-row-model-${i}`).getByTestId('model-picker-input');
  await input.click();
  await input.fill(model);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(model);
}

async function shots(name: string): Promise<void> {
  const dir = process.env['QUARTET_LAB_SHOTS'];
  if (!dir) return;
  for (const [w, hgt, suffix] of [
    [1280, 800, ''],
    [720, 480, '-min'],
  ] as const) {
    await page.setViewportSize({ width: w, height: hgt });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await page.getByTestId('lab-chart-first-token').locator('svg').first().waitFor();
      // at 720 px the results follow the form: show them; wide, the page's top holds both
      await page.getByTestId('speedlab').evaluate((lab, narrow) => {
        const el = lab as HTMLElement;
        const results = el.querySelector('.lab-results-section') as HTMLElement;
        el.scrollTop = narrow ? results.offsetTop - el.offsetTop : 0;
      }, w < 1100);
      await page.screenshot({ path: `${dir}/${name}${suffix}-${theme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('speed lab', () => {
  it('measures three rows on two services paced differently and shows the faster as faster', async () => {
    await paceSandbox({ firstTokenMs: 20, tokensPerSecond: 400, jitter: 0.2, seed: 3 });
    // far apart, so a loaded machine's delay (it added ~65 ms to the fast side's first token beside two
    // CPU-burning loops, when the slow side waited 250 ms) cannot bring the ratio under 3; and 20 tokens a
    // second against 400, as the same load once made the fast side's 24 tokens read 99 a second
    slow = await startSimulator({ pace: { firstTokenMs: 800, tokensPerSecond: 20, jitter: 0.2, seed: 5 } });
    await addConnection('Slow gateway', slow.baseUrl);

    await page.getByTestId('tab-speedlab').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Speed lab');
    await page.getByTestId('lab-add-row').click();
    await page.getByTestId('lab-add-row').click();
    await setRow(0, 'Sandbox', 'chat', 'gpt-5-mini');
    await setRow(1, 'Slow gateway', 'chat', 'gpt-5-mini');
    await setRow(2, 'Slow gateway', 'messages', 'claude-haiku-4-5');
    // each row's picker lists its own connection's models, and takes an id the list lacks as typed
    const picker = page.getByTestId('lab-row-model-1').getByTestId('model-picker-input');
    await picker.click();
    await expect
      .poll(() => page.getByTestId('lab-row-model-1').getByTestId('model-option').count())
      .toBeGreaterThan(0);
    expect(slow.requests.some((r) => r.path.includes('models'))).toBe(true);
    await picker.press('Escape');
    await setRow(0, 'Sandbox', 'chat', 'a-model-not-listed');
    await setRow(0, 'Sandbox', 'chat', 'gpt-5-mini');
    await page.getByTestId('lab-prompt').fill('How fast are you? [[tokens:24]]');
    await page.getByTestId('lab-runs').fill('3');
    await page.getByTestId('lab-concurrency').fill('2');
    await page.getByTestId('lab-name').fill('Gateways, evening');
    await page.getByTestId('lab-start').click();
    await page.getByTestId('lab-progress').waitFor();
    await page.getByTestId('lab-table').waitFor({ timeout: 60_000 });
    await page.getByTestId('lab-start').waitFor({ timeout: 60_000 });

    const p50 = async (i: number, what: 'ttft' | 'tps') =>
      Number(await page.getByTestId(`lab-stats-${i}`).getAttribute(`data-${what}-p50`));
    const [fast, slowChat, slowMessages] = [await p50(0, 'ttft'), await p50(1, 'ttft'), await p50(2, 'ttft')];
    expect(slowChat / fast).toBeGreaterThan(3);
    expect(slowMessages / fast).toBeGreaterThan(3);
    expect((await p50(0, 'tps')) / (await p50(1, 'tps'))).toBeGreaterThan(2.5);
    // the pictures are drawn: a dot per answered run in each distribution, a bar per run on the timeline
    await expect.poll(() => page.getByTestId('lab-chart-first-token').locator('circle').count()).toBe(9);
    await expect
      .poll(() => page.getByTestId('lab-chart-timeline').locator('rect').count())
      .toBeGreaterThanOrEqual(9);
    await expect.poll(() => page.getByTestId('lab-stats-1').textContent()).toContain('Slow gateway');
    // saved and named; a run opens its exchange in the Inspector
    await expect.poll(() => page.getByTestId('lab-saved').count()).toBe(1);
    await expect.poll(() => page.getByTestId('lab-saved').textContent()).toContain('Gateways, evening');
    await shots('speed-lab');
    await page.locator('.lab-runs summary').click();
    await page.locator('.lab-runs button').first().click();
    await page.getByTestId('event-list').first().waitFor();

    await page.getByTestId('lab-saved-rename').click();
    await page.getByTestId('lab-rename-input').fill('Gateways, Monday');
    await page.getByTestId('lab-rename-input').press('Enter');
    await expect.poll(() => page.getByTestId('lab-saved').textContent()).toContain('Gateways, Monday');
    expect(h.problems).toEqual([]);
  });
});
