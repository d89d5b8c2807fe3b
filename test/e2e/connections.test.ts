import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';
import { chatSteps } from './chat-steps.ts';
import { gatewayPerTest, pickModel } from './connection-steps.ts';

/**
 * A connection per conversation and per Compare column (issue 30), end to end: the sandbox and a second
 * service ("Gateway B", a simulator of the test's own with a key of its own), a conversation on each,
 * moving one with history (the note of what stays behind before the next send), and Compare sending the
 * same model through both side by side. Each test has a host and data folder of its own.
 */

let h: Harness;
let page: Page;

harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});
const gateway = gatewayPerTest(() => h);
const KEY_B = gateway.key;
const steps = chatSteps(() => page);
const send = steps.send;

const connectionSelect = (format: string) => page.locator(`#connection-${format}`);
const selectedName = async (select: Locator) =>
  select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

describe('a connection per conversation', () => {
  it('keeps a conversation on each connection, lists every connection’s models, and warns before a move', async () => {
    await page.getByTestId('tab-generate').click();
    await page.getByTestId('new-conversation').click();
    // the sandbox stays the default
    await expect.poll(() => selectedName(connectionSelect('generate'))).toBe('Sandbox');
    await pickModel(page, 'gemini-2.5-flash');
    const thoughts = page.getByTestId('param-include-thoughts');
    if (!(await thoughts.isVisible())) await page.getByTestId('composer-params').click();
    if (!(await thoughts.isChecked())) await thoughts.check();
    await send('First question, to the sandbox');
    // only Gateway B's model list was asked for (the picker lists it): no message went there
    expect(gateway.sim().requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // the picker lists Gateway B's models in a group of their own
    const input = page.getByTestId('model-picker-input').first();
    await input.click();
    const group = page.getByTestId('model-connection-group').filter({ hasText: 'Gateway B' });
    await expect.poll(() => group.getByTestId('model-option').count()).toBeGreaterThan(0);
    expect(gateway.sim().requests.some((r) => r.path.includes('models'))).toBe(true);
    await input.press('Escape');

    // moving the conversation keeps its history and says what stays with the sandbox
    await connectionSelect('generate').selectOption({ label: 'Gateway B' });
    const note = page.getByTestId('connection-bound');
    await expect
      .poll(() => note.textContent())
      .toMatch(/1 reply came through another connection\. Thought signatures/);
    expect(await page.getByTestId('message-user').count()).toBe(1);
    await send('Second question, to Gateway B');
    const sent = gateway.sim().requests.filter((r) => r.body.includes('Second question'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toContain('First question, to the sandbox');
    expect(sent[0]?.body).not.toContain('thoughtSignature');
    // with Gateway B's own key (wherever the format carries it)
    expect(`${JSON.stringify(sent[0]?.headers)}${sent[0]?.path}`).toContain(KEY_B);

    // a new conversation in the tab takes the last connection used there
    await page.getByTestId('new-conversation').click();
    await expect.poll(() => selectedName(connectionSelect('generate'))).toBe('Gateway B');
  });

  it('Compare sends the same model through two connections side by side, with the figures row', async () => {
    await page.getByTestId('tab-compare').click();
    const heads = page.getByTestId('compare-column-head');
    await expect.poll(() => heads.count()).toBeGreaterThan(1);
    while ((await heads.count()) > 2) {
      await heads
        .last()
        .getByRole('button', { name: /Remove column/ })
        .click();
    }
    for (const i of [0, 1]) {
      await heads.nth(i).getByTestId('compare-format').selectOption('chat');
      await pickModel(heads.nth(i), 'gpt-5-mini');
    }
    await heads.nth(1).getByTestId('compare-connection').selectOption({ label: 'Gateway B' });
    await pickModel(heads.nth(1), 'gpt-5-mini');
    await page.getByTestId('compare-input').fill('Same model, two gateways');
    await page.getByTestId('compare-input').press('Enter');
    const columns = page.getByTestId('compare-column');
    for (const i of [0, 1]) {
      await expect
        .poll(() => columns.nth(i).getByTestId('compare-reply').count(), { timeout: 30_000 })
        .toBe(1);
      const figures = page.getByTestId('compare-figures').nth(i);
      expect(await figures.getByTestId('figure-total').textContent()).toMatch(/\d+(\.\d+)? m?s/);
    }
    // one request reached Gateway B, with its own key
    const sent = gateway.sim().requests.filter((r) => r.body.includes('Same model, two gateways'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['authorization']).toBe(`Bearer ${KEY_B}`);
  });
});
