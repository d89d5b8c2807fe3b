import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ComparisonSummary } from '../../shared/contract.ts';
import type { Conversation } from '../../shared/conversation.ts';
import type { Exchange } from '../../shared/exchange.ts';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * Presets end to end through the browser host: a system prompt with a {{language}} variable and a first
 * message saved from the chat tab's parameters, applied to a new conversation in each of the four text
 * tabs (the small form asks the language, the message lands in the composer unsent), each request read
 * back in the inspector with the filled prompt in its format's own field; applied to one Compare column
 * (only that column's request carries it); exported, and the file imported again.
 */

let h: Harness;
let page: Page;

harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

const MODELS = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
} as const;
type Format = keyof typeof MODELS;

/** Where each format's request carries the system prompt. */
const SYSTEM_OF: Record<Format, (body: Record<string, unknown>) => unknown> = {
  chat: (b) => (b.messages as { role: string; content: unknown }[]).find((m) => m.role === 'system')?.content,
  responses: (b) => b.instructions,
  messages: (b) => b.system,
  generate: (b) => (b.systemInstruction as { parts: { text: string }[] } | undefined)?.parts[0]?.text,
};

async function pickModel(scope: Locator, id: string): Promise<void> {
  const input = scope.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill(id);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(id);
}

/** The chat tab's system prompt field, the parameters panel opened when it is closed. */
async function systemField(tab: Locator): Promise<Locator> {
  const field = tab.getByTestId('param-system');
  if (!(await field.isVisible())) await tab.getByTestId('params-toggle').click();
  return field;
}

/** Saves the chat tab's system prompt and parameters as "Polyglot", with a first message. */
async function savePolyglot(): Promise<void> {
  await page.getByTestId('tab-chat').click();
  const tab = page.getByTestId('chat-chat');
  await (await systemField(tab)).fill('Always answer in {{language}}.');
  await tab.getByTestId('presets-menu').click();
  await page.getByTestId('preset-action-save').click();
  const editor = page.getByTestId('preset-editor');
  expect(await editor.getByTestId('preset-system').inputValue()).toBe('Always answer in {{language}}.');
  // the name field has focus
  await page.keyboard.type('Polyglot');
  await editor.getByTestId('preset-message').fill('Say good morning in {{ language }}.');
  expect(await editor.getByTestId('preset-facts').textContent()).toContain('Variables: {{language}}');
  await editor.getByTestId('preset-save').click();
  await expect.poll(() => editor.isVisible()).toBe(false);
}

/** Picks a preset from an open presets menu and fills the form with `language`, pressing Enter. */
async function applyWith(menuButton: Locator, language: string): Promise<void> {
  await menuButton.click();
  await page
    .getByTestId('preset-menu')
    .locator('[data-testid="preset-menu-item"][data-name="Polyglot"]')
    .click();
  // (each entry point has its form; the open one is the one asking)
  const form = page.locator('[data-testid="preset-fill-dialog"][open]');
  const field = form.getByTestId('preset-variable');
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await field.getAttribute('data-name')).toBe('language');
  await page.keyboard.type(language);
  await page.keyboard.press('Enter');
  await expect.poll(() => form.count()).toBe(0);
}

/** Calls the host as the page would. */
async function call<T>(name: string, input: unknown): Promise<T> {
  const r = await h.host.core.dispatch(name, input, { emit: () => undefined });
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value as T;
}

