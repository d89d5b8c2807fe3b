import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openStore } from '../../electron/store/index.ts';
import { seedConversations } from '../bench/seed.ts';
import { chatSteps } from './chat-steps.ts';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * PROVES: in Chromium, a code block with a very long line scrolls sideways inside its own box while the
 * message list keeps its width, at 1280x800 and 720x480; a reply taller than the view gets buttons that
 * stay in view while it is read and bring its start and its end into view, and a short reply gets none;
 * a new reply is followed until its question reaches the top of the view and then grows below it without
 * moving the view, unless the user goes to its end (Latest, or scrolling), where it is followed until done;
 * a long conversation flung through shows every reply's text as it passes and its Markdown once the list
 * settles, and one scrolled slowly is never shown plain.
 */

let page: Page;
let h: Harness;
harnessPerTest((harness) => {
  h = harness;
  page = harness.page;
});

const { finished, newChat, send } = chatSteps(() => page);

it('scrolls a wide code block inside its box, never the message list', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await newChat();
  await send('Hello');
  const reply = finished().last();
  await reply.hover();
  await reply.getByTestId('edit-reply').click();
  const wide = `const line = '${'wide '.repeat(120)}';`;
  await page.getByTestId('edit-reply-input').fill(`Wide code:\n\n\`\`\`ts\n${wide}\n\`\`\`\n\nAfter.`);
  await page.getByTestId('edit-reply-save').click();
  const pre = finished().last().locator('.md-code pre');
  await pre.waitFor();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 720, height: 480 },
  ]) {
    await page.setViewportSize(size);
    const measure = () =>
      pre.evaluate((el) => {
        const list = el.closest('.msg-scroll')!;
        const code = el.closest('.md-code')!;
        return {
          preScrolls: el.scrollWidth > el.clientWidth + 100,
          listFits: list.scrollWidth <= list.clientWidth,
          codeInList: code.getBoundingClientRect().right <= list.getBoundingClientRect().right,
          pageFits: document.documentElement.scrollWidth <= window.innerWidth,
        };
      });
    // measured once the page has laid out at its new size (a frame or two after the resize)
    await expect.poll(measure, { message: `${size.width}x${size.height}` }).toEqual({
      preScrolls: true,
      listFits: true,
      codeInList: true,
      pageFits: true,
    });
  }
});

it('gives a reply taller than the view buttons to its start and end, and a short one none', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await newChat();
  await send('Hello');
  expect(await finished().last().getByTestId('reply-jump').count()).toBe(0);
  // short enough (under 16,000 characters) to be rendered by another branch once the stream ends
  await send('A long answer please [[tokens:1500]]');
  const reply = finished().last();
  // the bar has no height of its own (it must not move the text): attached, with visible buttons
  const jump = reply.getByTestId('reply-jump');
  await jump.waitFor({ state: 'attached' });
  expect(await jump.getByTestId('jump-start').isVisible()).toBe(true);
  const edges = () =>
    reply.getByTestId('message-text').evaluate((el) => {
      const md = el.querySelector('.md')!.getBoundingClientRect();
      const list = el.closest('.msg-scroll')!.getBoundingClientRect();
      return { top: Math.round(md.top - list.top), bottom: Math.round(list.bottom - md.bottom) };
    });
  await jump.getByTestId('jump-start').click();
  await expect.poll(async () => (await edges()).top).toBeGreaterThanOrEqual(0);
  expect((await edges()).top).toBeLessThan(40);
  // the buttons float at the bottom of the view while the reply runs past it, wherever it is read
  const inView = () =>
    jump.getByTestId('jump-end').evaluate((button) => {
      const b = button.getBoundingClientRect();
      const list = button.closest('.msg-scroll')!.getBoundingClientRect();
      return b.top >= list.top && b.bottom <= list.bottom;
    });
  await expect.poll(inView).toBe(true);
  await reply.evaluate((el) => {
    const list = el.closest('.msg-scroll')!;
    list.scrollTop += el.getBoundingClientRect().height / 2;
  });
  await expect.poll(inView).toBe(true);
  await jump.getByTestId('jump-end').click();
  await expect.poll(async () => (await edges()).bottom).toBeGreaterThanOrEqual(0);
  expect((await edges()).bottom).toBeLessThan(40);
});

/** Where the list is: its last question's top in the view, and how far the view is from the list's end. */
const listPlace = () =>
  page.getByTestId('message-list').evaluate((list) => {
    const questions = list.querySelectorAll('[data-testid="message-user"]');
    const question = questions[questions.length - 1]!.getBoundingClientRect();
    return {
      questionTop: Math.round(question.top - list.getBoundingClientRect().top),
      scrollTop: Math.round(list.scrollTop),
      height: list.scrollHeight,
      fromEnd: Math.round(list.scrollHeight - list.scrollTop - list.clientHeight),
    };
  });

