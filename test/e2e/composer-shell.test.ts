import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';
import { encodePng } from '../../electron/simulator/png.ts';

/**
 * PROVES (issue 27, in Chromium through the browser host): a paste larger than a message may be is
 * refused as it lands, with its size and the limit, and starts no conversation; "Ask about this image"
 * starts a new conversation; a draft typed while the host was down survives the page coming back; notices
 * stand clear of the headers; with the inspector open the parameters are a tab of its column and the
 * header keeps the title readable; navigation leaves the cursor in the message box, the model picker and
 * the palette's new commands are a key away; editing a message shows the files it keeps.
 */

let h: Harness;
let page: Page;
harnessPerTest(
  (harness) => {
    h = harness;
    page = harness.page;
  },
  { clipboard: true },
);

/** A real 64x48 PNG. */
const PNG = encodePng({ width: 64, height: 48, channels: 3, pixels: new Uint8Array(64 * 48 * 3).fill(90) });

const tab = (format = 'chat') => page.getByTestId(`chat-${format}`);
const composer = (format = 'chat') => tab(format).getByTestId('composer-input');
const finished = (format = 'chat') =>
  tab(format).locator('[data-testid="message-assistant"]:not([data-status="streaming"])');

async function newChat(format = 'chat', model = 'gpt-5-mini'): Promise<void> {
  await page.getByTestId(`tab-${format}`).click();
  await tab(format).getByTestId('new-conversation').click();
  const input = tab(format).getByTestId('model-picker-input');
  await input.click();
  await page.locator(`[role="listbox"] [data-model="${model}"]`).click();
  await expect.poll(() => input.inputValue()).toBe(model);
}

/** Sends a message and waits for its reply to finish (no fixed time: the reply's own row is awaited). */
async function send(text: string, format = 'chat'): Promise<void> {
  const before = await finished(format).count();
  await composer(format).fill(text);
  await composer(format).press('Enter');
  await finished(format).nth(before).waitFor({ timeout: 0 });
  await tab(format).getByTestId('send-button').waitFor({ timeout: 0 });
}

