import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chatSteps } from './chat-steps.ts';
import { harnessPerTest, type Harness } from './harness.ts';

/**
 * PROVES: in Chromium, under the page's real CSP, a streamed reply with math and a Mermaid diagram (the
 * sandbox's "math" sample) is drawn: KaTeX with its fonts, prices left as text, the diagram as SVG that
 * switches to its source and back and is drawn again in the dark theme's colours; and a diagram written to
 * attack the page (click callbacks, script and handler labels, a javascript: link, a directive loosening
 * the security settings) runs nothing. A CSP violation or page error fails a test (checked by each test).
 */

let h: Harness;
let page: Page;
harnessPerTest(
  (harness) => {
    h = harness;
    page = harness.page;
  },
  { checkProblems: false },
);

const { finished, newChat, send } = chatSteps(() => page);

async function setTheme(theme: 'light' | 'dark'): Promise<void> {
  await page.getByTestId('tab-settings').click();
  await page.getByTestId(`theme-${theme}`).click();
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
  await page.getByTestId('tab-chat').click();
}

/** The diagram's SVG markup once drawn. */
async function drawnSvg(): Promise<string> {
  const diagram = finished().last().getByTestId('diagram');
  await expect.poll(() => diagram.getAttribute('data-state'), { timeout: 20_000 }).toBe('drawn');
  return diagram
    .getByTestId('diagram-svg')
    .locator('svg')
    .evaluate((svg) => svg.outerHTML);
}

it('draws a reply’s math and diagram, toggles the diagram’s source, and follows the theme', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await setTheme('light');
  await newChat();
  await send('Show me some math, please.');
  const reply = finished().last();
  const text = reply.getByTestId('message-text');

  // math: two inline formulas and one display, prices untouched
  await expect.poll(() => text.locator('.katex').count(), { timeout: 20_000 }).toBe(3);
  expect(await text.locator('.katex-display').count()).toBe(1);
  expect(await text.textContent()).toContain('Prices like $5 and $6 stay text.');
  expect(await text.locator('annotation').first().textContent()).toBe('A = \\pi r^2');
  // KaTeX's fonts came from the app's own origin (the CSP allows nothing else)
  const fonts = await page.evaluate(async () => {
    await document.fonts.load('16px KaTeX_Main', 'x');
    await document.fonts.load('16px KaTeX_Size3', '(');
    return [...document.fonts]
      .filter((f) => f.family === 'KaTeX_Main' || f.family === 'KaTeX_Size3')
      .map((f) => `${f.family}:${f.status}`);
  });
  expect(fonts).toContain('KaTeX_Main:loaded');
  expect(fonts).toContain('KaTeX_Size3:loaded');

  // the diagram, its source and back
  const light = await drawnSvg();
  expect(light).toContain('Prompt');
  const diagram = reply.getByTestId('diagram');
  await diagram.getByTestId('diagram-toggle').click();
  expect(await diagram.getByTestId('diagram-source').textContent()).toBe(
    'flowchart LR\n  A[Prompt] --> B{Format}\n  B -->|chat| C[Reply]\n  B -->|messages| C',
  );
  expect(await diagram.getByTestId('diagram-svg').count()).toBe(0);
  await diagram.getByTestId('diagram-toggle').click();
  await expect.poll(() => diagram.getByTestId('diagram-svg').locator('svg').count()).toBe(1);

  // the dark theme draws it again in its own colours
  await setTheme('dark');
  await expect.poll(async () => (await drawnSvg()) !== light, { timeout: 20_000 }).toBe(true);
  expect(await finished().last().getByTestId('message-text').locator('.katex').count()).toBe(3);
  expect(h.problems).toEqual([]);
});

it('runs nothing a diagram in a reply asks for', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).quartetCallback = () => {
      (window as unknown as Record<string, unknown>).pwned = 'callback';
    };
  });
  await newChat();
  await send('Hello');
  const reply = finished().last();
  await reply.hover();
  await reply.getByTestId('edit-reply').click();
  await page
    .getByTestId('edit-reply-input')
    .fill(
      [
        'A hostile diagram:',
        '',
        '```mermaid',
        '%%{init: {"securityLevel": "loose", "htmlLabels": true, "dompurifyConfig": {"ADD_TAGS": ["script"]}}}%%',
        'flowchart LR',
        '  A["<img src=x onerror=alert(1)>"] --> B["<script>alert(2)</script>"]',
        '  click A quartetCallback "runs a function"',
        '  click B call quartetCallback()',
        '  C --> D',
        '  click C href "javascript:alert(3)"',
        '```',
      ].join('\n'),
    );
  await page.getByTestId('edit-reply-save').click();
  const svg = await drawnSvg();
  expect(svg).not.toMatch(/<script|<img|onerror|onclick|javascript:|<foreignObject/i);
  const nodes = finished().last().getByTestId('diagram-svg').locator('g.node');
  expect(await nodes.count()).toBe(4);
  const url = page.url();
  // a bound callback or handler would run during the click itself
  for (let i = 0; i < 4; i++) await nodes.nth(i).click();
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).pwned)).toBeUndefined();
  expect(page.url()).toBe(url);
  // Mermaid's own label sanitizer (DOMPurify) parses the labels in an inert document, which Chromium reports
  // as a blocked inline handler though nothing there could run; anything else is a problem
  expect(h.problems.filter((p) => !/Executing inline event handler violates/.test(p))).toEqual([]);
});
