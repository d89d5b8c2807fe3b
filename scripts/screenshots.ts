/**
 * Writes docs/screenshots/<tab>-<light|dark>.png: the browser host on a temporary data folder, seeded
 * through the UI against the built-in sandbox (a Markdown chat reply, a generate-content reply with
 * thoughts, two images, a compare run), then every tab in both themes; then the layouts that must hold:
 * chat with both side panels open at 1280x800 (chat-panels-<theme>.png), Messages with files and a
 * message with two versions (attachments-<theme>.png), and every tab in the smallest
 * desktop window, 720x480 (<tab>-min-<theme>.png); Compare with a column's own parameters open at both
 * sizes (compare-params[-min]-<theme>.png), and the request lab in Compare: a seed and a JSON Schema for
 * every column, the replies as checked JSON, the shared editor saying where each control goes
 * (compare-lab[-min]-<theme>.png); function calls in a chat conversation (cards, a results bubble, the form
 * waiting for a result) and the Tools section at both sizes (tool-call[-min]-<theme>.png,
 * tools-panel[-min]-<theme>.png); the same in Compare, every column calling a function offered to all, and
 * the shared editor's Tools section (compare-tools[-params][-min]-<theme>.png); Settings > Prices and a
 * reply priced at them (prices[-min]-<theme>.png, cost[-min]-<theme>.png); the command palette finding
 * actions and conversations, and the keyboard shortcuts sheet (palette[-min]-<theme>.png,
 * shortcuts[-min]-<theme>.png); Compare in image mode (compare-images-<theme>.png).
 *
 *   npx vite build && node scripts/screenshots.ts [--static dist/renderer] [--out docs/screenshots]
 *                                                   [--viewport 1280x800] [--no-extras]
 *                                                   [--only compare-images]
 *
 * It builds nothing itself. Chromium is Debian's (/usr/bin/chromium) unless CHROMIUM_PATH says otherwise.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { launchWebHost } from '../electron/web/launch.ts';
import { createWebVault } from '../electron/vault/select.ts';
// The same headless Chromium the end-to-end tests drive.
import { launchChromium } from '../test/e2e/harness.ts';
import { encodePng } from '../electron/simulator/png.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABS = ['chat', 'responses', 'messages', 'generate', 'images', 'compare', 'settings'] as const;
const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    static: { type: 'string', default: path.join(ROOT, 'dist/renderer') },
    out: { type: 'string', default: path.join(ROOT, 'docs/screenshots') },
    viewport: { type: 'string', default: '1280x800' },
    /** also the image viewer and the inspector: image-detail-<theme>.png, inspector-<theme>.png */
    extras: { type: 'boolean', default: true },
    /** only the seed and these shots (a comma-separated list of: compare-images) */
    only: { type: 'string' },
  },
});

