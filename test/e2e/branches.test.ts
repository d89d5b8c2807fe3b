import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * Versions and branches, end to end: editing a message keeps the old one ("1 / 2"), switching versions
 * changes the request the next send builds (read in the inspector), a generate-content conversation with
 * thought signatures goes on along both branches (the simulator refuses a signature that does not belong),
 * answering again a middle reply, editing a reply, forking, and all of it after a restart.
 */

let h: Harness;
let page: Page;
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

const finished = () => page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');
const users = () => page.getByTestId('message-user');
const replies = () => page.getByTestId('message-assistant');

async function newChat(tab: string, model: string): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
  const input = page.getByTestId('model-picker-input');
  await input.click();
  await page.getByRole('listbox', { name: 'Models' }).locator(`[data-model="${model}"]`).click();
  await expect.poll(() => input.inputValue()).toBe(model);
}

/** Waits until no reply streams and the composer can send again. */
async function settled(): Promise<void> {
  await expect.poll(() => page.locator('[data-status="streaming"]').count(), { timeout: 30_000 }).toBe(0);
  await page.getByTestId('send-button').waitFor();
}

async function send(text: string): Promise<void> {
  const before = await finished().count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await settled();
}

async function editMessage(index: number, text: string): Promise<void> {
  const message = users().nth(index);
  await message.hover();
  await message.getByTestId('edit-message').click();
  await page.getByTestId('edit-input').fill(text);
  await page.getByTestId('edit-send').click();
  await expect.poll(() => users().nth(index).textContent(), { timeout: 30_000 }).toContain(text);
  await settled();
}

const texts = () =>
  users().evaluateAll((els) => els.map((e) => e.querySelector('.msg-user-text')?.textContent));

async function lastRequest(): Promise<string> {
  await finished().last().hover();
  await finished().last().getByTestId('inspect').click();
  const detail = page.getByTestId('exchange-detail');
  await detail.waitFor();
  await expect.poll(() => detail.textContent()).toContain('"model"');
  const text = (await detail.textContent()) ?? '';
  await page.getByTestId('inspector-toggle').click();
  return text;
}

describe('branches', () => {
  it('an edit shows "2 / 2", switching versions changes the next request, and it all survives a restart', async () => {
    await newChat('chat', 'gpt-5-mini');
    await send('Tell me about otters');
    await send('And their habitat?');
    await editMessage(1, 'And their diet?');

    const count = users().nth(1).getByTestId('version-count');
    expect(await count.textContent()).toBe('2 / 2');
    expect(await texts()).toEqual(['Tell me about otters', 'And their diet?']);
    await users().nth(1).getByTestId('version-prev').click();
    await expect.poll(() => count.textContent()).toBe('1 / 2');
    expect(await texts()).toEqual(['Tell me about otters', 'And their habitat?']);

    // the next send is built from the branch on screen
    await send('How long do they live?');
    const request = await lastRequest();
    expect(request).toContain('And their habitat?');
    expect(request).not.toContain('And their diet?');

    await h.restart();
    await h.ready();
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('conversation-item').first().locator('.conv-open').click();
    await expect
      .poll(() => texts())
      .toEqual(['Tell me about otters', 'And their habitat?', 'How long do they live?']);
    await users().nth(1).getByTestId('version-next').click();
    await expect.poll(() => texts()).toEqual(['Tell me about otters', 'And their diet?']);
    await send('Do they eat fish?');
    const second = await lastRequest();
    expect(second).toContain('And their diet?');
    expect(second).not.toContain('How long do they live?');
  });

  it('a generate conversation with thought signatures goes on along both branches', async () => {
    await newChat('generate', 'gemini-2.5-flash');
    const thoughts = page.getByTestId('param-include-thoughts');
    if (!(await thoughts.isVisible())) await page.getByTestId('composer-params').click();
    if (!(await thoughts.isChecked())) await thoughts.check();
    await send('First question about zebras');
    await send('Second question');
    // each follow-up only succeeds if the model turns before it went back with their own signatures
    await editMessage(1, 'Second question, put another way');
    await send('Third, on the new branch');
    expect(await finished().last().getAttribute('data-status')).toBe('complete');
    await users().nth(1).getByTestId('version-prev').click();
    await expect.poll(() => texts()).toEqual(['First question about zebras', 'Second question']);
    await send('Third, on the old branch');
    expect(await finished().last().getAttribute('data-status')).toBe('complete');
    expect(await replies().last().getByTestId('signature-kept').count()).toBe(1);
  });

  it('answers a middle reply again, keeping the later turns on the old version', async () => {
    await newChat('messages', 'claude-haiku-4-5');
    await send('One');
    await send('Two');
    const first = replies().first();
    await first.hover();
    await first.getByTestId('regenerate').click();
    await settled();
    // the new version has no later turns; the old one still has them
    expect(await users().count()).toBe(1);
    expect(await replies().first().getByTestId('version-count').textContent()).toBe('2 / 2');
    await replies().first().getByTestId('version-prev').click();
    await expect.poll(() => users().count()).toBe(2);
  });

  it('edits a reply, warns where a signature is lost, and forks a conversation from a message', async () => {
    await newChat('generate', 'gemini-2.5-flash');
    const thoughts = page.getByTestId('param-include-thoughts');
    if (!(await thoughts.isVisible())) await page.getByTestId('composer-params').click();
    if (!(await thoughts.isChecked())) await thoughts.check();
    await send('Explain tides');
    const reply = replies().last();
    await reply.hover();
    await reply.getByTestId('edit-reply').click();
    await expect.poll(() => page.getByTestId('edit-reply-warning').count()).toBe(1);
    await page.getByTestId('edit-reply-input').fill('Tides come from the Moon.');
    await page.getByTestId('edit-reply-save').click();
    await expect
      .poll(() => replies().last().getByTestId('message-text').textContent())
      .toBe('Tides come from the Moon.');
    expect(await replies().last().getByTestId('version-count').textContent()).toBe('2 / 2');
    // the next turn goes with the edited text, without a signature; the sandbox takes it
    await send('Say more');
    expect(await finished().last().getAttribute('data-status')).toBe('complete');
    const request = await lastRequest();
    expect(request).toContain('Tides come from the Moon.');

    await users().first().hover();
    await users().first().getByTestId('fork').click();
    await expect.poll(() => page.locator('.conv-heading-title').textContent()).toContain('(fork)');
    expect(await users().count()).toBe(1);
    expect(await replies().count()).toBe(0);
  });

  it('a search hit in an earlier version opens the conversation on that version', async () => {
    await newChat('responses', 'gpt-5-mini');
    await send('Tell me about narwhals');
    await editMessage(0, 'Tell me about belugas');
    expect(await texts()).toEqual(['Tell me about belugas']);
    await page.getByTestId('chat-responses').getByTestId('search-input').fill('narwhals');
    const hit = page.getByTestId('search-hit').first();
    await hit.waitFor();
    await hit.click();
    await expect.poll(() => texts()).toEqual(['Tell me about narwhals']);
    expect(await users().first().getByTestId('version-count').textContent()).toBe('1 / 2');
  });
});
