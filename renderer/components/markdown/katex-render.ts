/**
 * KaTeX and its stylesheet (fonts included, katex-style.ts), in the math chunk (Math.tsx), loaded the first
 * time a reply holds math. Untrusted input: `trust: false` refuses \href, \url, \includegraphics and the \html…
 * commands (they are drawn as errors, no link or attribute is made), and the expansion and size limits keep
 * a hostile formula from holding the page up.
 */
import katex from 'katex';
import { installKatexStyle } from './katex-style.ts';

installKatexStyle();

export type TexResult = { html: string } | { error: string };

export function renderTex(tex: string, display: boolean): TexResult {
  try {
    const html = katex.renderToString(tex, {
      displayMode: display,
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxExpand: 1000,
      maxSize: 20,
      output: 'htmlAndMathml',
    });
    return { html };
  } catch (e) {
    if (e instanceof katex.ParseError) return { error: e.message.replace(/^KaTeX parse error: /, '') };
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
