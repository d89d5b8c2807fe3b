import { useEffect, useRef, useState } from 'react';
import { useStore } from '../../store/index.ts';
import type { ComparisonSummary } from '../../../shared/contract.ts';
import { FORMAT_LABELS } from '../../../shared/formats.ts';
import { displayModelId } from '../../../shared/display.ts';
import { Button } from '../../components/Button.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { formatWhen } from '../../components/format.ts';
import { t } from '../../i18n/active.ts';

/**
 * "Comparisons": past comparisons in a drop-down under the prompt, so the columns keep the whole width
 * (a side list would leave them no room in a small window). Fetched each time it opens.
 */
export function ComparisonsButton() {
  const [open, setOpen] = useState(false);
  const load = useStore((s) => s.loadComparisons);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!open || confirming) return;
    const onDown = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setOpen(false);
      wrapRef.current?.querySelector<HTMLButtonElement>('[data-testid="compare-history-toggle"]')?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, confirming]);

  return (
    <div className="compare-history" ref={wrapRef}>
      <Button
        size="s"
        variant="ghost"
        icon="clock"
        aria-expanded={open}
        onClick={() => {
          if (!open) void load();
          setOpen(!open);
        }}
        data-testid="compare-history-toggle"
      >
        {t('compare.history')}
      </Button>
      {open ? <ComparisonsPanel onOpened={() => setOpen(false)} onConfirming={setConfirming} /> : null}
    </div>
  );
}

function ComparisonsPanel(props: { onOpened(): void; onConfirming(on: boolean): void }) {
  const list = useStore((s) => s.comparisons);
  const loaded = useStore((s) => s.comparisonsLoaded);
  const error = useStore((s) => s.comparisonsError);
  const current = useStore((s) => s.comparisonId);
  const remove = useStore((s) => s.deleteComparison);
  const [confirm, setConfirm] = useState<ComparisonSummary | null>(null);
  const { onConfirming } = props;
  useEffect(() => onConfirming(confirm !== null), [confirm, onConfirming]);

  return (
    <div
      className="compare-history-panel"
      role="region"
      aria-label={t('compare.history')}
      data-testid="comparisons"
    >
      <h2 className="compare-history-title">{t('compare.history')}</h2>
      {error ? (
        <div className="callout callout--error" role="alert">
          <Icon name="alert-circle" size={14} />
          <span>{t('compare.history.loadFailed', { message: error.message })}</span>
        </div>
      ) : list.length === 0 ? (
        <p className="compare-history-empty faint">
          {loaded ? t('compare.history.empty') : t('compare.history.loading')}
        </p>
      ) : (
        <ul className="compare-history-list" aria-label={t('compare.history.list')}>
          {list.map((c) => (
            <ComparisonItem
              key={c.id}
              comparison={c}
              current={c.id === current}
              onOpened={props.onOpened}
              onDelete={() => setConfirm(c)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('compare.history.delete.title')}
        message={t('compare.history.delete.message', {
          title: confirm?.title ?? '',
          count: confirm?.columns.length ?? 0,
        })}
        confirmLabel={t('common.delete')}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const id = confirm?.id;
          setConfirm(null);
          if (id) void remove(id);
        }}
      />
    </div>
  );
}

function ComparisonItem(props: {
  comparison: ComparisonSummary;
  current: boolean;
  onOpened(): void;
  onDelete(): void;
}) {
  const { comparison: c, current } = props;
  const open = useStore((s) => s.openComparison);
  return (
    <li
      className={`compare-history-item${current ? ' is-current' : ''}`}
      data-testid="comparison-item"
      data-id={c.id}
    >
      <button
        type="button"
        className="compare-history-open"
        aria-current={current ? 'true' : undefined}
        onClick={() => {
          void open(c.id).then((opened) => {
            if (opened) props.onOpened();
          });
        }}
        data-testid="comparison-open"
      >
        <span className="compare-history-row">
          <span className="compare-history-name">{c.title}</span>
          {current ? <span className="badge badge--info">{t('compare.history.onScreen')}</span> : null}
          <time className="compare-history-when" dateTime={new Date(c.updatedAt).toISOString()}>
            {formatWhen(c.updatedAt)}
          </time>
        </span>
        <span className="compare-history-columns">
          {c.columns.map((col) => (
            <span key={col.id} className="compare-history-column" data-testid="comparison-column">
              {FORMAT_LABELS[col.format]} · <span className="mono">{displayModelId(col.model)}</span>
            </span>
          ))}
          {/* an image comparison's images endpoint column, which has no conversation */}
          {c.images?.[0] ? (
            <span className="compare-history-column" data-testid="comparison-column">
              {t('compare.images.endpoint')} ·{' '}
              <span className="mono">{displayModelId(c.images[0].model)}</span>
            </span>
          ) : null}
        </span>
      </button>
      <IconButton
        icon="trash"
        size="s"
        variant="danger"
        label={t('compare.history.delete', { title: c.title })}
        onClick={props.onDelete}
        data-testid="comparison-delete"
      />
    </li>
  );
}