function viewportOf(text: string): { width: number; height: number } {
  const m = /^(\d+)x(\d+)$/.exec(text);
  if (!m) throw new Error(`--viewport must look like 1280x800, not ${text}`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** Picks a model in a ModelPicker by typing its id and pressing Enter. */
async function pickModel(scope: Locator | Page, id: string): Promise<void> {
  const input = scope.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill(id);
  await input.press('Enter');
  await input.page().keyboard.press('Escape');
}

async function openTab(page: Page, tab: (typeof TABS)[number]): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
}

async function seed(page: Page): Promise<void> {
  // Chat Completions: a Markdown sample.
  await openTab(page, 'chat');
  await pickModel(page.getByTestId('chat-chat'), 'gpt-5-mini');
  await page.getByTestId('composer-input').fill('Show me a little markdown: a table, a list and some code.');
  await page.getByTestId('composer-input').press('Enter');
  await page.getByTestId('message-assistant').last().waitFor();
  await page.getByTestId('turn-meta').last().waitFor({ timeout: 30_000 });
  await seedTools(page);

  // Generate Content: a reply with thought summaries.
  await openTab(page, 'generate');
  const generate = page.getByTestId('chat-generate');
  await pickModel(generate, 'gemini-2.5-flash');
  const thoughts = generate.getByTestId('param-include-thoughts');
  if ((await thoughts.count()) > 0 && !(await thoughts.isChecked())) await thoughts.check();
  await generate.getByTestId('composer-input').fill('Why is the sky blue? Think it through briefly.');
  await generate.getByTestId('composer-input').press('Enter');
  await generate.getByTestId('turn-meta').last().waitFor({ timeout: 30_000 });

  // Images: two pictures at a size the sandbox adjusts.
  await openTab(page, 'images');
  await pickModel(page.getByTestId('images'), 'gpt-image-1');
  await page.getByTestId('image-prompt').fill('A lighthouse on a basalt cliff at dusk, gouache');
  await page.getByTestId('image-size-custom').click();
  await page.getByTestId('image-size-input').fill('1000x1000');
  await page.getByTestId('image-n').fill('2');
  await page.getByTestId('generate-button').click();
  await page.getByTestId('gallery-item').nth(1).waitFor({ timeout: 60_000 });

  await seedFiles(page);

  // Compare: the same model through three formats.
  await openTab(page, 'compare');
  const heads = page.getByTestId('compare-column-head');
  await heads.first().waitFor();
  const count = await heads.count();
  for (let i = 0; i < count; i++) await pickModel(heads.nth(i), 'gpt-5-mini');
  await page.getByTestId('compare-input').fill('In one paragraph: what is a context window?');
  await page.getByTestId('compare-send').click();
  await page
    .getByTestId('compare-inspect')
    .nth(count - 1)
    .waitFor({ timeout: 60_000 });
}

/**
 * Chat Completions: a conversation whose model called two functions at once (answered), then one more
 * call waiting for its result with the results form under it. Made after the Markdown sample, which is
 * opened again so the other chat shots stay as they were (its own parameters have no functions).
 */
async function seedTools(page: Page): Promise<void> {
  await openTab(page, 'chat');
  const tab = page.getByTestId('chat-chat');
  await tab.getByTestId('new-conversation').click();
  await pickModel(tab, 'gpt-5-mini');
  const params = tab.locator('.params-panel');
  if ((await params.count()) === 0) await tab.getByTestId('composer-params').click();
  for (const name of ['get_weather', 'get_time']) {
    await params.getByTestId('tool-add-example').selectOption(name);
    await params.locator(`[data-testid="tool-def"][data-name="${name}"]`).waitFor();
  }
  const time = params.locator('[data-testid="tool-def"][data-name="get_time"]');
  await time.getByTestId('tool-fixed-on').check();
  await time.getByTestId('tool-fixed-result').fill('{"time": "14:05", "timezone": "Europe/Paris"}');
  await time.locator('summary').click();
  const replies = tab.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');
  const send = async (text: string) => {
    const before = await replies.count();
    await tab.getByTestId('composer-input').fill(text);
    await tab.getByTestId('composer-input').press('Enter');
    await replies.nth(before).waitFor({ timeout: 30_000 });
  };
  await send('What is the weather in Paris, and the time there? [[call:get_weather,get_time]]');
  const form = tab.getByTestId('tool-results-form');
  await form.getByTestId('tool-result-input').first().fill('{"temp": 18, "sky": "cloudy", "wind_kmh": 12}');
  const before = await replies.count();
  await form.getByTestId('tool-results-send').click();
  await replies.nth(before).waitFor({ timeout: 30_000 });
  await tab.getByTestId('send-button').waitFor();
  await send('And in Lyon? [[call:get_weather]]');
  await tab.getByTestId('tool-result-input').first().fill('{"temp": 21, "sky": "clear"}');
  await tab.getByTestId('conversation-item').filter({ hasText: 'markdown' }).locator('.conv-open').click();
  await tab.getByTestId('message-assistant').first().waitFor();
}

/** A diagonal gradient, so a thumbnail reads as a picture. */
function gradientPng(width: number, height: number): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((255 * x) / width);
      pixels[i + 1] = Math.round((160 * y) / height) + 60;
      pixels[i + 2] = 200;
    }
  }
  return encodePng({ width, height, channels: 3, pixels });
}

/**
 * Messages: a question with an image and a PDF, a second question edited (so it shows "2 / 2"), and the
 * composer holding files for the next message (one large enough to offer downscaling).
 */
