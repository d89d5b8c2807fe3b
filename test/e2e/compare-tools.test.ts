import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * Function calls in Compare end to end against the sandbox: get_weather added once in the shared Tools
 * section goes to a chat, a generate and a messages column; a prompt that makes the simulated model call
 * it shows the call in every column, and with a fixed result each column answers by itself and shows the
 * reply to it. Without one, each column waits with its own results form: the one filled and sent gets its
 * reply while the others still wait, and the inspector shows that column's request carrying the result in
 * its format's shape. A column's tool conversation then goes on in its tab.
 */

let page: Page;
harnessPerTest((harness) => {
  page = harness.page;
});

const COLUMNS = [
  { format: 'chat', model: 'gpt-5-mini', label: 'Chat Completions' },
  { format: 'generate', model: 'gemini-2.5-flash', label: 'Generate Content' },
  { format: 'messages', model: 'claude-haiku-4-5', label: 'Messages' },
] as const;

async function pickModel(scope: Locator, id: string): Promise<void> {
  const input = scope.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill(id);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(id);
}

async function setUpColumns(): Promise<void> {
  await page.getByTestId('tab-compare').click();
  const heads = page.getByTestId('compare-column-head');
  await expect.poll(() => heads.count()).toBe(3);
  for (const [i, c] of COLUMNS.entries()) {
    await heads.nth(i).getByTestId('compare-format').selectOption(c.format);
    await pickModel(heads.nth(i), c.model);
  }
}

/** get_weather from the examples in the set every column shares, with a fixed result when given. */
async function addSharedWeather(fixed?: string): Promise<void> {
  const summaries = page.getByTestId('compare-params-summary');
  await summaries.first().click();
  const panel = page.getByTestId('compare-params-panel');
  await expect.poll(() => panel.getByTestId('compare-params-scope').textContent()).toBe('All columns');
  await panel.getByTestId('tool-add-example').selectOption('get_weather');
  await panel.locator('[data-testid="tool-def"][data-name="get_weather"]').waitFor();
  if (fixed !== undefined) {
    await panel.getByTestId('tool-fixed-on').check();
    await panel.getByTestId('tool-fixed-result').fill(fixed);
  }
  await expect.poll(() => summaries.allTextContents()).toEqual(['1 tool', '1 tool', '1,024 tokens · 1 tool']);
  await panel.getByRole('button', { name: 'Hide parameters' }).click();
}

const column = (i: number) => page.getByTestId('compare-column').nth(i);
const complete = (i: number) => column(i).locator('[data-testid="compare-reply"][data-status="complete"]');

async function sendToAll(text: string): Promise<void> {
  await page.getByTestId('compare-input').fill(text);
  await page.getByTestId('compare-input').press('Enter');
}

/** The request body of column `i`'s last reply, as the inspector shows it. */
async function inspectedBody(i: number, path: string): Promise<Record<string, unknown>> {
  await page.getByTestId('compare-inspect').nth(i).click();
  const inspector = page.getByTestId('inspector');
  await expect.poll(() => inspector.getByTestId('exchange-url').textContent()).toContain(path);
  const body = inspector
    .locator('details.exchange-section')
    .filter({ has: page.locator('summary', { hasText: /^Request body$/ }) })
    .locator('.exchange-pre');
  return JSON.parse((await body.textContent()) ?? '') as Record<string, unknown>;
}

