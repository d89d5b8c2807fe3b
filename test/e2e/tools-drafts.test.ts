import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';
import { chatSteps } from './chat-steps.ts';

/**
 * Functions typed with problems in the parameters panel, end to end: a function renamed to a name no
 * service takes, with a 2 KB description and a half-typed schema, is still there (with its problems shown,
 * and said not to be sent) after switching to another conversation and back, and after a reload; Send
 * waits meanwhile and the conversation keeps its last valid functions. A new conversation says what it
 * inherits from the tab, and "Start from defaults" starts it from the defaults.
 */

let page: Page;
let h: Harness;
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});
const steps = chatSteps(() => page);

const DESCRIPTION = 'Finds a place by name and returns its coordinates. '.repeat(40); // about 2 KB
const HALF_SCHEMA = '{\n  "type": "object",\n  "properties": {\n    "place": {"type": "str';

async function openParams(): Promise<void> {
  if (!(await page.getByTestId('param-tools').isVisible())) await page.getByTestId('composer-params').click();
  await page.getByTestId('param-tools').waitFor();
}

const second = () => page.getByTestId('tool-def').nth(1);

async function expectDraft(): Promise<void> {
  await openParams();
  const fn = second();
  await expect.poll(() => fn.getByTestId('tool-name').inputValue()).toBe('look up');
  expect(await fn.getByTestId('tool-description').inputValue()).toBe(DESCRIPTION);
  expect(await fn.getByTestId('tool-parameters').inputValue()).toBe(HALF_SCHEMA);
  expect(await fn.getByTestId('tool-name-error').textContent()).toMatch(/letters, digits, underscores/);
  expect(await fn.getByTestId('tool-parameters-error').textContent()).toMatch(/not valid JSON/);
  expect(await page.getByTestId('tools-draft-note').textContent()).toMatch(
    /not sent while it has problems.*get_weather, function_2/,
  );
  // the tool-choice list names the draft, not the saved function_2
  const options = await page.getByTestId('tool-choice').locator('option').allTextContents();
  expect(options).toContain('look up (draft with problems: not offered)');
  expect(options.join('\n')).not.toContain('function_2');
  // Send waits and says why
  expect(await page.getByTestId('send-disabled-reason').textContent()).toMatch(/Tools: look up:/);
}

/** The saved functions of the open conversation, as the host has them. */
async function savedTools(id: string): Promise<unknown> {
  const r = await h.host.core.dispatch('getConversation', { id }, { emit: () => undefined });
  return r.ok
    ? (r.value as { params: { tools?: { name: string }[] } }).params.tools?.map((t) => t.name)
    : null;
}

describe('a functions draft with problems', () => {
  it('survives switching conversation and a reload, and is never sent', async () => {
    await steps.newChat();
    await openParams();
    await page.getByTestId('tool-add-example').selectOption('get_weather');
    await page.getByTestId('tool-add').click();
    await expect.poll(() => page.getByTestId('tool-def').count()).toBe(2);
    await steps.send('first conversation');
    const first = (await page.getByTestId('conversation-item').first().getAttribute('data-id')) ?? '';
    await expect.poll(() => savedTools(first)).toEqual(['get_weather', 'function_2']);

    await openParams();
    const fn = second();
    if ((await fn.getAttribute('open')) === null) await fn.locator('summary').click();
    await fn.getByTestId('tool-name').fill('look up');
    await fn.getByTestId('tool-description').fill(DESCRIPTION);
    await fn.getByTestId('tool-parameters').fill(HALF_SCHEMA);
    await expectDraft();

    // another conversation, then back
    await page.getByTestId('new-conversation').click();
    await steps.send('second conversation');
    await page.locator(`[data-testid="conversation-item"][data-id="${first}"] .conv-open`).click();
    await expectDraft();
    expect(await savedTools(first)).toEqual(['get_weather', 'function_2']);

    // a reload once the host has the draft (it is saved when typing pauses)
    await expect
      .poll(async () => {
        const r = await h.host.core.dispatch('getSettings', {}, { emit: () => undefined });
        const kept = r.ok ? (r.value as { toolDrafts?: Record<string, unknown> }).toolDrafts : undefined;
        return kept?.[first] !== undefined;
      })
      .toBe(true);
    await expect
      .poll(async () => {
        const r = await h.host.core.dispatch('getSettings', {}, { emit: () => undefined });
        return r.ok ? (r.value as { session?: { open?: Record<string, string> } }).session?.open?.chat : null;
      })
      .toBe(first);
    await page.reload();
    await h.ready();
    await expectDraft();
    expect(await savedTools(first)).toEqual(['get_weather', 'function_2']);

    // discarding goes back to the saved functions, and Send no longer waits
    await page.getByTestId('tools-draft-discard').click();
    await expect.poll(() => second().getByTestId('tool-name').inputValue()).toBe('function_2');
    await page.getByTestId('composer-input').fill('after discarding');
    await expect.poll(() => page.getByTestId('send-disabled-reason').count()).toBe(0);
  });

  it('a new conversation says what it inherits, and "Start from defaults" starts it from the defaults', async () => {
    await steps.newChat();
    await openParams();
    await page.getByTestId('param-system').fill('You are {{role}}.');
    await page.getByTestId('tool-add-example').selectOption('get_weather');
    await steps.send('hello');
    await page.getByTestId('new-conversation').click();
    const line = page.getByTestId('new-conversation-start');
    await expect
      .poll(() => line.textContent())
      .toMatch(/system prompt “You are \{\{role\}\}\.” · 1 function/);
    await page.getByTestId('new-conversation-reset').click();
    await expect.poll(() => line.count()).toBe(0);
    await openParams();
    expect(await page.getByTestId('param-system').inputValue()).toBe('');
    expect(await page.getByTestId('tool-def').count()).toBe(0);
  });
});