async function seedFiles(page: Page): Promise<void> {
  await openTab(page, 'messages');
  const tab = page.getByTestId('chat-messages');
  await pickModel(tab, 'claude-haiku-4-5');
  const picker = tab.getByTestId('attach-button-picker');
  const ready = tab.locator('[data-testid="composer-file"][data-status="ready"]');
  const send = async (text: string) => {
    const before = await tab.getByTestId('turn-meta').count();
    await tab.getByTestId('composer-input').fill(text);
    await tab.getByTestId('composer-input').press('Enter');
    await tab.getByTestId('turn-meta').nth(before).waitFor({ timeout: 30_000 });
  };
  await picker.setInputFiles([
    { name: 'revenue-chart.png', mimeType: 'image/png', buffer: gradientPng(480, 300) },
    {
      name: 'q3-report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n2 0 obj << /Type /Page >> endobj\n%%EOF\n',
      ),
    },
  ]);
  await ready.nth(1).waitFor();
  await send('What does the chart show, and does the report agree?');
  await send('Which quarter grew most?');
  const second = tab.getByTestId('message-user').nth(1);
  await second.hover();
  await second.getByTestId('edit-message').click();
  await tab.getByTestId('edit-input').fill('Which quarter grew fastest, in percent?');
  await tab.getByTestId('edit-send').click();
  await tab.getByTestId('version-count').first().waitFor();
  await tab.getByTestId('turn-meta').nth(1).waitFor({ timeout: 30_000 });
  await picker.setInputFiles([
    { name: 'whiteboard.png', mimeType: 'image/png', buffer: gradientPng(2600, 1600) },
    { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\n\n- growth by region\n') },
  ]);
  await ready.nth(1).waitFor();
  await tab.getByTestId('composer-input').fill('Compare this with the chart above');
}

/** Notices come and go with timing; the pictures are of the screens, not of them. */
async function dismissNotices(page: Page): Promise<void> {
  const buttons = page.getByTestId('notices').getByRole('button', { name: 'Dismiss' });
  while ((await buttons.count()) > 0) await buttons.first().click();
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await openTab(page, 'settings');
  await page.getByTestId(`theme-${theme}`).click();
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}

/**
 * The interface in Simplified Chinese: the chat tab with its parameters, and Settings where the language is
 * chosen (chinese-chat-<theme>.png, chinese-settings-<theme>.png); English again after.
 */
async function chineseShots(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await openTab(page, 'settings');
  await page.getByTestId('language-select').selectOption('zh-CN');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  await shoot(page, `chinese-settings-${theme}`);
  await openTab(page, 'chat');
  await shoot(page, `chinese-chat-${theme}`);
  await openTab(page, 'settings');
  await page.getByTestId('language-select').selectOption('en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
}

async function shoot(page: Page, name: string): Promise<void> {
  await dismissNotices(page);
  await page.evaluate(() => document.fonts.ready);
  // Let thumbnails and lazy images settle.
  await page.waitForLoadState('networkidle');
  const file = path.join(args.out, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  console.log(file);
}

/** The image viewer over the gallery, and the inspector on a compare column's request. */
async function extras(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await openTab(page, 'images');
  await page.getByTestId('gallery-item').first().click();
  await page.getByTestId('image-detail-img').waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="image-detail-img"]');
    return img?.complete === true && img.naturalWidth > 0;
  });
  await shoot(page, `image-detail-${theme}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('image-detail-img').waitFor({ state: 'detached' });

  // files in a sent message and in the composer, and a message with two versions
  await openTab(page, 'messages');
  await shoot(page, `attachments-${theme}`);

  await openTab(page, 'compare');
  await page.getByTestId('compare-inspect').nth(1).click();
  await page.getByTestId('exchange-detail').waitFor();
  await shoot(page, `inspector-${theme}`);
  // "Copy as code" on that request
  await page.getByTestId('copy-code').click();
  await page.getByTestId('code-export-dialog').getByTestId('code-text').waitFor();
  await shoot(page, `code-dialog-${theme}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('code-export-dialog').waitFor({ state: 'hidden' });
  await page.getByTestId('inspector-toggle').click();
}

/**
 * Presets: the chat tab's menu with a saved preset, then the form that asks for its variables
 * (presets-menu-<theme>.png, presets-fill-<theme>.png). The preset is saved once, through the editor.
 */
