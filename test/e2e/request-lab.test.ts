import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * PROVES: in each of the four formats, from the parameters panel: a control from "More controls" goes out
 * under the format's own name, an extra-body field is merged into the request and named in the inspector,
 * and a JSON Schema makes the reply structured JSON that the page checks against the schema ("matches").
 */

let page: Page;
harnessPerTest((harness) => {
  page = harness.page;
});

const CASES = [
  {
    tab: 'chat',
    model: 'gpt-5-mini',
    extra: '{"temperature": 0.3}',
    extraField: 'temperature',
    wire: ['"top_p": 0.5', '"response_format"', '"json_schema"'],
  },
  {
    tab: 'responses',
    model: 'gpt-5-mini',
    extra: '{"temperature": 0.3}',
    extraField: 'temperature',
    wire: ['"top_p": 0.5', '"text"', '"format"'],
  },
  {
    tab: 'messages',
    model: 'claude-haiku-4-5',
    extra: '{"temperature": 0.3}',
    extraField: 'temperature',
    wire: ['"top_p": 0.5', '"output_config"'],
  },
  {
    tab: 'generate',
    model: 'gemini-2.5-flash',
    extra: '{"generationConfig": {"temperature": 0.3}}',
    extraField: 'generationConfig.temperature',
    wire: ['"topP": 0.5', '"responseJsonSchema"', '"responseMimeType": "application/json"'],
  },
] as const;

const SCHEMA = JSON.stringify(
  {
    type: 'object',
    properties: {
      city: { type: 'string' },
      celsius: { type: 'number', minimum: -90 },
      sky: { type: 'string', enum: ['clear', 'cloudy'] },
    },
    required: ['city', 'celsius', 'sky'],
    additionalProperties: false,
  },
  null,
  2,
);

async function newChat(tab: string, model: string): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
  const input = page.getByTestId('model-picker-input');
  await input.click();
  await page.getByRole('listbox', { name: 'Models' }).locator(`[data-model="${model}"]`).click();
  await expect.poll(() => input.inputValue()).toBe(model);
}

it('controls, extra body and a checked JSON Schema reply in every format', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const c of CASES) {
    await newChat(c.tab, c.model);
    const tab = page.getByTestId(`chat-${c.tab}`);
    const panel = tab.getByTestId('params-panel');
    if (!(await panel.isVisible())) await tab.getByTestId('params-toggle').click();
    await panel.waitFor();

    await panel.getByTestId('more-controls').locator('summary').click();
    await panel.getByTestId('param-topP').fill('0.5');
    await panel.getByTestId('param-extra-body').fill(c.extra);
    await expect
      .poll(() => panel.getByTestId('more-controls').locator('summary').textContent())
      .toContain('2 sent');

    // A broken schema blocks sending with its line and column; the fixed one is sent.
    await panel.getByTestId('param-output-mode').selectOption('schema');
    await panel.getByTestId('param-output-name').fill('weather');
    await panel.getByTestId('param-output-schema').fill('{"type": "object",\n "properties": }');
    await expect
      .poll(() => panel.getByTestId('param-output-error').textContent())
      .toMatch(/line 2, column \d+/);
    await panel.getByTestId('param-output-schema').fill(SCHEMA);
    await expect.poll(() => panel.getByTestId('param-output-error').count()).toBe(0);

    await tab.getByTestId('composer-input').fill('Weather in Paris as JSON, please');
    await tab.getByTestId('composer-input').press('Enter');
    const reply = tab.locator('[data-testid="message-assistant"]:not([data-status="streaming"])').last();
    await reply.getByTestId('json-reply').waitFor({ timeout: 30_000 });
    const check = reply.getByTestId('json-reply-check');
    expect(await check.getAttribute('data-ok'), c.tab).toBe('true');
    expect(await check.textContent(), c.tab).toMatch(/matches/i);
    const shown = (await reply.getByTestId('json-reply').locator('pre').textContent()) ?? '';
    expect(JSON.parse(shown), c.tab).toMatchObject({ city: expect.any(String), sky: 'clear' });

    await reply.hover();
    await reply.getByTestId('inspect').click();
    const detail = page.getByTestId('exchange-detail');
    await detail.waitFor();
    await expect.poll(() => detail.textContent()).toContain('"model"');
    const request = (await detail.textContent()) ?? '';
    for (const w of c.wire) expect(request, `${c.tab}: ${w}`).toContain(w);
    expect(await detail.getByTestId('extra-body-note').textContent(), c.tab).toContain(c.extraField);
    await page.getByTestId('inspector-toggle').click();
  }
});
