import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningSimulator } from '../../electron/simulator/index.ts';
import { CANARY, keyForms, startCanarySimulator } from '../support/canary.ts';
import { writeFigures } from '../support/figures.ts';
import { startHarness, type Harness } from './harness.ts';

/**
 * PROVES: in Chromium, through the browser host, a canary key typed into the Settings page of a new
 * connection (pointing at a simulator that accepts it) and then used (the key test, a streamed chat turn,
 * the inspector, copy as curl) is nowhere in the page afterwards: not in the DOM (outerHTML), not in any
 * input's value, not in localStorage or sessionStorage, not in any WebSocket frame the page received.
 * Only the key input itself holds it while it is being typed, and it is cleared once the key is saved.
 * Looked for: the key, its URL encoding, its base64, and the key without its last four characters.
 * Figures: test-results/reliability/keys-dom.json.
 */

let h: Harness;
let page: Page;
let sim: RunningSimulator;
const received: string[] = [];
const sent: string[] = [];
let sockets = 0;

beforeAll(async () => {
  sim = await startCanarySimulator();
  h = await startHarness();
  page = h.page;
  // Sockets opened from now on; the first one may already be open, so the page is reloaded below.
  page.on('websocket', (ws) => {
    sockets += 1;
    ws.on('framereceived', (f) =>
      received.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8')),
    );
    ws.on('framesent', (f) =>
      sent.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8')),
    );
  });
  await page.reload();
  await h.ready();
  await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.host.origin });
});
afterAll(async () => {
  await h?.close();
  await sim?.close();
});

const FORMS = keyForms(CANARY);
const leaksIn = (text: string): string[] => FORMS.filter((f) => text.includes(f));

/** Everything of the page a script could read: the DOM, every field's value, both storages. */
async function pageState(p: Page): Promise<{ html: string; values: string[]; storage: string }> {
  return p.evaluate(() => {
    const dump = (s: Storage) =>
      JSON.stringify(Array.from({ length: s.length }, (_, i) => [s.key(i), s.getItem(s.key(i) ?? '')]));
    const fields = Array.from(document.querySelectorAll('input, textarea, select')) as (
      HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
    )[];
    return {
      html: document.documentElement.outerHTML,
      values: fields.map((f) => f.value),
      storage: dump(localStorage) + dump(sessionStorage),
    };
  });
}

it('a canary key set in Settings and used is nowhere in the page, its storage or its frames', async () => {
  // A new connection to the simulator, made active.
  await page.getByTestId('tab-settings').click();
  await page.getByTestId('add-connection').click();
  const editor = page.getByTestId('connection-editor');
  await editor.getByTestId('settings-conn-name').fill('Canary simulator');
  await editor.getByTestId('settings-base-url').fill(sim.baseUrl);
  await editor.getByTestId('save-connection').click();
  await expect.poll(() => page.getByTestId('connection-item').count()).toBe(2);
  await page.getByTestId('connection-item').nth(1).click();
  await page.getByTestId('activate-connection').click();
  await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Canary simulator');

  // The key, typed: only this input holds it, and only until it is saved.
  const slot = page.getByTestId('key-slot-default');
  const input = slot.getByTestId('key-input-default');
  await input.pressSequentially(CANARY.slice(0, 8));
  await input.fill(CANARY);
  expect(await input.inputValue()).toBe(CANARY);
  const typing = await pageState(page);
  expect(typing.values.filter((v) => leaksIn(v).length > 0)).toEqual([CANARY]);
  expect(leaksIn(typing.storage)).toEqual([]);
  await slot.getByTestId('key-set-default').click();
  await expect
    .poll(() => slot.getByTestId('key-status-default').textContent())
    .toBe(`••••${CANARY.slice(-4)}`);
  expect(await input.inputValue()).toBe('');
  await slot.getByTestId('key-test-default').click();
  await expect
    .poll(() => slot.getByTestId('key-test-result-default').textContent())
    .toMatch(/lists \d+ models? for it/);

  // A streamed chat turn with that key.
  const requestsBefore = sim.requests.length;
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').fill('Tell me something long about lighthouses');
  await page.getByTestId('composer-input').press('Enter');
  const done = page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');
  await expect.poll(() => done.count(), { timeout: 30_000 }).toBe(1);
  expect(await done.first().getAttribute('data-status')).toBe('complete');
  expect(await done.first().getByTestId('message-text').textContent()).toContain('lighthouses');
  // the control: the key really travelled to the service
  const withKey = sim.requests.slice(requestsBefore).filter((r) => JSON.stringify(r).includes(CANARY));
  expect(withKey.length).toBeGreaterThan(0);

  // The inspector on that reply, and copy as curl.
  await done.first().getByTestId('inspect').click();
  const inspector = page.getByTestId('inspector');
  await inspector.getByTestId('exchange-detail').waitFor();
  expect(await inspector.getByTestId('exchange-url').textContent()).toContain(sim.baseUrl);
  await inspector.getByTestId('copy-curl').click();
  const curl = (await inspector.getByTestId('curl-text').textContent()) ?? '';
  expect(curl).toContain('$QUARTET_');
  const clipboard = await page.evaluate(() => navigator.clipboard.readText().catch(() => ''));

  // Back to Settings (the key slot shows its last four only), then everything the page holds.
  await page.getByTestId('tab-settings').click();
  await page.getByTestId('key-slot-default').waitFor();
  const after = await pageState(page);
  const figures = {
    sockets,
    framesReceived: received.length,
    bytesReceived: received.reduce((n, f) => n + f.length, 0),
    framesSent: sent.length,
    framesSentWithKey: sent.filter((f) => f.includes(CANARY)).length,
    htmlChars: after.html.length,
    fields: after.values.length,
    storageChars: after.storage.length,
    curlChars: curl.length,
    simulatorRequestsWithKey: withKey.length,
    leaks: {
      html: leaksIn(after.html).length,
      fields: after.values.filter((v) => leaksIn(v).length > 0).length,
      storage: leaksIn(after.storage).length,
      framesReceived: received.filter((f) => leaksIn(f).length > 0).length,
      curl: leaksIn(curl).length + leaksIn(clipboard).length,
    },
  };
  await writeFigures('keys-dom', figures);
  expect(figures.sockets).toBeGreaterThan(0);
  expect(figures.framesReceived).toBeGreaterThan(10);
  // The page sent the key exactly once: the setKey call.
  expect(figures.framesSentWithKey).toBe(1);
  expect(figures.leaks).toEqual({ html: 0, fields: 0, storage: 0, framesReceived: 0, curl: 0 });
  expect(h.problems.join('\n')).toBe('');
});
