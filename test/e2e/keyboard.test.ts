import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';
import { COMMAND_TABS } from '../../shared/commands.ts';

/**
 * PROVES: every shortcut does its job in Chromium through the browser host (Linux, so Ctrl; a browser,
 * so the sections are Ctrl+Alt+1..9): a new conversation, the cursor to the search and to the message
 * box, Esc stopping a long reply, Ctrl+Shift+Enter answering again (2 / 2), the last reply copied to the
 * clipboard, the sidebar folded (remembered over a restart, and at 720x480), the parameters and the
 * inspector shown and hidden, each section picked; the palette finding a conversation of another format
 * by title and an action, closing with Esc and giving the focus back; ? opening the list of shortcuts
 * only outside text boxes.
 */

/** How long a poll waits: generous, since the host and the page share a busy machine with other tests. */
const WAIT = { timeout: 15_000 };

let h: Harness;
let page: Page;
harnessPerTest(
  (harness) => {
    h = harness;
    page = harness.page;
  },
  { clipboard: true },
);

const composer = (tab = 'chat') => page.getByTestId(`chat-${tab}`).getByTestId('composer-input');
const finished = (tab = 'chat') =>
  page.getByTestId(`chat-${tab}`).locator('[data-testid="message-assistant"]:not([data-status="streaming"])');

/** Sends a message in the tab and waits for its reply to finish. */
async function send(text: string, tab = 'chat'): Promise<void> {
  const before = await finished(tab).count();
  const scope = page.getByTestId(`chat-${tab}`);
  // On a loaded machine the page may still be settling (models arriving, the last session reopening),
  // which can empty the box after it was filled: fill until the send button takes the text.
  await expect
    .poll(async () => {
      if ((await composer(tab).inputValue()) !== text) await composer(tab).fill(text);
      return scope.getByTestId('send-button').isEnabled();
    }, WAIT)
    .toBe(true);
  await composer(tab).press('Enter');
  await expect.poll(() => finished(tab).count(), { timeout: 30_000 }).toBe(before + 1);
  // settled: nothing streams and the box can send again (a shortcut pressed before that is ignored)
  await expect.poll(() => page.locator('[data-status="streaming"]').count(), { timeout: 30_000 }).toBe(0);
  await page.getByTestId(`chat-${tab}`).getByTestId('send-button').waitFor();
}

