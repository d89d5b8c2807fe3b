import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import {
  HIGHLIGHT_MAX_CHARS,
  Markdown,
  MarkdownWhole,
  gfmFor,
  isPlainParagraph,
  parseBudget,
  shouldHighlight,
} from '../../renderer/components/Markdown.tsx';
import { PLAIN_TEXT_REPLY_CHARS } from '../../shared/limits.ts';
import { highlight } from '../../renderer/components/highlight.ts';
import { GROUP_SIZE } from '../../renderer/components/markdown-blocks.ts';
import { splitBlocks } from './split-blocks.ts';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

/**
 * Rendered Markdown without the group wrappers of a blockwise render, to compare it with a whole render:
 * every other tag and all text in the same order (closing divs are dropped on both sides, as a wrapper's
 * closing tag cannot be told apart from a code block's).
 */
const unwrapped = (markup: string) =>
  markup.replaceAll('<div class="md-group">', '').replaceAll('</div>', '');

describe('Markdown', () => {
  it('renders GFM tables inside a scrollable wrapper, and lists', () => {
    const out = html('| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n\n1. first');
    expect(out).toContain('<div class="md-table-wrap"><table>');
    expect(out).toContain('<td>2</td>');
    expect(out).toContain('<li>two</li>');
    expect(out).toContain('<ol>');
  });

  it('gives fenced code a language label and a copy button; inline code stays inline', () => {
    const out = html('Use `npm test`.\n\n```ts\nconst x: number = 1;\n```');
    expect(out).toContain('<code>npm test</code>');
    expect(out).toContain('class="md-code-lang">ts<');
    expect(out).toContain('aria-label="Copy code"');
    expect(out).toContain('const x: number = 1;');
    expect(out).not.toContain('const x: number = 1;\n<');
  });

  it('does not render raw HTML or fetch remote images from a reply', () => {
    const out = html('<script>alert(1)</script>\n\n![cat](https://example.com/cat.png)');
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<img');
    expect(out).toContain('[image: cat]');
  });

  it('highlights registered languages (and aliases) and leaves unknown ones alone', () => {
    expect(highlight('const a = "x";', 'ts')).toContain('<span class="hljs-keyword">const</span>');
    expect(highlight('SELECT 1', 'sql')).toContain('hljs-keyword');
    expect(highlight('x', 'cobol')).toBeNull();
    expect(highlight('<b>&', undefined)).toBeNull();
    expect(highlight('"<b>"', 'json')).toContain('&lt;b&gt;');
  });
});

describe('Markdown, long replies and streaming', () => {
  const defaultBudget = parseBudget.ms;
  // one static render cannot come back for deferred blocks: compare the fully parsed output
  beforeEach(() => {
    parseBudget.ms = Infinity;
  });
  afterEach(() => {
    parseBudget.ms = defaultBudget;
  });

  it('shows blocks beyond the pass budget as plain text, to be parsed in a later task', () => {
    parseBudget.ms = 0;
    const text = `${long.slice(0, 5000).slice(0, long.slice(0, 5000).lastIndexOf('\n\n'))}\n\n`;
    const out = renderToStaticMarkup(<Markdown text={`unseen ${text}`} live />);
    expect(out).toContain('md-streaming-plain');
  });

  const section = (i: number) =>
    [
      `## Part ${i}`,
      `Some *text* with \`code\` and a [link](https://example.com/${i}).`,
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '- one\n- two\n  - nested',
      '```ts\nconst a = 1;\n\n\nconst b = 2;\n```',
      '> quoted\n> more',
    ].join('\n\n');
  const long = Array.from({ length: 120 }, (_, i) => section(i)).join('\n\n');

  it('renders a long reply block by block exactly as one whole render', () => {
    expect(long.length).toBeGreaterThan(16_000);
    const whole = renderToStaticMarkup(<MarkdownWhole text={long} />);
    const blockwise = html(long);
    expect(blockwise.split('<div class="md-group">').length - 1).toBe(
      Math.ceil(splitBlocks(long).length / GROUP_SIZE),
    );
    expect(unwrapped(blockwise)).toBe(unwrapped(whole));
  });

  it('renders streaming text the same as the finished text once its last block is complete', () => {
    const text = long.slice(0, 5000);
    const cut = text.slice(0, text.lastIndexOf('\n\n'));
    const whole = unwrapped(renderToStaticMarkup(<MarkdownWhole text={cut} />));
    expect(unwrapped(renderToStaticMarkup(<Markdown text={`${cut}\n\n`} live />))).toBe(whole);
    expect(unwrapped(renderToStaticMarkup(<Markdown text={cut} live />))).toBe(whole);
  });
});

