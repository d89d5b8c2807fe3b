// #2 The user's wait: from Enter until the last token is on screen and the reply is marked done, against
// a floor page that fetches the same stream and appends it once per frame; the host's CPU and its growth;
// the host's longest event-loop delay during a long stream; and Stop to stopped. The service runs in a
// child process (service-child.ts), apart from the host as a real service is, and so does the host
// (host-child.ts), apart from this process's browser driver as `npm run web` is: every figure of the
// host is the host's own. Floor and app take turns in the same Chromium.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { SANDBOX_KEY } from '../../electron/simulator/index.ts';
import { launchChromium } from '../e2e/harness.ts';
import type { SpanFigures } from './host-child.ts';
import { ms, percentile, verdict, type BenchResult } from './util.ts';
import { floorPage } from './floor-page.ts';

const ROUNDS = 5;
const SIZES = [10_000, 100_000] as const;
const WALL_BUDGET: Record<(typeof SIZES)[number], number> = { 10_000: 2, 100_000: 1.5 };
const CPU_GROWTH_BUDGET = 12;
const LOOP_DELAY_BUDGET_MS = 50;
const STOP_BUDGET_MS = 250;
const CHILD = fileURLToPath(new URL('./service-child.ts', import.meta.url));
const HOST_CHILD = fileURLToPath(new URL('./host-child.ts', import.meta.url));
const IDLE_CHILD = fileURLToPath(new URL('./idle-child.ts', import.meta.url));

/** The service and the floor page's server in a child process; resolves once both listen. */
async function startService(): Promise<{ child: ChildProcess; service: string }> {
  const child = spawn(process.execPath, [CHILD], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the service child exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return { child, ...(JSON.parse(line) as { service: string }) };
}

/** The browser host in a child process of its own, connected to `service`; resolves once it listens. */
function startHost(service: string, dataDir: string) {
  // BENCH_HOST_CPU_PROF=<folder> writes the host's V8 CPU profile there, to find its long tasks
  const prof = process.env.BENCH_HOST_CPU_PROF;
  return startMeasured(
    HOST_CHILD,
    [service, dataDir],
    prof ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${prof}`] : process.execArgv,
  );
}

/** A child that measures its own event loop over spans (span-meter.ts); resolves once it is ready. */
async function startMeasured(file: string, args: string[], execArgv = process.execArgv) {
  const child = fork(file, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the child ${path.basename(file)} exited (${code})`)));
    child.once('message', (m: { t: string; url: string }) => resolve(m.url));
  });
  const ask = <T>(t: string, answer: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { t: string }) => {
        if (m.t !== answer) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      child.send({ t });
    });
  return {
    url,
    /** the child's figures while `work` runs: event-loop delay, its own longest task, its CPU */
    async measure<T>(work: () => Promise<T>): Promise<{ value: T } & SpanFigures> {
      await ask('begin', 'begun');
      const outcome = await work().then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const figures = await ask<SpanFigures>('end', 'span');
      if ('error' in outcome) throw outcome.error;
      return { value: outcome.value, ...figures };
    },
    async close() {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.send({ t: 'close' });
      await gone;
    },
  };
}
type Host = Awaited<ReturnType<typeof startHost>>;

/**
 * Times a round in the page: from the timestamp of the event that starts it (when the browser received the
 * click or the key) to the moment the page shows the end (`shown` true, then the frame after for the app).
 * The driver's own waits are not the user's: a Playwright waitFor polls ever more slowly (0, 20, 50, 100,
 * 100 then every 500 ms), so a reply done just after a poll was counted up to half a second late, which
 * made about one round in five read 1 s where the page had shown it done at 0.5 s.
 */
function timeInPage(
  page: Page,
  start: { selector: string; type: 'click' | 'keydown' },
  end: { kind: 'floor' } | { kind: 'app'; lastWord: string },
) {
  return page.evaluate(
    ({ start, end }) =>
      new Promise<number>((resolve) => {
        const shown = () => {
          if (end.kind === 'floor') return document.body.dataset.done === '1';
          const replies = document.querySelectorAll('[data-testid="message-assistant"]');
          const last = replies[replies.length - 1];
          return (
            last !== undefined &&
            last.getAttribute('data-status') !== 'streaming' &&
            (last.textContent ?? '').includes(end.lastWord)
          );
        };
        const onStart = (e: Event) => {
          if (!(e.target instanceof Element) || !e.target.closest(start.selector)) return;
          if (e instanceof KeyboardEvent && e.key !== 'Enter') return;
          window.removeEventListener(start.type, onStart, true);
          const t0 = e.timeStamp;
          const watch = new MutationObserver(() => {
            if (!shown()) return;
            watch.disconnect();
            // the floor sets its mark inside the frame that shows its last token; the app's change shows
            // in the next frame
            if (end.kind === 'floor') resolve(performance.now() - t0);
            else requestAnimationFrame(() => resolve(performance.now() - t0));
          });
          watch.observe(document.body, {
            subtree: true,
            childList: true,
            characterData: true,
            attributes: true,
          });
        };
        window.addEventListener(start.type, onStart, true);
      }),
    { start, end },
  );
}

