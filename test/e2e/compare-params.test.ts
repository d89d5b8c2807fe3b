import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ComparisonSummary } from '../../shared/contract.ts';
import type { Conversation } from '../../shared/conversation.ts';
import type { Exchange } from '../../shared/exchange.ts';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * Compare's parameters and past comparisons end to end: with "same for all" off, each column's system
 * prompt goes into its own request (read back from the host's records), a change reaches the next send;
 * a seed set for all columns is in the chat and generate requests the inspector shows and not in messages';
 * a JSON Schema for all columns makes every reply formatted JSON that the check line says matches; a
 * comparison left by "New comparison" is in the list, and opens again after the host restarts.
 */

let h: Harness;
let page: Page;

harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

const FORMATS = ['chat', 'messages', 'generate'] as const;

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
  for (const [i, format] of FORMATS.entries()) {
    await heads.nth(i).getByTestId('compare-format').selectOption(format);
    await pickModel(heads.nth(i), 'gpt-5-mini');
  }
}

async function sendAndWait(text: string, replies: number): Promise<void> {
  await page.getByTestId('compare-input').fill(text);
  await page.getByTestId('compare-input').press('Enter');
  const columns = page.getByTestId('compare-column');
  for (let i = 0; i < FORMATS.length; i++) {
    await expect
      .poll(() => columns.nth(i).locator('[data-testid="compare-reply"][data-status="complete"]').count(), {
        timeout: 30_000,
      })
      .toBe(replies);
  }
}

/** Calls the host as the page would. */
async function call<T>(name: string, input: unknown): Promise<T> {
  const r = await h.host.core.dispatch(name, input, { emit: () => undefined });
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value as T;
}

/** The request bodies each column's conversation sent, by format, in order. */
async function sentBodies(): Promise<Record<string, string[]>> {
  const [comparison] = await call<ComparisonSummary[]>('listComparisons', {});
  const bodies: Record<string, string[]> = {};
  for (const column of comparison?.columns ?? []) {
    const conv = await call<Conversation>('getConversation', { id: column.id });
    for (const t of conv.turns) {
      if (t.role !== 'assistant' || !t.exchangeId) continue;
      const ex = await call<Exchange>('getExchange', { id: t.exchangeId });
      (bodies[conv.format] ??= []).push(ex.requestBody ?? '');
    }
  }
  return bodies;
}

async function editColumn(i: number, system: string): Promise<void> {
  await page.getByTestId('compare-column-head').nth(i).getByTestId('compare-params-summary').click();
  const panel = page.getByTestId('compare-params-panel');
  await expect.poll(() => panel.getByTestId('compare-params-scope').textContent()).toMatch(`Column ${i + 1}`);
  await panel.getByTestId('param-system').fill(system);
}

/** Opens the set every column shares ("same for all" is on by default). */
async function openShared(): Promise<Locator> {
  await page.getByTestId('compare-params-summary').first().click();
  const panel = page.getByTestId('compare-params-panel');
  await expect.poll(() => panel.getByTestId('compare-params-scope').textContent()).toBe('All columns');
  return panel;
}

/** The request body of column `i`'s last reply, as the inspector shows it. */
async function inspectedRequest(i: number): Promise<{ url: string; body: string }> {
  await page.getByTestId('compare-inspect').nth(i).click();
  const inspector = page.getByTestId('inspector');
  const url = inspector.getByTestId('exchange-url');
  await expect.poll(() => url.textContent()).toContain(PATHS[FORMATS[i]!]);
  const body = inspector
    .locator('details.exchange-section')
    .filter({ has: page.locator('summary', { hasText: /^Request body$/ }) })
    .locator('.exchange-pre');
  return { url: (await url.textContent()) ?? '', body: (await body.textContent()) ?? '' };
}

/** What each format's address ends with, to know the inspector shows the column asked for. */
const PATHS: Record<(typeof FORMATS)[number], string> = {
  chat: '/chat/completions',
  messages: '/messages',
  generate: ':streamGenerateContent',
};

