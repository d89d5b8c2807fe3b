// Issue 29's rows in Chromium through the browser host: a streamed Responses reply whose image tool sends
// three partial images and a 1536x1024 final image (frames and heap), and a gallery of 2,000 images of every
// source (images endpoint, responses tool, generate output, edits with parents) opening within the
// gallery budget of browser.bench.ts (#4). One seeded data folder, one host with its sandbox simulator.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { startHarness } from '../e2e/harness.ts';
import { openDataStore, seedMixedImages } from './seed.ts';
import { PAGE_PROBE, beginWindow, endWindow, heap, longest, openGallery, waitIdle } from './page-frames.ts';
import { mb, ms, verdict, type BenchResult } from './util.ts';

const ITEM = 'images';
const GALLERY_COUNT = 2_000;
/** The gallery's first-screen budget, the same as #4's 500-image row in browser.bench.ts. */
const GALLERY_BUDGET_MS = 300;
const FRAME_BUDGET_MS = 50;
const HEAP_BUDGET = 50 * 1024 * 1024;

/** A new Responses conversation with the image tool on: three partial images, a 1536x1024 final one. */
async function imageToolChat(page: Page): Promise<void> {
  await page.getByTestId('tab-responses').click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
  const input = page.getByTestId('model-picker-input');
  await input.click();
  await page.getByRole('listbox', { name: 'Models' }).locator('[data-model="gpt-5-mini"]').click();
  if (!(await page.getByTestId('param-tools').isVisible())) await page.getByTestId('composer-params').click();
  await page.getByTestId('param-tools').waitFor();
  if (!(await page.getByTestId('param-stream').isChecked())) await page.getByTestId('param-stream').check();
  await page.getByTestId('param-imageGeneration').check();
  await page.getByTestId('param-partialImages').fill('3');
  await page.getByTestId('param-image-size').selectOption('1536x1024');
}

