/**
 * Finds TeX math in a reply's Markdown before it is parsed: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]`
 * displayed. Each span is replaced by a placeholder made of private-use characters, which Markdown leaves
 * alone wherever it stands (a list item, a table cell, a quote), and which remark-math-tokens.ts turns back
 * into math nodes after parsing. Done on the text rather than in the Markdown parser because LaTeX is full of
 * Markdown syntax (`_`, `*`, `\\`, `\[`) that must reach KaTeX untouched.
 *
 * Not math: anything in a code fence or an inline code span, an escaped dollar (`\$`), and prices. A single
 * `$` opens only when the next character is not a space, and closes only after a non-space character and
 * when no digit follows (Pandoc's rule), so `$5 and $6` stays text; the first dollar after an opening one
 * must close it, so `costs $5, and $x$ is` keeps its price and finds `x`.
 */

export interface MathSpan {
  /** the TeX between the delimiters */
  tex: string;
  /** `$$…$$` or `\[…\]` */
  display: boolean;
  /** the span as written, delimiters included, shown until KaTeX has drawn it */
  raw: string;
  /**
   * A display span still streaming: its opening delimiter has arrived and its closing one has not. It is
   * shown as plain text, never given to KaTeX or to Markdown, so it cannot flicker between readings.
   */
  pending?: boolean;
}

export interface PreparedMath {
  /** the text with every math span replaced by a placeholder */
  text: string;
  spans: MathSpan[];
}

/** A placeholder is OPEN, the span's index in decimal, CLOSE. */
export const TOKEN_OPEN = '\uE000';
export const TOKEN_CLOSE = '\uE001';
export const TOKEN_RE = /\uE000(\d+)\uE001/g;

/** Quick test: could the text hold math at all? Most replies do not, and skip the scan. */
export function mayHoldMath(text: string): boolean {
  return text.includes('$') || text.includes('\\(') || text.includes('\\[');
}

const FENCE_OPEN = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/;

/** A math span longer than this is left as text: KaTeX on it would hold the page up, and no reply needs it. */
export const MAX_TEX_CHARS = 20_000;

/**
 * Replaces the math of `text` by placeholders. `live` (the growing end of a streamed reply): a display
 * opener at the start of a line with no closer yet becomes a pending span that runs to the end.
 */
export function prepareMath(text: string, live = false): PreparedMath {
  // a reply that already holds the placeholder characters is left alone rather than misread
  if (!mayHoldMath(text) || text.includes(TOKEN_OPEN) || text.includes(TOKEN_CLOSE)) {
    return { text, spans: [] };
  }
  const spans: MathSpan[] = [];
  let out = '';
  let copied = 0; // text[copied, i) is still to be copied to out
  let i = 0;
  const n = text.length;
  const replace = (start: number, end: number, span: MathSpan) => {
    out += text.slice(copied, start) + TOKEN_OPEN + String(spans.length) + TOKEN_CLOSE;
    spans.push(span.tex.includes('\n') ? { ...span, tex: unquote(span.tex, quoteDepth(text, start)) } : span);
    copied = end;
    i = end;
  };

  while (i < n) {
    const atLineStart = i === 0 || text.charCodeAt(i - 1) === 10;
    if (atLineStart) {
      const skipped = skipFence(text, i);
      if (skipped > i) {
        i = skipped;
        continue;
      }
    }
    const c = text[i];
    if (c === '`') {
      i = skipCodeSpan(text, i);
      continue;
    }
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '(' || next === '[') {
        const display = next === '[';
        const closer = display ? '\\]' : '\\)';
        const end = findCloser(text, i + 2, closer);
        if (end >= 0) {
          const tex = text.slice(i + 2, end);
          if (tex.trim() !== '' && tex.length <= MAX_TEX_CHARS) {
            replace(i, end + 2, { tex, display, raw: text.slice(i, end + 2) });
            continue;
          }
        } else if (display && live && opensLine(text, i)) {
          replace(i, n, { tex: text.slice(i + 2), display, raw: text.slice(i), pending: true });
          continue;
        }
      }
      i += 2; // an escape: the next character is literal
      continue;
    }
    if (c === '$') {
      if (text[i + 1] === '$') {
        if (text[i + 2] === '$') {
          // three or more dollars are not a delimiter
          while (text[i] === '$') i++;
          continue;
        }
        const end = findCloser(text, i + 2, '$$');
        if (end >= 0) {
          const tex = text.slice(i + 2, end);
          if (tex.trim() !== '' && tex.length <= MAX_TEX_CHARS) {
            replace(i, end + 2, { tex, display: true, raw: text.slice(i, end + 2) });
            continue;
          }
        } else if (live && opensLine(text, i)) {
          replace(i, n, { tex: text.slice(i + 2), display: true, raw: text.slice(i), pending: true });
          continue;
        }
        i += 2;
        continue;
      }
      const end = findInlineDollarCloser(text, i + 1);
      if (end >= 0 && end - i - 1 <= MAX_TEX_CHARS) {
        replace(i, end + 1, { tex: text.slice(i + 1, end), display: false, raw: text.slice(i, end + 1) });
        continue;
      }
      i++;
      continue;
    }
    i++;
  }
  if (spans.length === 0) return { text, spans };
  return { text: out + text.slice(copied), spans };
}

