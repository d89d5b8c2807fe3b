import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatCost } from '../../renderer/components/cost/format-cost.ts';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * Cost end to end through the browser host: a price for the sandbox's gpt-5-mini entered in Settings, a
 * chat reply and its conversation showing what they cost at it (the amount worked out from the tokens the
 * reply shows), a model without a price showing none, Compare's columns each with their last reply's cost
 * or none, and the prices still there, and still applied, after the host restarts.
 */

let h: Harness;
let page: Page;

harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

// Prices large enough that a short sandbox reply costs a readable amount.
const INPUT = 100;
const OUTPUT = 400;

async function pickModel(scope: Locator, id: string): Promise<void> {
  const input = scope.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill(id);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(id);
}

/** Settings > Prices: one row for gpt-5-mini, saved when the row is left. */
async function priceGpt5Mini(): Promise<void> {
  await page.getByTestId('tab-settings').click();
  const prices = page.getByTestId('prices');
  await prices.getByTestId('prices-add').click();
  const row = prices.getByTestId('price-row').last();
  await row.getByTestId('price-model').fill('gpt-5-mini');
  await row.getByTestId('price-input').fill(String(INPUT));
  await row.getByTestId('price-output').fill(String(OUTPUT));
  await prices.getByTestId('prices-currency').click();
  await expect
    .poll(async () => (await prices.getByTestId('prices-status').textContent())?.trim())
    .toBe('Saved.');
}

/** A new chat conversation on `model` with one message sent and answered. */
async function chatWith(model: string, text: string): Promise<Locator> {
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('new-conversation').click();
  await pickModel(page.getByTestId('chat-chat'), model);
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  const reply = page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])').last();
  await reply.waitFor({ timeout: 30_000 });
  expect(await reply.getAttribute('data-status')).toBe('complete');
  return reply;
}

/** The input and output tokens a reply's meta line shows ("12 in / 34 out / 46 total"). */
async function tokensOf(reply: Locator): Promise<{ input: number; output: number }> {
  const text = (await reply.locator('.meta-usage').textContent()) ?? '';
  const n = (label: string) => Number(new RegExp(`([\\d,]+) ${label}`).exec(text)?.[1]?.replace(/,/g, ''));
  return { input: n('in'), output: n('out') };
}

const costOf = (t: { input: number; output: number }) =>
  formatCost('en', 'USD', (t.input * INPUT + t.output * OUTPUT) / 1_000_000);

describe('cost', () => {
  it('shows what a priced reply, its conversation and a Compare column cost, and nothing without a price', async () => {
    await priceGpt5Mini();

    const reply = await chatWith('gpt-5-mini', 'What does a hedgehog eat?');
    const tokens = await tokensOf(reply);
    expect(tokens.input).toBeGreaterThan(0);
    const cost = reply.getByTestId('reply-cost');
    expect(await cost.textContent()).toBe(`Cost ${costOf(tokens)}`);
    expect(await cost.getAttribute('title')).toContain('At your prices for gpt-5-mini (per million tokens):');
    expect(await cost.getAttribute('title')).toContain(`Output: ${tokens.output} tokens × $400.00/M`);
    const conversationCost = page.getByTestId('conversation-cost');
    expect(await conversationCost.textContent()).toBe(`Cost ${costOf(tokens)}`);

    // a model without a price: tokens as ever, no cost anywhere
    const unpriced = await chatWith('gpt-4.1', 'What does a badger eat?');
    expect(await unpriced.locator('.meta-usage').count()).toBe(1);
    expect(await unpriced.getByTestId('reply-cost').count()).toBe(0);
    await page.getByTestId('conversation-totals').waitFor();
    expect(await page.getByTestId('conversation-cost').count()).toBe(0);

    // Compare: a priced model in the first and last columns, the unpriced one between them
    await page.getByTestId('tab-compare').click();
    const heads = page.getByTestId('compare-column-head');
    await expect.poll(() => heads.count()).toBe(3);
    const models = ['gpt-5-mini', 'gpt-4.1', 'gpt-5-mini'];
    for (const [i, model] of models.entries()) {
      await heads
        .nth(i)
        .getByTestId('compare-format')
        .selectOption(['chat', 'messages', 'generate'][i] ?? '');
      await pickModel(heads.nth(i), model);
    }
    await page.getByTestId('compare-input').fill('Name a fruit');
    await page.getByTestId('compare-input').press('Enter');
    const figures = page.getByTestId('compare-figures');
    for (let i = 0; i < 3; i++)
      await figures.nth(i).getByTestId('figure-tokens').waitFor({ timeout: 30_000 });
    const shown = (await figures.nth(0).getByTestId('figure-tokens').textContent()) ?? '';
    const [input, output] = (/([\d,]+) \/ ([\d,]+)/.exec(shown) ?? [])
      .slice(1)
      .map((s) => Number(s.replace(/,/g, '')));
    expect(await figures.nth(0).getByTestId('figure-cost').textContent()).toMatch(
      new RegExp(`^Cost${costOf({ input: input ?? 0, output: output ?? 0 }).replace(/[$.]/g, '\\$&')}`),
    );
    expect(await figures.nth(1).getByTestId('figure-cost').count()).toBe(0);
    expect(await figures.nth(2).getByTestId('figure-cost').textContent()).toMatch(/^Cost\$0\.\d+/);
  });

  it('keeps the prices over a restart and prices the stored replies with them', async () => {
    await priceGpt5Mini();
    const reply = await chatWith('gpt-5-mini', 'What does an otter eat?');
    const expected = `Cost ${costOf(await tokensOf(reply))}`;
    // the host has the table before the restart (it was saved on leaving the row)
    await expect
      .poll(async () => {
        const r = await h.host.core.dispatch('getSettings', {}, { emit: () => undefined });
        return r.ok ? (r.value as { prices?: unknown }).prices : null;
      })
      .toEqual({ currency: 'USD', rows: [{ model: 'gpt-5-mini', input: INPUT, output: OUTPUT }] });

    await h.restart();
    await h.ready();
    await page.getByTestId('tab-settings').click();
    const row = page.getByTestId('prices').getByTestId('price-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('price-model').inputValue()).toBe('gpt-5-mini');
    expect(await row.getByTestId('price-output').inputValue()).toBe(String(OUTPUT));

    await page.getByTestId('tab-chat').click();
    await page.getByTestId('conversation-item').filter({ hasText: 'otter' }).locator('.conv-open').click();
    const stored = page.locator('[data-testid="message-assistant"]').last();
    await expect.poll(() => stored.getByTestId('reply-cost').textContent()).toBe(expected);
    expect(await page.getByTestId('conversation-cost').textContent()).toBe(expected);
  });
});