/** Sends `prompt` and waits until the final image is drawn; frames, partial images seen, heap. */
async function streamImage(page: Page, cdp: CDPSession, prompt: string) {
  const before = await page.getByTestId('reply-image').count();
  // each partial image the page draws, counted as it appears (each replaces the last)
  await page.evaluate(() => {
    const w = window as unknown as { __partials: string[] };
    w.__partials = [];
    new MutationObserver(() => {
      const n = document.querySelector('[data-testid="reply-image-partial"]')?.getAttribute('data-partial');
      if (n != null && w.__partials[w.__partials.length - 1] !== n) w.__partials.push(n);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByTestId('composer-input').fill(prompt);
  await waitIdle(page);
  const start = await beginWindow(page);
  const t0 = performance.now();
  await page.getByTestId('composer-input').press('Enter');
  await page.waitForFunction(
    (n) => {
      const imgs = [...document.querySelectorAll('[data-testid="reply-image"] img')] as HTMLImageElement[];
      return (
        imgs.length > n &&
        imgs.every((i) => i.complete && i.naturalWidth > 0) &&
        !document.querySelector('[data-status="streaming"]')
      );
    },
    before,
    { timeout: 120_000, polling: 'raf' },
  );
  await waitIdle(page);
  const wall = performance.now() - t0;
  const w = await endWindow(page, start);
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const drawn = await page.evaluate(() => {
    const imgs = [...document.querySelectorAll('[data-testid="reply-image"] img')] as HTMLImageElement[];
    const last = imgs[imgs.length - 1]!;
    return {
      partials: (window as unknown as { __partials: string[] }).__partials.length,
      width: last.naturalWidth,
      height: last.naturalHeight,
      dataUrls: imgs.filter((i) => i.src.startsWith('data:')).length,
    };
  });
  return {
    wall,
    longest: longest(w),
    worstLoaf: w.loafs.reduce<(typeof w.loafs)[number] | undefined>(
      (a, l) => (a && a.duration >= l.duration ? a : l),
      undefined,
    ),
    longFrames: w.frames.filter((f) => f > FRAME_BUDGET_MS).length,
    heapEnd: usedSize,
    heapAfterGc: await heap(cdp),
    ...drawn,
  };
}

export async function run(): Promise<BenchResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quartet-bench-images-'));
  const rows: BenchResult['rows'] = [];
  const notes: string[] = [];
  const store = openDataStore(dataDir);
  const seedT0 = performance.now();
  await seedMixedImages(store, dataDir, GALLERY_COUNT);
  const bySource = store.db
    .prepare(
      'SELECT source, count(*) AS n, count(parent_id) AS edits FROM images GROUP BY source ORDER BY source',
    )
    .all() as { source: string; n: number; edits: number }[];
  store.close();
  const seedMs = performance.now() - seedT0;

  const h = await startHarness({ dataDir });
  try {
    await h.context.addInitScript(PAGE_PROBE);
    await h.page.reload({ waitUntil: 'domcontentloaded' }).catch(() => {});
    await h.ready();
    const page = h.page;
    await page.setViewportSize({ width: 1400, height: 900 });
    const cdp = await h.context.newCDPSession(page);
    await cdp.send('Performance.enable');

    // ---- the streamed image reply ----
    await imageToolChat(page);
    await streamImage(page, cdp, 'a small boat on a calm lake'); // warm-up: the image code paths load
    await imageToolChat(page);
    const s = await streamImage(page, cdp, 'a lighthouse on a cliff at dusk');
    rows.push(
      {
        item: ITEM,
        name: 'Responses image tool, streamed: three partial images and a 1536x1024 final image, longest frame',
        measured:
          `${ms(s.longest, 0)} (${s.longFrames} rAF frames > 50 ms; ` +
          (s.worstLoaf
            ? `longest long-animation-frame ${ms(s.worstLoaf.duration, 0)}: scripts ${ms(s.worstLoaf.script, 0)}, ` +
              `rendering ${ms(s.worstLoaf.render, 0)}; `
            : 'no long-animation-frame entry; ') +
          `${s.partials} partial images drawn, final ${s.width}x${s.height}; Enter to final image ${ms(s.wall, 0)})`,
        budget: `≤ ${FRAME_BUDGET_MS} ms`,
        verdict: verdict(s.partials === 3 && s.width === 1536 && s.longest <= FRAME_BUDGET_MS),
      },
      {
        item: ITEM,
        name: 'Responses image tool, streamed: JS heap at the end',
        measured: `${mb(s.heapEnd)} (${mb(s.heapAfterGc)} after a forced collection; ${s.dataUrls} data: URLs in reply images)`,
        budget: '< 50 MB',
        verdict: verdict(s.heapEnd < HEAP_BUDGET),
      },
    );

    // ---- the gallery of 2,000 mixed images ----
    await page.getByTestId('tab-chat').click();
    await waitIdle(page);
    const cold = await openGallery(page);
    // let thumbnails be made for the first screen(s), then reopen: the steady state, as #4 measures it
    await page.waitForTimeout(3000);
    await page.getByTestId('tab-chat').click();
    await waitIdle(page);
    const warm = await openGallery(page);
    const items = await page.evaluate(() => document.querySelectorAll('[data-testid="gallery-item"]').length);
    rows.push({
      item: ITEM,
      name: `Gallery of ${GALLERY_COUNT.toLocaleString('en')} mixed images (4 sources, a quarter edits): first screen`,
      measured: `${ms(warm.ms, 0)} with thumbnails stored (${warm.shown} images, ${items} items in the DOM); first ever open ${ms(cold.ms, 0)}`,
      budget: `≤ ${GALLERY_BUDGET_MS} ms (#4)`,
      verdict: verdict(warm.ms <= GALLERY_BUDGET_MS),
    });

    notes.push(
      `**Images in conversations and the mixed gallery (images).** The stream: the Responses tab, \`gpt-5-mini\`, ` +
        'streaming on, the Image generation tool on with `partial_images` 3 and size 1536x1024, against the ' +
        "host's sandbox simulator (its image tool sends three `response.image_generation_call.partial_image` " +
        'events, each a coarser version of the final image, then the final PNG); one warm-up reply, then the ' +
        'measured one in a new conversation, from Enter until the final image has loaded and no turn streams. ' +
        'Frames and heap as in #2: requestAnimationFrame deltas and `long-animation-frame` entries; heap is ' +
        '`Runtime.getHeapUsage` used size at the end, without and with a forced collection. The longest ' +
        "long-animation-frame is split into its scripts' time and the time from rendering's start to its end; " +
        'the rest of a long frame is neither (tasks outside attributed scripts, image decoding, garbage ' +
        'collection, or a main thread waiting for a loaded CPU). The gallery: ' +
        `${GALLERY_COUNT.toLocaleString('en')} rows seeded in ${(seedMs / 1000).toFixed(1)} s through the ` +
        `repositories (${bySource.map((r) => `${r.source} ${r.n}`).join(', ')}; every edit's parent is the ` +
        'image before it, responses and generate images linked to turns of a seeded conversation of their ' +
        'format), each with its own 96x64 PNG file, since the gallery serves files; opened as #4 opens it: the ' +
        'Images tab clicked, timed until every image on the first screen has loaded and a frame is drawn, once ' +
        'cold (thumbnails made then) and again after three seconds with thumbnails stored (the judged figure).',
    );
  } finally {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { rows, notes };
}
