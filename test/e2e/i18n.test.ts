import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * PROVES: switched to Simplified Chinese in Settings, every tab (with its side panels open) shows no
 * interface text left in English: every visible text node and every title, aria-label and placeholder
 * is checked, except content marked translate="no" (messages, titles, model ids, code, what the host or
 * the service said) and a short list of names that stay Latin in Chinese (APIs, file types, keys). Then
 * back to English, the same screens are English again; the choice survives a reload.
 */

let page: Page;
harnessPerTest((harness) => {
  page = harness.page;
});

/** Words that stay Latin in the Chinese interface: names of APIs, formats, keys and units. */
const ALLOWED = [
  'Quartet',
  'Chat Completions',
  'Responses',
  'Messages',
  'Generate Content',
  'JSON Schema',
  'JSON',
  // the speed lab's other export format
  'CSV',
  'Schema',
  'tokens',
  'token',
  'Top P',
  'Top K',
  'TTFT',
  'Markdown',
  'Mermaid',
  'KaTeX',
  'LaTeX',
  'Python',
  'Node',
  'fetch',
  'curl',
  'Ctrl',
  'Cmd',
  'Shift',
  'Alt',
  'Enter',
  'Esc',
  'Tab',
  'API',
  'URL',
  'HTTP',
  'SSE',
  'PNG',
  'JPEG',
  'WebP',
  'GIF',
  'PDF',
  'SVG',
  'ID',
  'KB',
  'MB',
  'ms',
  'USD',
  // currency codes, like USD: Settings' Prices names them as examples
  'EUR',
  'CNY',
  'Bearer',
  // the Messages key's header, as sent
  'x-api-key',
  // the built-in connection's name: shown as the connection's name and named so in the text about it
  'Sandbox',
  // the service's interfaces by their API names, short or long (the inspector and Settings name them so)
  'Chat',
  'Generate',
  'Images',
  // an HTTP header, as sent
  'Authorization',
];

/** The untranslated texts on screen: each with where it was found. */
function untranslated(): Promise<string[]> {
  return page.evaluate((allowed) => {
    const found: string[] = [];
    const skip = (el: Element | null): boolean => {
      for (let e = el; e; e = e.parentElement) {
        if (e.getAttribute('translate') === 'no') return true;
        const tag = e.tagName;
        if (tag === 'CODE' || tag === 'PRE' || tag === 'KBD' || tag === 'SCRIPT' || tag === 'STYLE')
          return true;
      }
      return false;
    };
    const visible = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none';
    };
    const latin = (text: string): string | undefined => {
      let rest = ` ${text} `;
      // Not words: addresses, identifiers of code and wire formats (snake_case, camelCase, dotted paths,
      // "quoted" JSON keys), model ids (a name with a hyphen and a digit), numbers with their units.
      rest = rest.replace(/\bhttps?:\/\/\S+/g, ' ');
      rest = rest.replace(/\?[a-z_]+=/g, ' ');
      rest = rest.replace(/"[A-Za-z_][\w.]*"/g, ' ');
      rest = rest.replace(/\b[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9_.]+)+\b/g, ' ');
      rest = rest.replace(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/g, ' ');
      rest = rest.replace(/\b[A-Za-z]+(?:-[A-Za-z0-9.*]+)*-[A-Za-z0-9.*]*\d[A-Za-z0-9.*-]*/g, ' ');
      // longest first, so "x-api-key" goes whole before "API" could split it
      for (const word of [...allowed].sort((a, b) => b.length - a.length))
        rest = rest.replace(new RegExp(`\\b${word}\\b`, 'gi'), ' ');
      rest = rest.replace(/\d[\d.,:%]*\s*[a-zA-Z]{0,2}\b/g, ' ');
      const m = /[A-Za-z]{2,}(?:[\s'-]+[A-Za-z]{2,})*/.exec(rest);
      return m ? m[0] : undefined;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      const parent = n.parentElement;
      if (!parent || text.trim() === '' || skip(parent) || !visible(parent)) continue;
      const word = latin(text);
      if (word)
        found.push(
          `"${word}" in "${text.trim().slice(0, 60)}" (${parent.tagName.toLowerCase()}.${parent.className})`,
        );
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
      if (skip(el) || !visible(el)) continue;
      for (const attr of ['title', 'aria-label', 'placeholder']) {
        const value = el.getAttribute(attr);
        const word = value ? latin(value) : undefined;
        if (word) found.push(`"${word}" in ${attr}="${value?.slice(0, 60)}" (${el.tagName.toLowerCase()})`);
      }
    }
    return [...new Set(found)];
  }, ALLOWED);
}

const TABS = [
  'chat',
  'responses',
  'messages',
  'generate',
  'library',
  'compare',
  'images',
  'speedlab',
  'settings',
] as const;

async function chooseLanguage(value: 'zh-CN' | 'en'): Promise<void> {
  await page.getByTestId('tab-settings').click();
  await page.getByTestId('language-select').selectOption(value);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(value);
}

/** A conversation with a reply, so the chat views show their meta line, actions and inspector. */
async function seedChat(): Promise<void> {
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('composer-input').fill('Hello there');
  await page.getByTestId('composer-input').press('Enter');
  await page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])').first().waitFor({
    timeout: 30_000,
  });
}

async function everyScreen(): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = {};
  for (const tab of TABS) {
    await page.getByTestId(`tab-${tab}`).click();
    // the sections loaded on first use (the library, the speed lab), and the library's rows, are scanned too
    await expect.poll(() => page.locator('.app-loading').count()).toBe(0);
    if (tab === 'library') await page.getByTestId('library-open').first().waitFor();
    const found = await untranslated();
    if (found.length > 0) problems[tab] = found;
  }
  // Compare's image mode: its settings, columns and the words of an empty column
  await page.getByTestId('tab-compare').click();
  await page.getByTestId('compare-mode-images').click();
  await page.getByTestId('image-compare').waitFor();
  const images = await untranslated();
  if (images.length > 0) problems['compare images'] = images;
  await page.getByTestId('compare-mode-text').click();
  // the palette and the shortcuts sheet
  await page.getByTestId('tab-chat').click();
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog').first().waitFor();
  const palette = await untranslated();
  if (palette.length > 0) problems['palette'] = palette;
  await page.keyboard.press('Escape');
  // the chat tab with both side panels open
  await page.getByTestId('tab-chat').click();
  const scope = page.getByTestId('chat-chat');
  if ((await scope.locator('.params-panel').count()) === 0) await scope.getByTestId('params-toggle').click();
  const reply = scope.getByTestId('message-assistant').first();
  await reply.hover();
  await reply.getByTestId('inspect').click();
  await page.getByTestId('exchange-detail').waitFor();
  const panels = await untranslated();
  if (panels.length > 0) problems['chat with panels'] = panels;
  await page.getByTestId('inspector-toggle').click();
  return problems;
}

it('every tab in Chinese has no English left, and English comes back', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedChat();
  await chooseLanguage('zh-CN');
  expect(await everyScreen()).toEqual({});

  // a reload keeps the choice
  await page.reload();
  await page.locator('[data-testid="app"][data-ready="true"]').waitFor({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

  await chooseLanguage('en');
  await page.getByTestId('tab-chat').click();
  await expect
    .poll(() => page.getByTestId('composer-input').getAttribute('placeholder'))
    .toMatch(/^Write a message/);
});
