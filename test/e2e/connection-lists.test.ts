import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';
import { chatSteps } from './chat-steps.ts';
import { gatewayPerTest, pickModel } from './connection-steps.ts';

/**
 * Connections in the lists, the header and imports (issue 30), end to end with the sandbox and a second
 * service ("Gateway B", a simulator of the test's own): every tab's list filters by connection and names
 * it, search names each hit's connection; the header's status dot and check; a file naming a connection
 * that is not here asks which one it stands for; the header's model field stays readable at 720x480.
 */

let h: Harness;
let page: Page;

harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});
const gateway = gatewayPerTest(() => h);
const { call } = gateway;
const steps = chatSteps(() => page);
const send = steps.send;

const rowsOf = (format: string) =>
  page.getByTestId(`chat-${format}`).getByTestId('conversation-item').locator('.conv-open');

describe('lists by connection', () => {
  it('every tab filters by connection and names it; search finds across connections and names each', async () => {
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('new-conversation').click();
    await pickModel(page, 'gpt-5-mini');
    await send('kiwi through the sandbox');
    await page.getByTestId('new-conversation').click();
    await page.locator('#connection-chat').selectOption({ label: 'Gateway B' });
    await pickModel(page, 'gpt-5-mini');
    await send('kiwi through the gateway');

    // two connections: each row names its own
    await expect.poll(() => rowsOf('chat').count()).toBe(2);
    const named = async () => (await rowsOf('chat').getByTestId('row-connection').allTextContents()).sort();
    expect(await named()).toEqual(['Gateway B', 'Sandbox']);

    // the tab's filter keeps Gateway B's conversation, and stays while the user visits another tab
    const filter = page.getByTestId('chat-chat').getByTestId('sidebar-connection-filter');
    await filter.selectOption({ label: 'Gateway B' });
    await expect.poll(() => rowsOf('chat').count()).toBe(1);
    expect(await rowsOf('chat').getByTestId('row-connection').textContent()).toBe('Gateway B');
    await page.getByTestId('tab-messages').click();
    expect(
      await page.getByTestId('chat-messages').getByTestId('sidebar-connection-filter').inputValue(),
    ).toBe('all');
    await page.getByTestId('tab-chat').click();
    await expect.poll(() => rowsOf('chat').count()).toBe(1);
    expect(await rowsOf('chat').locator('.conv-title').textContent()).toContain('gateway');

    // search spans every connection, whatever the list's filter, and says where each hit goes
    await page.getByTestId('chat-chat').getByTestId('search-input').fill('kiwi');
    const hits = page.getByTestId('chat-chat').getByTestId('search-hit');
    // (each question and its reply; replies are indexed a moment after they end)
    await expect.poll(() => hits.count(), { timeout: 20_000 }).toBe(4);
    const where = (await hits.getByTestId('hit-connection').allTextContents()).sort();
    expect(where).toEqual(['Gateway B', 'Gateway B', 'Sandbox', 'Sandbox']);

    // All conversations filters by connection with the same control, and names each row's
    await page.getByTestId('chat-chat').getByTestId('open-library').click();
    const rows = page.getByTestId('library-row');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByTestId('library-connection').selectOption({ label: 'Sandbox' });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.getByTestId('library-connection-name').textContent()).toBe('Sandbox');
  });
});

describe('the header’s status dot and check', () => {
  it('checks the conversation’s connection and keeps each connection’s result apart', async () => {
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('new-conversation').click();
    await pickModel(page, 'gpt-5-mini');
    const head = page.getByTestId('chat-chat');
    const dot = head.getByTestId('connection-status');
    expect(await dot.getAttribute('data-verdict')).toBe('unchecked');
    await head.getByTestId('connection-check').click();
    await expect.poll(() => dot.getAttribute('data-verdict'), { timeout: 60_000 }).toMatch(/ok|failed/);
    // the sandbox follows the spec it is the oracle of: no check of it fails
    expect(await dot.getAttribute('data-verdict')).toBe('ok');
    expect(await dot.getAttribute('aria-label')).toMatch(/^Last check .*\d+ pass/);

    // Gateway B has results of its own (none yet); the sandbox's option says how its check went
    const select = page.locator('#connection-chat');
    await select.selectOption({ label: 'Gateway B' });
    await expect.poll(() => dot.getAttribute('data-verdict')).toBe('unchecked');
    expect(await select.locator('option').allTextContents()).toContain('Sandbox (ok)');
  });
});

