// @vitest-environment jsdom
// Math and diagrams in a reply as a reader meets them: KaTeX draws inline and display math while prices,
// escaped dollars and code stay text; a broken formula or diagram shows its error and its source; a
// Mermaid fence becomes an SVG with a switch to its source, and nothing a diagram says can run script;
// while a reply streams, an unfinished formula, fence or table is never shown half drawn.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Markdown } from '../../../renderer/components/Markdown.tsx';
import { sanitizeSvg } from '../../../renderer/components/markdown/mermaid-render.ts';

afterEach(cleanup);

beforeAll(() => {
  // jsdom lays nothing out; Mermaid measures its labels. A fixed box is enough to draw a diagram.
  const proto = SVGElement.prototype as unknown as Record<string, unknown>;
  proto.getBBox = () => ({ x: 0, y: 0, width: 48, height: 16 });
  proto.getComputedTextLength = () => 48;
});

const katexIn = (el: HTMLElement) => el.querySelectorAll('.katex');

describe('math', () => {
  it('draws inline and display math with KaTeX, in all four delimiters', async () => {
    const { container } = render(
      <Markdown
        text={[
          "Euler's identity $e^{i\\pi} + 1 = 0$ and \\(a_1\\) inline.",
          '',
          '$$',
          '\\int_0^1 x^2 \\, dx = \\frac{1}{3}',
          '$$',
          '',
          '\\[ \\sum_{i=1}^{n} i \\]',
        ].join('\n')}
      />,
    );
    await waitFor(() => expect(katexIn(container)).toHaveLength(4));
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
    // the TeX travels with the drawing (MathML annotation): copying keeps the source
    expect(container.querySelector('annotation')?.textContent).toBe('e^{i\\pi} + 1 = 0');
    expect(container.textContent).not.toContain('$');
  });

  it('leaves prices, escaped dollars and code alone', async () => {
    const { container } = render(
      <Markdown
        text={[
          'It costs $5 and $6, or between $5-$10. Escaped: \\$x\\$.',
          '',
          'Inline code `$a$` and a fence:',
          '',
          '```sh',
          'echo "$HOME" $PATH $x$',
          '```',
          '',
          'Then real math: $x^2$.',
        ].join('\n')}
      />,
    );
    await waitFor(() => expect(katexIn(container)).toHaveLength(1));
    expect(container.textContent).toContain('It costs $5 and $6, or between $5-$10. Escaped: $x$.');
    expect(container.querySelector('p code')?.textContent).toBe('$a$');
    expect(container.querySelector('pre')?.textContent).toBe('echo "$HOME" $PATH $x$');
  });

  it('keeps Markdown syntax inside a formula for KaTeX (no emphasis, no escapes eaten)', async () => {
    const { container } = render(<Markdown text={'- item $a_1 * b_1 * c_1$ with *em*'} />);
    await waitFor(() => expect(katexIn(container)).toHaveLength(1));
    expect(container.querySelectorAll('em')).toHaveLength(1);
    expect(container.querySelector('annotation')?.textContent).toBe('a_1 * b_1 * c_1');
  });

  it('shows a broken formula’s error beside its source', async () => {
    render(<Markdown text={'Broken: $\\frac{1}{$ inline.\n\n$$\n\\begin{matrix} a \\end{pmatrix}\n$$'} />);
    const errors = await screen.findAllByTestId('math-error');
    expect(errors).toHaveLength(2);
    expect(errors[0]!.textContent).toContain('$\\frac{1}{$');
    expect(errors[0]!.textContent).toMatch(/Formula not shown: .*expected/i);
    expect(errors[1]!.querySelector('pre')?.textContent).toBe('\\begin{matrix} a \\end{pmatrix}');
    expect(errors[1]!.textContent).toMatch(/Formula not shown: .*pmatrix/);
  });

  it('makes no link or HTML from untrusted TeX (\\href, \\url, \\htmlData)', async () => {
    const { container } = render(
      <Markdown
        text={'$\\href{javascript:alert(1)}{x}$ $\\url{javascript:alert(2)}$ $\\htmlData{x=1}{y}$ $z$'}
      />,
    );
    await waitFor(() => expect(katexIn(container).length).toBeGreaterThan(0));
    expect(container.querySelector('a')).toBeNull();
    expect(container.innerHTML).not.toContain('href="javascript');
    expect(container.querySelector('[data-x]')).toBeNull();
  });
});

