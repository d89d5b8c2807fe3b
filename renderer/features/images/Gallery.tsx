import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../store/index.ts';
import { getBridge } from '../../bridge/index.ts';
import type { ImageRecord } from '../../../shared/contract.ts';
import { useVirtualRows } from '../../components/useVirtualRows.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Button } from '../../components/Button.tsx';
import { t } from '../../i18n/active.ts';

const GAP = 10;
const PAD = 16;
const MIN_TILE = 170;
const THUMB_W = 320;

/** How many columns fit, and how wide each tile is, for a container width. */
export function gridFor(width: number): { cols: number; tile: number } {
  const inner = Math.max(0, width - PAD * 2);
  const cols = Math.max(1, Math.floor((inner + GAP) / (MIN_TILE + GAP)));
  const tile = Math.max(60, Math.floor((inner - GAP * (cols - 1)) / cols));
  return { cols, tile };
}

/** Everything generated, newest first: a virtualised grid of thumbnails that pages in as it scrolls. */
export function Gallery() {
  const images = useStore((s) => s.images);
  const total = useStore((s) => s.imagesTotal);
  const loaded = useStore((s) => s.imagesLoaded);
  const loading = useStore((s) => s.imagesLoading);
  const error = useStore((s) => s.imagesError);
  const loadMore = useStore((s) => s.loadMoreImages);
  const reload = useStore((s) => s.loadImages);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const { cols, tile } = gridFor(width);
  const rowCount = Math.ceil(images.length / cols);
  // a row of the grid is its index: the images it shows follow from the column count
  const gridRows = useMemo(() => Array.from({ length: rowCount }, (_, i) => i), [rowCount]);
  const estimate = useCallback(() => tile + GAP, [tile]);
  const { virtualizer, items, totalSize } = useVirtualRows({
    scrollRef,
    rows: gridRows,
    estimate,
    overscan: 3,
    paddingStart: PAD,
    paddingEnd: PAD,
  });
  useEffect(() => {
    virtualizer.measure();
  }, [tile, virtualizer]);

  const lastRow = items.at(-1)?.item.index ?? -1;
  useEffect(() => {
    if (loaded && !loading && images.length < total && lastRow >= rowCount - 3) void loadMore();
  }, [loaded, loading, images.length, total, lastRow, rowCount, loadMore]);

  return (
    <div className="gallery-scroll" ref={scrollRef} data-testid="gallery">
      {error ? (
        <div className="callout callout--error gallery-error" role="alert">
          <Icon name="alert-circle" />
          <span>{t('images.gallery.loadFailed', { message: error.message })}</span>
          <Button size="s" onClick={() => void reload()}>
            {t('images.gallery.retry')}
          </Button>
        </div>
      ) : null}
      {loaded && images.length === 0 ? (
        <div className="empty gallery-empty">
          <Icon name="image" size={32} />
          <p className="empty-title">{t('images.gallery.empty.title')}</p>
          <p>{t('images.gallery.empty')}</p>
        </div>
      ) : null}
      {!loaded && loading ? (
        <div className="empty gallery-empty">
          <Spinner size={20} label={t('images.gallery.loading')} />
        </div>
      ) : null}
      {width > 0 && images.length > 0 ? (
        <div
          className="gallery-grid"
          role="list"
          aria-label={t('images.gallery.label', { count: total })}
          style={{ height: totalSize }}
        >
          {items.map(({ item: row }) => (
            <div
              key={row.key}
              className="gallery-row"
              role="presentation"
              style={{
                transform: `translateY(${row.start}px)`,
                gridTemplateColumns: `repeat(${cols}, ${tile}px)`,
                height: tile,
              }}
            >
              {images.slice(row.index * cols, row.index * cols + cols).map((img) => (
                <Tile key={img.id} img={img} size={tile} />
              ))}
            </div>
          ))}
        </div>
      ) : null}
      {loading && loaded ? (
        <div className="gallery-more faint">
          <Spinner size={14} /> {t('images.gallery.loadingMore')}
        </div>
      ) : null}
    </div>
  );
}

const Tile = memo(function Tile({ img, size }: { img: ImageRecord; size: number }) {
  const thumbState = useStore((s) => s.thumbState[img.id]);
  const ensureThumbnail = useStore((s) => s.ensureThumbnail);
  const open = useStore((s) => s.openImageDetail);
  const fresh = useStore((s) => s.lastBatchIds.includes(img.id));

  useEffect(() => {
    if (!img.hasThumbnail) ensureThumbnail(img.id);
  }, [img.hasThumbnail, img.id, ensureThumbnail]);

  const bridge = getBridge();
  const src = img.hasThumbnail
    ? bridge.imageUrl(img.id, 'thumb')
    : thumbState === 'failed'
      ? bridge.imageUrl(img.id, 'full')
      : null;
  const w = Math.min(THUMB_W, img.width);
  const h = Math.max(1, Math.round((w * img.height) / Math.max(1, img.width)));
  const label = `${img.prompt.slice(0, 90)}${img.prompt.length > 90 ? '…' : ''}`;

  return (
    <div role="listitem" className="gallery-cell" style={{ width: size, height: size }}>
      <button
        type="button"
        className={`gallery-item${fresh ? ' is-fresh' : ''}`}
        title={img.prompt}
        data-testid="gallery-item"
        data-id={img.id}
        onClick={() => open(img.id)}
      >
        {src ? (
          <img src={src} alt="" loading="lazy" decoding="async" width={w} height={h} draggable={false} />
        ) : (
          <span className="gallery-placeholder" aria-hidden="true">
            <Spinner size={16} />
          </span>
        )}
        {/* named by its content, so the name holds the caption a sighted user reads (and may say) */}
        <span className="visually-hidden">{t('images.gallery.open', { label })} </span>
        <span className="gallery-caption">
          <span className="tabular">
            {img.width}×{img.height}
          </span>
          {img.sizeAdjusted ? (
            <span
              className="gallery-badge"
              title={t('images.gallery.adjusted.title', {
                asked: img.requestedSize ?? 'auto',
                size: `${img.width}×${img.height}`,
              })}
              data-testid="size-adjusted-badge"
            >
              <Icon name="alert" size={11} /> {t('images.gallery.adjusted')}
            </span>
          ) : null}
        </span>
      </button>
    </div>
  );
});
