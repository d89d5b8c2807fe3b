import { displayModelId } from '../../../shared/display.ts';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { getBridge } from '../../bridge/index.ts';
import type { ImageRecord } from '../../../shared/contract.ts';
import { Dialog, ConfirmDialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { MenuButton } from '../../components/Menu.tsx';
import { FORMAT_LABELS, TEXT_FORMATS } from '../../../shared/formats.ts';
import { formatBytes, formatCount, formatWhen } from '../../components/format.ts';
import { t } from '../../i18n/active.ts';
import { SOURCE_KEYS, VersionsStrip } from './VersionsStrip.tsx';

/** The image viewer: the picture large, where it came from, and what can be done with it. */
export function ImageDetail() {
  const id = useStore((s) => s.detailImageId);
  // an older version opened from the strip may be outside the gallery's loaded page (or its filter)
  const img = useStore((s) =>
    id ? (s.images.find((x) => x.id === id) ?? s.versions?.items.find((x) => x.id === id)) : undefined,
  );
  const open = useStore((s) => s.openImageDetail);
  const neighbours = useStore(
    useShallow((s) => {
      const i = id ? s.images.findIndex((x) => x.id === id) : -1;
      return {
        prev: i > 0 ? s.images[i - 1]?.id : undefined,
        next: i >= 0 ? s.images[i + 1]?.id : undefined,
      };
    }),
  );
  const close = () => open(null);

  return (
    <Dialog
      open={img !== undefined}
      title={img ? titleOf(img) : t('images.detail.title')}
      onClose={close}
      size="l"
      className="image-dialog"
      testId="image-detail"
    >
      {img ? <DetailBody key={img.id} img={img} prev={neighbours.prev} next={neighbours.next} /> : null}
    </Dialog>
  );
}

/** The prompt's first eight words, and at most 60 characters (a Chinese prompt has no spaces to cut at). */
function titleOf(img: ImageRecord): string {
  const prompt = img.prompt.trim();
  const words = prompt.split(/\s+/).slice(0, 8).join(' ');
  const head = words.length > 60 ? words.slice(0, 60) : words;
  return head.length < prompt.length ? `${head}…` : head || t('images.detail.title');
}

function DetailBody(props: { img: ImageRecord; prev: string | undefined; next: string | undefined }) {
  const { img, prev, next } = props;
  const open = useStore((s) => s.openImageDetail);
  const saveImages = useStore((s) => s.saveImages);
  const copyImage = useStore((s) => s.copyImage);
  const deleteImage = useStore((s) => s.deleteImage);
  const rerun = useStore((s) => s.rerunImage);
  const askAboutImage = useStore((s) => s.askAboutImage);
  const inspect = useStore((s) => s.openInspector);
  const generating = useStore((s) => s.generation !== null);
  const batchIds = useStore(
    useShallow((s) => s.images.filter((x) => x.batchId === img.batchId).map((x) => x.id)),
  );
  const startEdit = useStore((s) => s.startEdit);
  const openConversation = useStore((s) => s.openImageConversation);
  const openComparison = useStore((s) => s.openImageComparison);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'save' | 'save-all' | 'copy' | null>(null);

  const run = async (what: 'save' | 'save-all' | 'copy', fn: () => Promise<void>) => {
    setBusy(what);
    try {
      await fn();
    } finally {
      setBusy(null);
    }
  };

  // Arrow keys page through the gallery wherever the focus is in the viewer (the close button starts with it).
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (confirming || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const el = e.target;
      if (
        el instanceof HTMLInputElement ||
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement
      )
        return;
      if (e.key === 'ArrowLeft' && prev) open(prev);
      else if (e.key === 'ArrowRight' && next) open(next);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [prev, next, open, confirming]);

  const requested = img.requestedSize ?? 'auto';
  const real = `${img.width}x${img.height}`;
  const reported = img.reportedSize;

  return (
    <div className="image-detail">
      <div className="image-detail-stage">
        <img
          className="image-detail-img"
          src={getBridge().imageUrl(img.id, 'full')}
          alt={img.prompt}
          width={img.width}
          height={img.height}
          decoding="async"
          data-testid="image-detail-img"
        />
        {prev ? (
          <IconButton
            icon="chevron-left"
            label={t('images.detail.newer')}
            className="image-nav image-nav--prev"
            variant="outlined"
            onClick={() => open(prev)}
          />
        ) : null}
        {next ? (
          <IconButton
            icon="chevron-right"
            label={t('images.detail.older')}
            className="image-nav image-nav--next"
            variant="outlined"
            onClick={() => open(next)}
          />
        ) : null}
      </div>
      <div className="image-detail-side">
        {img.sizeAdjusted ? (
          <div className="callout callout--warning" data-testid="size-changed">
            <Icon name="alert" />
            <span>{t('images.detail.sizeChanged', { asked: requested, size: real })}</span>
          </div>
        ) : null}
        <div className="image-detail-prompt">
          <span className="field-label">{t('images.detail.prompt')}</span>
          <p data-testid="image-detail-prompt">{img.prompt}</p>
        </div>
        <VersionsStrip img={img} />
        <dl className="image-facts">
          <dt>{t('images.detail.source')}</dt>
          <dd data-testid="image-source">
            {t(SOURCE_KEYS[img.source])}
            {img.conversationId !== undefined ? (
              <>
                {' · '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void openConversation(img.id)}
                  data-testid="image-conversation"
                >
                  {img.messageId !== undefined
                    ? t('images.detail.openTurn')
                    : t('images.detail.openConversation')}
                </button>
              </>
            ) : null}
            {img.comparisonId !== undefined ? (
              <>
                {' · '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void openComparison(img.comparisonId ?? '')}
                  data-testid="image-comparison"
                >
                  {t('compare.images.openComparison')}
                </button>
              </>
            ) : null}
          </dd>
          {img.settings && Object.keys(img.settings).length > 0 ? (
            <>
              <dt>{t('images.detail.settings')}</dt>
              <dd className="mono image-settings" translate="no" data-testid="image-settings">
                {Object.entries(img.settings)
                  .map(([k, v]) => `${k}: ${String(v)}`)
                  .join(' · ')}
              </dd>
            </>
          ) : null}
          <dt>{t('images.detail.model')}</dt>
          <dd className="mono">{displayModelId(img.model)}</dd>
          <dt>{t('images.detail.requestedSize')}</dt>
          <dd className="mono" data-testid="requested-size">
            {requested}
          </dd>
          <dt>{t('images.detail.reportedSize')}</dt>
          <dd
            className={`mono${reported && reported !== real ? ' is-diff' : ''}`}
            data-testid="reported-size"
          >
            {reported ?? '–'}
          </dd>
          <dt>{t('images.detail.realSize')}</dt>
          <dd className={`mono${img.sizeAdjusted ? ' is-diff' : ''}`} data-testid="real-size">
            {real}
          </dd>
          <dt>{t('images.detail.format')}</dt>
          <dd>
            {img.format.toUpperCase()} · {formatBytes(img.bytes)}
          </dd>
          {img.quality || img.reportedQuality ? (
            <>
              <dt>{t('images.detail.quality')}</dt>
              <dd data-testid="image-quality-shown">{qualityText(img.quality, img.reportedQuality)}</dd>
            </>
          ) : null}
          <dt>{t('images.detail.created')}</dt>
          <dd>{formatWhen(img.createdAt)}</dd>
          {img.usage ? (
            <>
              <dt>{t('images.detail.usage')}</dt>
              <dd>
                <UsageLine usage={img.usage} />
              </dd>
            </>
          ) : null}
          {batchIds.length > 1 ? (
            <>
              <dt>{t('images.detail.batch')}</dt>
              <dd>
                {t('images.detail.batch.place', {
                  n: batchIds.indexOf(img.id) + 1,
                  count: batchIds.length,
                })}
              </dd>
            </>
          ) : null}
        </dl>
        <div className="image-actions">
          <Button
            icon="download"
            size="s"
            busy={busy === 'save'}
            onClick={() => void run('save', () => saveImages([img.id]))}
            data-testid="image-save"
          >
            {t('common.save')}
          </Button>
          {batchIds.length > 1 ? (
            <Button
              icon="download"
              size="s"
              busy={busy === 'save-all'}
              onClick={() => void run('save-all', () => saveImages(batchIds))}
              data-testid="image-save-all"
            >
              {t('images.detail.saveAll', { count: batchIds.length })}
            </Button>
          ) : null}
          <Button icon="pencil" size="s" onClick={() => startEdit(img.id)} data-testid="image-edit">
            {t('images.edit.open')}
          </Button>
          <Button
            icon="copy"
            size="s"
            busy={busy === 'copy'}
            onClick={() => void run('copy', () => copyImage(img.id))}
            data-testid="image-copy"
          >
            {t('common.copy')}
          </Button>
          <Button
            icon="retry"
            size="s"
            disabled={generating}
            title={generating ? t('images.detail.rerun.busy') : t('images.detail.rerun.title')}
            onClick={() => void rerun(img.id)}
            data-testid="image-rerun"
          >
            {t('images.detail.rerun')}
          </Button>
          <MenuButton
            icon="message"
            label={t('images.detail.ask.label')}
            text={t('images.detail.ask')}
            testId="image-ask"
            items={TEXT_FORMATS.map((f) => ({
              id: `ask-${f}`,
              label: t('images.detail.ask.in', { format: FORMAT_LABELS[f] }),
              icon: 'message' as const,
              onSelect: () => {
                open(null);
                void askAboutImage(img.id, f);
              },
            }))}
          />
          {img.exchangeId ? (
            <Button
              icon="code"
              size="s"
              onClick={() => {
                open(null);
                inspect(img.exchangeId ?? '');
              }}
              data-testid="image-inspect"
            >
              {t('images.detail.inspect')}
            </Button>
          ) : null}
          <Button
            icon="trash"
            size="s"
            variant="ghost"
            className="image-delete"
            onClick={() => setConfirming(true)}
            data-testid="image-delete"
          >
            {t('common.delete')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('images.detail.delete.title')}
        message={t('images.detail.delete.message')}
        confirmLabel={t('common.delete')}
        danger
        onConfirm={() => {
          setConfirming(false);
          void deleteImage(img.id);
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** What the service used, and what was asked when that differs or the service did not say. */
function qualityText(asked: string | undefined, reported: string | undefined): string {
  if (reported === undefined) return t('images.detail.quality.unsaid', { asked: asked ?? '' });
  if (asked === undefined || asked === reported) return reported;
  return t('images.detail.quality.asked', { reported, asked });
}

/** input / output / total tokens, from the service's usage object whatever its exact shape. */
function UsageLine({ usage }: { usage: Record<string, unknown> }) {
  const num = (k: string) => (typeof usage[k] === 'number' ? (usage[k] as number) : undefined);
  const input = num('input_tokens') ?? num('input');
  const output = num('output_tokens') ?? num('output');
  const total = num('total_tokens') ?? num('total');
  if (input === undefined && output === undefined && total === undefined) {
    return <code className="image-usage-raw">{JSON.stringify(usage)}</code>;
  }
  return (
    <span className="tabular">
      {t('images.detail.usage.line', {
        input: formatCount(input),
        output: formatCount(output),
        total: formatCount(total),
      })}
    </span>
  );
}