/** How many `>` quote marks stand before `at` on its line. */
function quoteDepth(text: string, at: number): number {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return text.slice(lineStart, at).split('>').length - 1;
}

/** A span's TeX over several lines of a quote, without the quote marks that begin its lines. */
function unquote(tex: string, depth: number): string {
  if (depth === 0) return tex;
  return tex.replace(new RegExp(`\\n[ \\t]*(?:>[ \\t]?){1,${depth}}`, 'g'), '\n');
}

/** Whether only container marks (indentation, `>`, a list marker) stand before `at` on its line. */
function opensLine(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*$/.test(text.slice(lineStart, at));
}

/** At a line start: past the fenced code block that opens here (to its end if unclosed), else `at`. */
function skipFence(text: string, at: number): number {
  const lineEnd = endOfLine(text, at);
  const open = FENCE_OPEN.exec(text.slice(at, lineEnd));
  if (!open) return at;
  const marker = open[1]!;
  if (marker[0] === '`' && open[2]!.includes('`')) return at; // an inline code span, not a fence
  let pos = lineEnd + 1;
  while (pos < text.length) {
    const end = endOfLine(text, pos);
    const close = FENCE_CLOSE.exec(text.slice(pos, end));
    if (close && close[1]![0] === marker[0] && close[1]!.length >= marker.length) return end;
    pos = end + 1;
  }
  return text.length;
}

function endOfLine(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl < 0 ? text.length : nl;
}

/** Past an inline code span opening at `at` (a run of backticks and its matching run), or past the run. */
function skipCodeSpan(text: string, at: number): number {
  let runEnd = at;
  while (text[runEnd] === '`') runEnd++;
  const run = runEnd - at;
  let pos = runEnd;
  for (;;) {
    const next = text.indexOf('`', pos);
    if (next < 0 || blankLineBetween(text, pos, next)) return runEnd;
    let end = next;
    while (text[end] === '`') end++;
    if (end - next === run) return end;
    pos = end;
  }
}

/** Whether a blank line (a paragraph's end) lies in text[from, to). */
function blankLineBetween(text: string, from: number, to: number): boolean {
  return /\n[ \t>]*\n/.test(text.slice(from, to));
}

/** Index of the next unescaped `closer` from `from` within the paragraph, or -1. */
function findCloser(text: string, from: number, closer: string): number {
  for (let pos = from; pos < text.length; pos++) {
    const c = text[pos];
    if (c === '\\' && !closer.startsWith('\\')) {
      pos++;
      continue;
    }
    if (c === '\n' && /^\n[ \t>]*\n/.test(text.slice(pos, pos + 64))) return -1;
    if (text.startsWith(closer, pos)) return pos;
    if (c === '\\') pos++; // `\\` or `\}` inside a \[…\] span: skip the escaped character
  }
  return -1;
}

const SPACE = /\s/;
const DIGIT = /[0-9]/;

/** The closing `$` of an inline span whose TeX starts at `from` (see the top of the file); -1 when none. */
function findInlineDollarCloser(text: string, from: number): number {
  const first = text[from];
  if (first === undefined || SPACE.test(first) || first === '$') return -1;
  for (let pos = from; pos < text.length; pos++) {
    const c = text[pos];
    if (c === '\\') {
      pos++;
      continue;
    }
    if (c === '\n' && /^\n[ \t>]*\n/.test(text.slice(pos, pos + 64))) return -1;
    if (c !== '$') continue;
    const before = text[pos - 1]!;
    const after = text[pos + 1];
    // the first dollar met must close the span: a sentence mixing prices and math keeps its prices
    if (SPACE.test(before) || after === '$' || (after !== undefined && DIGIT.test(after))) return -1;
    return pos;
  }
  return -1;
}