async function presetShots(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await openTab(page, 'chat');
  const tab = page.getByTestId('chat-chat');
  const menuItems = page.getByTestId('preset-menu-item');
  if (theme === 'light') {
    await tab.getByTestId('presets-menu').click();
    await page.getByTestId('preset-action-save').click();
    await page.getByTestId('preset-name').fill('Translator');
    await page
      .getByTestId('preset-system')
      .fill('You translate into {{language}}. Keep the tone; say nothing else. Audience: {{audience}}.');
    await page.getByTestId('preset-message').fill('Translate this: {{text}}');
    await page.getByTestId('preset-save').click();
    await page.getByTestId('preset-save').waitFor({ state: 'detached' });
  }
  // a notice dismissed while the menu is open would close it (a click outside)
  await dismissNotices(page);
  await tab.getByTestId('presets-menu').click();
  await menuItems.first().waitFor();
  await shoot(page, `presets-menu-${theme}`);
  await menuItems.filter({ hasText: 'Translator' }).click();
  await page.getByTestId('preset-variable').first().fill('French');
  await shoot(page, `presets-fill-${theme}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('preset-variable').first().waitFor({ state: 'detached' });
}

/**
 * Compare with "same for all" off and the second column's own parameters open, at 1280x800 and 720x480
 * (compare-params[-min]-<theme>.png); "same for all" goes back on, so the other shots show the default.
 */
async function compareParams(
  page: Page,
  theme: 'light' | 'dark',
  viewport: { width: number; height: number },
) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTab(page, 'compare');
  const same = page.getByTestId('compare-same-params');
  if (await same.isChecked()) await same.click();
  const heads = page.getByTestId('compare-column-head');
  const panel = page.getByTestId('compare-params-panel');
  await heads.nth(0).getByTestId('compare-params-summary').click();
  await panel.getByTestId('param-temperature').fill('0.3');
  await heads.nth(1).getByTestId('compare-params-summary').click();
  await panel.getByTestId('param-system').fill('Answer like a patient teacher.');
  const thinking = panel.getByTestId('param-extended-thinking');
  if (!(await thinking.isChecked())) await thinking.click();
  await shoot(page, `compare-params-${theme}`);
  await page.setViewportSize({ width: 720, height: 480 });
  await shoot(page, `compare-params-min-${theme}`);
  await page.setViewportSize(viewport);
  await heads.nth(1).getByTestId('compare-params-summary').click();
  await same.click();
}

const LAB_SCHEMA = JSON.stringify(
  {
    type: 'object',
    properties: {
      answer: { type: 'string' },
      confidence: { type: 'number', minimum: 0, maximum: 1 },
      sources: { type: 'array', items: { type: 'string' } },
    },
    required: ['answer', 'confidence', 'sources'],
    additionalProperties: false,
  },
  null,
  2,
);

/**
 * Compare as a request lab, in a comparison of its own: a seed and a JSON Schema for every column, the
 * replies as checked JSON, and the shared editor scrolled to the seed's "sent in" line, at 1280x800 and
 * 720x480 (compare-lab[-min]-<theme>.png). The seeded comparison is opened again afterwards, which also
 * brings its parameters back, so the other shots stay as they were.
 */
async function compareLab(page: Page, theme: 'light' | 'dark', viewport: { width: number; height: number }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTab(page, 'compare');
  await page.getByTestId('compare-new').click();
  const summary = page.getByTestId('compare-params-summary').first();
  const panel = page.getByTestId('compare-params-panel');
  await summary.click();
  await panel.getByTestId('more-controls').locator('summary').click();
  await panel.getByTestId('param-seed').fill('7');
  await panel.getByTestId('param-output-mode').selectOption('schema');
  await panel.getByTestId('param-output-name').fill('graded_answer');
  await panel.getByTestId('param-output-schema').fill(LAB_SCHEMA);
  await summary.click();
  await page.getByTestId('compare-input').fill('Is a tomato a fruit? Answer with your confidence.');
  await page.getByTestId('compare-send').click();
  const columns = page.getByTestId('compare-column');
  for (let i = 0; i < (await columns.count()); i++)
    await columns.nth(i).getByTestId('json-reply').waitFor({ timeout: 60_000 });
  await summary.click();
  const more = panel.getByTestId('more-controls');
  await more.locator('summary').click();
  await more.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, `compare-lab-${theme}`);
  await page.setViewportSize({ width: 720, height: 480 });
  await panel.locator('[data-control="seed"]').scrollIntoViewIfNeeded();
  await shoot(page, `compare-lab-min-${theme}`);
  await page.keyboard.press('Escape');
  await page.setViewportSize(viewport);
  await page.getByTestId('compare-history-toggle').click();
  await page
    .getByTestId('comparison-item')
    .filter({ hasText: 'context window' })
    .getByTestId('comparison-open')
    .click();
  await page.getByTestId('compare-reply').first().waitFor();
}

/**
 * Compare in image mode, in a comparison of its own: one prompt made into an image by the responses image
 * tool, generate content's image output and the images endpoint, each column's figures under it
 * (compare-images[-min]-<theme>.png). The seeded comparison is opened again afterwards.
 */
async function compareImages(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await openTab(page, 'compare');
  await page.getByTestId('compare-mode-images').click();
  await page.getByTestId('image-compare').waitFor();
  const heads = page.getByTestId('image-column-head');
  for (let i = 0; i < 3; i++) {
    const input = heads.nth(i).getByTestId('model-picker-input');
    await page.waitForFunction(
      (el) => (el as HTMLInputElement | null)?.value !== '',
      await input.elementHandle(),
    );
  }
  await page.getByTestId('param-image-size').selectOption('1536x1024');
  await page.getByTestId('compare-input').fill('A lighthouse on a cliff at dusk');
  await page.getByTestId('compare-send').click();
  await page.waitForFunction(
    () => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="image-column-image"] img')];
      return imgs.length === 3 && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.mouse.move(0, 0);
  await shoot(page, `compare-images-${theme}`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 720, height: 480 });
  await shoot(page, `compare-images-min-${theme}`);
  if (size) await page.setViewportSize(size);
  await page.getByTestId('compare-history-toggle').click();
  await page
    .getByTestId('comparison-item')
    .filter({ hasText: 'context window' })
    .getByTestId('comparison-open')
    .click();
  await page.getByTestId('compare-reply').first().waitFor();
}

/**
 * Function calls in Compare, in a comparison of its own: get_weather (fixed result) and get_time offered to
 * every column; each column shows its call to get_weather answered by itself and the reply to it, then a
 * call to get_time with its results form waiting (compare-tools[-min]-<theme>.png), and the shared editor
 * at its Tools section, saying what each column's format sends for the tool choice
 * (compare-tools-params[-min]-<theme>.png), at 1280x800 and 720x480. The seeded comparison is opened
 * again afterwards, so the other shots stay as they were.
 */
async function compareTools(
  page: Page,
  theme: 'light' | 'dark',
  viewport: { width: number; height: number },
) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTab(page, 'compare');
  await page.getByTestId('compare-new').click();
  const summary = page.getByTestId('compare-params-summary').first();
  const panel = page.getByTestId('compare-params-panel');
  const tools = panel.getByTestId('param-tools');
  await summary.click();
  for (const name of ['get_weather', 'get_time']) {
    await tools.getByTestId('tool-add-example').selectOption(name);
    await tools.locator(`[data-testid="tool-def"][data-name="${name}"]`).waitFor();
  }
  const weather = tools.locator('[data-testid="tool-def"][data-name="get_weather"]');
  await weather.getByTestId('tool-fixed-on').check();
  await weather.getByTestId('tool-fixed-result').fill('{"temp": 18, "sky": "cloudy"}');
  await weather.locator('summary').click();
  await tools.locator('[data-testid="tool-def"][data-name="get_time"] summary').click();
  await tools.getByTestId('tool-choice').selectOption('auto');
  await summary.click();
  const columns = page.getByTestId('compare-column');
  const count = await columns.count();
  const ask = async (text: string, replies: number) => {
    await page.getByTestId('compare-input').fill(text);
    await page.getByTestId('compare-send').click();
    for (let i = 0; i < count; i++)
      await columns
        .nth(i)
        .locator('[data-testid="compare-reply"][data-status="complete"]')
        .nth(replies - 1)
        .waitFor({ timeout: 60_000 });
  };
  // the fixed result is sent without asking: a call, the results, the reply to them
  await ask('Weather in Paris? [[call:get_weather]]', 2);
  await ask('And the time there? [[call:get_time]]', 3);
  for (let i = 0; i < count; i++) await columns.nth(i).getByTestId('compare-results-form').waitFor();
  await shoot(page, `compare-tools-${theme}`);
  await page.setViewportSize({ width: 720, height: 480 });
  // the columns are short at this size: each shows its form, as its reader would scroll to it
  for (let i = 0; i < count; i++)
    await columns
      .nth(i)
      .getByTestId('compare-results-form')
      .evaluate((el) => el.scrollIntoView());
  await shoot(page, `compare-tools-min-${theme}`);

  await page.setViewportSize({ width: 1280, height: 800 });
  await summary.click();
  await tools.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, `compare-tools-params-${theme}`);
  await page.setViewportSize({ width: 720, height: 480 });
  await tools.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, `compare-tools-params-min-${theme}`);
  await page.keyboard.press('Escape');
  await page.setViewportSize(viewport);
  await page.getByTestId('compare-history-toggle').click();
  await page
    .getByTestId('comparison-item')
    .filter({ hasText: 'context window' })
    .getByTestId('comparison-open')
    .click();
  await page.getByTestId('compare-reply').first().waitFor();
}

/**
 * The Tools section (two functions, one open, one with a fixed result, and the tool choice) and a
 * conversation with function calls (cards, a results bubble, the form waiting for a result), at 1280x800
 * and 720x480: tool-call[-min]-<theme>.png, tools-panel[-min]-<theme>.png. The Markdown sample and the
 * docked panel's state are put back after.
 */
async function toolShots(page: Page, theme: 'light' | 'dark', viewport: { width: number; height: number }) {
  const tab = page.getByTestId('chat-chat');
  const params = tab.locator('.params-panel');
  const tools = params.getByTestId('param-tools');
  /** the window's width reached the tab's layout (the panel docks or floats by it) */
  const sized = (narrow: boolean) =>
    page.waitForFunction(
      (n) => document.querySelector('[data-testid="chat-chat"]')?.classList.contains('is-narrow') === n,
      narrow,
    );
  const panel = async (open: boolean) => {
    if ((await params.count()) > 0 !== open) await tab.getByTestId('params-toggle').click();
    await params.waitFor({ state: open ? 'visible' : 'detached' });
  };
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTab(page, 'chat');
  await sized(false);
  const docked = (await params.count()) > 0;
  await tab.getByTestId('conversation-item').filter({ hasText: 'weather' }).locator('.conv-open').click();
  const form = tab.getByTestId('tool-results-form');
  await form.waitFor();
  await panel(false);
  await form.scrollIntoViewIfNeeded();
  await shoot(page, `tool-call-${theme}`);
  await panel(true);
  const weather = tools.locator('[data-testid="tool-def"][data-name="get_weather"]');
  if ((await weather.getAttribute('open')) === null) await weather.locator('summary').click();
  await tools.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, `tools-panel-${theme}`);

  await page.setViewportSize({ width: 720, height: 480 });
  await sized(true);
  await panel(true);
  if ((await weather.getAttribute('open')) === null) await weather.locator('summary').click();
  await tools.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, `tools-panel-min-${theme}`);
  await page.keyboard.press('Escape');
  await params.waitFor({ state: 'detached' });
  await form.scrollIntoViewIfNeeded();
  await shoot(page, `tool-call-min-${theme}`);

  await page.setViewportSize({ width: 1280, height: 800 });
  await sized(false);
  await panel(docked);
  await tab.getByTestId('conversation-item').filter({ hasText: 'markdown' }).locator('.conv-open').click();
  await tab.getByTestId('message-assistant').first().waitFor();
  await page.setViewportSize(viewport);
}

/** Example prices for the shots: the sandbox's models, figures an illustration (not any service's). */
const SHOT_PRICES = [
  { model: 'gpt-5*', input: '1.25', cachedInput: '0.125', output: '10' },
  { model: 'gpt-5-mini', input: '0.25', cachedInput: '0.025', output: '2' },
  { model: 'claude-*', input: '3', cachedInput: '0.3', cacheWrite: '3.75', output: '15' },
  { model: 'gemini-2.5-flash', input: '0.3', cachedInput: '0.075', output: '2.5', thinking: '2.5' },
];

/**
 * Settings > Prices with a few rows (one of them left wrong, so its messages show) and the Markdown sample's
 * reply priced in its meta line and the conversation's totals, at 1280x800 and 720x480:
 * prices[-min]-<theme>.png, cost[-min]-<theme>.png. The prices are removed after, so the other shots
 * show no costs.
 */
async function costShots(page: Page, theme: 'light' | 'dark', viewport: { width: number; height: number }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTab(page, 'settings');
  const prices = page.getByTestId('prices');
  const rows = prices.getByTestId('price-row');
  for (const p of SHOT_PRICES) {
    await prices.getByTestId('prices-add').click();
    const row = rows.last();
    for (const [field, value] of Object.entries(p))
      await row.getByTestId(field === 'model' ? 'price-model' : `price-${field}`).fill(value);
  }
  await prices.getByTestId('prices-currency').click();
  await prices.getByTestId('prices-status').filter({ hasText: 'Saved.' }).waitFor();
  // a row typed twice, left: its problem shows under it (and the rest stays saved)
  await prices.getByTestId('prices-add').click();
  await rows.last().getByTestId('price-model').fill('GPT-5*');
  await rows.last().getByTestId('price-input').fill('1.5');
  await prices.locator('h2').click();
  await rows.last().getByTestId('price-problems').waitFor();
  await prices.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, `prices-${theme}`);
  await page.setViewportSize({ width: 720, height: 480 });
  await prices.locator('.prices-table').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, `prices-min-${theme}`);
  await rows.last().getByTestId('price-remove').click();

  await page.setViewportSize({ width: 1280, height: 800 });
  await openTab(page, 'chat');
  const tab = page.getByTestId('chat-chat');
  await tab.getByTestId('conversation-item').filter({ hasText: 'markdown' }).locator('.conv-open').click();
  await tab.getByTestId('reply-cost').last().waitFor();
  await tab.getByTestId('turn-meta').last().scrollIntoViewIfNeeded();
  await shoot(page, `cost-${theme}`);
  await page.setViewportSize({ width: 720, height: 480 });
  await tab.getByTestId('turn-meta').last().scrollIntoViewIfNeeded();
  await shoot(page, `cost-min-${theme}`);

  await page.setViewportSize({ width: 1280, height: 800 });
  await openTab(page, 'settings');
  while ((await rows.count()) > 0) await rows.first().getByTestId('price-remove').click();
  await prices.getByTestId('prices-empty').waitFor();
  await page.setViewportSize(viewport);
}

/**
 * The command palette (Ctrl+K) with a word that finds actions and a conversation, and the shortcuts sheet
 * (?), at 1280x800 and 720x480: palette[-min]-<theme>.png, shortcuts[-min]-<theme>.png.
 */
async function keyboardShots(
  page: Page,
  theme: 'light' | 'dark',
  viewport: { width: number; height: number },
) {
  const sizes = [
    [{ width: 1280, height: 800 }, ''],
    [{ width: 720, height: 480 }, '-min'],
  ] as const;
  for (const [size, suffix] of sizes) {
    await page.setViewportSize(size);
    await openTab(page, 'chat');
    await page.keyboard.press('Control+K');
    const palette = page.getByTestId('command-palette');
    await palette.waitFor();
    await page.keyboard.type('the');
    await palette.getByTestId('palette-conversation').first().waitFor();
    await shoot(page, `palette${suffix}-${theme}`);
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    // ? opens the sheet only outside text boxes
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const sheet = page.getByTestId('shortcuts-sheet');
    await sheet.waitFor();
    await shoot(page, `shortcuts${suffix}-${theme}`);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  }
  await page.setViewportSize(viewport);
}

/**
 * A chat reply with math (KaTeX) and a Mermaid diagram (the sandbox's "math" sample) in both themes, at
 * 1280x800 and 720x480: math[-min]-<theme>.png. Taken after every other shot, so the conversation it makes
 * appears in none of them.
 */
async function mathShots(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTab(page, 'chat');
  const tab = page.getByTestId('chat-chat');
  await tab.getByTestId('new-conversation').click();
  await pickModel(tab, 'gpt-5-mini');
  await tab.getByTestId('composer-input').fill('Show me some math, please.');
  await tab.getByTestId('composer-input').press('Enter');
  const diagram = tab.locator('[data-testid="diagram"][data-state="drawn"]');
  await diagram.waitFor({ timeout: 30_000 });
  const svg = () => diagram.locator('[data-testid="diagram-svg"] > svg').evaluate((el) => el.outerHTML);
  let before = '';
  for (const theme of ['dark', 'light'] as const) {
    if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) {
      await setTheme(page, theme);
      await openTab(page, 'chat');
      // the diagram is drawn again in the theme's colours
      await page.waitForFunction(
        (prev) => document.querySelector('[data-testid="diagram-svg"] > svg')?.outerHTML !== prev,
        before,
      );
    }
    before = await svg();
    await page.setViewportSize({ width: 1280, height: 800 });
    await tab
      .getByTestId('message-assistant')
      .last()
      .evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await shoot(page, `math-${theme}`);
    await page.setViewportSize({ width: 720, height: 480 });
    await tab
      .locator('.md-math-block')
      .last()
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shoot(page, `math-min-${theme}`);
  }
}

/** Chat with the parameters and the inspector both open at 1280x800, then every tab at 720x480. */
async function layouts(page: Page, theme: 'light' | 'dark', viewport: { width: number; height: number }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTab(page, 'chat');
  await page.getByTestId('inspect').last().click();
  await page.getByTestId('exchange-detail').waitFor();
  const params = page.getByTestId('chat-chat').locator('.params-panel');
  if ((await params.count()) === 0) await page.getByTestId('params-toggle').click();
  await params.waitFor();
  await shoot(page, `chat-panels-${theme}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('inspector-toggle').click();
  await page.setViewportSize({ width: 720, height: 480 });
  for (const tab of TABS) {
    await openTab(page, tab);
    await shoot(page, `${tab}-min-${theme}`);
  }
  await page.setViewportSize(viewport);
}

/**
 * Organising, taken after every other shot (the conversations it adds appear in none of them): a few more
 * conversations in every format (made through the host), three folders (one folded) and two pins, then the
 * chat tab's sidebar with its Pinned section and folders, and the all-conversations view with three rows
 * ticked, at 1280x800 and 720x480: organise[-min]-<theme>.png, all-conversations[-min]-<theme>.png.
 */
async function organiseShots(page: Page, core: Awaited<ReturnType<typeof launchWebHost>>['core']) {
  const ctx = { emit: () => undefined };
  const call = async (name: string, input: unknown): Promise<{ id: string }> => {
    const r = await core.dispatch(name, input, ctx);
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.value as { id: string };
  };
  const made = new Map<string, string>();
  const seeds = [
    ['chat', 'gpt-5-mini', 'SQL window functions explained'],
    ['messages', 'claude-haiku-4-5', 'Short story about a lighthouse'],
    ['generate', 'gemini-2.5-flash', 'Summarise the paper on sparse attention'],
    ['chat', 'gpt-5-mini', 'Translate the onboarding email to German'],
    ['responses', 'gpt-5-mini', 'Structured output for invoices'],
    ['chat', 'gpt-5-mini', 'Regex for ISO dates'],
    ['messages', 'claude-haiku-4-5', 'Review of the migration plan'],
  ] as const;
  for (const [format, model, text] of seeds) {
    const { id } = await call('createConversation', { format, model });
    await call('sendMessage', { requestId: `shot-${id}`, conversationId: id, text });
    made.set(text, id);
  }
  const folder = async (name: string, color: string, titles: string[], collapsed = false) => {
    const { id } = await call('createFolder', { name, color });
    if (collapsed) await call('updateFolder', { id, collapsed });
    await call('organiseConversations', { ids: titles.map((t) => made.get(t)), folderId: id });
  };
  await folder('Work', 'blue', [
    'Translate the onboarding email to German',
    'Structured output for invoices',
  ]);
  await folder('Research', 'purple', [
    'SQL window functions explained',
    'Summarise the paper on sparse attention',
  ]);
  await folder('Personal', 'green', ['Short story about a lighthouse'], true);
  await call('organiseConversations', {
    ids: [made.get('Regex for ISO dates'), made.get('Review of the migration plan')],
    pinned: true,
  });
  await page.reload();
  await page.locator('[data-testid="app"][data-ready="true"]').waitFor();

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const [size, suffix] of [
      [{ width: 1280, height: 800 }, ''],
      [{ width: 720, height: 480 }, '-min'],
    ] as const) {
      await page.setViewportSize(size);
      await openTab(page, 'chat');
      const tab = page.getByTestId('chat-chat');
      const row = tab.getByTestId('conversation-item').filter({ hasText: 'SQL window functions' });
      await row.locator('.conv-open').click();
      await tab.getByTestId('message-assistant').first().waitFor();
      await row.hover();
      await shoot(page, `organise${suffix}-${theme}`);

      await tab.getByTestId('open-library').click();
      const rows = page.getByTestId('library-row');
      await rows.nth(5).waitFor();
      await rows.nth(2).getByTestId('library-check').click();
      await rows
        .nth(4)
        .getByTestId('library-check')
        .click({ modifiers: ['Shift'] });
      await page.getByTestId('library-selected').waitFor();
      await page.mouse.move(0, size.height - 1);
      await shoot(page, `all-conversations${suffix}-${theme}`);
      await page.getByTestId('library-clear').click();
    }
  }
}

