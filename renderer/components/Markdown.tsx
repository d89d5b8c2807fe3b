import { memo, useEffect, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './CopyButton.tsx';
import { useStore } from '../store/index.ts';

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
  properties?: { className?: unknown };
  children?: HastNode[];
}

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function CodeBlock(props: { code: string; language: string | undefined }) {
  const { code, language } = props;
  const [, setLoaded] = useState(highlighter !== null);
  useEffect(() => {
    if (highlighter || !language) return;
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
  }, [language]);
  const html = highlighter ? highlighter(code, language) : null;
  return (
    <div className="md-code">
      <div className="md-code-head">
        <span className="md-code-lang">{language ?? 'text'}</span>
        <CopyButton text={code} label="Copy code" testId="copy-code" />
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
    const classes = code.properties?.className;
    const lang = Array.isArray(classes)
      ? classes
          .map(String)
          .find((c) => c.startsWith('language-'))
          ?.slice('language-'.length)
      : undefined;
    return <CodeBlock code={textOf(code).replace(/\n$/, '')} language={lang?.toLowerCase()} />;
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

const plugins = [remarkGfm];

/** Renders a reply's Markdown (GFM tables, lists, code with highlighting and a copy button). */
export const Markdown = memo(function Markdown(props: { text: string }) {
  return (
    <div className="md">
      <ReactMarkdown remarkPlugins={plugins} components={components}>
        {props.text}
      </ReactMarkdown>
    </div>
  );
});