/** What has the focus: its test id, or its id. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('data-testid') ?? el?.id ?? null;
  });

const title = (tab = 'chat') => page.getByTestId(`chat-${tab}`).locator('.conv-heading-title');

it('new conversation, search and message box by key; the palette finds a conversation and an action; ? lists the keys', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await send('Explain Rust lifetimes');
  await page.getByTestId('tab-messages').click();
  await send('Sourdough starter schedule', 'messages');
  await page.getByTestId('tab-chat').click();
  await expect.poll(() => title().textContent(), WAIT).toBe('Explain Rust lifetimes');

  // Ctrl+Shift+O: a new conversation, with the cursor in its message box (the button names its keys)
  expect(await page.getByTestId('new-conversation').getAttribute('aria-keyshortcuts')).toBe(
    'Control+Shift+O',
  );
  await page.keyboard.press('Control+Shift+O');
  await expect.poll(() => title().textContent(), WAIT).toBe('New conversation');
  await expect.poll(focused, WAIT).toBe('composer-input');

  // Ctrl+Shift+F: the search; Ctrl+Shift+M: back to the message box (both work from a text box)
  await page.keyboard.press('Control+Shift+F');
  await expect.poll(focused, WAIT).toBe('search-input');
  await page.keyboard.press('Control+Shift+M');
  await expect.poll(focused, WAIT).toBe('composer-input');

  // Ctrl+K: a conversation of another format, by a word of its title, opened in its own tab
  await page.keyboard.press('Control+K');
  const palette = page.getByTestId('command-palette');
  await palette.waitFor();
  await expect.poll(focused, WAIT).toBe('palette-input');
  await page.keyboard.type('sourdough');
  await expect
    .poll(() => palette.getByTestId('palette-conversation').allTextContents(), WAIT)
    .toEqual([expect.stringContaining('Sourdough starter schedule')]);
  await page.keyboard.press('Enter');
  await palette.waitFor({ state: 'detached' });
  await expect.poll(() => page.getByTestId('tab-messages').getAttribute('aria-selected'), WAIT).toBe('true');
  await expect.poll(() => title('messages').textContent(), WAIT).toBe('Sourdough starter schedule');

  // ... and an action, by its name, moving with the arrows
  await page.keyboard.press('Control+K');
  await page.keyboard.type('show');
  const actions = palette.getByTestId('palette-command');
  const names = () => actions.evaluateAll((els) => els.map((e) => e.getAttribute('data-command')));
  // the list has been filtered by what was typed (on a busy machine that takes a moment)
  await expect.poll(async () => (await names()).indexOf('toggleInspector'), WAIT).toBeGreaterThan(0);
  const steps = (await names()).indexOf('toggleInspector');
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
  await expect
    .poll(() => palette.locator('[aria-selected="true"]').getAttribute('data-command'), WAIT)
    .toBe('toggleInspector');
  await page.keyboard.press('Enter');
  await page.getByTestId('inspector').waitFor();

  // Esc closes it, and the focus is back where it was
  await composer('messages').focus();
  await page.keyboard.press('Control+K');
  await palette.waitFor();
  await page.keyboard.press('Escape');
  await palette.waitFor({ state: 'detached' });
  await expect.poll(focused, WAIT).toBe('composer-input');
  // Chromium leaves the box focused but deaf to typing once a modal dialog over it is gone; the app
  // focuses it afresh in the next task (refocusLater), so a task queued now runs after that
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

  // ? in the message box is a question mark; outside it, the list of every shortcut
  await page.keyboard.press('?');
  await expect.poll(() => composer('messages').inputValue(), WAIT).toBe('?');
  expect(await page.getByTestId('shortcuts-sheet').count()).toBe(0);
  await composer('messages').fill('');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcuts-sheet');
  await sheet.waitFor();
  const row = sheet.locator('[data-command="newConversation"]');
  expect(await row.textContent()).toContain('New conversation');
  expect(await row.textContent()).toContain('CtrlShiftO');
  expect(await sheet.getByTestId('shortcut-row').count()).toBeGreaterThanOrEqual(19);
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
});

it('Esc stops a long reply, Ctrl+Shift+Enter answers again, Ctrl+Alt+C copies the last reply', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // 5,000 words a few milliseconds apart: long enough to be stopped half-way
  await composer().fill('Write at length [[tokens:5000]] [[gap:5]]');
  await composer().press('Enter');
  const streaming = page.locator('[data-testid="message-assistant"][data-status="streaming"]');
  // The first words on screen, waited for as the page draws them: a 15 s poll once ran out on a loaded
  // machine (each look waited for the reply's row itself); the test's own limit is the only bound now.
  await streaming.getByTestId('message-text').filter({ hasText: /\S/ }).waitFor({ timeout: 0 });
  // the cursor is still in the message box: Esc there stops the reply
  await expect.poll(focused, WAIT).toBe('composer-input');
  await page.keyboard.press('Escape');
  const stopped = page.locator('[data-testid="message-assistant"][data-status="partial"]');
  await stopped.waitFor({ timeout: 0 });
  expect(await stopped.getByTestId('end-notice').getAttribute('data-reason')).toBe('stopped');

  // the Stop and Regenerate buttons name their keys
  await send('A short one');
  const regenerate = finished().last().getByTestId('regenerate');
  expect(await regenerate.getAttribute('aria-keyshortcuts')).toBe('Control+Shift+Enter');

  await page.keyboard.press('Control+Shift+Enter');
  await finished().last().getByTestId('version-count').filter({ hasText: '2 / 2' }).waitFor({ timeout: 0 });

  const last = (await finished().last().getByTestId('message-text').textContent()) ?? '';
  expect(last).toContain('A short one');
  await page.keyboard.press('Control+Alt+C');
  await page.getByText('The last reply is on the clipboard.').waitFor();
  expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(last.trim());
});

it('folds the sidebar (kept over a restart, and at 720x480), toggles the panels, picks every section', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await send('Hello there');
  const tab = page.getByTestId('chat-chat');
  const sidebar = tab.getByTestId('search-input');
  const main = tab.locator('.chat-main');
  const toggle = tab.getByTestId('sidebar-toggle');
  expect(await toggle.getAttribute('aria-keyshortcuts')).toBe('Control+Shift+S');
  const wide = (await main.boundingBox())?.width ?? 0;

  await page.keyboard.press('Control+Shift+S');
  await sidebar.waitFor({ state: 'detached' });
  // the conversation takes the room
  await expect.poll(async () => (await main.boundingBox())?.width ?? 0, WAIT).toBeGreaterThan(wide + 200);
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');

  // remembered in the settings: still folded after a restart
  await h.restart();
  await h.ready();
  await page.getByTestId('chat-chat').waitFor();
  expect(await sidebar.count()).toBe(0);

  // at the smallest window the conversation keeps working without it
  await page.setViewportSize({ width: 720, height: 480 });
  await send('Still fine at 720');
  expect((await main.boundingBox())?.width ?? 0).toBeGreaterThan(680);
  await toggle.click();
  await sidebar.waitFor();
  await page.keyboard.press('Control+Shift+S');
  await sidebar.waitFor({ state: 'detached' });
  await page.keyboard.press('Control+Shift+S');
  await sidebar.waitFor();
  await page.setViewportSize({ width: 1280, height: 800 });
  // the tab has measured the wider window: the parameters dock beside the conversation again
  await page.waitForFunction(
    () => document.querySelector('[data-testid="chat-chat"]')?.classList.contains('is-narrow') === false,
  );

  // Ctrl+Alt+P: the parameters; Ctrl+Alt+I: the inspector
  const params = tab.getByTestId('params-panel');
  const paramsShown = await params.isVisible();
  await page.keyboard.press('Control+Alt+P');
  await params.waitFor({ state: paramsShown ? 'detached' : 'visible' });
  await page.keyboard.press('Control+Alt+P');
  await params.waitFor({ state: paramsShown ? 'visible' : 'detached' });
  const inspector = page.getByTestId('inspector');
  await page.keyboard.press('Control+Alt+I');
  await inspector.waitFor();
  await page.keyboard.press('Control+Alt+I');
  await inspector.waitFor({ state: 'detached' });

  // Ctrl+Alt+1..9: each section (Ctrl+1..9 stay the browser's keys for its tabs), in the top bar's order
  const sections = COMMAND_TABS;
  for (const [i, id] of [...sections.entries()].reverse()) {
    await page.keyboard.press(`Control+Alt+Digit${i + 1}`);
    await expect.poll(() => page.getByTestId(`tab-${id}`).getAttribute('aria-selected'), WAIT).toBe('true');
    expect(await page.getByTestId(`tab-${id}`).getAttribute('aria-keyshortcuts')).toBe(
      `Control+Alt+${i + 1}`,
    );
  }
});
