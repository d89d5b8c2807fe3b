import { PLAIN_TEXT_REPLY_CHARS } from '../../shared/limits.ts';
import {
  Fragment,
  memo,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './CopyButton.tsx';
import { useStore } from '../store/index.ts';
import { useT } from '../i18n/useT.ts';
import { t } from '../i18n/active.ts';
import { createBlockSplitter } from './markdown-blocks.ts';
import { prepareMath } from './markdown/math-syntax.ts';
import { remarkMathTokens } from './markdown/remark-math-tokens.ts';
import { liveTail, TABLE_BATCH_ROWS } from './markdown/live-tail.ts';
import { Diagram, MathBlock, MathInline, prefetchDiagram, prefetchMath } from './markdown/lazy-parts.tsx';
import { JumpControls, useTallerThanViewport } from './markdown/JumpControls.tsx';
import { SkimContext } from './skim.ts';
import { createParseQueue } from './markdown/parse-queue.ts';

type Highlighter = (code: string, language: string | undefined) => string | null;
let highlighter: Highlighter | null = null;
let loading: Promise<Highlighter> | null = null;

/** Loads highlight.js once, on the first code block anyone renders. */
function loadHighlighter(): Promise<Highlighter> {
  loading ??= import('./highlight.ts').then(
    (m) => {
      highlighter = m.highlight;
      return m.highlight;
    },
    (e: unknown) => {
      // the chunk could not be fetched (the host restarted, a new build): plain code now, retry later
      loading = null;
      throw e;
    },
  );
  return loading;
}

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown; dataOpen?: unknown; dataRaw?: unknown };
  children?: HastNode[];
}

function classesOf(node: HastNode | undefined): string[] {
  const classes = node?.properties?.className;
  return Array.isArray(classes) ? classes.map(String) : [];
}

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * Highlighted HTML by language and code: a long conversation scrolled up and down mounts the same code
 * blocks again and again, and highlight.js is the costliest part of mounting one. Oldest entries go first.
 */
const highlightCache = new Map<string, string | null>();
const HIGHLIGHT_CACHE_MAX = 500;

function highlighted(h: Highlighter, code: string, language: string | undefined): string | null {
  const key = `${language ?? ''}\u0000${code}`;
  const hit = highlightCache.get(key);
  if (hit !== undefined) return hit;
  const html = h(code, language);
  highlightCache.set(key, html);
  if (highlightCache.size > HIGHLIGHT_CACHE_MAX) highlightCache.delete(highlightCache.keys().next().value!);
  return html;
}

/**
 * highlight.js runs on the main thread and takes seconds on a megabyte of code (3-6.6 s for 1-2 MB):
 * beyond this size a block is shown plain, and says so.
 */
export const HIGHLIGHT_MAX_CHARS = 100_000;

export function shouldHighlight(code: string, language: string | undefined): boolean {
  return language !== undefined && language !== '' && code.length <= HIGHLIGHT_MAX_CHARS;
}

