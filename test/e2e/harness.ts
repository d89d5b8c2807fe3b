import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { launchWebHost, type RunningWebHost } from '../../electron/web/launch.ts';
import { createWebVault } from '../../electron/vault/select.ts';

/**
 * End-to-end harness: the browser host in this process (port 0, a temp data folder, keys in a 0600 file
 * there so they survive a restart), Debian's Chromium driven by playwright-core, and a page that has
 * opened the tokenised address. The renderer is built once by global-setup.ts.
 *
 *   const h = await startHarness();
 *   await h.ready();                      // the app has loaded its first data over the WebSocket
 *   ...h.page...
 *   await h.restart();                    // same data folder, new host and token, page reopened
 *   await h.close();
 *
 * A test file whose tests each stand on their own calls `harnessPerTest((h) => { ... })` instead.
 */

export const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export interface HarnessOptions {
  /** reuse a data folder (it is then not deleted on close) */
  dataDir?: string;
  /** default true: the built-in sandbox service */
  sandbox?: boolean;
  /** a browser shared by the file's tests: the harness opens a context of its own and leaves it running */
  browser?: Browser;
}

export interface Harness {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly browser: Browser;
  readonly host: RunningWebHost;
  readonly dataDir: string;
  /** console errors, uncaught page errors and CSP violations seen so far, in order */
  readonly problems: string[];
  /** host log lines (never contain a key) */
  readonly hostLog: string[];
  /** waits until the app says it is ready: its first calls over the WebSocket have been answered */
  ready(): Promise<void>;
  /**
   * stops the host, starts a new one on the same data folder, opens its new address in the same page.
   * samePort keeps the page's origin (and so its storage), as `npm run web` does on its fixed port;
   * whileDown runs between the two (the page still open, its socket refused).
   */
  restart(options?: { samePort?: boolean; whileDown?: () => Promise<void> }): Promise<void>;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'quartet-e2e-')));
  const hostLog: string[] = [];
  const problems: string[] = [];

  const startHost = async (port = 0): Promise<RunningWebHost> =>
    launchWebHost({
      dataDir,
      port,
      staticDir: RENDERER_DIR,
      vault: await createWebVault(dataDir, { keyring: false }),
      log: (line) => hostLog.push(line),
      ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    });

  let host = await startHost();
  const ownBrowser = options.browser === undefined;
  let browser: Browser;
  try {
    browser = options.browser ?? (await launchChromium());
  } catch (e) {
    await host.close();
    throw e;
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  // While the host is down on purpose (restart), the page's reconnecting socket is refused: expected.
  let restarting = false;
  // A host closed on purpose cuts what it was still sending (an image the viewer was paging through):
  // Chromium reports those loads as failed, possibly after the restart; they are expected too.
  const closedOrigins = new Set<string>();
  const fromClosedHost = (url: string) => [...closedOrigins].some((origin) => url.startsWith(`${origin}/`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url;
    if (restarting && /WebSocket connection to .* failed/.test(msg.text())) return;
    if (fromClosedHost(where) && /^Failed to load resource: net::ERR_/.test(msg.text())) return;
    problems.push(`console: ${msg.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));

  const open = async (): Promise<void> => {
    const response = await page.goto(host.url, { waitUntil: 'domcontentloaded' });
    if (!response?.ok()) throw new Error(`opening ${host.origin} failed: ${response?.status()}`);
  };
  await open();

  return {
    page,
    context,
    browser,
    get host() {
      return host;
    },
    dataDir,
    problems,
    hostLog,
    async ready() {
      await page.locator('[data-testid="app"][data-ready="true"]').waitFor({ state: 'attached' });
    },
    async restart(options = {}) {
      restarting = true;
      closedOrigins.add(host.origin);
      try {
        const port = options.samePort ? Number(new URL(host.origin).port) : 0;
        await host.close();
        await options.whileDown?.();
        host = await startHost(port);
        closedOrigins.delete(host.origin); // the system may hand the same port out again
        await open();
      } finally {
        restarting = false;
      }
    },
    async close() {
      if (ownBrowser) await browser.close().catch(() => {});
      else await context.close().catch(() => {});
      await host.close();
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PerTestOptions {
  /** let the page use the clipboard (copy as curl, copy an image) */
  clipboard?: boolean;
  /** default true: what went wrong in the page fails the test it happened in */
  checkProblems?: boolean;
}

/**
 * Gives each test of the file a host, data folder and browser context of its own over one Chromium, so a
 * failure cannot cascade and any test runs alone. Registers the hooks; `onStart` receives each test's
 * harness before the app is ready.
 */
export function harnessPerTest(onStart: (h: Harness) => void, options: PerTestOptions = {}): void {
  let browser: Browser | undefined;
  let current: Harness | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    current = await startHarness({ browser });
    if (options.clipboard) {
      await current.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: current.host.origin,
      });
    }
    onStart(current);
    await current.ready();
  });
  afterEach(async () => {
    const problems = current?.problems.join('\n') ?? '';
    await current?.close();
    current = undefined;
    if (options.checkProblems ?? true) expect(problems).toBe('');
  });
}
