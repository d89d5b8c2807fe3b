import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * Function calls end to end against the sandbox, in each of the four formats: a function defined from the
 * examples, a prompt that makes the simulated model call it, the call card, a result typed and sent, the
 * reply to it, and the second request read in the inspector in the format's own shape. Then parallel
 * calls with two results, a fixed result answered without asking, and generate on a signing model, whose
 * function-call part goes back with its thought signature.
 */

let page: Page;
harnessPerTest((harness) => {
  page = harness.page;
});

const MODELS = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
} as const;
type Tab = keyof typeof MODELS;

const finished = () => page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');

async function newChat(tab: Tab): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
  const input = page.getByTestId('model-picker-input');
  await input.click();
  await page.getByRole('listbox', { name: 'Models' }).locator(`[data-model="${MODELS[tab]}"]`).click();
  await expect.poll(() => input.inputValue()).toBe(MODELS[tab]);
}

async function openParams(): Promise<void> {
  if (!(await page.getByTestId('param-tools').isVisible())) await page.getByTestId('composer-params').click();
  await page.getByTestId('param-tools').waitFor();
}

async function addExample(name: string): Promise<void> {
  await openParams();
  await page.getByTestId('tool-add-example').selectOption(name);
  await page.locator(`[data-testid="tool-def"][data-name="${name}"]`).waitFor();
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

/** Types each result in the form (in call order) and sends them; waits for the reply to them. */
async function answer(results: string[]): Promise<void> {
  const form = page.getByTestId('tool-results-form');
  const inputs = form.getByTestId('tool-result-input');
  await expect.poll(() => inputs.count()).toBe(results.length);
  for (const [i, r] of results.entries()) await inputs.nth(i).fill(r);
  const before = await finished().count();
  await form.getByTestId('tool-results-send').click();
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await settled();
}

/** The request body of the last reply's exchange, parsed, from the inspector. */
async function lastRequestBody(): Promise<Record<string, unknown>> {
  await finished().last().hover();
  await finished().last().getByTestId('inspect').click();
  const detail = page.getByTestId('exchange-detail');
  await detail.waitFor();
  const body = detail.locator('.exchange-section', { hasText: 'Request body' }).locator('pre').first();
  await expect.poll(() => body.textContent()).toContain('{');
  const text = (await body.textContent()) ?? '';
  await page.getByTestId('inspector-toggle').click();
  return JSON.parse(text) as Record<string, unknown>;
}

const lastReplyText = () => finished().last().getByTestId('message-text').textContent();

/** Where each format puts the results in the next request (the wire notes' shapes). */
function resultsInRequest(tab: Tab, body: Record<string, unknown>): { id: unknown; content: unknown }[] {
  switch (tab) {
    case 'chat':
      return (body['messages'] as Record<string, unknown>[])
        .filter((m) => m['role'] === 'tool')
        .map((m) => ({ id: m['tool_call_id'], content: m['content'] }));
    case 'responses':
      return (body['input'] as Record<string, unknown>[])
        .filter((i) => i['type'] === 'function_call_output')
        .map((i) => ({ id: i['call_id'], content: i['output'] }));
    case 'messages': {
      const last = (body['messages'] as { role: string; content: Record<string, unknown>[] }[]).at(-1)!;
      expect(last.role).toBe('user');
      return last.content
        .filter((b) => b['type'] === 'tool_result')
        .map((b) => ({ id: b['tool_use_id'], content: b['content'] }));
    }
    case 'generate': {
      const last = (body['contents'] as { role: string; parts: Record<string, unknown>[] }[]).at(-1)!;
      expect(last.role).toBe('user');
      return last.parts
        .filter((p) => p['functionResponse'])
        .map((p) => {
          const r = p['functionResponse'] as Record<string, unknown>;
          return { id: r['name'], content: r['response'] };
        });
    }
  }
}

describe('function calls', () => {
  it.each(Object.keys(MODELS) as Tab[])(
    '%s: a call card, a typed result sent back in the format’s shape, and the reply to it',
    async (tab) => {
      await newChat(tab);
      await addExample('get_weather');
      await send('weather? [[call:get_weather]]');

      const card = finished().last().getByTestId('tool-call');
      expect(await card.count()).toBe(1);
      expect(await card.getByTestId('tool-call-name').textContent()).toBe('get_weather');
      const callId = (await card.getByTestId('tool-call-id').textContent()) ?? '';
      expect(callId).not.toBe('');
      // the arguments are an instance of the example's schema, shown indented
      expect(JSON.parse((await card.getByTestId('tool-call-args').textContent()) ?? '')).toHaveProperty(
        'city',
      );

      await answer(['{"temp": 21}']);
      expect(await lastReplyText()).toContain('Tool results received: get_weather → {"temp":21}');
      const results = page.locator('[data-kind="results"]').last();
      expect(await results.getByTestId('tool-result').textContent()).toBe('get_weather→{"temp":21}');
      expect(await page.getByTestId('tool-results-form').count()).toBe(0);

      const sent = resultsInRequest(tab, await lastRequestBody());
      expect(sent).toHaveLength(1);
      if (tab === 'generate') expect(sent[0]).toEqual({ id: 'get_weather', content: { temp: 21 } });
      else expect(sent[0]).toEqual({ id: callId, content: '{"temp": 21}' });
    },
  );

  it('parallel calls get one field each, and both results go back', async () => {
    await newChat('chat');
    await addExample('get_weather');
    await addExample('get_time');
    await send('weather and time? [[call:get_weather,get_time]]');
    const names = finished().last().getByTestId('tool-call-name');
    expect(await names.allTextContents()).toEqual(['get_weather', 'get_time']);
    await answer(['{"temp": 18}', '"12:00"']);
    expect(await lastReplyText()).toContain(
      'Tool results received: get_weather → {"temp":18}; get_time → "12:00".',
    );
    const sent = resultsInRequest('chat', await lastRequestBody());
    expect(sent.map((r) => r.content)).toEqual(['{"temp": 18}', '"12:00"']);
  });

  it('editing a results turn sends a new version of it; the reply after it can be answered again', async () => {
    await newChat('responses');
    await addExample('get_weather');
    await send('weather? [[call:get_weather]]');
    await answer(['{"temp": 21}']);

    const results = page.locator('[data-kind="results"]').last();
    await results.hover();
    await results.getByTestId('edit-message').click();
    const input = page.getByTestId('tool-result-input');
    expect(await input.inputValue()).toBe('{"temp": 21}');
    await input.fill('{"temp": 25}');
    const before = await finished().count();
    await page.getByTestId('tool-results-send').click();
    await expect.poll(() => lastReplyText(), { timeout: 30_000 }).toContain('get_weather → {"temp":25}');
    await settled();
    expect(await finished().count()).toBe(before);
    const edited = page.locator('[data-kind="results"]').last();
    expect(await edited.getByTestId('version-count').textContent()).toBe('2 / 2');
    await edited.getByTestId('version-prev').click();
    await expect.poll(() => lastReplyText()).toContain('get_weather → {"temp":21}');

    const last = finished().last();
    await last.hover();
    await last.getByTestId('regenerate').click();
    await settled();
    expect(await finished().last().getByTestId('version-count').textContent()).toBe('2 / 2');
    expect(await lastReplyText()).toContain('get_weather → {"temp":21}');
  });

  it('a function with a fixed result is answered without asking', async () => {
    await newChat('messages');
    await addExample('get_weather');
    await page.getByTestId('tool-fixed-on').check();
    await page.getByTestId('tool-fixed-result').fill('{"temp": 5, "sky": "clear"}');
    await send('weather? [[call:get_weather]]');
    // the call, the automatic results turn and the reply to them: two replies, no form waiting
    await expect
      .poll(() => lastReplyText(), { timeout: 30_000 })
      .toContain('Tool results received: get_weather → {"temp":5,"sky":"clear"}');
    await settled();
    expect(await finished().count()).toBe(2);
    expect(await page.locator('[data-kind="results"]').count()).toBe(1);
    expect(await page.getByTestId('tool-results-form').count()).toBe(0);
  });

  it('generate on a signing model: the function-call part goes back with its thought signature', async () => {
    await newChat('generate');
    await openParams();
    const thoughts = page.getByTestId('param-include-thoughts');
    if (!(await thoughts.isChecked())) await thoughts.check();
    await addExample('get_weather');
    await send('weather? [[call:get_weather]]');
    expect(await finished().last().getByTestId('signature-kept').count()).toBe(1);
    await answer(['{"temp": 30}']);
    expect(await finished().last().getAttribute('data-status')).toBe('complete');
    expect(await lastReplyText()).toContain('Tool results received: get_weather → {"temp":30}');

    const body = await lastRequestBody();
    const contents = body['contents'] as { role: string; parts: Record<string, unknown>[] }[];
    const model = contents.at(-2)!;
    expect(model.role).toBe('model');
    const call = model.parts.find((p) => p['functionCall']);
    expect(call?.['functionCall']).toMatchObject({ name: 'get_weather' });
    expect(typeof call?.['thoughtSignature']).toBe('string');
    expect(String(call?.['thoughtSignature'])).not.toBe('');
  });
});
