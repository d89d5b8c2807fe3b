// The browser benchmarks' page probes: frame recording (rAF gaps and long-animation-frame entries), CDP
// figures (task time, heap), and timing the gallery's first screen. Shared by browser.bench.ts and
// images.bench.ts so both judge frames and the gallery the same way.
import type { CDPSession, Page } from 'playwright-core';

/**
 * Installed before the app's scripts: long-animation-frame entries (with the time their scripts took and
 * the time from rendering's start to the frame's end, to tell a slow script from slow layout, paint or
 * decoding) and a rAF frame recorder.
 */
export const PAGE_PROBE = `
window.__bench = { loafs: [], frames: [], recording: false };
try {
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.loafs.push({ start: e.startTime, duration: e.duration, script: (e.scripts || []).reduce((n, x) => n + x.duration, 0), render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0 }); })
    .observe({ type: 'long-animation-frame', buffered: true });
} catch {}
(function loop(prev) {
  requestAnimationFrame((t) => { if (window.__bench.recording) window.__bench.frames.push(t - prev); loop(t); });
})(performance.now());
`;

export interface Window {
  start: number;
  frames: number[];
  loafs: Loaf[];
}

export interface Loaf {
  start: number;
  duration: number;
  /** the scripts' share of the frame */
  script: number;
  /** from rendering's start (style, layout, paint) to the frame's end */
  render: number;
}

export async function beginWindow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const b = (window as unknown as { __bench: { frames: number[]; recording: boolean } }).__bench;
    b.frames = [];
    b.recording = true;
    return performance.now();
  });
}

export async function endWindow(page: Page, start: number): Promise<Window> {
  return page.evaluate((s) => {
    const b = (
      window as unknown as {
        __bench: { frames: number[]; recording: boolean; loafs: Loaf[] };
      }
    ).__bench;
    b.recording = false;
    return { start: s, frames: b.frames.slice(1), loafs: b.loafs.filter((l) => l.start >= s) };
  }, start);
}

export function longest(w: Window): number {
  return Math.max(0, ...w.frames, ...w.loafs.map((l) => l.duration));
}

export async function metric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((m) => m.name === name)?.value ?? NaN;
}

export async function heap(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage').catch(() => {});
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize;
}

export async function waitIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

/** Clicks the Images tab and times it until every image on the first screen has loaded and a frame is drawn. */
export async function openGallery(page: Page): Promise<{ ms: number; shown: number }> {
  return page.evaluate(async () => {
    const tab = document.querySelector('[data-testid="tab-images"]') as HTMLElement;
    const t0 = performance.now();
    tab.click();
    const deadline = t0 + 60_000;
    for (;;) {
      const imgs = [...document.querySelectorAll('[data-testid="gallery-item"] img')] as HTMLImageElement[];
      const visible = imgs.filter((i) => {
        const r = i.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight && r.width > 0;
      });
      if (visible.length > 0 && visible.every((i) => i.complete && i.naturalWidth > 0)) {
        await new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return { ms: performance.now() - t0, shown: visible.length };
      }
      if (performance.now() > deadline) return { ms: NaN, shown: visible.length };
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
}