describe('diagrams', () => {
  const fence = (body: string) => `A flow:\n\n\`\`\`mermaid\n${body}\n\`\`\`\n\nAfter.`;

  it('draws a mermaid fence as an SVG, switches to its source and back, and offers a copy', async () => {
    render(<Markdown text={fence('flowchart LR\n  A[Prompt] --> B[Reply]')} />);
    const diagram = await screen.findByTestId('diagram');
    await waitFor(() => expect(diagram.dataset.state).toBe('drawn'), { timeout: 10_000 });
    expect(within(diagram).getByTestId('diagram-svg').querySelector('svg')).not.toBeNull();
    expect(within(diagram).getByTestId('copy-diagram')).toBeTruthy();

    fireEvent.click(within(diagram).getByTestId('diagram-toggle'));
    expect(within(diagram).queryByTestId('diagram-svg')).toBeNull();
    expect(within(diagram).getByTestId('diagram-source').textContent).toBe(
      'flowchart LR\n  A[Prompt] --> B[Reply]',
    );
    expect(within(diagram).getByTestId('diagram-toggle').textContent).toBe('View diagram');

    fireEvent.click(within(diagram).getByTestId('diagram-toggle'));
    expect(within(diagram).getByTestId('diagram-svg').querySelector('svg')).not.toBeNull();
  });

  it('shows a broken diagram’s error above its source', async () => {
    render(<Markdown text={fence('graph TD\nA-->')} />);
    const diagram = await screen.findByTestId('diagram');
    await waitFor(() => expect(diagram.dataset.state).toBe('error'), { timeout: 10_000 });
    expect(within(diagram).getByTestId('diagram-error').textContent).toMatch(
      /This diagram could not be drawn: .*Parse error/s,
    );
    expect(within(diagram).getByTestId('diagram-source').textContent).toBe('graph TD\nA-->');
    expect(within(diagram).queryByTestId('diagram-toggle')).toBeNull();
  });

  it('runs nothing a diagram asks for: no click callback, no script, no handler', async () => {
    const w = window as unknown as Record<string, unknown>;
    const calls: string[] = [];
    w.quartetCallback = () => calls.push('callback');
    const source = [
      'flowchart LR',
      '  A["<img src=x onerror=window.pwned=1>"] --> B["<script>window.pwned=2</script>"]',
      '  click A quartetCallback "runs a function"',
      '  click B call quartetCallback()',
      '  C --> D',
      '  click C href "javascript:window.pwned=3"',
    ].join('\n');
    render(<Markdown text={fence(source)} />);
    const diagram = await screen.findByTestId('diagram');
    await waitFor(() => expect(diagram.dataset.state).toBe('drawn'), { timeout: 10_000 });
    const view = within(diagram).getByTestId('diagram-svg');
    expect(view.querySelectorAll('g.node').length).toBe(4);
    expect(view.querySelector('script, foreignObject, img')).toBeNull();
    const attributes = [...view.querySelectorAll('*')].flatMap((el) => [...el.attributes]);
    expect(attributes.filter((a) => a.name.startsWith('on'))).toEqual([]);
    expect(attributes.filter((a) => /javascript:/i.test(a.value))).toEqual([]);
    for (const node of view.querySelectorAll('g.node')) fireEvent.click(node);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(calls).toEqual([]);
    expect(w.pwned).toBeUndefined();
  });

  it('sanitizes the SVG it is given again: scripts, handlers, foreign HTML and javascript: links go', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="x()"><style>#a{fill:red}</style>' +
      '<script>x()</script><a href="javascript:x()"><text onclick="x()">t</text></a>' +
      '<foreignObject><div onmouseover="x()">html</div></foreignObject><g><rect width="1"/></g></svg>';
    const out = sanitizeSvg(svg);
    expect(out).not.toMatch(/script|onload|onclick|onmouseover|javascript:|foreignObject/i);
    expect(out).toContain('<style>#a{fill:red}</style>');
    expect(out).toContain('<rect width="1"');
  });
});

describe('while a reply streams', () => {
  const prefixes = (text: string) => Array.from({ length: text.length + 1 }, (_, i) => text.slice(0, i));

  it('never shows a table as raw pipes, and shows each row once its line has ended', async () => {
    const text =
      'Formats:\n\n| Format | Path |\n| --- | --- |\n| chat | /v1/chat |\n| messages | /v1/messages |\n';
    const { container, rerender } = render(<Markdown text="" live />);
    for (const prefix of prefixes(text)) {
      rerender(<Markdown text={prefix} live />);
      expect(container.textContent, JSON.stringify(prefix)).not.toContain('|');
      const rows = container.querySelectorAll('tbody tr').length;
      const ended = prefix.split('\n').slice(4, -1).length; // body rows whose newline has arrived
      expect(rows, JSON.stringify(prefix)).toBe(Math.max(0, ended));
    }
    // the reply finishes in a later task than its last delta: a render pass of its own (Markdown.tsx budget)
    await Promise.resolve();
    rerender(<Markdown text={text} />);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('shows an unfinished display formula as its plain source, and draws it once closed', async () => {
    const text = 'Sum:\n\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2} \\quad *not emphasis*\n$$\n\nAfter.';
    const { container, rerender } = render(<Markdown text="" live />);
    const close = text.indexOf('$$', text.indexOf('$$') + 2) + 2;
    for (const prefix of prefixes(text)) {
      rerender(<Markdown text={prefix} live />);
      // never half drawn: no emphasis or subscript made of TeX, no KaTeX error for a formula cut short
      expect(container.querySelector('em, sub, [data-testid="math-error"]'), prefix).toBeNull();
      if (prefix.length < close && prefix.includes('$$')) {
        expect(container.querySelector('.md-math-pending')?.textContent, prefix).toBe(
          prefix.slice(prefix.indexOf('$$')),
        );
      }
    }
    await waitFor(() => expect(container.querySelector('.katex-display')).not.toBeNull());
    expect(container.querySelector('.md-math-pending')).toBeNull();
  });

  it('draws a diagram only once its fence has closed', async () => {
    const open = 'A flow:\n\n```mermaid\nflowchart LR\n  A --> B';
    const { rerender } = render(<Markdown text={open} live />);
    expect(screen.queryByTestId('diagram')).toBeNull();
    expect(document.querySelector('pre')?.textContent).toBe('flowchart LR\n  A --> B');
    rerender(<Markdown text={`${open}\n\`\`\``} live />);
    const diagram = await screen.findByTestId('diagram');
    await waitFor(() => expect(diagram.dataset.state).toBe('drawn'), { timeout: 10_000 });
  });
});
