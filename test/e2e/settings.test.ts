import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SANDBOX_KEY } from '../../electron/simulator/index.ts';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * Settings end to end: a second connection to the sandbox's own address typed the way people paste
 * addresses, the live preview of every final URL, a key of which only the last four characters ever
 * show, the theme, and the connection check filling in as results arrive. Each test has a host and data
 * folder of its own and sets up the connections it needs.
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

const preview = (iface: string) => page.getByTestId(`endpoint-${iface}`).locator('td');

/** The built-in sandbox's address, read in Settings once a model list has started it. */
async function sandboxAddress(): Promise<string> {
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('model-picker-input').first().waitFor();
  await page.getByTestId('tab-settings').click();
  const url = page.getByTestId('settings-base-url');
  await expect.poll(() => url.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  return url.inputValue();
}

/** A second connection, "Sandbox by address", to the sandbox's own address; it stays selected. */
async function addConnectionByAddress(root: string): Promise<void> {
  await page.getByTestId('add-connection').click();
  const editor = page.getByTestId('connection-editor');
  await editor.getByTestId('settings-conn-name').fill('Sandbox by address');
  await editor.getByTestId('settings-base-url').fill(`${root}/v1/`);
  await editor.getByTestId('save-connection').click();
  await expect.poll(() => page.getByTestId('connection-item').count()).toBe(2);
}

/** Sets the selected connection's default key. */
async function setKey(key: string): Promise<void> {
  const slot = page.getByTestId('key-slot-default');
  await slot.getByTestId('key-input-default').fill(key);
  await slot.getByTestId('key-set-default').click();
  await expect.poll(() => slot.getByTestId('key-status-default').textContent()).toBe(`••••${key.slice(-4)}`);
}

/** Makes the second connection the active one. */
async function activateByAddress(): Promise<void> {
  await page.getByTestId('connection-item').nth(1).click();
  await page.getByTestId('activate-connection').click();
  await expect
    .poll(() => page.getByTestId('active-connection').textContent())
    .toContain('Sandbox by address');
}

describe('settings', () => {
  it('shows the built-in sandbox with its live address and built-in keys', async () => {
    // a model list request starts the sandbox; the settings page then shows where it listens
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('model-picker-input').first().waitFor();
    await page.getByTestId('model-picker-input').first().waitFor();
    // the first thing a new user reads: what the Sandbox is, and where a real service goes
    expect(await page.getByTestId('sandbox-note').textContent()).toMatch(
      /simulator .* echoes .* add a connection/,
    );
    await page.getByTestId('tab-settings').click();
    const url = page.getByTestId('settings-base-url');
    await expect.poll(() => url.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    const sandboxRoot = await url.inputValue();
    expect(await url.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('key-status-default').textContent()).toContain('built in');
    // not a secret: shown whole, so a copied curl command can be run against the Sandbox
    expect(await page.getByTestId('sandbox-key').textContent()).toContain(
      `export QUARTET_API_KEY=${SANDBOX_KEY}`,
    );
    expect(await preview('chat').textContent()).toBe(`${sandboxRoot}/v1/chat/completions`);
  });

  it('adds a connection: the preview follows what is typed, never doubling /v1, and explains a bad address', async () => {
    const sandboxRoot = await sandboxAddress();
    await page.getByTestId('add-connection').click();
    const editor = page.getByTestId('connection-editor');
    await editor.getByTestId('settings-conn-name').fill('Sandbox by address');
    const url = editor.getByTestId('settings-base-url');

    await url.fill('ftp://example.com');
    expect(await editor.getByTestId('base-url-message').textContent()).toMatch(/must start with http/);
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await preview('chat').textContent()).toBe('–');

    for (const typed of [`${sandboxRoot}/v1/`, `${sandboxRoot}/v1beta`, `${sandboxRoot}//`]) {
      await url.fill(typed);
      expect(await page.getByTestId('endpoint-root').textContent()).toBe(sandboxRoot);
      expect(await preview('chat').textContent()).toBe(`${sandboxRoot}/v1/chat/completions`);
      expect(await preview('messages').textContent()).toBe(`${sandboxRoot}/v1/messages`);
      expect(await preview('generate').textContent()).toBe(
        `${sandboxRoot}/v1beta/models/{model}:generateContent`,
      );
    }
    await url.fill(`${sandboxRoot}/v1/`);
    await editor.getByTestId('save-connection').click();
    await expect.poll(() => page.getByTestId('connection-item').count()).toBe(2);
  });

  it('sets a key and shows only its last four characters; Test lists the models with it', async () => {
    await addConnectionByAddress(await sandboxAddress());
    const slot = page.getByTestId('key-slot-default');
    await slot.getByTestId('key-input-default').fill(SANDBOX_KEY);
    await slot.getByTestId('key-set-default').click();
    await expect
      .poll(() => slot.getByTestId('key-status-default').textContent())
      .toBe(`••••${SANDBOX_KEY.slice(-4)}`);
    expect(await slot.getByTestId('key-input-default').inputValue()).toBe('');
    expect(await page.content()).not.toContain(SANDBOX_KEY);

    await slot.getByTestId('key-test-default').click();
    // the count is said once: "…lists 7 models for it.", not "…lists 7 models for it. (7 models)"
    await expect
      .poll(() => slot.getByTestId('key-test-result-default').textContent())
      .toMatch(/^\s*The key works: the service lists \d+ models for it\.$/);
    expect(await slot.getByTestId('key-test-result-default').getAttribute('class')).toContain('key-test-ok');
  });

  it('switches the theme at once', async () => {
    await page.getByTestId('tab-settings').click();
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByTestId('theme-dark').click();
    await expect.poll(theme).toBe('dark');
    await page.getByTestId('theme-light').click();
    await expect.poll(theme).toBe('light');
    // remembered: a reload keeps it
    await page.reload();
    await h.ready();
    await expect.poll(theme).toBe('light');
  });

  it('checks the new connection: results fill in with badges, the report downloads, a result opens in the inspector', async () => {
    const sandboxRoot = await sandboxAddress();
    await addConnectionByAddress(sandboxRoot);
    await setKey(SANDBOX_KEY);
    await activateByAddress();

    await page.getByTestId('check-connection').click();
    await expect.poll(() => page.getByTestId('check-result').count(), { timeout: 60_000 }).toBeGreaterThan(3);
    await page.getByTestId('check-report').waitFor({ timeout: 60_000 });
    const statuses = await page
      .getByTestId('check-result')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses.every((s) => ['pass', 'warn', 'fail', 'info'].includes(s ?? ''))).toBe(true);
    expect(statuses).toContain('pass');
    expect(statuses).not.toContain('fail');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('check-report').click();
    const report = await readFile(await (await downloading).path(), 'utf8');
    expect(report.startsWith('#')).toBe(true);
    expect(report).not.toContain(SANDBOX_KEY);

    const inspectable = page.getByTestId('check-result').getByRole('button', { name: /Inspect the request/ });
    await inspectable.first().click();
    const inspector = page.getByTestId('inspector');
    await inspector.getByTestId('exchange-detail').waitFor();
    expect(await inspector.getByTestId('exchange-url').textContent()).toContain(sandboxRoot);
    await inspector.getByTestId('copy-curl').click();
    const curl = (await inspector.getByTestId('curl-text').textContent()) ?? '';
    expect(curl).toContain('$QUARTET_');
    expect(curl).not.toContain(SANDBOX_KEY);
  });

  it('shows results only for the connection they were taken with, and leads with a refused key', async () => {
    await addConnectionByAddress(await sandboxAddress());
    await setKey(SANDBOX_KEY);
    await activateByAddress();
    await page.getByTestId('check-connection').click();
    await page.getByTestId('check-report').waitFor({ timeout: 60_000 });
    const results = page.getByTestId('check-result');
    const taken = await results.count();
    expect(taken).toBeGreaterThan(3);
    // another connection: the results are not its own
    await page.getByTestId('connection-item').first().click();
    await page.getByTestId('activate-connection').click();
    await expect.poll(() => page.getByTestId('active-connection').textContent()).not.toContain('by address');
    await expect.poll(() => results.count()).toBe(0);
    // back: they are again
    await page.getByTestId('connection-item').nth(1).click();
    await page.getByTestId('activate-connection').click();
    await expect.poll(() => results.count()).toBe(taken);

    // a new key: the old results described the old one
    const slot = page.getByTestId('key-slot-default');
    await slot.getByTestId('key-input-default').fill('sk-this-key-is-wrong-0000');
    await slot.getByTestId('key-set-default').click();
    await expect.poll(() => results.count()).toBe(0);

    await page.getByTestId('check-connection').click();
    const cause = page.getByTestId('check-cause');
    await cause.waitFor({ timeout: 60_000 });
    expect(await cause.textContent()).toMatch(/^The key was refused: GET .*\/v1\/models answered HTTP 401/);
    const passing = await results.evaluateAll((els) =>
      els.filter((e) => e.getAttribute('data-status') === 'pass').map((e) => e.textContent ?? ''),
    );
    // what a wrong key cannot fake: the service answers, and refuses wrong keys
    expect(
      passing.every((t) => /Reachable|doubled|Wrong key/i.test(t)),
      passing.join('\n'),
    ).toBe(true);
    const skipped = await results.evaluateAll((els) => els.map((e) => e.textContent ?? '').join('\n'));
    expect(skipped).not.toMatch(/--model|--images/);
    expect(skipped).toContain('Include image generation');
  });
});
