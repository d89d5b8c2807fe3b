import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { CopyButton } from '../CopyButton.tsx';
import { useStore } from '../../store/index.ts';
import { useT } from '../../i18n/useT.ts';
import { lazyModule } from './lazy.ts';
import { useDocumentTheme, type ShownTheme } from './theme-watch.ts';
import type { DiagramResult } from './mermaid-render.ts';
import { diagramSize, drawsByItself } from './diagram-size.ts';
import { useOnScreen } from './on-screen.ts';

/** Mermaid, fetched the first time a reply holds a diagram (see mermaid-render.ts). */
export const mermaidModule = lazyModule(() => import('./mermaid-render.ts'));

/** Drawn diagrams by theme and source, so a diagram mounted again shows at once. Oldest entries go first. */
const drawn = new Map<string, DiagramResult>();
const DRAWN_MAX = 200;

const keyOf = (theme: ShownTheme, source: string) => `${theme}\u0000${source}`;

function remember(key: string, result: DiagramResult): void {
  drawn.set(key, result);
  if (drawn.size > DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
}

/** The last drawing that arrived, kept while the same source is drawn again for another theme. */
type Settled = { source: string; result: DiagramResult } | null;

/**
 * A ```mermaid fence drawn as a diagram, with a switch to its source and a copy button. Until it is drawn
 * (and if Mermaid cannot be loaded) the source shows; a diagram Mermaid cannot read shows its error above
 * its source. When the theme changes, the diagram drawn for the old one stays until the new one is ready.
 *
 * Drawing is the page's most expensive work, so a diagram is drawn only when it is on screen (or near),
 * one at a time (mermaid-render.ts), not at all once it is unmounted or scrolled away before its turn,
 * and a very large one only when the reader asks (diagram-size.ts).
 */
export function Diagram(props: { source: string }) {
  const { source } = props;
  const t = useT();
  const theme = useDocumentTheme();
  const key = keyOf(theme, source);
  const [settled, setSettled] = useState<Settled>(null);
  const [failed, setFailed] = useState(false);
  const [showSource, setShowSource] = useState(false);
  const [forced, setForced] = useState(false);
  const openLink = useStore((s) => s.openLink);
  const box = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(box);
  const size = useMemo(() => diagramSize(source), [source]);
  const large = !drawsByItself(size);
  const wanted = onScreen && (!large || forced);

  useEffect(() => {
    if (drawn.has(key) || !wanted) return;
    const stop = new AbortController();
    mermaidModule
      .load()
      .then((m) => m.renderDiagram(source, theme, stop.signal))
      .then(
        (result) => {
          remember(key, result);
          if (!stop.signal.aborted) setSettled({ source, result });
        },
        (e: unknown) => {
          if (!stop.signal.aborted && !(e instanceof Error && e.name === 'DiagramCancelled')) setFailed(true);
        },
      );
    return () => stop.abort();
  }, [key, source, theme, wanted]);

  const result = drawn.get(key) ?? (settled?.source === source ? settled.result : undefined);
  const svg = result && 'svg' in result ? result.svg : null;
  const error = result && 'error' in result ? result.error : null;
  const state =
    svg !== null
      ? 'drawn'
      : error !== null
        ? 'error'
        : failed
          ? 'unavailable'
          : large && !forced
            ? 'large'
            : 'drawing';
  const sourceView = svg === null || showSource;

  // a link in a diagram opens as a reply's links do: in the browser, never in the app's window
  const onClick = (e: MouseEvent) => {
    const link = (e.target as Element).closest('a');
    if (!link) return;
    e.preventDefault();
    const href = link.getAttribute('href') ?? link.getAttribute('xlink:href') ?? '';
    if (/^https?:\/\//i.test(href)) void openLink(href);
  };

  return (
    <div className="md-code md-diagram" data-testid="diagram" data-state={state} ref={box}>
      <div className="md-code-head">
        <span className="md-code-lang">mermaid</span>
        <span className="md-diagram-actions">
          {state === 'drawing' ? <span className="md-code-note">{t('reading.diagram.drawing')}</span> : null}
          {svg !== null ? (
            <button
              type="button"
              className="md-diagram-toggle"
              data-testid="diagram-toggle"
              onClick={() => setShowSource((v) => !v)}
            >
              {showSource ? t('reading.diagram.viewDiagram') : t('reading.diagram.viewSource')}
            </button>
          ) : null}
          <CopyButton text={source} label={t('reading.diagram.copy')} testId="copy-diagram" />
        </span>
      </div>
      {error !== null ? (
        <p className="md-render-error" role="note" data-testid="diagram-error">
          {t('reading.diagram.error', { error })}
        </p>
      ) : null}
      {state === 'large' ? (
        <p className="md-render-note" role="note" data-testid="diagram-large">
          {t('reading.diagram.large', { lines: size.lines, links: size.links })}{' '}
          <button
            type="button"
            className="md-diagram-toggle"
            data-testid="diagram-draw-anyway"
            onClick={() => setForced(true)}
          >
            {t('reading.diagram.drawAnyway')}
          </button>
        </p>
      ) : null}
      {state === 'unavailable' ? (
        <p className="md-render-error" role="note">
          {t('reading.diagram.unavailable')}
        </p>
      ) : null}
      {sourceView ? (
        <pre data-testid="diagram-source">
          <code>{source}</code>
        </pre>
      ) : (
        <div
          className="md-diagram-view"
          data-testid="diagram-svg"
          onClick={onClick}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
    </div>
  );
}
