/**
 * Mermaid, in chunks of its own that Diagram.tsx imports the first time a reply holds a ```mermaid fence.
 *
 * A diagram is untrusted input. Mermaid runs with securityLevel 'strict' (no `click` callbacks, labels
 * sanitized) and plain SVG text labels (no HTML in foreignObject), and a diagram's own `%%{init}%%`
 * directive may not change those, the sanitizer's settings, the theme or its CSS (`secure`). The SVG it
 * returns is sanitized again with DOMPurify before it reaches the page, and the functions Mermaid hands
 * back to bind event handlers are never called.
 */
import mermaid from 'mermaid';
import DOMPurify from 'dompurify';
import type { ShownTheme } from './theme-watch.ts';

export type DiagramResult = { svg: string } | { error: string };

/** Why a diagram was not drawn: it was no longer wanted (left the screen, its conversation was left). */
export class DiagramCancelled extends Error {
  constructor() {
    super('diagram no longer wanted');
    this.name = 'DiagramCancelled';
  }
}

const SECURE_KEYS = [
  // Mermaid's own list
  'secure',
  'securityLevel',
  'startOnLoad',
  'maxTextSize',
  'suppressErrorRendering',
  'maxEdges',
  // and ours: what would let a diagram bring back HTML, loosen the sanitizer, or leave the app's theme
  'htmlLabels',
  'dompurifyConfig',
  'theme',
  'themeCSS',
  'darkMode',
  'fontFamily',
];

function configure(theme: ShownTheme): void {
  const font = getComputedStyle(document.documentElement).getPropertyValue('--font-sans').trim();
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    suppressErrorRendering: true,
    secure: SECURE_KEYS,
    theme: theme === 'dark' ? 'dark' : 'neutral',
    darkMode: theme === 'dark',
    fontFamily: font || 'system-ui, sans-serif',
    logLevel: 'fatal',
  });
}

/** What may stay in a diagram's SVG: SVG and its filters, text, <style>; no script, handler or javascript: URL. */
export function sanitizeSvg(svg: string): string {
  return DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['style'],
    // not in the SVG profile anyway: named so that no later option can let them back in unnoticed
    FORBID_TAGS: ['script', 'foreignObject', 'iframe', 'object', 'embed'],
  });
}

let queue: Promise<unknown> = Promise.resolve();
let sequence = 0;

/**
 * The diagram as sanitized SVG, or Mermaid's error. Renders run one at a time (Mermaid's configuration is
 * global, each render sets the theme it is for, and one big layout at a time keeps the page answering).
 * A render whose `signal` is aborted before its turn is skipped with DiagramCancelled: a reply of 30
 * diagrams left half drawn costs nothing more once its conversation is closed.
 */
export function renderDiagram(
  source: string,
  theme: ShownTheme,
  signal?: AbortSignal,
): Promise<DiagramResult> {
  const run = async (): Promise<DiagramResult> => {
    // a turn of the event loop between two drawings: clicks and keys are answered in between
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (signal?.aborted) throw new DiagramCancelled();
    const id = `md-diagram-${++sequence}`;
    try {
      configure(theme);
      const { svg } = await mermaid.render(id, source);
      return { svg: sanitizeSvg(svg) };
    } catch (e) {
      return { error: errorText(e) };
    } finally {
      // Mermaid measures in a scratch element; make sure none is left behind after an error
      document.getElementById(`d${id}`)?.remove();
      document.getElementById(id)?.remove();
    }
  };
  const next = queue.then(run, run);
  // the queue goes on after a cancelled render
  queue = next.catch(() => undefined);
  return next;
}

function errorText(e: unknown): string {
  const text = e instanceof Error ? e.message : typeof e === 'string' ? e : 'unknown error';
  // Mermaid's parse errors carry a caret line under the source: kept, the error box is preformatted
  return text.trim();
}