it('follows a new reply until its question reaches the top, then lets it grow below; Latest follows it to its end', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await newChat();
  await send('Hello');
  // a short reply is followed to its end
  expect((await listPlace()).fromEnd).toBeLessThan(48);
  expect(await page.getByTestId('jump-latest').count()).toBe(0);

  // a long one stops with its question at the top, its start in view and its end below
  await send('A long answer please [[tokens:3000]]');
  const stopped = await listPlace();
  expect(stopped.questionTop).toBeGreaterThanOrEqual(0);
  expect(stopped.questionTop).toBeLessThan(40);
  expect(stopped.fromEnd).toBeGreaterThan(2000);
  await page.getByTestId('jump-latest').click();
  await expect.poll(async () => (await listPlace()).fromEnd).toBeLessThan(48);

  // a paced one: once its question is at the top the text grows below it without moving the view...
  const streaming = page.locator('[data-testid="message-assistant"][data-status="streaming"]');
  await page.getByTestId('composer-input').fill('Slowly, at length [[tokens:1500]] [[gap:4]]');
  await page.getByTestId('composer-input').press('Enter');
  await page.getByTestId('jump-latest').waitFor();
  expect(await streaming.count()).toBe(1);
  const reading = await listPlace();
  expect(reading.questionTop).toBeLessThan(40);
  await expect.poll(async () => (await listPlace()).height).toBeGreaterThan(reading.height + 300);
  expect((await listPlace()).scrollTop).toBe(reading.scrollTop);
  // ...and once the user scrolls to its end, it is followed there until it is done
  await page.getByTestId('message-list').hover();
  await page.mouse.wheel(0, 100_000);
  await expect.poll(async () => (await listPlace()).fromEnd).toBeLessThan(48);
  const grown = (await listPlace()).height;
  await expect.poll(async () => (await listPlace()).height).toBeGreaterThan(grown + 300);
  expect(await streaming.count()).toBe(1);
  expect((await listPlace()).fromEnd).toBeLessThan(48);
  await expect.poll(() => streaming.count(), { timeout: 30_000 }).toBe(0);
  await expect.poll(async () => (await listPlace()).fromEnd).toBeLessThan(48);
  expect(await page.getByTestId('jump-latest').count()).toBe(0);

  // in a small window too, where the list moves more as each row is measured
  await page.setViewportSize({ width: 720, height: 480 });
  await newChat();
  await send('Hello');
  await send('Once more at length [[tokens:3000]]');
  const small = await listPlace();
  expect(small.questionTop).toBeGreaterThanOrEqual(0);
  expect(small.questionTop).toBeLessThan(40);
  expect(small.fromEnd).toBeGreaterThan(2000);
  // and Latest shows as soon as a held reply grows past the view, not only once it is done
  await page.getByTestId('composer-input').fill('Slowly once more [[tokens:1500]] [[gap:4]]');
  await page.getByTestId('composer-input').press('Enter');
  await expect.poll(() => streaming.count()).toBe(1);
  await page.getByTestId('jump-latest').waitFor();
  expect(await streaming.count()).toBe(1);
});

/** Opens a stored conversation of `turns` turns (a code block in every fourth message). */
async function openSeeded(title: string, turns: number): Promise<void> {
  const store = openStore(path.join(h.dataDir, 'quartet.db'));
  seedConversations(store, { conversations: 1, perConversation: turns, bytesPerMessage: 200, title });
  store.close();
  await page.reload();
  await h.ready();
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('conversation-item').filter({ hasText: title }).locator('.conv-open').click();
  await page.locator('.msg-row').first().waitFor();
}

/** What the replies in view look like: shown plain (skimmed), and any without their text. */
const repliesInView = () =>
  page.getByTestId('message-list').evaluate((list) => {
    const box = list.getBoundingClientRect();
    const inView = [...list.querySelectorAll('[data-testid="message-assistant"]')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.bottom > box.top && r.top < box.bottom;
    });
    return {
      count: inView.length,
      skimmed: inView.filter((el) => el.querySelector('.md-skimmed')).length,
      withoutText: inView.filter((el) => !/Message \d+:/.test(el.textContent ?? '')).length,
      highlighted: inView.filter((el) => el.querySelector('code.hljs')).length,
    };
  });

it('shows the text of replies flung past at once, and their Markdown once the list settles', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSeeded('Flung through', 800);
  // a fling upwards: 4,000 px a frame (the list is about 100,000 px), each step seen after its frame
  const seen = await page.getByTestId('message-list').evaluate(async (list) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const steps: { skimmed: number; withoutText: number }[] = [];
    for (let i = 0; i < 12; i++) {
      list.scrollTop -= 4000;
      await frame();
      await frame();
      const replies = [...list.querySelectorAll('[data-testid="message-assistant"]')];
      steps.push({
        skimmed: replies.filter((el) => el.querySelector('.md-skimmed')).length,
        withoutText: replies.filter((el) => !/Message \d+:/.test(el.textContent ?? '')).length,
      });
    }
    return steps;
  });
  expect(seen.some((s) => s.skimmed > 0)).toBe(true);
  expect(seen.every((s) => s.withoutText === 0)).toBe(true);
  // settled: every reply in view in full, code highlighted
  await expect.poll(async () => (await repliesInView()).skimmed, { timeout: 10_000 }).toBe(0);
  const settled = await repliesInView();
  expect(settled.count).toBeGreaterThanOrEqual(2);
  expect(settled.withoutText).toBe(0);
  await expect.poll(async () => (await repliesInView()).highlighted).toBeGreaterThan(0);
});

it('never shows replies plain while a conversation is scrolled at reading speed', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSeeded('Read slowly', 200);
  // 40 px at a time, each step waiting for its scroll event to be handled and 30 ms more
  const skimmedAtSomePoint = await page.getByTestId('message-list').evaluate(async (list) => {
    let skimmed = 0;
    for (let i = 0; i < 40; i++) {
      const scrolled = new Promise((r) => list.addEventListener('scroll', r, { once: true }));
      list.scrollTop -= 40;
      await scrolled;
      await new Promise((r) => requestAnimationFrame(r));
      skimmed += list.querySelectorAll('.md-skimmed').length;
      await new Promise((r) => setTimeout(r, 30));
    }
    return skimmed;
  });
  expect(skimmedAtSomePoint).toBe(0);
});
