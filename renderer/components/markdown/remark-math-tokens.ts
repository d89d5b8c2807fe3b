/**
 * The remark half of math-syntax.ts: after parsing, each placeholder in text becomes a math node, shaped
 * as remark-math shapes them for HTML (`<code class="language-math math-inline">`, and for a display span
 * alone in its paragraph `<pre><code class="language-math math-display">`), so Markdown.tsx meets math where
 * it meets code. A placeholder that ended up where math cannot be (a code block, a link's address) gets its
 * original text back. While a reply streams, it also marks a fenced block whose closing fence has not
 * arrived, so a diagram or a math fence is drawn only once it is complete.
 */
import { TOKEN_RE, type MathSpan } from './math-syntax.ts';

interface Node {
  type: string;
  value?: string;
  url?: string;
  title?: string | null;
  alt?: string | null;
  children?: Node[];
  position?: { start: { offset?: number }; end: { offset?: number } };
  data?: Record<string, unknown>;
}

export interface MathTokenOptions {
  spans: readonly MathSpan[];
  /** the reply is still streaming (see above) */
  live: boolean;
}

function mathNode(span: MathSpan, inline: boolean): Node {
  if (span.pending) {
    return {
      type: 'pendingMath',
      value: span.raw,
      data: {
        hName: 'span',
        hProperties: { className: ['md-math-pending'] },
        hChildren: [{ type: 'text', value: span.raw }],
      },
    };
  }
  const classes = ['language-math', span.display ? 'math-display' : 'math-inline'];
  const code = { type: 'element', tagName: 'code', properties: { className: classes }, children: [] };
  if (!inline) {
    return {
      type: 'math',
      value: span.tex,
      data: {
        hName: 'pre',
        hProperties: {},
        hChildren: [{ ...code, children: [{ type: 'text', value: span.tex }] }],
      },
    };
  }
  return {
    type: 'inlineMath',
    value: span.tex,
    data: {
      hName: 'code',
      hProperties: { className: classes, dataRaw: span.raw },
      hChildren: [{ type: 'text', value: span.tex }],
    },
  };
}

function restore(value: string, spans: readonly MathSpan[]): string {
  return value.replace(TOKEN_RE, (whole, i: string) => spans[Number(i)]?.raw ?? whole);
}

/** Text split at its placeholders into text and math nodes. */
function splitText(value: string, spans: readonly MathSpan[]): Node[] {
  const out: Node[] = [];
  let last = 0;
  for (const m of value.matchAll(TOKEN_RE)) {
    const span = spans[Number(m[1])];
    if (!span) continue;
    if (m.index > last) out.push({ type: 'text', value: value.slice(last, m.index) });
    out.push(mathNode(span, true));
    last = m.index + m[0].length;
  }
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

/** A paragraph holding one display span and nothing else becomes a display block. */
function displayBlock(paragraph: Node, spans: readonly MathSpan[]): Node | null {
  const only = paragraph.children?.length === 1 ? paragraph.children[0] : undefined;
  if (only?.type !== 'text' || only.value === undefined) return null;
  const m = /^\s*\uE000(\d+)\uE001\s*$/.exec(only.value);
  const span = m ? spans[Number(m[1])] : undefined;
  // a pending span stays in its paragraph, as the plain text it is for now
  if (!span?.display || span.pending) return null;
  return mathNode(span, false);
}

const FENCE_CLOSE_LINE = /(?:^|\n)[ \t>]*(`{3,}|~{3,})[ \t]*$/;

function walk(node: Node, options: MathTokenOptions, source: string): void {
  const { spans } = options;
  if (node.type === 'code' && options.live) {
    // an unclosed fence runs to the end of the text: its source does not end with a closing fence line
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const raw = start !== undefined && end !== undefined ? source.slice(start, end) : '';
    if (raw.includes('\n') ? !FENCE_CLOSE_LINE.test(raw) : true) {
      node.data = { ...node.data, hProperties: { dataOpen: 'true' } };
    }
  }
  for (const key of ['value', 'url', 'title', 'alt'] as const) {
    const v = node[key];
    if (node.type !== 'text' && typeof v === 'string' && v.includes('\uE000')) node[key] = restore(v, spans);
  }
  const children = node.children;
  if (!children) return;
  const next: Node[] = [];
  for (const child of children) {
    if (child.type === 'paragraph') {
      const block = displayBlock(child, spans);
      if (block) {
        next.push(block);
        continue;
      }
    }
    if (child.type === 'text' && child.value?.includes('\uE000')) {
      next.push(...splitText(child.value, spans));
      continue;
    }
    walk(child, options, source);
    next.push(child);
  }
  node.children = next;
}

/** The remark plugin; `file.value` is the text as parsed, placeholders included. */
export function remarkMathTokens(options: MathTokenOptions) {
  return (tree: unknown, file: { value: unknown }) => {
    walk(tree as Node, options, String(file.value));
  };
}