describe('very long replies and code blocks', () => {
  it('shows a reply beyond the plain-text size as plain text, all of it, not parsed as Markdown', () => {
    const text = `# not a heading\n${'word '.repeat(PLAIN_TEXT_REPLY_CHARS / 5)}**not bold**`;
    const out = html(text);
    expect(out).toContain('shown as plain text');
    expect(out).not.toContain('<h1');
    expect(out).not.toContain('<strong>');
    expect(out).toContain('# not a heading');
    expect(out).toContain('**not bold**');
    // every character is there, in chunks
    const shown = [...out.matchAll(/<pre class="md-plain-chunk">([\s\S]*?)<\/pre>/g)]
      .map((m) => m[1])
      .join('');
    expect(shown.length).toBe(text.length);
  });

  it('highlights a code block only below the size that would block the page', () => {
    expect(shouldHighlight('const a = 1;', 'ts')).toBe(true);
    expect(shouldHighlight('x'.repeat(HIGHLIGHT_MAX_CHARS + 1), 'ts')).toBe(false);
    expect(shouldHighlight('const a = 1;', undefined)).toBe(false);
    const big = '```js\n' + 'let a = 1;\n'.repeat(HIGHLIGHT_MAX_CHARS / 10) + '```';
    expect(html(big)).toContain('not highlighted');
  });
});

describe('GFM only where a text can use it', () => {
  const render = (text: string, withGfm: boolean) =>
    renderToStaticMarkup(<ReactMarkdown remarkPlugins={withGfm ? [remarkGfm] : []}>{text}</ReactMarkdown>);

  it('renders a text without any GFM mark exactly as with GFM', () => {
    // pieces of every CommonMark construct and near-misses of GFM's, joined at random (seeded)
    const pieces = [
      '# ',
      '## ',
      '- ',
      '* ',
      '+ ',
      '1. ',
      '2) ',
      '> ',
      '```\n',
      '~~',
      '    ',
      '\t',
      '*',
      '**',
      '_',
      '__',
      '`',
      '``',
      '![a](b)',
      'a](b)',
      '[a](b)',
      '| a |',
      '|---|',
      '| a |\n|---|\n',
      '~~gone~~',
      '~one~',
      '[x] ',
      '[^1]',
      '[^1]: n',
      'a@b.co',
      'www.x.org',
      'http://x.org',
      'HTTPS://x.org',
      '(x)',
      '<a>',
      '<b>c</b>',
      '&amp;',
      '&#35;',
      '\\',
      '\\*',
      '---',
      '===',
      'www',
      'ww.w',
      'http:',
      'https:/x',
      'mailto:x',
      'a.b',
      'w1 w2',
      'word',
      'Word.',
      '  ',
      ':',
      '/',
      '"',
      "'",
      '!',
      '?',
      '^',
      '=',
      '+',
      '%',
      '$',
      '{',
      '}',
      '<',
      '>',
      '#',
      '.',
      ',',
      ';',
    ].filter((p) => !gfmFor(p).length);
    let seed = 1234567;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const seps = [' ', '', '\n', '\n\n', '\n    ', '\n> ', '\n- '];
    let compared = 0;
    for (let c = 0; c < 600; c++) {
      let text = '';
      const n = 1 + next(24);
      for (let i = 0; i < n; i++) text += pieces[next(pieces.length)]! + seps[next(seps.length)]!;
      if (gfmFor(text).length > 0) continue;
      compared++;
      expect(render(text, false), text).toBe(render(text, true));
    }
    expect(compared).toBeGreaterThan(400);
  });

  it.each([
    ['a table', '| a | b |\n|---|---|\n| 1 | 2 |', '<table>'],
    ['strikethrough', 'a ~~gone~~ b', '<del>'],
    ['a task list', '- [x] done', 'type="checkbox"'],
    ['a footnote', 'Note[^1].\n\n[^1]: here', 'footnote'],
    ['a www link', 'see WWW.example.com now', 'href="http://WWW.example.com"'],
    ['an https link', 'see https://example.com now', 'href="https://example.com"'],
    ['an e-mail address', 'write to a@example.com', 'href="mailto:a@example.com"'],
  ])('keeps GFM for %s', (_, text, mark) => {
    expect(gfmFor(text).length).toBeGreaterThan(0);
    expect(html(text)).toContain(mark);
  });
});

