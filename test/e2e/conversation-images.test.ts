import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessPerTest } from './harness.ts';

/**
 * Images inside conversations against the sandbox: the Responses tab's Image generation tool with partial
 * images, whose final image settles in the reply and is edited by the next turn; and the Generate Content
 * tab's image output, edited by a second turn whose signed image part goes back (no warning in the reply).
 */

let page: Page;
harnessPerTest((harness) => {
  page = harness.page;
});

const finished = () => page.locator('[data-testid="message-assistant"]:not([data-status="streaming"])');

async function newChat(tab: 'responses' | 'generate', model: string): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
  const input = page.getByTestId('model-picker-input');
  await input.click();
  await page.getByRole('listbox', { name: 'Models' }).locator(`[data-model="${model}"]`).click();
  await expect.poll(() => input.inputValue()).toBe(model);
  if (!(await page.getByTestId('param-tools').isVisible())) await page.getByTestId('composer-params').click();
  await page.getByTestId('param-tools').waitFor();
}

async function send(text: string): Promise<void> {
  const before = await finished().count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect.poll(() => finished().count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await expect.poll(() => page.locator('[data-status="streaming"]').count(), { timeout: 30_000 }).toBe(0);
}

/** The mean brightness of a reply image as the page drew it (loaded from the host's media route). */
async function brightness(index: number): Promise<number> {
  const img = page.getByTestId('reply-image').nth(index).locator('img');
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  return img.evaluate((el) => {
    const image = el as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const ctx = canvas.getContext('2d');
    if (!ctx) return -1;
    ctx.drawImage(image, 0, 0, 64, 64);
    const data = ctx.getImageData(0, 0, 64, 64).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += (data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0);
    return sum / (64 * 64 * 3);
  });
}

describe('images in conversations', () => {
  it('responses: the image tool streams partial images, settles the final one, and the next turn edits it', async () => {
    await newChat('responses', 'gpt-5-mini');
    await page.getByTestId('param-imageGeneration').check();
    await page.getByTestId('param-partialImages').fill('2');
    await page.getByTestId('param-image-size').selectOption('1024x1024');
    // every partial image that is ever drawn, seen as it appears
    await page.evaluate(() => {
      const seen: string[] = [];
      // what the reply's status line said while a partial image was on screen
      const said = new Set<string>();
      Object.assign(window, { seenPartials: seen, saidWithPartial: said });
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="reply-image-partial"]');
        const n = el?.getAttribute('data-partial');
        if (n != null && seen[seen.length - 1] !== n) seen.push(n);
        const line = document.querySelector('[data-testid="msg-waiting"]')?.textContent;
        if (n != null && line) said.add(line);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await send('a sky over the sea');
    const seen = await page.evaluate(() => (window as unknown as { seenPartials: string[] }).seenPartials);
    expect(seen.length).toBeGreaterThan(0);
    // once an image is being drawn, the reply is no longer awaited
    const said = await page.evaluate(() => [
      ...(window as unknown as { saidWithPartial: Set<string> }).saidWithPartial,
    ]);
    expect(said).not.toContain('Waiting for the reply…');
    expect(await page.getByTestId('reply-image-partial').count()).toBe(0);
    await expect.poll(() => page.getByTestId('reply-image').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('reply-image-prompt').first().textContent())
      .toContain('a sky over the sea');
    expect(await page.getByTestId('reply-image-settings').first().textContent()).toContain('1024×1024');
    const before = await brightness(0);

    await send('make the sky darker');
    await expect.poll(() => page.getByTestId('reply-image').count()).toBe(2);
    expect(await brightness(1)).toBeLessThan(before * 0.75);
  });

  it('generate: image output in the asked aspect ratio, and an edit turn that sends the signed image back', async () => {
    await newChat('generate', 'gemini-2.5-flash');
    await page.getByTestId('param-imageOutput').check();
    await page.getByTestId('param-aspect-ratio').selectOption('16:9');
    await send('a harbour at noon');
    await expect.poll(() => page.getByTestId('reply-image').count()).toBe(1);
    expect(await page.getByTestId('reply-image-settings').first().textContent()).toContain('1344×768');

    await send('add a red circle');
    await expect.poll(() => page.getByTestId('reply-image').count()).toBe(2);
    expect(await finished().last().getByTestId('message-text').textContent()).not.toContain('Warning');
    const edited = page.getByTestId('reply-image').nth(1).locator('img');
    // loaded from the host's media route after the reply is shown: read once it has arrived
    await expect
      .poll(() => edited.evaluate((el) => (el as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const centre = await edited.evaluate((el) => {
      const image = el as HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const ctx = canvas.getContext('2d');
      ctx?.drawImage(image, 0, 0);
      return Array.from(ctx?.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data ?? []).slice(0, 3);
    });
    expect(centre).toEqual([220, 40, 40]);
  });
});