describe('function calls in Compare', () => {
  it('one function for every column: each shows the call and answers its fixed result by itself', async () => {
    await setUpColumns();
    await addSharedWeather('{"temp": 21}');
    await sendToAll('weather? [[call:get_weather]]');

    for (const [i] of COLUMNS.entries()) {
      // the call's reply, then the reply to the fixed result sent without asking
      await expect.poll(() => complete(i).count(), { timeout: 30_000 }).toBe(2);
      const card = complete(i).first().getByTestId('tool-call');
      expect(await card.getByTestId('tool-call-name').textContent()).toBe('get_weather');
      expect(JSON.parse((await card.getByTestId('tool-call-args').textContent()) ?? '')).toHaveProperty(
        'city',
      );
      expect(await column(i).getByTestId('tool-result').textContent()).toBe('get_weather→{"temp":21}');
      expect(await complete(i).last().textContent()).toContain(
        'Tool results received: get_weather → {"temp":21}',
      );
      expect(await column(i).getByTestId('compare-results-form').count()).toBe(0);
    }
    expect(await page.getByTestId('compare-send').isDisabled()).toBe(true); // no prompt typed
    await page.getByTestId('compare-input').fill('and tomorrow?');
    expect(await page.getByTestId('compare-send').isDisabled()).toBe(false);

    // the chat column's conversation goes on in its tab, calls and results included
    await column(0).getByTestId('compare-continue').click();
    const replies = page.locator('[data-testid="message-assistant"]');
    await expect.poll(() => replies.count()).toBe(2);
    expect(await replies.first().getByTestId('tool-call-name').textContent()).toBe('get_weather');
    expect(await page.locator('[data-kind="results"]').getByTestId('tool-result').textContent()).toBe(
      'get_weather→{"temp":21}',
    );
    expect(await replies.last().getByTestId('message-text').textContent()).toContain(
      'Tool results received: get_weather → {"temp":21}',
    );
  });

  it('without a fixed result each column waits; the one answered sends its result in its format’s shape', async () => {
    await setUpColumns();
    await addSharedWeather();
    await sendToAll('weather? [[call:get_weather]]');
    const callIds: string[] = [];
    for (const [i] of COLUMNS.entries()) {
      await column(i).getByTestId('compare-results-form').waitFor({ timeout: 30_000 });
      expect(await complete(i).count()).toBe(1);
      callIds.push((await complete(i).getByTestId('tool-call-id').textContent()) ?? '');
    }
    // a prompt to every column would follow calls that have no results: it waits, and says why
    await page.getByTestId('compare-input').fill('next');
    expect(await page.getByTestId('compare-send').isDisabled()).toBe(true);
    expect(await page.getByTestId('compare-params-problem').textContent()).toBe(
      'Columns 1, 2 and 3 wait for function results: send them first (the forms under their replies).',
    );

    // the messages column alone is answered
    const form = column(2).getByTestId('compare-results-form');
    expect(await form.textContent()).toContain('tool_result blocks');
    await form.getByTestId('tool-result-input').fill('{"temp": 18}');
    await form.getByTestId('tool-results-send').click();
    await expect.poll(() => complete(2).count(), { timeout: 30_000 }).toBe(2);
    expect(await complete(2).last().textContent()).toContain(
      'Tool results received: get_weather → {"temp":18}',
    );
    expect(await column(2).getByTestId('tool-result').textContent()).toBe('get_weather→{"temp":18}');
    expect(await column(2).getByTestId('compare-results-form').count()).toBe(0);
    // the others were neither answered nor sent again
    for (const i of [0, 1]) {
      expect(await complete(i).count()).toBe(1);
      expect(await column(i).getByTestId('compare-results-form').count()).toBe(1);
    }
    expect(await page.getByTestId('compare-params-problem').textContent()).toMatch(/^Columns 1 and 2 wait/);

    const messages = await inspectedBody(2, '/messages');
    const last = (messages['messages'] as { role: string; content: Record<string, unknown>[] }[]).at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content[0]).toEqual({
      type: 'tool_result',
      tool_use_id: callIds[2],
      content: '{"temp": 18}',
    });

    // then the generate column: its result goes back as a functionResponse part with an object
    const generateForm = column(1).getByTestId('compare-results-form');
    await generateForm.getByTestId('tool-result-input').fill('{"temp": 25}');
    await generateForm.getByTestId('tool-result-input').press('Control+Enter');
    await expect.poll(() => complete(1).count(), { timeout: 30_000 }).toBe(2);
    const generate = await inspectedBody(1, ':streamGenerateContent');
    const contents = generate['contents'] as { role: string; parts: Record<string, unknown>[] }[];
    expect(contents.at(-1)?.parts[0]).toMatchObject({
      functionResponse: { name: 'get_weather', response: { temp: 25 } },
    });
    // right after the model's turn with the call, which went back as it came
    expect(contents.at(-2)?.role).toBe('model');
    expect(contents.at(-2)?.parts.find((p) => p['functionCall'])).toMatchObject({
      functionCall: { name: 'get_weather' },
    });
    expect(await column(0).getByTestId('compare-results-form').count()).toBe(1);
  });
});