async function floorRound(page: Page, floorUrl: string, tokens: number): Promise<number> {
  await page.bringToFront();
  await page.goto(`${floorUrl}?tokens=${tokens}`);
  const wall = timeInPage(page, { selector: '#go', type: 'click' }, { kind: 'floor' });
  await page.click('#go');
  return wall;
}

const lastWord = (tokens: number): string => `w${tokens - 12}`;

/** A new chat in the app's tab, brought to the front (a tab behind another gets no animation frames). */
async function newChat(page: Page): Promise<void> {
  await page.bringToFront();
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('new-conversation').click();
  await page.getByTestId('composer-input').waitFor();
}

/**
 * Enter to the reply marked done with its last word on screen; the host's figures over the same span, and
 * the event-loop delay of an idle process in it (what the machine alone did to any process then).
 */
async function appRound(page: Page, host: Host, idle: Host, tokens: number) {
  await newChat(page);
  await page.getByTestId('composer-input').fill(`Bench [[tokens:${tokens}]]`);
  const {
    value: { value: wall, loopDelayMs, taskMs, cpuMs },
    loopDelayMs: idleDelayMs,
  } = await idle.measure(() =>
    host.measure(async () => {
      const wall = timeInPage(
        page,
        { selector: '[data-testid="composer-input"]', type: 'keydown' },
        { kind: 'app', lastWord: lastWord(tokens) },
      );
      await page.getByTestId('composer-input').press('Enter');
      return wall;
    }),
  );
  return { wall, cpuMs, stallMs: loopDelayMs, idleDelayMs, taskMs };
}

/**
 * Stop clicked once a long reply is streaming, until the reply shows as stopped: timed in the page, from
 * the click's own timestamp (when the browser received it, so a busy page's delay in handling it counts)
 * to the first frame that shows the reply no longer streaming. The driver's checks before it clicks
 * (visible, stable over two frames) are not the user's wait.
 */
async function stopRound(page: Page): Promise<number> {
  await newChat(page);
  // paced (1 ms between events) so that it is still streaming, as a reply from a real service would be
  await page.getByTestId('composer-input').fill('Bench stop [[tokens:100000]] [[gap:1]]');
  await page.getByTestId('composer-input').press('Enter');
  await page.locator('[data-testid="message-assistant"][data-status="streaming"]').first().waitFor();
  await page.getByText('w500', { exact: false }).first().waitFor({ timeout: 60_000 });
  const stopped = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const streaming = '[data-testid="message-assistant"][data-status="streaming"]';
        // on the window: the button may be drawn again between now and the click
        const onDown = (e: Event) => {
          if (!(e.target instanceof Element) || !e.target.closest('[data-testid="stop-button"]')) return;
          window.removeEventListener('pointerdown', onDown, true);
          const clicked = e.timeStamp;
          const check = () => {
            if (document.querySelector(streaming)) return false;
            // the frame that shows it
            requestAnimationFrame(() => resolve(performance.now() - clicked));
            return true;
          };
          if (check()) return;
          const watch = new MutationObserver(() => {
            if (check()) watch.disconnect();
          });
          watch.observe(document.body, {
            subtree: true,
            childList: true,
            attributes: true,
            attributeFilter: ['data-status'],
          });
        };
        window.addEventListener('pointerdown', onDown, true);
      }),
  );
  await page.getByTestId('stop-button').click();
  return stopped;
}

