import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * An image a server tool returns: the call card shows it from the host's media route (never a data: URL:
 * the page does not hold its bytes), the follow-up request carries it in the format's own image block
 * (the inspector shows the request, the simulator's reply says what image it received), and the results
 * turn still shows it after a restart.
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

async function chatWithChart(tab: string, model: string, more: string[] = []): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
  await page.getByTestId('model-picker-input').click();
  await page.getByRole('listbox', { name: 'Models' }).locator(`[data-model="${model}"]`).click();
  if (!(await page.getByTestId('param-tools').isVisible())) await page.getByTestId('composer-params').click();
  for (const tool of ['chart', ...more]) {
    const toggle = page.getByRole('checkbox', { name: `Use ${tool} of local` });
    await toggle.check();
    await expect.poll(() => toggle.isChecked()).toBe(true);
  }
}

async function ask(text: string): Promise<number> {
  const before = await finished().count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
  return finished().count();
}

/** The src of every tool image on the page, once each has loaded (naturalWidth known). */
async function loadedImages(): Promise<{ src: string; width: number }[]> {
  const images = page.getByTestId('mcp-result-image');
  await expect
    .poll(() => images.evaluateAll((els) => els.every((e) => (e as HTMLImageElement).complete)))
    .toBe(true);
  return images.evaluateAll((els) =>
    els.map((e) => ({ src: e.getAttribute('src') ?? '', width: (e as HTMLImageElement).naturalWidth })),
  );
}

describe("a tool's image", () => {
  it('shows from a URL in the call card, goes back as a messages image block, and stays after a restart', async () => {
    await chatWithChart('messages', 'claude-haiku-4-5', ['echo']);
    // two calls: the chart's result waits in its card until the echo call has one too
    const before = await ask('Draw it. [[call:local__chart,local__echo]]');
    const cards = page.getByTestId('mcp-call');
    await cards.first().getByTestId('mcp-run').click();
    const inCard = cards.first().getByTestId('mcp-result-image');
    await expect.poll(() => inCard.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(64);
    expect((await inCard.getAttribute('src'))?.startsWith('data:')).toBe(false);
    await cards.last().getByTestId('mcp-run').click();
    await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);

    // the card and the results line show it by URL: the host's file, not the page's bytes
    const shown = await loadedImages();
    expect(shown.length).toBeGreaterThan(0);
    for (const image of shown) {
      expect(image.src.startsWith('data:')).toBe(false);
      expect(image.width).toBe(64);
    }
    // the simulator received it inside the tool result
    const reply = (await finished().last().getByTestId('message-text').textContent()) ?? '';
    expect(reply).toMatch(
      /local__chart → "the chart" with 1 file: image\/png 64x64 \(\d+ bytes\); local__echo → "echo: /,
    );

    // the follow-up request, as the inspector shows it: a tool_result whose content holds the image block
    await finished().last().getByTestId('inspect').click();
    const detail = page.getByTestId('exchange-detail');
    await detail.waitFor();
    const body = (await detail.textContent()) ?? '';
    expect(body).toMatch(/"type":\s*"tool_result"/);
    expect(body).toMatch(
      /"type":\s*"image",\s*"source":\s*\{\s*"type":\s*"base64",\s*"media_type":\s*"image\/png"/,
    );
    expect(body).toMatch(/base64 chars elided/);
    // the tool run's record shows the image from the same file
    await page.getByTestId('tool-run-item').filter({ hasText: 'chart' }).click();
    const run = page.getByTestId('tool-run-detail').getByTestId('mcp-result-image');
    await expect.poll(() => run.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(64);
    expect((await run.getAttribute('src'))?.startsWith('data:')).toBe(false);
    await page.getByTestId('inspector-toggle').click();

    await h.restart();
    await h.ready();
    page = h.page;
    await page.getByTestId('tab-messages').click();
    await page.getByTestId('conversation-item').first().locator('.conv-open').click();
    const after = await loadedImages();
    expect(after.length).toBe(1);
    expect(after[0]!.src.startsWith('data:')).toBe(false);
    expect(after[0]!.width).toBe(64);
  });

  it('goes back in the image shape of responses, generate content and chat, as the inspector shows', async () => {
    const shapes = [
      {
        tab: 'responses',
        model: 'gpt-5-mini',
        block: /"type":\s*"input_image",\s*"image_url":\s*"data:image\/png;base64,<\d+ base64 chars elided>"/,
      },
      {
        tab: 'generate',
        model: 'gemini-2.5-flash',
        block:
          // gemini-2.5 takes no media inside a function response: the image follows it, the call named
          /"functionResponse":[\s\S]*"text":\s*"Image returned by local__chart \(call [^)]+\):"\s*\},\s*\{\s*"inlineData":\s*\{\s*"mimeType":\s*"image\/png"/,
      },
      {
        tab: 'chat',
        model: 'gpt-5-mini',
        block:
          /"text":\s*"Image returned by local__chart \(call [^)]+\):"\s*\},\s*\{\s*"type":\s*"image_url"/,
      },
    ];
    for (const { tab, model, block } of shapes) {
      await chatWithChart(tab, model);
      const before = await ask('Draw it. [[call:local__chart]]');
      await page.getByTestId('mcp-run').click();
      await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
      for (const image of await loadedImages()) expect(image.src.startsWith('data:')).toBe(false);
      await finished().last().getByTestId('inspect').click();
      const detail = page.getByTestId('exchange-detail');
      await detail.waitFor();
      expect((await detail.textContent()) ?? '').toMatch(block);
      await page.getByTestId('inspector-toggle').click();
    }
  });
});