describe('compare parameters', () => {
  it('a seed set in "More controls" for all columns goes to chat and generate, and not to messages', async () => {
    await setUpColumns();
    const panel = await openShared();
    await panel.getByTestId('more-controls').locator('summary').click();
    await panel.getByTestId('param-seed').fill('7');
    const where = panel.locator('[data-control="seed"]').getByTestId('control-where');
    await expect.poll(() => where.textContent()).toBe('Sent in Chat, Generate · not sent in Messages');
    const summaries = page.getByTestId('compare-params-summary');
    await expect.poll(() => summaries.nth(0).textContent()).toBe('seed 7');
    expect(await summaries.nth(1).textContent()).toBe('1,024 tokens');
    expect(await summaries.nth(2).textContent()).toBe('seed 7');
    await page.getByTestId('compare-params-summary').first().click();
    await sendAndWait('Pick a number', 1);

    const chat = await inspectedRequest(0);
    expect(chat.body).toMatch(/"seed": 7\b/);
    const messages = await inspectedRequest(1);
    expect(messages.body).toContain('"max_tokens": 1024');
    expect(messages.body).not.toContain('seed');
    const generate = await inspectedRequest(2);
    expect(generate.body).toMatch(/"generationConfig": \{[^}]*"seed": 7\b/);
  });

  it('a JSON Schema in "Structured output" for all columns makes every reply checked JSON', async () => {
    await setUpColumns();
    const panel = await openShared();
    await panel.getByTestId('param-output-mode').selectOption('schema');
    const where = panel.locator('[data-control="output"]').getByTestId('control-where');
    await expect.poll(() => where.textContent()).toBe('Sent in Chat, Messages, Generate');
    await expect
      .poll(() => page.getByTestId('compare-params-summary').allTextContents())
      .toEqual(['schema “answer”', '1,024 tokens · schema “answer”', 'schema “answer”']);
    await page.getByTestId('compare-params-summary').first().click();
    await sendAndWait('Answer in JSON', 1);

    const columns = page.getByTestId('compare-column');
    for (let i = 0; i < FORMATS.length; i++) {
      const reply = columns.nth(i).getByTestId('json-reply');
      const text = (await reply.locator('pre').textContent()) ?? '';
      // formatted (indented) and an instance of the starter schema: an object with a string "answer"
      expect(text).toMatch(/^\{\n {2}"answer": "/);
      expect(typeof (JSON.parse(text) as { answer: unknown }).answer).toBe('string');
      const check = reply.getByTestId('json-reply-check');
      expect(await check.getAttribute('data-ok')).toBe('true');
      expect(await check.textContent()).toMatch(/^✓ /);
    }
  });

  it('with "same for all" off, each column sends its own system prompt, and a change reaches the next send', async () => {
    await setUpColumns();
    const same = page.getByTestId('compare-same-params');
    expect(await same.isChecked()).toBe(true);
    await same.click();
    await editColumn(0, 'Answer like a pirate.');
    await editColumn(1, 'Answer like a poet.');
    const summaries = page.getByTestId('compare-params-summary');
    await expect.poll(() => summaries.nth(0).textContent()).toContain('system “Answer like a pirate.”');
    await expect.poll(() => summaries.nth(2).textContent()).toBe('service defaults');
    await sendAndWait('Say hello', 1);

    let bodies = await sentBodies();
    expect(bodies.chat?.[0]).toContain('Answer like a pirate.');
    expect(bodies.chat?.[0]).not.toContain('poet');
    expect(bodies.messages?.[0]).toContain('Answer like a poet.');
    expect(bodies.messages?.[0]).not.toContain('pirate');
    expect(bodies.generate?.[0]).not.toMatch(/pirate|poet/);

    // changed mid-comparison: the column's next request carries the new prompt
    await editColumn(0, 'Answer like a sailor.');
    await sendAndWait('Again', 2);
    bodies = await sentBodies();
    expect(bodies.chat?.[1]).toContain('Answer like a sailor.');
    expect(bodies.chat?.[1]).not.toContain('pirate');
    expect(bodies.messages?.[1]).toContain('Answer like a poet.');
  });

  it('lists a comparison left by "New comparison", and opens it again after the host restarts', async () => {
    await setUpColumns();
    await page.getByTestId('compare-same-params').click();
    await editColumn(1, 'Answer like a poet.');
    await page.keyboard.press('Escape');
    await sendAndWait('First comparison', 1);
    await page.getByTestId('compare-new').click();
    await sendAndWait('Second comparison', 1);

    await page.getByTestId('compare-history-toggle').click();
    const items = page.getByTestId('comparison-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).getByTestId('comparison-open').getAttribute('aria-current')).toBe('true');
    expect(await items.nth(1).textContent()).toContain('First comparison');
    expect(await items.nth(1).getByTestId('comparison-column').allTextContents()).toEqual([
      'Chat Completions · gpt-5-mini',
      'Messages · gpt-5-mini',
      'Generate Content · gpt-5-mini',
    ]);

    await h.restart();
    await h.ready();
    await page.getByTestId('tab-compare').click();
    await page.getByTestId('compare-history-toggle').click();
    await expect.poll(() => items.count()).toBe(2);
    const first = items.filter({ hasText: 'First comparison' });
    await first.getByTestId('comparison-open').click();
    await expect.poll(() => page.getByTestId('comparisons').count()).toBe(0);

    const columns = page.getByTestId('compare-column');
    for (const [i, format] of FORMATS.entries()) {
      expect(await columns.nth(i).getAttribute('data-format')).toBe(format);
      await expect
        .poll(() => columns.nth(i).locator('.compare-user').first().textContent())
        .toBe('First comparison');
      expect(await columns.nth(i).getByTestId('compare-reply').count()).toBe(1);
    }
    // the parameters came from its conversations: the poet column alone has a system prompt
    expect(await page.getByTestId('compare-same-params').isChecked()).toBe(false);
    expect(await page.getByTestId('compare-params-summary').nth(1).textContent()).toContain('poet');
    expect(await page.getByTestId('compare-params-summary').nth(0).textContent()).toBe('service defaults');

    // marked as the one on screen; going on adds to its conversations
    await page.getByTestId('compare-history-toggle').click();
    expect(await first.getByTestId('comparison-open').getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('Escape');
    await sendAndWait('And a follow-up', 2);
    const list = await call<ComparisonSummary[]>('listComparisons', {});
    expect(list.find((c) => c.title === 'First comparison')?.columns.map((c) => c.turnCount)).toEqual([
      4, 4, 4,
    ]);
  });
});