function CodeBlock(props: { code: string; language: string | undefined }) {
  const { code, language } = props;
  const highlight = shouldHighlight(code, language);
  const [, setLoaded] = useState(highlighter !== null);
  useEffect(() => {
    if (highlighter || !highlight) return;
    let live = true;
    loadHighlighter().then(
      () => {
        if (live) setLoaded(true);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [highlight]);
  const html = highlighter && highlight ? highlighted(highlighter, code, language) : null;
  return (
    <div className="md-code">
      <div className="md-code-head">
        <span className="md-code-lang">{language ?? 'text'}</span>
        {!highlight && language && (
          <span className="md-code-note" data-testid="code-not-highlighted">
            not highlighted: {Math.round(code.length / 1000).toLocaleString()} K characters
          </span>
        )}
        <CopyButton text={code} label={t('reading.copyCode')} testId="copy-code" />
      </div>
      <pre>
        {html !== null ? (
          <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <code>{code}</code>
        )}
      </pre>
    </div>
  );
}

function Link(props: { href?: string | undefined; children?: ReactNode }) {
  const openLink = useStore((s) => s.openLink);
  const href = props.href ?? '';
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(e) => {
        e.preventDefault();
        if (href) void openLink(href);
      }}
    >
      {props.children}
    </a>
  );
}

const components: Components = {
  pre({ node }) {
    const code = (node as HastNode | undefined)?.children?.find((c) => c.tagName === 'code');
    if (!code) return <pre>{node ? textOf(node as HastNode) : null}</pre>;
    const lang = classesOf(code)
      .find((c) => c.startsWith('language-'))
      ?.slice('language-'.length)
      .toLowerCase();
    const text = textOf(code).replace(/\n$/, '');
    // math and diagrams are drawn once their fence is closed; until then they read as code (remark-math-tokens)
    const open = code.properties?.dataOpen === 'true';
    if (lang === 'math' && !open) return <MathBlock tex={text} />;
    if (lang === 'mermaid' && !open)
      return <Diagram source={text} fallback={<CodeBlock code={text} language={lang} />} />;
    return <CodeBlock code={text} language={lang} />;
  },
  code({ node, className, children }) {
    const hast = node as HastNode | undefined;
    const classes = classesOf(hast);
    if (hast && classes.includes('language-math')) {
      const tex = textOf(hast);
      const raw = typeof hast.properties?.dataRaw === 'string' ? hast.properties.dataRaw : tex;
      return <MathInline tex={tex} raw={raw} display={classes.includes('math-display')} />;
    }
    return <code className={className}>{children}</code>;
  },
  a({ href, children }) {
    return <Link href={href}>{children}</Link>;
  },
  // Remote images are not fetched from a reply; the link is shown instead.
  img({ src, alt }) {
    const url = typeof src === 'string' ? src : '';
    return <Link href={url}>{alt ? `[image: ${alt}]` : '[image]'}</Link>;
  },
  table({ children }) {
    return (
      <div className="md-table-wrap">
        <table>{children}</table>
      </div>
    );
  },
};

const gfm = [remarkGfm];
const noPlugins: [] = [];

/**
 * What GFM adds to CommonMark (tables, strikethrough, task lists, footnotes, literal links and e-mail
 * addresses) each needs one of these marks. A text without any parses to the same tree without the
 * extension, at well under half the cost: setting GFM's syntax up is most of a paragraph's parse, and a
 * 100,000-token reply is 2,000 paragraphs.
 */
const GFM_MARKS = /[|~[@]|:\/\/|www\./i;

/** GFM for a text that may use it; none for one that cannot (exported for its equivalence test). */
export const gfmFor = (text: string) => (GFM_MARKS.test(text) ? gfm : noPlugins);

/**
 * One line that starts with a letter and holds only letters, digits, spaces and punctuation that neither
 * CommonMark nor GFM reads as syntax there (no emphasis, code, link, HTML, entity, escape or math mark; a
 * list or heading marker needs the line to start with one). Such a line parses to one paragraph of exactly
 * its text, so it is drawn as that paragraph at once, without the parser or a turn in the parse queue: a
 * long reply's ordinary paragraphs were parsed one budget at a time and drawn twice, as plain text first.
 * Exported for its equivalence test.
 */
const PLAIN_LINE = /^\p{L}[\p{L}\p{M}\p{N} ,.;:?!'"()%/+=-]*$/u;

export const isPlainParagraph = (text: string) =>
  !text.endsWith(' ') && PLAIN_LINE.test(text) && !GFM_MARKS.test(text);

const MERMAID_FENCE = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*mermaid/im;

/**
 * The text prepared for react-markdown: math replaced by placeholders (math-syntax.ts), and the plugin that
 * turns them back into math. KaTeX and Mermaid start loading as soon as a text needs them, a streamed
 * reply's fence or formula included, so they are usually there by the time it is complete.
 */
function markdownOptions(text: string, live: boolean): Options {
  const math = prepareMath(text, live);
  if (math.spans.length > 0) prefetchMath();
  if (text.includes('mermaid') && MERMAID_FENCE.test(text)) prefetchDiagram();
  // while streaming, the plugin also marks fences still open; a text without math or fences needs no plugin
  const fenced = live && (text.includes('```') || text.includes('~~~'));
  if (math.spans.length === 0 && !fenced) return { children: text, remarkPlugins: gfmFor(text), components };
  return {
    children: math.text,
    remarkPlugins: [...gfmFor(math.text), [remarkMathTokens, { spans: math.spans, live }]],
    components,
  };
}

/** Texts at least this long are rendered block by block, each block's output cached (see below). */
export const BLOCKWISE_CHARS = 16_000;

/** The whole text in one parse, whatever its length (the reference the blockwise render must match). */
export function MarkdownWhole(props: { text: string }) {
  return (
    <div className="md">
      <MarkdownPart text={props.text} />
    </div>
  );
}

/**
 * Renders a reply's Markdown (GFM tables, lists, code with highlighting and a copy button). `live` while
 * the reply still streams. A live or long reply renders block by block (BlockMarkdown); when a streamed
 * reply finishes, the same element stays in place, so its blocks stay mounted instead of being rebuilt.
 */
export const Markdown = memo(function Markdown(props: { text: string; live?: boolean }) {
  const { text } = props;
  const live = props.live === true;
  // the root element, kept as state: a streamed reply that finishes short is rendered by another branch
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  // a row flown past in a long list shows its text as it is until the list settles (skim.ts)
  const skimmed = useContext(SkimContext) && !live && text.length < BLOCKWISE_CHARS;
  const tall = useTallerThanViewport(skimmed ? null : root);
  const body = skimmed ? (
    <div className="md md-skimmed" ref={setRoot}>
      <p className="md-streaming-plain">{text}</p>
    </div>
  ) : text.length >= PLAIN_TEXT_REPLY_CHARS ? (
    <PlainText text={text} ref={setRoot} />
  ) : live || text.length >= BLOCKWISE_CHARS ? (
    <BlockMarkdown text={text} live={live} ref={setRoot} />
  ) : (
    <div className="md" ref={setRoot}>
      <BudgetedPart text={text} />
    </div>
  );
  // a reply taller than the view gets buttons to its start and end (markdown/JumpControls.tsx)
  return (
    <>
      {body}
      {tall && root ? <JumpControls target={root} /> : null}
    </>
  );
});

const PLAIN_CHUNK_CHARS = 32_000;

/**
 * A reply too long for Markdown, as plain text in chunks: each chunk is its own element with
 * `content-visibility: auto`, so the page lays out only what is on screen.
 */
function PlainText({ text, ref }: { text: string; ref: Ref<HTMLDivElement> }) {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += PLAIN_CHUNK_CHARS)
    chunks.push(text.slice(at, at + PLAIN_CHUNK_CHARS));
  return (
    <div className="md md-plain" data-testid="reply-plain-text" ref={ref}>
      <p className="md-plain-note">{t('reading.plainText', { count: text.length })}</p>
      {chunks.map((chunk, i) => (
        <pre key={i} className="md-plain-chunk">
          {chunk}
        </pre>
      ))}
    </div>
  );
}

/**
 * Parsed output of recent blocks, by block text. A streamed reply's blocks are parsed once while they
 * arrive; when they mount again (a compare column's finished reply, a row scrolled back into view, a
 * conversation reopened) they come from here instead of being parsed again in one long frame. Oldest
 * entries go first.
 */
const parsed = new Map<string, ReactElement>();
const PARSED_MAX = 6000;

function parse(text: string, cache: boolean, live = false): ReactElement {
  // the element react-markdown makes of such a line (a fragment around one keyed paragraph), so a block
  // that goes from one path to the other keeps its paragraph in place
  if (isPlainParagraph(text))
    return (
      <Fragment>
        <p key="p-0">{text}</p>
      </Fragment>
    );
  const hit = live ? undefined : parsed.get(text);
  if (hit) return hit;
  const out = ReactMarkdown(markdownOptions(text, live));
  if (!cache) return out;
  parsed.set(text, out);
  if (parsed.size > PARSED_MAX) parsed.delete(parsed.keys().next().value!);
  return out;
}

/**
 * One parsed piece; `cache` for blocks that will not change (not the growing tail, not short replies),
 * `live` for the growing tail (an unclosed formula or fence is held as text).
 */
const MarkdownPart = memo(function MarkdownPart(props: { text: string; cache?: boolean; live?: boolean }) {
  return parse(props.text, props.cache === true, props.live === true);
});

/**
 * Parse time one render pass may spend on new blocks. A frame can bring many finished blocks at once
 * (the first frame of a fast stream holds everything that arrived while the send was rendering: about
 * 60 blocks, 75 ms of parsing in one task), so blocks beyond the budget show as plain text for a moment
 * and are parsed in the next task(s), a budget's worth at a time.
 */
export const parseBudget = { ms: 6 };
let passStart = -1;

function withinBudget(): boolean {
  const now = performance.now();
  if (passStart < 0) {
    // one render pass is one synchronous run; the pass ends at the next microtask
    passStart = now;
    queueMicrotask(() => {
      passStart = -1;
    });
  }
  return now - passStart < parseBudget.ms;
}

const parseQueue = createParseQueue(
  (text) => parse(text, true),
  () => parseBudget.ms,
);

/** A finished block: parsed (and cached) now if the pass has budget left, otherwise plain text until then. */
const BudgetedPart = memo(function BudgetedPart(props: { text: string }) {
  const { text } = props;
  const [, setParsedLater] = useState(0);
  const ready = isPlainParagraph(text) || parsed.has(text) || withinBudget();
  useEffect(
    () => (ready ? undefined : parseQueue.wait(text, () => setParsedLater((n) => n + 1))),
    [ready, text],
  );
  return ready ? parse(text, true) : <p className="md-streaming-plain">{text}</p>;
});

/**
 * A group of finished blocks, in an element of its own so a long reply's layout deals with groups, not
 * blocks (markdown.css). Memoized on the group's array, which never changes once the group is full.
 */
const BlockGroup = memo(function BlockGroup(props: { blocks: readonly string[]; first: boolean }) {
  // blocks are separated by a line break, as react-markdown separates them in one whole render
  return (
    <div className="md-group">
      {props.blocks.map((b, i) => (
        <Fragment key={i}>
          {props.first && i === 0 ? null : '\n'}
          <BudgetedPart text={b} />
        </Fragment>
      ))}
    </div>
  );
});

/** A growing last block longer than this is shown as plain text until it is finished. */
const TAIL_PLAIN_CHARS = 4000;

/**
 * Markdown block by block (see markdown-blocks.ts): finished top-level blocks are parsed once, within the
 * pass budget, and never again; while `live`, only the last, growing block is re-parsed on each update,
 * and shown as plain text while it is very long. Once the text is final the last block is parsed and
 * cached like the others.
 */
function BlockMarkdown(props: { text: string; live: boolean; ref: Ref<HTMLDivElement> }) {
  const { text, live, ref } = props;
  const [splitter] = useState(createBlockSplitter);
  const { groups, tail, tailInFence } = useMemo(() => splitter.update(text), [splitter, text]);
  // while streaming, a table's lines wait for its separator row and each row for its line end (live-tail.ts)
  const view = live ? liveTail(tail, tailInFence) : null;
  const shown = view ? view.text : tail;
  return (
    <div className="md" ref={ref}>
      {groups.map((g, i) => (
        <BlockGroup key={i} blocks={g} first={i === 0} />
      ))}
      {groups.length > 0 && shown.trim() !== '' ? '\n' : null}
      {shown.trim() === '' ? null : live && shown.length > TAIL_PLAIN_CHARS && !view?.table ? (
        <p className="md-streaming-plain">{shown}</p>
      ) : (
        <MarkdownPart key={`tail:${groups.length}`} text={shown} cache={!live} live={live} />
      )}
      {view && view.heldRows >= TABLE_BATCH_ROWS ? <RowsArriving count={view.heldRows} /> : null}
    </div>
  );
}

/** Under a long table still arriving whose rows wait for the block's end (live-tail.ts). */
function RowsArriving(props: { count: number }) {
  const t = useT();
  return (
    <p className="md-rows-arriving" data-testid="rows-arriving">
      {t('reading.table.rowsArriving', { count: props.count })}
    </p>
  );
}
