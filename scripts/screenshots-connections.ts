/**
 * Writes the screenshots of a connection per conversation (issue 30) to docs/screenshots/: a conversation
 * moved from the sandbox to a second service with the note of what stays behind, its connection checked
 * from the header (the status dot), the tab's list naming each conversation's connection, and the model
 * picker open on every connection's models, with the parameters and the inspector open at 1280x800
 * (connections[-min]-<theme>.png), and Compare sending the same model
 * through both (compare-connections[-min]-<theme>.png), at 1280x800 and 720x480. The second service is a
 * simulator of its own on 127.0.0.1.
 *
 *   npx vite build && node scripts/screenshots-connections.ts [--out docs/screenshots]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { startSimulator } from '../electron/simulator/index.ts';
import { shoot } from './shoot.ts';
import { launchChromium, startHarness } from '../test/e2e/harness.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: { out: { type: 'string', default: path.join(ROOT, 'docs/screenshots') } },
});
const KEY = 'sk-gateway-b-screenshots';
const SIZES = [
  { suffix: '', width: 1280, height: 800 },
  { suffix: '-min', width: 720, height: 480 },
];

async function pickModel(scope: Locator | Page, id: string): Promise<void> {
  const input = scope.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill(id);
  await input.press('Enter');
  await input.page().keyboard.press('Escape');
}

/** Chooses a connection by its name (a checked one's option also says how its check went). */
async function chooseConnection(select: Locator, name: string): Promise<void> {
  const value = await select.evaluate(
    (el, n) =>
      Array.from((el as HTMLSelectElement).options).find((o) => o.textContent?.startsWith(n))?.value ?? '',
    name,
  );
  await select.selectOption(value);
}

async function send(page: Page, text: string): Promise<void> {
  const done = page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');
  const before = await done.count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="message-assistant"]:not([data-status="streaming"])').length >
      n,
    before,
  );
}

async function main(): Promise<void> {
  const sim = await startSimulator({
    port: 0,
    keys: [{ key: KEY, families: ['bearer', 'messages', 'generate'] }],
  });
  const browser = await launchChromium();
  const h = await startHarness({ browser });
  const page = h.page;
  try {
    await h.ready();
    const call = async (name: string, input: unknown) => {
      const r = await h.host.core.dispatch(name, input, { emit: () => {} });
      if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
      return r.value as { id: string };
    };
    const b = await call('saveConnection', { name: 'Gateway B', baseUrl: sim.baseUrl });
    await call('setKey', { connectionId: b.id, slot: 'default', key: KEY });
    await page.reload();
    await h.ready();

    // a Generate Content conversation with thoughts on the sandbox, then moved to Gateway B
    await page.getByTestId('tab-generate').click();
    await page.getByTestId('new-conversation').click();
    await pickModel(page, 'gemini-2.5-flash');
    const thoughts = page.getByTestId('param-include-thoughts');
    if (!(await thoughts.isVisible())) await page.getByTestId('composer-params').click();
    if (!(await thoughts.isChecked())) await thoughts.check();
    await page.getByTestId('params-toggle').click();
    await send(page, 'Which is faster for me today: the sandbox or Gateway B?');
    await chooseConnection(page.locator('#connection-generate'), 'Gateway B');
    await page.getByTestId('connection-bound').waitFor();
    // its connection checked from the header: the dot beside the select says how it went
    await page.getByTestId('chat-generate').getByTestId('connection-check').click();
    await page.waitForFunction(() =>
      ['ok', 'failed'].includes(
        document
          .querySelector('[data-testid="chat-generate"] [data-testid="connection-status"]')
          ?.getAttribute('data-verdict') ?? '',
      ),
    );
    // a second conversation, through the sandbox: the tab's list names each one's connection
    await page.getByTestId('new-conversation').click();
    await chooseConnection(page.locator('#connection-generate'), 'Sandbox');
    await pickModel(page, 'gemini-2.5-pro');
    await send(page, 'And the sandbox, for the same question?');
    await page
      .getByTestId('chat-generate')
      .getByTestId('conversation-item')
      .last()
      .locator('.conv-open')
      .click();
    await page.getByTestId('connection-bound').waitFor();

    // Compare: the same model through both connections
    await page.getByTestId('tab-compare').click();
    const heads = page.getByTestId('compare-column-head');
    await heads.first().waitFor();
    while ((await heads.count()) > 2)
      await heads
        .last()
        .getByRole('button', { name: /Remove column/ })
        .click();
    for (const i of [0, 1]) {
      await heads.nth(i).getByTestId('compare-format').selectOption('chat');
      await pickModel(heads.nth(i), 'gpt-5-mini');
    }
    await chooseConnection(heads.nth(1).getByTestId('compare-connection'), 'Gateway B');
    await pickModel(heads.nth(1), 'gpt-5-mini');
    await page.getByTestId('compare-input').fill('Say hello through your gateway in five words');
    await page.getByTestId('compare-input').press('Enter');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="compare-reply"][data-status="complete"]').length >= 2,
    );

    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('tab-settings').click();
      await page.getByTestId(`theme-${theme}`).click();
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.getByTestId('tab-generate').click();
        if (size.suffix === '') {
          // both side panels: the parameters and the inspector on the reply
          const params = page.getByTestId('chat-generate').locator('.params-panel');
          if ((await params.count()) === 0) await page.getByTestId('params-toggle').click();
          await page.getByTestId('inspect').last().click();
          await page.getByTestId('exchange-detail').waitFor();
        }
        const input = page.getByTestId('model-picker-input').first();
        await input.click();
        await page
          .getByTestId('model-connection-group')
          .first()
          .getByTestId('model-option')
          .first()
          .waitFor();
        await shoot(page, args.out, `connections${size.suffix}-${theme}`);
        await input.press('Escape');
        if (size.suffix === '') await page.getByTestId('inspector-toggle').click();
        await page.getByTestId('tab-compare').click();
        await shoot(page, args.out, `compare-connections${size.suffix}-${theme}`);
      }
    }
  } finally {
    await h.close();
    await browser.close();
    await sim.close();
  }
}

await main();