async function main(): Promise<void> {
  const viewport = viewportOf(args.viewport);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'quartet-shots-'));
  const host = await launchWebHost({
    dataDir,
    port: 0,
    staticDir: args.static,
    vault: await createWebVault(dataDir, { keyring: false }),
    log: () => {},
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: 'light' });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(host.url);
    await page.locator('[data-testid="app"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await seed(page);
    await mkdir(args.out, { recursive: true });
    if (args.only !== undefined) {
      const only = new Set(args.only.split(','));
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        if (only.has('compare-images')) await compareImages(page, theme);
      }
      return;
    }
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      for (const tab of TABS) {
        await openTab(page, tab);
        await shoot(page, `${tab}-${theme}`);
      }
      if (args.extras) {
        await extras(page, theme);
        await presetShots(page, theme);
        await compareParams(page, theme, viewport);
        await compareLab(page, theme, viewport);
        await compareTools(page, theme, viewport);
        await compareImages(page, theme);
        await toolShots(page, theme, viewport);
        await layouts(page, theme, viewport);
        await costShots(page, theme, viewport);
        await keyboardShots(page, theme, viewport);
        await chineseShots(page, theme);
      }
    }
    if (args.extras) await organiseShots(page, host.core);
    if (args.extras) await mathShots(page);
  } finally {
    await browser.close();
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exitCode = 1;
});