describe('presets', () => {
  it('fills {{language}} in each text tab and sends it in the format’s own system field', async () => {
    await savePolyglot();
    const languages: Record<Format, string> = {
      chat: 'French',
      responses: 'German',
      messages: 'Italian',
      generate: 'Spanish',
    };
    for (const format of Object.keys(MODELS) as Format[]) {
      await page.getByTestId(`tab-${format}`).click();
      const tab = page.getByTestId(`chat-${format}`);
      await pickModel(tab, MODELS[format]);
      await applyWith(tab.getByTestId('presets-menu'), languages[format]);

      // a new conversation, the filled prompt in the panel, the message waiting in the composer
      expect(await tab.locator('.conv-heading-title').textContent()).toBe('New conversation');
      expect(await (await systemField(tab)).inputValue()).toBe(`Always answer in ${languages[format]}.`);
      const composer = tab.getByTestId('composer-input');
      expect(await composer.inputValue()).toBe(`Say good morning in ${languages[format]}.`);
      expect(await tab.getByTestId('message-assistant').count()).toBe(0);
      await composer.press('Enter');
      const reply = tab.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');
      await reply.first().waitFor({ timeout: 30_000 });
      expect(await reply.first().getAttribute('data-status')).toBe('complete');

      await reply.first().getByTestId('inspect').click();
      const inspector = page.getByTestId('inspector');
      await expect
        .poll(async () => (await inspector.getByTestId('exchange-url').textContent()) ?? '')
        .toContain(
          format === 'generate' ? 'GenerateContent' : format === 'chat' ? '/chat/completions' : `/${format}`,
        );
      const body = inspector
        .locator('.exchange-section', { hasText: 'Request body' })
        .locator('.exchange-pre');
      const sent = JSON.parse((await body.first().textContent()) ?? '{}') as Record<string, unknown>;
      expect(SYSTEM_OF[format](sent), format).toBe(`Always answer in ${languages[format]}.`);
      expect(JSON.stringify(sent), format).not.toContain('{{');
      await page.getByTestId('inspector-toggle').click();
    }
  });

  it('applies to one Compare column, turning "same for all" off', async () => {
    await savePolyglot();
    await page.getByTestId('tab-compare').click();
    const heads = page.getByTestId('compare-column-head');
    await expect.poll(() => heads.count()).toBe(3);
    for (const [i, model] of ['gpt-5-mini', 'claude-haiku-4-5', 'gemini-2.5-flash'].entries()) {
      await pickModel(heads.nth(i), model);
    }
    expect(await page.getByTestId('compare-same-params').isChecked()).toBe(true);
    await applyWith(heads.nth(1).getByTestId('compare-presets'), 'Portuguese');
    expect(await page.getByTestId('compare-same-params').isChecked()).toBe(false);
    expect(await page.getByTestId('compare-params-summary').nth(1).textContent()).toContain(
      'Always answer in',
    );
    expect(await page.getByTestId('compare-params-summary').nth(0).textContent()).not.toContain('Always');
    const prompt = page.getByTestId('compare-input');
    expect(await prompt.inputValue()).toBe('Say good morning in Portuguese.');
    await prompt.press('Enter');
    const columns = page.getByTestId('compare-column');
    for (let i = 0; i < 3; i++) {
      await columns
        .nth(i)
        .locator('[data-testid="compare-reply"][data-status="complete"]')
        .waitFor({ timeout: 30_000 });
    }
    const [comparison] = await call<ComparisonSummary[]>('listComparisons', {});
    for (const column of comparison?.columns ?? []) {
      const conv = await call<Conversation>('getConversation', { id: column.id });
      const reply = conv.turns.find((t) => t.role === 'assistant');
      const exchange = await call<Exchange>('getExchange', { id: reply?.exchangeId ?? '' });
      if (conv.format === 'messages') expect(exchange.requestBody).toContain('Always answer in Portuguese.');
      else expect(exchange.requestBody, conv.format).not.toContain('Always answer');
    }
  });

  it('exports the presets to a file that imports again, the clashing name numbered', async () => {
    await savePolyglot();
    const tab = page.getByTestId('chat-chat');
    await tab.getByTestId('presets-menu').click();
    await page.getByTestId('preset-action-manage').click();
    const dialog = page.getByTestId('presets-dialog');
    const rows = dialog.getByTestId('preset-row');
    await expect.poll(() => rows.count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('presets-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quartet-presets-.*\.json$/);
    const text = await readFile(await download.path(), 'utf8');
    const file = JSON.parse(text) as { quartet: string; version: number; presets: { name: string }[] };
    expect(file).toMatchObject({ quartet: 'presets', version: 1, presets: [{ name: 'Polyglot' }] });

    await dialog.getByTestId('presets-import-file').setInputFiles({
      name: 'polyglot.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    await expect
      .poll(() => dialog.getByTestId('presets-import-report').textContent())
      .toContain('Imported 1 preset from “polyglot.json”.');
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name'))))
      .toEqual(['Polyglot', 'Polyglot (2)']);

    // a file that is no presets file says so, and nothing is added
    await dialog.getByTestId('presets-import-file').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello": 1}'),
    });
    await expect
      .poll(() => dialog.getByTestId('presets-import-report').textContent())
      .toContain('“notes.json” could not be imported: The file is not a Quartet presets export');
    expect(await rows.count()).toBe(2);

    // the imported copy applies like the original
    await page.keyboard.press('Escape');
    await tab.getByTestId('presets-menu').click();
    await page.getByTestId('preset-menu').locator('[data-name="Polyglot (2)"]').click();
    await page
      .locator('[data-testid="preset-fill-dialog"][open]')
      .getByTestId('preset-variable')
      .fill('Dutch');
    await page.getByTestId('preset-fill-apply').click();
    await expect
      .poll(() => tab.getByTestId('composer-input').inputValue())
      .toBe('Say good morning in Dutch.');
  });
});