/** What has the focus: its test id, or its id. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.getAttribute('data-testid') ?? ''}#${el.id}` : null;
  });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function box(selector: ReturnType<Page['locator']>): Promise<Box> {
  const b = await selector.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

it('a paste over the limit is refused as it lands, with its size and the limit, and creates no conversation', async () => {
  await newChat();
  await page.evaluate(() => navigator.clipboard.writeText('x'.repeat(11_000_000)));
  await composer().focus();
  await page.keyboard.press('Control+V');
  const reason = tab().getByTestId('send-disabled-reason');
  await reason.filter({ hasText: '11,000,000' }).waitFor();
  expect(await reason.textContent()).toContain('10,000,000');
  expect(await tab().getByTestId('send-button').isDisabled()).toBe(true);
  expect(await tab().getByTestId('send-button').getAttribute('title')).toContain('11,000,000');

  await composer().press('Enter');
  // a send that could start would have created the conversation first: nothing did
  await page.getByTestId('tab-responses').click();
  await page.getByTestId('tab-chat').click();
  expect(await tab().getByTestId('conversation-item').count()).toBe(0);
  expect(await page.getByTestId('notice-error').count()).toBe(0);
});

it('"Ask about this image" in Generate Content starts a new conversation there', async () => {
  await newChat('generate', 'gemini-2.5-flash');
  await send('About something else entirely', 'generate');
  await page.getByTestId('tab-images').click();
  await page.getByTestId('images').getByTestId('model-picker-input').click();
  await page.locator('[role="listbox"] [data-model="gpt-image-1"]').click();
  await page.getByTestId('image-prompt').fill('A lighthouse');
  await page.getByTestId('generate-button').click();
  await page.getByTestId('gallery-item').first().click({ timeout: 0 });
  await page.getByTestId('image-detail').getByTestId('image-ask').click();
  await page.getByTestId('menu-ask-generate').click();

  await tab('generate').getByTestId('composer-file').waitFor({ timeout: 0 });
  expect(await tab('generate').locator('.conv-heading-title').textContent()).toBe('New conversation');
  expect(await tab('generate').getByTestId('message-user').count()).toBe(0);
  // the earlier conversation is left as it was, without the image
  await tab('generate').getByTestId('conversation-item').first().click();
  await tab('generate').getByTestId('message-user').first().waitFor();
  expect(await tab('generate').getByTestId('composer-file').count()).toBe(0);
});

it('a draft typed while the host was down comes back when the page does, and goes once sent', async () => {
  await newChat();
  await send('First message');
  await composer().fill('Half a thought');
  await h.restart({
    samePort: true,
    async whileDown() {
      await composer().fill('Half a thought, finished while the host was down');
    },
  });
  await h.ready();
  // the conversation, opened again (the session may not have been saved yet), has its draft back
  await tab().getByTestId('conversation-item').first().locator('.conv-open').click();
  await tab().getByTestId('message-user').first().waitFor();
  expect(await composer().inputValue()).toBe('Half a thought, finished while the host was down');
  await composer().press('Enter');
  await finished().nth(1).waitFor({ timeout: 0 });
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('quartet.draft.'))),
  ).toEqual([]);
  await page.reload();
  await h.ready();
  await tab().getByTestId('conversation-item').first().locator('.conv-open').click();
  await tab().getByTestId('message-user').nth(1).waitFor();
  expect(await composer().inputValue()).toBe('');
});

it('notices stand clear of the headers and of the Send button', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await newChat();
  await page.keyboard.press('Control+Alt+I');
  await page.getByTestId('inspector').waitFor();
  // a message sent while the reply runs is refused with a notice
  await composer().fill('Write at length [[tokens:5000]] [[gap:5]]');
  await composer().press('Enter');
  await tab().getByTestId('stop-button').waitFor();
  await composer().fill('One more');
  await composer().press('Enter');
  const notice = page.getByTestId('notice-warning');
  await notice.waitFor();
  const n = await box(notice);
  for (const header of [
    page.locator('.topbar'),
    page.locator('.inspector-head'),
    tab().locator('.conv-header'),
    tab().locator('.composer-wrap'),
  ]) {
    expect(overlaps(n, await box(header))).toBe(false);
  }
  await page.keyboard.press('Escape');
});

it('with the inspector open the parameters are a tab of its column, and the header keeps the title readable', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await newChat();
  await send('The string quartet in chamber music');
  await page.keyboard.press('Control+Alt+I');
  await page.getByTestId('inspector').waitFor();
  await tab().getByTestId('params-toggle').click();

  const params = page.getByTestId('params-panel');
  await params.waitFor();
  // inside the inspector's column, beside the conversation rather than over it
  expect(await page.getByTestId('inspector').getByTestId('params-panel').count()).toBe(1);
  expect(overlaps(await box(params), await box(tab().locator('.composer')))).toBe(false);
  expect(await page.getByTestId('side-tab-params').getAttribute('aria-selected')).toBe('true');
  // the inspector's key brings its tab forward (the column stays); a reply's Inspect does too
  await page.keyboard.press('Control+Alt+I');
  await page.getByTestId('exchanges-filter').waitFor();
  expect(await params.isVisible()).toBe(false);
  await page.getByTestId('side-tab-params').click();
  await params.waitFor();
  await tab().getByTestId('message-assistant').first().hover();
  await tab().getByTestId('message-assistant').first().getByTestId('inspect').click();
  await page.getByTestId('exchange-detail').waitFor();
  expect(await page.getByTestId('side-tab-inspector').getAttribute('aria-selected')).toBe('true');

  const title = tab().locator('.conv-heading-title');
  const totals = tab().getByTestId('conversation-totals');
  const lineHeight = async () =>
    page.evaluate(() => {
      const el = document.querySelector('[data-testid="conversation-totals"]');
      return el ? parseFloat(getComputedStyle(el).lineHeight) || 16 : 0;
    });
  // the title shows whole (it fits in one line of the column), the totals stay on one line
  for (const size of [
    { width: 1280, height: 800 },
    { width: 720, height: 480 },
  ]) {
    await page.setViewportSize(size);
    if (size.width === 720) await page.getByTestId('inspector-toggle').click();
    await expect.poll(async () => (await box(title)).width).toBeGreaterThan(300);
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await box(totals)).height).toBeLessThan((await lineHeight()) * 1.6);
  }
});

it('navigation leaves the cursor in the message box; the model picker, theme, language, export and attach are commands', async () => {
  await newChat();
  await send('Hello');
  await page.keyboard.press('Control+Alt+3');
  await expect.poll(focused).toBe('composer-input#composer-messages');
  await page.keyboard.press('Control+Alt+6');
  await expect.poll(focused).toContain('image-prompt#');

  const palette = async (words: string, id: string) => {
    await page.keyboard.press('Control+K');
    await page.getByTestId('palette-input').fill(words);
    await page.locator(`[data-testid="palette-command"][data-command="${id}"]`).waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('command-palette').waitFor({ state: 'detached' });
  };
  await palette('go to chat', 'goto.chat');
  await expect.poll(focused).toBe('composer-input#composer-chat');

  await page.keyboard.press('Control+Alt+M');
  await expect.poll(focused).toContain('model-picker-input');
  await composer().focus();
  await palette('choose model', 'chooseModel');
  await expect.poll(focused).toContain('model-picker-input');

  // system (light here), then light, then dark
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  await palette('theme', 'switchTheme');
  await palette('theme', 'switchTheme');
  await expect.poll(theme).toBe('dark');

  const download = page.waitForEvent('download');
  await palette('export markdown', 'exportMarkdown');
  expect((await download).suggestedFilename()).toMatch(/\.md$/);

  const chooser = page.waitForEvent('filechooser');
  await palette('attach', 'attachFiles');
  await (await chooser).setFiles([{ name: 'dot.png', mimeType: 'image/png', buffer: PNG }]);
  await tab().getByTestId('composer-file').waitFor();

  await palette('language', 'switchLanguage');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
});

it('editing a message shows the files its new version keeps', async () => {
  await newChat();
  await tab()
    .getByTestId('attach-button-picker')
    .setInputFiles([{ name: 'chart.png', mimeType: 'image/png', buffer: PNG }]);
  // the file is in before the send (a send while it is still being added waits for it: attachments.test.ts)
  await tab().locator('[data-testid="composer-file"][data-status="ready"]').waitFor();
  await send('What is in this chart?');
  const message = tab().getByTestId('message-user').first();
  await message.getByTestId('edit-message').click();
  const files = message.getByTestId('edit-files');
  await files.waitFor();
  expect(await files.getByTestId('turn-file').count()).toBe(1);
  expect(await files.textContent()).toContain('keeps this file');
  await message.getByTestId('edit-input').fill('And in this one?');
  await message.getByTestId('edit-send').click();
  await finished().nth(0).waitFor();
  await expect.poll(() => tab().getByTestId('message-user').first().getByTestId('turn-file').count()).toBe(1);
});
