import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The steps many chat tests take: a new conversation on the chat tab with gpt-5-mini, and a message sent
 * and answered. `page` is read on each call, since each test has a page of its own.
 */
export function chatSteps(page: () => Page) {
  const finished = () => page().locator('[data-testid="message-assistant"]:not([data-status="streaming"])');
  return {
    /** the replies that have finished streaming */
    finished,
    async newChat(): Promise<void> {
      const p = page();
      await p.getByTestId('tab-chat').click();
      await p.getByTestId('new-conversation').click();
      await p.getByTestId('composer-input').waitFor();
      const input = p.getByTestId('model-picker-input');
      await input.click();
      await p.getByRole('listbox', { name: 'Models' }).locator('[data-model="gpt-5-mini"]').click();
      await expect.poll(() => input.inputValue()).toBe('gpt-5-mini');
    },
    /** sends `text` and waits for one more finished reply */
    async send(text: string): Promise<void> {
      const p = page();
      const before = await finished().count();
      await p.getByTestId('composer-input').fill(text);
      await p.getByTestId('composer-input').press('Enter');
      await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
    },
  };
}
