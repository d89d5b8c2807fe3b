/**
 * Math drawn by KaTeX. This module is a chunk of its own with KaTeX and its stylesheet (lazy-parts.tsx loads
 * it the first time a reply holds math); until then, and if it cannot be loaded, the source shows.
 */
import { useT } from '../../i18n/useT.ts';
import { renderTex, type TexResult } from './katex-render.ts';

/**
 * Rendered math by mode and TeX: a conversation scrolled up and down mounts the same formulas again and
 * again. Oldest entries go first.
 */
const rendered = new Map<string, TexResult>();
const RENDERED_MAX = 2000;

function renderCached(tex: string, display: boolean): TexResult {
  const key = `${display ? 'd' : 'i'}\u0000${tex}`;
  const hit = rendered.get(key);
  if (hit) return hit;
  const result = renderTex(tex, display);
  rendered.set(key, result);
  if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
  return result;
}

export interface MathProps {
  tex: string;
  /** as written, delimiters included */
  raw: string;
  display: boolean;
}

/** Inline math (`$…$`, `\(…\)`, or `$$…$$` within a line of text); a broken one shows its source and error. */
export function MathInline(props: MathProps) {
  const t = useT();
  const result = renderCached(props.tex, props.display);
  if ('error' in result) {
    return (
      <span className="md-math-error" data-testid="math-error">
        <code>{props.raw}</code>{' '}
        <span className="md-math-error-msg">{t('reading.math.error', { error: result.error })}</span>
      </span>
    );
  }
  return (
    <span
      className={props.display ? 'md-math md-math--display' : 'md-math'}
      data-testid="math"
      dangerouslySetInnerHTML={{ __html: result.html }}
    />
  );
}

/** Display math alone in its paragraph (or a ```math fence): a block that scrolls sideways when wide. */
export function MathBlock(props: { tex: string }) {
  const t = useT();
  const result = renderCached(props.tex, true);
  if ('error' in result) {
    return (
      <div className="md-math-block md-math-block--error" data-testid="math-error">
        <p className="md-math-error-msg">{t('reading.math.error', { error: result.error })}</p>
        <pre>
          <code>{props.tex.trim()}</code>
        </pre>
      </div>
    );
  }
  return (
    <div className="md-math-block" data-testid="math" dangerouslySetInnerHTML={{ __html: result.html }} />
  );
}
