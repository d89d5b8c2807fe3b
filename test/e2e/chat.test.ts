import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * The four text tabs end to end against the sandbox: picking a model, two turns in every format (the
 * generate-content follow-up only succeeds if the thought signature went back, and the turn shows the
 * marker), stopping a stream and keeping its partial text, a service error shown inline then retried,
 * search across conversations, export and import, and all of it still there after the host restarts.
 * Each test has a host and data folder of its own and holds the conversations it needs.
 */

let h: Harness;
let page: Page;
let simRoot = '';

harnessPerTest(
  (harness) => {
    h = harness;
    page = harness.page;
    simRoot = '';
  },
  { clipboard: true },
);

const replies = () => page.getByTestId('message-assistant');
const lastReply = () => replies().last();

/** The sandbox's address, as the settings page shows it once the sandbox has started. */
async function sandboxRoot(): Promise<string> {
  if (simRoot) return simRoot;
  const back = await page.getByRole('tab', { selected: true }).getAttribute('data-testid');
  await page.getByTestId('tab-settings').click();
  const url = page.getByTestId('settings-base-url').first();
  await expect.poll(() => url.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  simRoot = await url.inputValue();
  if (back) await page.getByTestId(back).click();
  return simRoot;
}

/** Queues a fault in the sandbox (its control path, outside /v1, opened by the host process's secret). */
async function fault(body: Record<string, unknown>): Promise<void> {
  const r = await fetch(`${await sandboxRoot()}/__sim/faults`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-quartet-sim-control': h.host.core.sandboxControlSecret,
    },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(200);
}

/** Types a message, sends it with Enter, and waits until the reply has finished (in whatever state). */
async function send(text: string): Promise<void> {
  const before = await page
    .locator('[data-testid="message-assistant"]:not([data-status="streaming"])')
    .count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect
    .poll(() => page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])').count(), {
      timeout: 30_000,
    })
    .toBeGreaterThan(before);
  await page.getByTestId('send-button').waitFor();
}

async function newChat(tab: string): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
}

/** A model for each tab that the sandbox serves. */
const MODELS: Record<string, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};

/** A new conversation in `tab` with its model (thoughts on in generate), one send per question. */
async function converse(tab: string, questions: string[]): Promise<void> {
  await newChat(tab);
  const model = MODELS[tab] ?? '';
  const input = page.getByTestId('model-picker-input');
  await input.click();
  await page.getByRole('listbox', { name: 'Models' }).locator(`[data-model="${model}"]`).click();
  await expect.poll(() => input.inputValue()).toBe(model);
  if (tab === 'generate') {
    const thoughts = page.getByTestId('param-include-thoughts');
    if (!(await thoughts.isVisible())) await page.getByTestId('composer-params').click();
    if (!(await thoughts.isChecked())) await thoughts.check();
  }
  for (const q of questions) await send(q);
}

/** The questions the two-turn conversations ask in `tab`. */
const twoQuestions = (tab: string) => [`First question to ${tab} about zebras`, `Second question to ${tab}`];

/** A chat reply stopped half-way, as the user would stop it. */
async function stoppedReply(): Promise<void> {
  await newChat('chat');
  await fault({ kind: 'slowStream', ms: 150, match: { interface: 'chat' } });
  await page.getByTestId('composer-input').fill('Tell me a long story about otters');
  await page.getByTestId('composer-input').press('Enter');
  const streaming = page.locator('[data-testid="message-assistant"][data-status="streaming"]');
  await expect
    .poll(async () => (await streaming.getByTestId('message-text').textContent()) ?? '')
    .not.toBe('');
  await page.getByTestId('stop-button').click();
  await page.locator('[data-testid="message-assistant"][data-status="partial"]').waitFor();
}

/** A responses reply cut by the network after a few events. */
async function brokenReply(): Promise<void> {
  await newChat('responses');
  await fault({ kind: 'reset', afterEvents: 6, match: { interface: 'responses' } });
  await send('A reply that will be cut by the network');
  await page.locator('[data-testid="message-assistant"][data-status="partial"]').waitFor({ timeout: 30_000 });
}

