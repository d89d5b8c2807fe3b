// Where math is found in a reply's Markdown (renderer/components/markdown/math-syntax.ts): the four
// delimiters, Pandoc's rule for single dollars (prices stay text), code and escapes left alone, a formula
// still streaming held as one pending span, and the text always recoverable from the placeholders.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareMath, TOKEN_RE, type MathSpan } from '../../renderer/components/markdown/math-syntax.ts';

const tex = (text: string, live = false) => prepareMath(text, live).spans.map((s) => s.tex);
const restored = (text: string, spans: MathSpan[]) =>
  text.replace(TOKEN_RE, (_, i: string) => spans[Number(i)]!.raw);

describe('prepareMath', () => {
  it('finds inline and display math in all four delimiters', () => {
    const found = prepareMath('a $x^2$ b \\(y\\) c\n\n$$\n\\int f\n$$\n\n\\[ z \\]').spans;
    expect(found.map((s) => [s.tex, s.display])).toEqual([
      ['x^2', false],
      ['y', false],
      ['\n\\int f\n', true],
      [' z ', true],
    ]);
  });

  it('leaves prices alone: no space inside the dollars, no digit after the closing one', () => {
    expect(tex('It costs $5 and $6.')).toEqual([]);
    expect(tex('between $5-$10, or US$5 and US$6')).toEqual([]);
    expect(tex('$ x$ and $x $')).toEqual([]);
    expect(tex('$x$5')).toEqual([]);
    expect(tex('costs $5, and the formula $a+b$ holds')).toEqual(['a+b']);
  });

  it('skips escaped dollars, inline code and fenced code', () => {
    expect(tex('\\$x\\$ and \\\\(not\\\\)')).toEqual([]);
    expect(tex('`$x$` and ``a ` $y$`` then $z$')).toEqual(['z']);
    expect(tex('```sh\necho $x$\n$$\n```\n\n$w$')).toEqual(['w']);
    expect(tex('- item\n\n  ~~~\n  $x$\n  ~~~')).toEqual([]);
  });

  it('does not let a formula run across a blank line (a new paragraph)', () => {
    expect(tex('$a\n\nb$')).toEqual([]);
    expect(tex('$$\na\n\nb\n$$')).toEqual([]);
    expect(tex('$a\nb$')).toEqual(['a\nb']);
  });

  it('takes the quote marks off a display formula written inside a quote', () => {
    expect(tex('> $$\n> a \\\\\n> b\n> $$')).toEqual(['\na \\\\\nb\n']);
  });

  it('holds an unclosed display formula of a streaming reply as one pending span to the end', () => {
    const live = prepareMath('Sum:\n$$\n\\sum_i *i*', true);
    expect(live.spans).toEqual([
      { tex: '\n\\sum_i *i*', display: true, raw: '$$\n\\sum_i *i*', pending: true },
    ]);
    expect(prepareMath('Sum:\n$$\n\\sum_i', false).spans).toEqual([]);
    // only a formula opening its own line is a display being written; "$$" inside a sentence is not
    expect(prepareMath('It costs $$ a lot', true).spans).toEqual([]);
    expect(prepareMath('> \\[\n> x', true).spans[0]?.pending).toBe(true);
  });

  it('leaves a text holding the placeholder characters themselves untouched', () => {
    expect(prepareMath('\uE0000\uE001 $x$').spans).toEqual([]);
  });

  it('always gives back the original text when placeholders are put back (any text)', () => {
    const alphabet = fc.constantFrom(
      '$',
      '$$',
      '\\',
      '(',
      ')',
      '[',
      ']',
      '`',
      '```',
      '\n',
      ' ',
      'a',
      '5',
      '>',
      '-',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), fc.boolean(), (parts, live) => {
        const text = parts.join('');
        const out = prepareMath(text, live);
        expect(restored(out.text, out.spans)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});
