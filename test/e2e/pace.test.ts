import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';
import { chatSteps } from './chat-steps.ts';

/**
 * Keeping pace with the stream, as a person sees it: a long reply is marked done with all its text once
 * the service is done; Stop stops a long reply and keeps what was shown; presses while a send is being
 * prepared or a reply runs each get one visible answer, never a second conversation or a turn sent later.
 */

let h: Harness;
let page: Page;
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});
const steps = chatSteps(() => page);
const streaming = () => page.locator('[data-testid="message-assistant"][data-status="streaming"]');

describe('keeping pace with the stream', () => {
  it('marks a 20,000-token reply done with its last word on screen, and stores it whole', async () => {
    await steps.newChat();
    await steps.send('Go on [[tokens:20000]]');
    const reply = steps.finished().last();
    expect(await reply.getAttribute('data-status')).toBe('complete');
    // the simulator's reply ends with the filler word of its last token
    await reply.getByText('w19987', { exact: false }).first().waitFor();
    // what the host stored is what was shown: the conversation opens again with the same ending
    await h.restart();
    await h.ready();
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('conversation-item').first().locator('.conv-open').click();
    await steps.finished().last().getByText('w19987', { exact: false }).first().waitFor();
  });

  it('stops a long reply with Esc and keeps the text that was shown', async () => {
    await steps.newChat();
    // paced, so it is still streaming when Esc is pressed
    await page.getByTestId('composer-input').fill('Tell me [[tokens:100000]] [[gap:1]]');
    await page.getByTestId('composer-input').press('Enter');
    await streaming().getByText('w300', { exact: false }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    const stopped = page.locator('[data-testid="message-assistant"][data-status="partial"]');
    await stopped.waitFor();
    await stopped.getByText('w300', { exact: false }).first().waitFor();
    expect(await streaming().count()).toBe(0);
    await expect.poll(() => page.getByTestId('send-button').count()).toBe(1);
  });

  it('sends a message once for two Enters, and refuses one typed while the reply runs with the reason, keeping it', async () => {
    await steps.newChat();
    const input = page.getByTestId('composer-input');
    await input.fill('Only once [[tokens:100000]] [[gap:1]]');
    await input.press('Enter');
    await input.press('Enter');
    await streaming().waitFor();
    await input.fill('A follow-up');
    await input.press('Enter');
    await page.getByTestId('notice-warning').filter({ hasText: 'still being written' }).first().waitFor();
    expect(await input.inputValue()).toBe('A follow-up');
    await page.getByTestId('stop-button').click();
    await page.locator('[data-testid="message-assistant"][data-status="partial"]').waitFor();
    expect(await page.getByTestId('message-user').count()).toBe(1);
    expect(await page.getByTestId('conversation-item').count()).toBe(1);
    // nothing was queued: the follow-up is still the user's, to send when they choose
    await page.getByTestId('send-button').waitFor();
    expect(await input.inputValue()).toBe('A follow-up');
  });
});