describe('text tabs', () => {
  it('picks a model from the grouped list, by mouse and by keyboard', async () => {
    await page.getByTestId('tab-chat').click();
    const input = page.getByTestId('model-picker-input');
    await input.click();
    const listbox = page.getByRole('listbox', { name: 'Models' });
    await listbox.waitFor();
    const suggested = listbox.getByRole('group', { name: 'Suggested for this tab' }).getByRole('option');
    await expect.poll(() => suggested.allTextContents()).toEqual(['gpt-5-mini', 'gpt-4.1']);
    const other = listbox.getByRole('group', { name: 'Other models' }).getByRole('option');
    expect(await other.allTextContents()).toContain('claude-sonnet-4-5');

    await listbox.locator('[data-model="gpt-4.1"]').click();
    await expect.poll(() => input.inputValue()).toBe('gpt-4.1');
    expect(await input.getAttribute('aria-expanded')).toBe('false');

    // keyboard: type to filter, arrow to the option (aria-activedescendant follows), Enter picks it
    await input.click();
    await input.fill('mini');
    await input.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).textContent()).toBe('gpt-5-mini');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('gpt-5-mini');
  });

  it('says what is wrong with an out-of-range temperature and sends nothing until it is fixed', async () => {
    await newChat('chat');
    const temperature = page.getByTestId('param-temperature');
    if (!(await temperature.isVisible())) await page.getByTestId('composer-params').click();
    const slider = page.getByTestId('param-temperature-slider');
    // unset: the slider claims no value (its thumb is hidden), the summary names what it opens
    expect(await slider.getAttribute('aria-valuetext')).toBe('service default');
    expect(await page.getByTestId('composer-params').textContent()).toMatch(/^Parameters:/);

    await temperature.fill('3');
    expect(await page.getByTestId('param-temperature-error').textContent()).toMatch(/from 0 to 2/);
    expect(await page.getByTestId('send-disabled-reason').textContent()).toMatch(
      /^Temperature: .* Fix it in Parameters/,
    );
    await page.getByTestId('composer-input').fill('Is this sent?');
    await page.getByTestId('composer-input').press('Enter');
    expect(await page.getByTestId('message-user').count()).toBe(0);
    expect(await page.getByTestId('composer-input').inputValue()).toBe('Is this sent?');

    await temperature.fill('0.7');
    await expect.poll(() => page.getByTestId('param-temperature-error').count()).toBe(0);
    expect(await slider.getAttribute('aria-valuetext')).toBeNull();
    expect(await slider.inputValue()).toBe('0.7');
    expect(await page.getByTestId('composer-params').textContent()).toContain('temperature 0.7');
    // Reset goes back to the service default
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByTestId('composer-input').fill('');
    expect(await slider.getAttribute('aria-valuetext')).toBe('service default');
  });

  it('keeps two turns in every format; the generate-content signature goes back and is marked', async () => {
    for (const [tab, model] of Object.entries(MODELS)) {
      const c = { tab, model };
      await converse(tab, twoQuestions(tab));

      expect(await replies().count()).toBe(2);
      for (const reply of await replies().all())
        expect(await reply.getAttribute('data-status')).toBe('complete');
      expect(await lastReply().getByTestId('message-text').textContent()).toContain('Second question');
      const meta = await lastReply().getByTestId('turn-meta').textContent();
      expect(meta).toContain(c.model);
      expect(meta).toMatch(/\d+ in/);
      expect(meta).toMatch(/\d+ out/);
      expect(await page.getByTestId('conversation-totals').textContent()).toMatch(/^2 replies/);
      expect(await page.getByTestId('message-user').count()).toBe(2);

      if (c.tab === 'generate') {
        // the simulator refuses a follow-up whose signature was not sent back: a complete second reply proves it
        expect(await replies().first().getByTestId('signature-kept').count()).toBe(1);
        expect(await replies().first().getByTestId('signature-kept').getAttribute('title')).toBe(
          'signature kept: will be sent back verbatim',
        );
        expect(await replies().first().getByTestId('thoughts').count()).toBe(1);
        expect(await replies().first().getByTestId('thoughts').getAttribute('open')).toBeNull();
      }
    }
    // each tab keeps its own conversations
    await page.getByTestId('tab-messages').click();
    await expect.poll(() => page.getByTestId('conversation-item').count()).toBe(1);
    expect(await page.getByTestId('model-picker-input').inputValue()).toBe('claude-haiku-4-5');
  });

  it('stops a streaming reply and keeps the partial text, marked as cut off', async () => {
    await stoppedReply();
    const partial = page.locator('[data-testid="message-assistant"][data-status="partial"]');
    const notice = partial.getByTestId('end-notice');
    expect(await notice.getAttribute('data-reason')).toBe('stopped');
    expect(await notice.textContent()).toContain('You stopped this reply.');
    expect(((await partial.getByTestId('message-text').textContent()) ?? '').length).toBeGreaterThan(0);
    expect(await page.getByTestId('message-user').last().textContent()).toContain('long story about otters');
  });

  it('keeps the blocks a long reply streamed into when it finishes, instead of rebuilding them', async () => {
    await newChat('chat');
    // Remember the first paragraph of the streaming reply once it is finished (in a group of finished
    // blocks; before that it is the growing last block, re-rendered as it grows).
    await page.evaluate(() => {
      const w = window as unknown as { firstBlock?: Element | undefined; blockWatch?: MutationObserver };
      w.firstBlock = undefined;
      w.blockWatch = new MutationObserver(() => {
        w.firstBlock ??= document.querySelector('[data-status="streaming"] .md-group > p') ?? undefined;
      });
      w.blockWatch.observe(document.body, { childList: true, subtree: true });
    });
    // paced 1 ms an event, so the page renders the reply while it streams
    await send('A long one [[tokens:3200]] [[gap:1]]');
    const kept = await page.evaluate(() => {
      const w = window as unknown as { firstBlock?: Element | undefined; blockWatch?: MutationObserver };
      w.blockWatch?.disconnect();
      const finished = [...document.querySelectorAll('[data-testid="message-assistant"]')].at(-1);
      return {
        seen: w.firstBlock !== undefined,
        connected: w.firstBlock?.isConnected ?? false,
        inFinished: finished !== undefined && w.firstBlock !== undefined && finished.contains(w.firstBlock),
        status: finished?.getAttribute('data-status'),
        length: finished?.querySelector('[data-testid="message-text"]')?.textContent?.length ?? 0,
      };
    });
    // long enough for block-by-block rendering (BLOCKWISE_CHARS), which is what a finished reply keeps
    expect(kept.length).toBeGreaterThan(16_000);
    expect(kept).toMatchObject({ seen: true, connected: true, inFinished: true, status: 'complete' });
  });

  it('shows a service error where the reply would be, keeps the message, and retries', async () => {
    await newChat('chat');
    // the client retries a 500 twice: three in a row reach the user
    await fault({ kind: 'status', status: 500, message: 'boom', times: 3, match: { interface: 'chat' } });
    await page.getByTestId('composer-input').fill('This one meets an error');
    await page.getByTestId('composer-input').press('Enter');
    // while the client waits between attempts, the reply says so
    await page
      .getByTestId('msg-waiting')
      .filter({ hasText: /Retrying, attempt [23] of 3 \(the last one failed: HTTP 500\)/ })
      .waitFor();
    const card = lastReply().getByTestId('error-card');
    await card.waitFor();
    expect(await lastReply().getAttribute('data-status')).toBe('error');
    expect(await card.textContent()).toContain('HTTP 500');
    expect(await card.textContent()).toContain('boom');
    expect(await page.getByTestId('message-user').last().textContent()).toContain('This one meets an error');

    await card.getByTestId('retry-button').click();
    await expect.poll(() => lastReply().getAttribute('data-status'), { timeout: 30_000 }).toBe('complete');
    expect(await page.getByTestId('error-card').count()).toBe(0);
    expect(await replies().count()).toBe(1);
    expect(await lastReply().getByTestId('message-text').textContent()).toContain('This one meets an error');
  });

  it('says when the connection broke mid-reply, keeps what came, and offers Retry', async () => {
    await brokenReply();
    const partial = page.locator('[data-testid="message-assistant"][data-status="partial"]');
    const notice = partial.getByTestId('end-notice');
    expect(await notice.getAttribute('data-reason')).toBe('network');
    expect(await notice.textContent()).toContain('The connection broke before the reply was complete.');
    expect(await notice.textContent()).not.toContain('You stopped');
    await notice.getByTestId('retry-button').click();
    await expect.poll(() => lastReply().getAttribute('data-status'), { timeout: 30_000 }).toBe('complete');
    expect(await page.getByTestId('end-notice').count()).toBe(0);
  });

  it('the inspector marks stopped and broken streams apart from failures, follows the request opened, filters and clears', async () => {
    // the oldest chat conversation first, then enough requests after it to push its own far down the list
    await converse('chat', twoQuestions('chat'));
    for (const tab of ['responses', 'messages', 'generate']) await converse(tab, twoQuestions(tab));
    await stoppedReply();
    await brokenReply();
    await newChat('chat');
    await fault({ kind: 'status', status: 500, message: 'boom', times: 3, match: { interface: 'chat' } });
    await send('This one meets an error');
    await page.getByTestId('inspector-toggle').click();
    const inspector = page.getByTestId('inspector');
    const items = inspector.getByTestId('exchange-item');
    await expect.poll(() => items.count()).toBeGreaterThan(10);
    const filter = inspector.getByTestId('exchanges-filter');

    for (const [word, note] of [
      ['stopped', 'stopped'],
      ['cut off', 'cut off'],
    ] as const) {
      await filter.fill(word);
      await expect.poll(() => items.count()).toBeGreaterThan(0);
      const row = items.first();
      expect(await row.getByTestId('exchange-item-note').textContent()).toBe(note);
      // the HTTP status is what the service answered, not painted as a failure
      expect(await row.getByTestId('exchange-item-status').textContent()).toBe('200');
      expect(await row.getByTestId('exchange-item-status').getAttribute('class')).toContain('is-ok');
      await row.click();
      expect(await inspector.getByTestId('exchange-status').textContent()).toMatch(/^HTTP 200, then /);
    }
    await filter.fill('');
    await inspector.getByTestId('exchanges-problems').check();
    const problems = await items.evaluateAll((els) =>
      els.map(
        (e) =>
          `${e.querySelector('[data-testid="exchange-item-status"]')?.textContent} ${e.querySelector('[data-testid="exchange-item-note"]')?.textContent ?? ''}`,
      ),
    );
    expect(problems.length).toBeGreaterThan(0);
    expect(
      problems.every((p) => /^[45]\d\d|stopped|cut off|no answer/.test(p)),
      problems.join('\n'),
    ).toBe(true);
    await inspector.getByTestId('exchanges-problems').uncheck();
    await filter.fill('no-such-request-anywhere');
    await inspector.getByTestId('exchanges-none-match').waitFor();
    await filter.fill('');

    // a reply of the oldest chat conversation: its request is far down the list, and is brought into view
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('conversation-item').last().locator('.conv-open').click();
    await lastReply().getByTestId('inspect').click();
    const selected = inspector.locator('[data-testid="exchange-item"][aria-current="true"]');
    await selected.waitFor();
    const wrap = await inspector.locator('.inspector-list-wrap').boundingBox();
    await expect
      .poll(async () => {
        const box = await selected.boundingBox();
        return (
          box !== null &&
          wrap !== null &&
          box.y >= wrap.y - 1 &&
          box.y + box.height <= wrap.y + wrap.height + 1
        );
      })
      .toBe(true);

    await inspector.getByTestId('exchanges-clear').click();
    await page.getByTestId('confirm-button').click();
    await expect.poll(() => items.count()).toBe(0);
    await inspector.getByText('No requests yet.').waitFor();
    // the reply's record is gone, and it says so
    await lastReply().getByTestId('inspect').click();
    await inspector.getByText('no longer').waitFor();
    await page.getByTestId('inspector-toggle').click();
  });

  it('edits a user message and resends from there', async () => {
    await newChat('responses');
    await send('Original wording');
    await send('A follow-up');
    const first = page.getByTestId('message-user').first();
    await first.hover();
    await first.getByTestId('edit-message').click();
    await page.getByTestId('edit-input').fill('Better wording');
    await page.getByTestId('edit-input').press('Enter');
    await expect.poll(() => page.getByTestId('message-user').count()).toBe(1);
    await expect.poll(() => lastReply().getAttribute('data-status'), { timeout: 30_000 }).toBe('complete');
    expect(await page.getByTestId('message-user').first().textContent()).toContain('Better wording');
    expect(await lastReply().getByTestId('message-text').textContent()).toContain('Better wording');
  });

  it('finds an old message in another tab and opens it at that turn', async () => {
    for (const tab of Object.keys(MODELS)) await converse(tab, twoQuestions(tab).slice(0, 1));
    await page.getByTestId('tab-responses').click();
    await page.getByTestId('search-input').fill('zebras');
    const hits = page.getByTestId('search-hit');
    await expect.poll(() => hits.count()).toBeGreaterThanOrEqual(4);
    const hit = hits.filter({ hasText: 'First question to generate' }).first();
    expect(await hit.locator('mark').first().textContent()).toBe('zebras');
    await hit.click();
    await expect.poll(() => page.getByTestId('tab-generate').getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() =>
        page.getByTestId('message-user').filter({ hasText: 'First question to generate' }).isVisible(),
      )
      .toBe(true);
  });

  it('exports a conversation as JSON and Markdown, imports the JSON back, and explains a bad file', async () => {
    await converse('messages', twoQuestions('messages'));
    await page.getByTestId('tab-messages').click();
    await page.getByTestId('conversation-item').first().locator('.conv-open').click();
    await page.getByTestId('message-user').first().waitFor();

    await page.getByTestId('export-menu').click();
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('menu-export-json').click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);
    const file = path.join(h.dataDir, 'export.json');
    await json.saveAs(file);
    const parsed = JSON.parse(await readFile(file, 'utf8')) as {
      quartet: string;
      conversation: { turns: unknown[] };
    };
    expect(parsed.quartet).toBe('conversation');
    expect(parsed.conversation.turns).toHaveLength(4);

    await page.getByTestId('export-menu').click();
    const [md] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('menu-export-markdown').click(),
    ]);
    expect(md.suggestedFilename()).toMatch(/\.md$/);

    const title =
      (await page.getByTestId('conversation-item').first().locator('.conv-title').textContent()) ?? '';
    await page.getByTestId('import-file').setInputFiles(file);
    await expect.poll(() => page.getByTestId('conversation-item').count()).toBe(2);
    // the copy is told apart from the original in the list
    expect(await page.getByTestId('conversation-item').locator('.conv-title').allTextContents()).toEqual(
      expect.arrayContaining([title, `${title} (imported)`]),
    );
    expect(await page.getByTestId('message-user').first().textContent()).toContain(
      'First question to messages',
    );

    const bad = path.join(h.dataDir, 'not-a-conversation.json');
    await writeFile(bad, '{"hello": "world"}');
    await page.getByTestId('import-file').setInputFiles(bad);
    await expect
      .poll(() => page.getByTestId('notice-error').last().textContent())
      .toMatch(/not-a-conversation\.json.*could not be imported/);
    expect(await page.getByTestId('conversation-item').count()).toBe(2);
  });

  it('still has everything after the host restarts', async () => {
    await converse('chat', twoQuestions('chat'));
    await stoppedReply();
    await converse('generate', twoQuestions('generate'));
    await converse('messages', twoQuestions('messages'));
    await converse('messages', ['Another conversation in messages']);
    // where the user was before the restart: a section, and a conversation open in it
    await page.getByTestId('tab-messages').click();
    const item = page.getByTestId('conversation-item').last();
    const openId = (await item.getAttribute('data-id')) ?? '';
    await item.locator('.conv-open').click();
    const title = await page.locator('.conv-heading-title').textContent();
    expect(title).not.toBe('New conversation');
    // the move is remembered by the host once it has settled: this tab, and this very conversation
    // (another one was open in the tab just before: waiting for the tab alone would race)
    await expect
      .poll(async () => {
        const r = await h.host.core.dispatch('getSettings', {}, { emit: () => undefined });
        return r.ok ? (r.value as { session?: unknown }).session : null;
      })
      .toMatchObject({ tab: 'messages', open: { messages: openId } });
    await h.restart();
    await h.ready();
    // it reopens there, not on an empty new conversation
    expect(await page.getByTestId('tab-messages').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.locator('.conv-heading-title').textContent()).toBe(title);
    await page.getByTestId('tab-chat').click();
    // chat: the two-turn conversation and the stopped one
    await expect.poll(() => page.getByTestId('conversation-item').count()).toBe(2);
    await page
      .getByTestId('conversation-item')
      .filter({ hasText: 'long story about otters' })
      .locator('.conv-open')
      .click();
    await page
      .locator('[data-testid="message-assistant"][data-status="partial"]')
      .locator('[data-testid="end-notice"][data-reason="stopped"]')
      .waitFor();

    await page.getByTestId('tab-generate').click();
    await page.getByTestId('conversation-item').first().locator('.conv-open').click();
    await expect.poll(() => replies().count()).toBe(2);
    expect(await replies().first().getByTestId('signature-kept').count()).toBe(1);
    expect(await page.getByTestId('model-picker-input').inputValue()).toBe('gemini-2.5-flash');

    await page.getByTestId('tab-messages').click();
    await expect.poll(() => page.getByTestId('conversation-item').count()).toBe(2);
  });
});
