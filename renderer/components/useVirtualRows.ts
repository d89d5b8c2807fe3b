// The one virtualiser set-up of the page's long lists (a conversation, the sidebar, all conversations, an
// exchange's events, the gallery's rows): only the rows near the view are in the DOM. Each list keeps what
// is its own (skimming, scrolling to the end, measuring rows whose height varies) on top of what this returns.
import { useCallback, type CSSProperties, type Key, type RefObject } from 'react';
import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';

export interface VirtualRowsOptions<T> {
  /** the scrolling element (the list's own ref: its effects read it too) */
  scrollRef: RefObject<HTMLElement | null>;
  rows: readonly T[];
  /** a row's height before it is measured; a stable function (module-level, or memoised) */
  estimate: (row: T | undefined) => number;
  /** a row's key, which keeps its measured height while rows above it come and go (default: its index) */
  keyOf?: ((row: T) => Key) | undefined;
  overscan: number;
  paddingStart?: number;
  paddingEnd?: number;
}

export interface VirtualRows<T> {
  /** for measuring rows (`ref={virtualizer.measureElement}` with `data-index`) and scrolling to one */
  virtualizer: Virtualizer<HTMLElement, Element>;
  /** the rows to draw now, each with its place */
  items: { item: VirtualItem; row: T }[];
  /** the height of the whole list */
  totalSize: number;
}

export function useVirtualRows<T>(options: VirtualRowsOptions<T>): VirtualRows<T> {
  const { scrollRef, rows, estimate, keyOf } = options;
  // stable while the rows are: new functions would make the virtualiser measure every row again each render
  const estimateSize = useCallback((i: number) => estimate(rows[i]), [rows, estimate]);
  const getItemKey = useCallback(
    (i: number) => {
      const row = rows[i];
      return row === undefined || keyOf === undefined ? i : keyOf(row);
    },
    [rows, keyOf],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: options.overscan,
    paddingStart: options.paddingStart ?? 0,
    paddingEnd: options.paddingEnd ?? 0,
  });
  const items: VirtualRows<T>['items'] = [];
  for (const item of virtualizer.getVirtualItems()) {
    const row = rows[item.index];
    if (row !== undefined) items.push({ item, row });
  }
  return { virtualizer, items, totalSize: virtualizer.getTotalSize() };
}

/** Where a row of a `position: relative` list sits: across the list's width, moved down to its start. */
export function rowPlace(item: VirtualItem, height?: number): CSSProperties {
  return {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    ...(height === undefined ? {} : { height }),
    transform: `translateY(${item.start}px)`,
  };
}
