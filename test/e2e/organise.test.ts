import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ConversationSummary } from '../../shared/contract.ts';
import type { ConversationsBundle } from '../../shared/export.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { openStore } from '../../electron/store/index.ts';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * Organising end to end through the browser host: a pin and a folder (made in the sidebar, a conversation
 * dragged into it, the folder folded) still there after the host restarts; the all-conversations view
 * listing conversations of every format with the format on each row, filtering, and opening one in its
 * tab; bulk export (one JSON file that imports back) and bulk delete after a question naming how many;
 * and a list of thousands that stays virtualised.
 */

let h: Harness;
let page: Page;

harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

const MODELS: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};

const ctx = { emit: () => undefined };

/** A conversation with one exchange against the sandbox, made through the host; its title is `text`. */
async function converse(format: TextFormat, text: string): Promise<string> {
  const created = await h.host.core.dispatch('createConversation', { format, model: MODELS[format] }, ctx);
  if (!created.ok) throw new Error(created.error.message);
  const id = (created.value as { id: string }).id;
  const sent = await h.host.core.dispatch(
    'sendMessage',
    { requestId: randomUUID(), conversationId: id, text },
    ctx,
  );
  if (!sent.ok) throw new Error(sent.error.message);
  return id;
}

/** What the host lists now (not what the page shows). */
async function hostList(): Promise<ConversationSummary[]> {
  const r = await h.host.core.dispatch('listConversations', { origin: 'chat' }, ctx);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as ConversationSummary[];
}

/** The page again, with what was made through the host meanwhile. */
async function reload(): Promise<void> {
  await page.reload();
  await h.ready();
}

const item = (title: string) => page.getByTestId('conversation-item').filter({ hasText: title });
const titles = () => page.getByTestId('conversation-item').locator('.conv-title').allTextContents();
const libraryRows = () => page.getByTestId('library-row');

