import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest, type Harness } from './harness.ts';

/** Search results as a person reads them: titles that differ at their end, and where a match was. */

let h: Harness;
let page: Page;
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

const ctx = { emit: () => undefined };

/** A generate-content conversation with thought summaries and one exchange, made through the host. */
async function converse(title: string, text: string): Promise<void> {
  const created = await h.host.core.dispatch(
    'createConversation',
    { format: 'generate', model: 'gemini-2.5-flash', title, params: { stream: true, includeThoughts: true } },
    ctx,
  );
  if (!created.ok) throw new Error(created.error.message);
  const id = (created.value as { id: string }).id;
  const sent = await h.host.core.dispatch(
    'sendMessage',
    { requestId: randomUUID(), conversationId: id, text },
    ctx,
  );
  if (!sent.ok) throw new Error(sent.error.message);
}

async function search(words: string): Promise<void> {
  await page.reload();
  await h.ready();
  await page.getByTestId('tab-generate').click();
  await page.getByTestId('search-input').fill(words);
  await expect.poll(() => page.getByTestId('search-hit').count()).toBeGreaterThan(0);
}

describe('search results', () => {
  it('keeps the end of a long title in view, so titles that differ only there look different', async () => {
    const long = 'Why is the sky blue, and why are sunsets red at the end of a long summer day…';
    await converse(long, 'Why is the sky blue? Think it through briefly.');
    await converse(`${long} (imported)`, 'Why is the sky blue? Think it through briefly.');
    await search('sky');
    const titles = page.getByTestId('search-hit').locator('.hit-title');
    // (each conversation matches more than once: its question, reply and thoughts)
    expect(await titles.count()).toBeGreaterThanOrEqual(2);
    // what is on screen of each title: the parts not cut away
    const shown = await titles.evaluateAll((els) =>
      els.map((el) =>
        [...el.querySelectorAll<HTMLElement>('span')]
          .map((s) => {
            const cut = s.scrollWidth > s.clientWidth + 1;
            const seen = s.textContent ?? '';
            return cut ? `${seen.slice(0, 8)}…` : seen;
          })
          .join(''),
      ),
    );
    expect(new Set(shown).size).toBe(2);
    expect(shown.some((t) => t.endsWith('(imported)'))).toBe(true);
    // the whole title is still there to read
    expect(await titles.first().getAttribute('title')).toMatch(/^Why is the sky blue/);
  });

  it('labels a match in a thought summary "Thoughts:", not "Reply:"', async () => {
    await converse('Thinking aloud', 'Tell me about lighthouses');
    // the sandbox's thought summary says "…quotes them back fits best"; its reply never says "fits"
    await search('fits');
    const hit = page.getByTestId('search-hit').first();
    expect(await hit.locator('.hit-role').textContent()).toBe('Thoughts: ');
    expect(await hit.locator('mark').first().textContent()).toBe('fits');
    await search('lighthouses');
    const roles = await page.getByTestId('search-hit').locator('.hit-role').allTextContents();
    expect(roles).toContain('You: ');
  });
});