describe('a plain line drawn without the parser', () => {
  const parsed = (text: string) =>
    renderToStaticMarkup(<ReactMarkdown remarkPlugins={[remarkGfm]}>{text}</ReactMarkdown>);

  it('is drawn exactly as the parser draws it, and anything else goes to the parser', () => {
    // characters of every kind Markdown or GFM may read, near the start and anywhere, joined at random (seeded)
    const pieces = [
      'w1',
      'Word',
      'é',
      'über',
      '漢字',
      '٣',
      'a\u0301',
      '0',
      '12',
      ' ',
      '  ',
      ',',
      '.',
      ';',
      ':',
      '?',
      '!',
      "'",
      '"',
      '(',
      ')',
      '%',
      '/',
      '+',
      '=',
      '-',
      '--',
      '*',
      '_',
      '`',
      '[',
      ']',
      '<',
      '>',
      '&',
      '&amp;',
      '#',
      '\\',
      '~',
      '|',
      '@',
      '*w2*',
      '_w2_',
      '**b**',
      '\\*',
      '\\.',
      '`c`',
      '<x>',
      '$',
      '\t',
      '\n',
      'www.x.org',
      'http://x.org',
      'https:',
      '1. ',
      '- ',
      '> ',
      '^',
      '{',
      '}',
    ];
    let seed = 7654321;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      // the high bits: the low bits of this generator repeat with a short period
      return (seed >>> 12) % n;
    };
    let plain = 0;
    let other = 0;
    for (let c = 0; c < 3000; c++) {
      // mostly letters and harmless punctuation, so that many lines are plain
      let text = ['Word', 'w1', 'über', '漢字'][next(4)]!;
      const n = next(12);
      for (let i = 0; i < n; i++)
        text += next(3) === 0 ? pieces[next(pieces.length)]! : [' ', 'w2', ', ', '.'][next(4)]!;
      if (next(5) === 0) text = pieces[next(pieces.length)]! + text;
      if (isPlainParagraph(text)) {
        plain++;
        expect(renderToStaticMarkup(<Markdown text={text} />), text).toBe(
          `<div class="md">${parsed(text)}</div>`,
        );
      } else other++;
    }
    expect(plain).toBeGreaterThan(500);
    expect(other).toBeGreaterThan(800);
  });

  it('keeps the parser for each mark of syntax', () => {
    for (const text of [
      'a *b*',
      'a _b_',
      'a `b`',
      'a [b](c)',
      'a <b>',
      'a &amp; b',
      'a \\ b',
      'a ~~b~~',
      'a $x$',
      'see www.x.org',
      'a@b.co',
      '1. a',
      '- a',
      '# a',
      'a\nb',
      'a ',
      ' a',
      'a | b',
    ]) {
      expect(isPlainParagraph(text), text).toBe(false);
    }
    expect(isPlainParagraph('w0 w1 w2, and (so on): 50% of it/them; ok?')).toBe(true);
  });
});