export async function run(): Promise<BenchResult> {
  const { child, service } = await startService();
  const floor = `${service}/__floor`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quartet-bench-wait-'));
  const host = await startHost(service, dataDir);
  const idle = await startMeasured(IDLE_CHILD, []);
  const browser = await launchChromium();
  const rows: BenchResult['rows'] = [];
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(host.url, { waitUntil: 'domcontentloaded' });
    await page.locator('[data-testid="app"][data-ready="true"]').waitFor({ state: 'attached' });
    const floorTab = await context.newPage();
    await floorTab.setViewportSize({ width: 1400, height: 900 });
    // the floor page at the simulator's origin, so that it fetches the stream as the app's host does
    await floorTab.route(`${floor}*`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: floorPage(SANDBOX_KEY) }),
    );

    // warm-up of both, then rounds taking turns (who goes first alternates)
    await floorRound(floorTab, floor, 1000);
    await appRound(page, host, idle, 1000);
    const figures = new Map<number, { floor: number[]; app: Awaited<ReturnType<typeof appRound>>[] }>();
    for (const tokens of SIZES) {
      const f = { floor: [] as number[], app: [] as Awaited<ReturnType<typeof appRound>>[] };
      figures.set(tokens, f);
      for (let round = 0; round < ROUNDS; round++) {
        if (round % 2 === 0) f.floor.push(await floorRound(floorTab, floor, tokens));
        f.app.push(await appRound(page, host, idle, tokens));
        if (round % 2 === 1) f.floor.push(await floorRound(floorTab, floor, tokens));
      }
    }
    for (const tokens of SIZES) {
      const f = figures.get(tokens)!;
      const floorMs = percentile(f.floor, 50);
      const appMs = percentile(
        f.app.map((a) => a.wall),
        50,
      );
      const ratio = appMs / floorMs;
      rows.push({
        item: '2',
        name: `Streaming ${tokens.toLocaleString('en')} tokens: Enter to the last token shown and the reply marked done, vs the floor page`,
        measured: `${ratio.toFixed(2)}x (Quartet ${ms(appMs, 0)} vs floor ${ms(floorMs, 0)}, medians of ${ROUNDS}; Quartet ${f.app.map((a) => a.wall.toFixed(0)).join(', ')} ms; floor ${f.floor.map((x) => x.toFixed(0)).join(', ')} ms)`,
        budget: `≤ ${WALL_BUDGET[tokens]}x the floor`,
        verdict: verdict(ratio <= WALL_BUDGET[tokens]),
      });
    }
    const small = figures.get(10_000)!.app;
    const big = figures.get(100_000)!.app;
    const cpuSmall = percentile(
      small.map((a) => a.cpuMs),
      50,
    );
    const cpuBig = percentile(
      big.map((a) => a.cpuMs),
      50,
    );
    rows.push({
      item: '2',
      name: 'Streaming 100,000 tokens: host CPU, and its ratio to 10,000 tokens',
      measured: `${(cpuBig / cpuSmall).toFixed(1)}x (${ms(cpuBig, 0)} vs ${ms(cpuSmall, 0)}, medians; the host's process alone)`,
      budget: `≤ ${CPU_GROWTH_BUDGET}x (linear)`,
      verdict: verdict(cpuBig / cpuSmall <= CPU_GROWTH_BUDGET),
    });
    // what the host adds to the delay an idle process on the same machine saw in the same stream: the
    // browser, the service and the host share two cores, and a stalled machine stalls every process
    const excess = big.map((a) => Math.max(0, a.stallMs - a.idleDelayMs));
    const worstExcess = Math.max(...excess);
    const each = (pick: (a: (typeof big)[number]) => number) => big.map((a) => pick(a).toFixed(0)).join(', ');
    rows.push({
      item: '2',
      name: "Streaming 100,000 tokens: the host's longest event-loop delay, beyond an idle process's in the same stream",
      measured: `${ms(worstExcess, 0)} (worst of ${ROUNDS} streams; the host's delay in each: ${each((a) => a.stallMs)} ms; an idle process's: ${each((a) => a.idleDelayMs)} ms; the host's own longest task, main-thread CPU: ${each((a) => a.taskMs)} ms)`,
      budget: `≤ ${LOOP_DELAY_BUDGET_MS} ms`,
      verdict: verdict(worstExcess <= LOOP_DELAY_BUDGET_MS),
    });
    const stops: number[] = [];
    for (let round = 0; round < ROUNDS; round++) stops.push(await stopRound(page));
    const worstStop = Math.max(...stops);
    rows.push({
      item: '2',
      name: 'Streaming 100,000 tokens: Stop to stopped',
      measured: `${ms(worstStop, 0)} (worst of ${ROUNDS}: ${stops.map((s) => s.toFixed(0)).join(', ')} ms)`,
      budget: `≤ ${STOP_BUDGET_MS} ms`,
      verdict: verdict(worstStop <= STOP_BUDGET_MS),
    });
  } finally {
    await browser.close();
    await host.close();
    await idle.close();
    child.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
  return {
    rows,
    notes: [
      "**The user's wait (#2, stream-wait.bench.ts).** The service (the simulator) runs in a child process. " +
        "The floor is a static page, opened at the simulator's origin, that fetches the same chat-completions stream, parses each " +
        'event and appends the text once per animation frame (a paragraph per blank line). Floor and Quartet take ' +
        `turns in one Chromium, ${ROUNDS} rounds per size after a warm-up, the first alternating. Both walls are timed ` +
        "in the page, from the timestamp of the key or click event that starts them: Quartet's until the frame after " +
        "the reply is marked done with its last word in it, the floor's until the frame that shows its last token " +
        "(the driver's polling is not the user's wait). The browser host runs in a process of its own, as `npm run web` " +
        "does: host CPU is that process's, its event-loop delay the maximum of `perf_hooks.monitorEventLoopDelay` " +
        '(1 ms resolution) from Enter to done, judged as what it adds to the delay that an idle Node process, measuring ' +
        'itself in the same span, saw (on two shared cores the busy browser stalls every process by 50-80 ms now and then); ' +
        'its own longest task is the most main-thread CPU between two turns of a 1 ms timer chain. Stop is clicked ' +
        'once 500 words of a 100,000-token reply paced 1 ms per event are on screen, and timed in the page from the click ' +
        "event's timestamp (so a busy page's delay in handling it counts) to the first frame after the reply no longer streams; " +
        "the driver's own checks before it clicks are not counted.",
    ],
  };
}