describe('Compare’s column heads', () => {
  it('show each column’s connection status, the same result as the chat header’s for that connection', async () => {
    await page.getByTestId('tab-compare').click();
    const heads = page.getByTestId('compare-column-head');
    await expect.poll(() => heads.count()).toBeGreaterThan(1);
    const dots = heads.getByTestId('connection-status');
    await expect.poll(() => dots.count()).toBe(await heads.count());
    await heads.nth(1).getByTestId('compare-connection').selectOption({ label: 'Gateway B' });
    expect(await dots.nth(0).getAttribute('data-verdict')).toBe('unchecked');

    // the first column's check: every column on the sandbox shows its result, Gateway B's stays unchecked
    await heads.nth(0).getByTestId('connection-check').click();
    await expect.poll(() => dots.nth(0).getAttribute('data-verdict'), { timeout: 60_000 }).toBe('ok');
    expect(await dots.nth(0).getAttribute('aria-label')).toMatch(/^Last check .*\d+ pass/);
    expect(await dots.nth(1).getAttribute('data-verdict')).toBe('unchecked');
    if ((await heads.count()) > 2) expect(await dots.nth(2).getAttribute('data-verdict')).toBe('ok');

    // the chat header shows the same result for the sandbox
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('new-conversation').click();
    await expect
      .poll(() => page.getByTestId('chat-chat').getByTestId('connection-status').getAttribute('data-verdict'))
      .toBe('ok');
  });
});

describe('an import naming a connection that is not here', () => {
  async function importNamed(name: string): Promise<void> {
    const made = await call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      title: 'From the office',
    });
    const file = await call<{ content: string }>('exportConversation', { id: made.id, as: 'json' });
    await call('deleteConversation', { id: made.id });
    const json = JSON.parse(file.content) as { conversation: { connection?: { name: string } } };
    json.conversation.connection = { name };
    await page.getByTestId('tab-chat').click();
    await page
      .getByTestId('chat-chat')
      .getByTestId('import-file')
      .setInputFiles({
        name: 'office.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(json)),
      });
  }

  it('asks which saved connection it stands for, and the conversation goes through the one picked', async () => {
    await importNamed('Office gateway');
    const dialog = page.getByTestId('missing-connections-dialog');
    await expect
      .poll(() => dialog.getByTestId('missing-connection').textContent())
      .toContain('Office gateway');
    // nothing is made up: the choice starts on "leave unassigned", and no connection was added
    expect(await dialog.getByTestId('missing-connection-choice').inputValue()).toBe('');
    expect((await call<{ connections: unknown[] }>('listConnections', {})).connections).toHaveLength(2);
    await dialog.getByTestId('missing-connection-choice').selectOption({ label: 'Gateway B' });
    await dialog.getByTestId('missing-connections-apply').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const select = page.locator('#connection-chat');
    await expect
      .poll(() => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent))
      .toBe('Gateway B');
    await send('Sent through the gateway picked on import');
    expect(gateway.sim().requests.filter((r) => r.body.includes('picked on import'))).toHaveLength(1);
  });

  it('left unassigned, the conversation says so and asks before anything is sent', async () => {
    await importNamed('Office gateway');
    const dialog = page.getByTestId('missing-connections-dialog');
    await dialog.getByTestId('missing-connection').waitFor();
    await dialog.getByRole('button', { name: 'Leave all unassigned' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByTestId('connection-wanted').textContent())
      .toContain('“Office gateway”, which is not here');
    expect(await rowsOf('chat').getByTestId('row-connection').textContent()).toBe(
      'Office gateway (not here)',
    );
  });
});

describe('the header at 720x480', () => {
  it('shows the whole model name beside the connection, its status and check', async () => {
    await page.setViewportSize({ width: 720, height: 480 });
    await page.getByTestId('tab-messages').click();
    await page.getByTestId('new-conversation').click();
    await pickModel(page, 'claude-sonnet-4-5');
    const input = page.getByTestId('chat-messages').getByTestId('model-picker-input');
    const fits = await input.evaluate((el) => (el as HTMLInputElement).scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    const status = await page.getByTestId('chat-messages').getByTestId('connection-check').boundingBox();
    expect(status !== null && status.x + status.width <= 720).toBe(true);
  });
});