describe('organising', () => {
  it('pins, makes a folder, drags a conversation into it and folds it: all still there after a restart', async () => {
    await converse('chat', 'Alpha plan');
    await converse('chat', 'Beta notes');
    await converse('chat', 'Gamma ideas');
    await reload();
    await page.getByTestId('tab-chat').click();
    expect(await titles()).toEqual(['Gamma ideas', 'Beta notes', 'Alpha plan']);

    // pin the oldest: it goes first, under Pinned
    await item('Alpha plan').hover();
    await item('Alpha plan').getByTestId('pin-conversation').click();
    await expect.poll(titles).toEqual(['Alpha plan', 'Gamma ideas', 'Beta notes']);
    await page.locator('[data-testid="sidebar-section"][data-section="pinned"]').waitFor();

    // a folder, with a colour
    await page.getByTestId('new-folder').click();
    const dialog = page.getByTestId('folder-dialog');
    await dialog.getByTestId('folder-name').fill('Work');
    await dialog.getByTestId('folder-color-blue').check();
    await dialog.getByTestId('folder-save').click();
    const folder = page.locator('[data-testid="folder-row"][data-name="Work"]');
    await folder.waitFor();

    // drag a conversation onto it
    await item('Beta notes').dragTo(folder);
    await expect
      .poll(async () => (await hostList()).find((c) => c.title === 'Beta notes')?.folderId)
      .toBeTruthy();
    await expect.poll(() => folder.textContent()).toContain('1');

    // fold it: its conversation is out of sight
    await folder.getByTestId('folder-toggle').click();
    await expect.poll(titles).toEqual(['Alpha plan', 'Gamma ideas']);
    expect(await folder.getByTestId('folder-toggle').getAttribute('aria-expanded')).toBe('false');
    // organising is not using: the host's last-use order is what it was
    await expect
      .poll(async () => (await hostList()).map((c) => c.title))
      .toEqual(['Gamma ideas', 'Beta notes', 'Alpha plan']);

    await h.restart();
    await h.ready();
    await page.getByTestId('tab-chat').click();
    await expect.poll(titles).toEqual(['Alpha plan', 'Gamma ideas']);
    expect(await item('Alpha plan').getAttribute('data-pinned')).toBe('true');
    const after = page.locator('[data-testid="folder-row"][data-name="Work"]');
    expect(await after.getByTestId('folder-toggle').getAttribute('aria-expanded')).toBe('false');
    await after.getByTestId('folder-toggle').click();
    await expect.poll(titles).toEqual(['Alpha plan', 'Beta notes', 'Gamma ideas']);
    // folders are shared by the tabs
    await page.getByTestId('tab-messages').click();
    await page.locator('[data-testid="folder-row"][data-name="Work"]').waitFor();
  });

  it('lists conversations of every format in one view, filters them, and opens one in its tab', async () => {
    await converse('chat', 'A chat question');
    await converse('responses', 'A responses question');
    await converse('messages', 'A messages question');
    await converse('generate', 'A generate question');
    await reload();
    await page.getByTestId('tab-chat').click();
    // from the sidebar of any text tab
    await page.getByTestId('open-library').click();
    await page.getByTestId('library').waitFor();
    await expect.poll(() => libraryRows().count()).toBe(4);
    const formats = await libraryRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-format')));
    expect(formats).toEqual(['generate', 'messages', 'responses', 'chat']);
    expect(await libraryRows().getByTestId('library-format-badge').allTextContents()).toEqual([
      'Generate',
      'Messages',
      'Responses',
      'Chat',
    ]);

    await page.getByTestId('library-format').selectOption('messages');
    await expect.poll(() => libraryRows().count()).toBe(1);
    await page.getByTestId('library-format').selectOption('all');
    await page.getByTestId('library-search').fill('generate');
    await expect.poll(() => libraryRows().count()).toBe(1);
    await libraryRows().first().getByTestId('library-open').click();
    expect(await page.getByTestId('tab-generate').getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => page.getByTestId('message-user').first().textContent())
      .toContain('A generate question');
  });

  it('exports the ticked conversations as one file that imports back, and deletes them after asking', async () => {
    await converse('chat', 'First to go');
    await converse('messages', 'Second to go');
    await converse('generate', 'Third to go');
    await converse('responses', 'This one stays');
    await reload();
    await page.getByTestId('tab-library').click();
    await expect.poll(() => libraryRows().count()).toBe(4);
    // rows: This one stays, Third, Second, First (last used first); tick the last three with a shift-click
    await libraryRows().nth(1).getByTestId('library-check').click();
    await libraryRows()
      .nth(3)
      .getByTestId('library-check')
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => page.getByTestId('library-selected').textContent()).toBe('3 selected');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('library-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quartet-3-conversations-.*\.json$/);
    const file = path.join(h.dataDir, 'bundle.json');
    await download.saveAs(file);
    const bundle = JSON.parse(await readFile(file, 'utf8')) as ConversationsBundle;
    expect(bundle.quartet).toBe('conversations');
    expect(bundle.conversations.map((e) => e.conversation.title)).toEqual([
      'Third to go',
      'Second to go',
      'First to go',
    ]);

    await page.getByTestId('library-delete').click();
    const confirm = page.locator('[data-testid="confirm-dialog"][open]');
    await expect.poll(() => confirm.textContent()).toContain('Delete 3 conversations?');
    await confirm.getByTestId('confirm-button').click();
    await expect.poll(() => libraryRows().count()).toBe(1);
    expect(await libraryRows().first().textContent()).toContain('This one stays');
    expect((await hostList()).map((c) => c.title)).toEqual(['This one stays']);

    // the existing Import button reads the file back: all three return, each in its format
    await page.getByTestId('import-file').setInputFiles(file);
    await expect.poll(() => libraryRows().count()).toBe(4);
    const back = (await hostList()).map((c) => [c.title, c.format]).sort();
    expect(back).toEqual([
      ['First to go', 'chat'],
      ['Second to go', 'messages'],
      ['Third to go', 'generate'],
      ['This one stays', 'responses'],
    ]);
  });

  it('keeps thousands of conversations virtualised, and selects them all at once', async () => {
    // seeded straight into the database beside the running host (WAL lets both write)
    const store = openStore(path.join(h.dataDir, 'quartet.db'));
    const t0 = Date.now() - 86_400_000;
    store.transaction(() => {
      for (let i = 0; i < 3000; i++) {
        store.conversations.insert({
          id: `seeded-${i}`,
          format: (['chat', 'responses', 'messages', 'generate'] as const)[i % 4] ?? 'chat',
          model: 'gpt-5-mini',
          title: `Seeded conversation ${i}`,
          origin: 'chat',
          params: { stream: true },
          createdAt: t0 + i,
          updatedAt: t0 + i,
        });
      }
    });
    store.close();
    await reload();
    await page.getByTestId('tab-chat').click();
    expect(await page.getByTestId('conversation-list').getAttribute('data-virtual')).toBe('true');
    expect(await page.getByTestId('conversation-item').count()).toBeLessThan(60);

    await page.getByTestId('tab-library').click();
    await expect.poll(() => page.getByTestId('library-total').textContent()).toBe('3,000 conversations');
    expect(await page.getByTestId('library-list').getAttribute('data-virtual')).toBe('true');
    expect(await libraryRows().count()).toBeLessThan(60);
    expect(await libraryRows().first().textContent()).toContain('Seeded conversation 2999');
    // the end of the list is there when scrolled to
    await page.getByTestId('library-list').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => libraryRows().last().textContent()).toContain('Seeded conversation 0');
    await page.getByTestId('library-select-all').check();
    await expect.poll(() => page.getByTestId('library-selected').textContent()).toBe('3,000 selected');
  });
});
