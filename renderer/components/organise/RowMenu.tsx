import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { menuKey } from '../menu-keys.ts';
import { createPortal } from 'react-dom';
import { Icon, type IconName } from '../Icon.tsx';

export interface RowMenuItem {
  id: string;
  label: string;
  icon?: IconName;
  danger?: boolean;
  onSelect(): void;
}

/**
 * A row's menu, drawn over the page (fixed, in a portal) so a scrolling, virtualised list cannot clip it:
 * under the point it opened from, or above it when the window ends first. Arrow keys, Home and End move,
 * Enter picks, Escape closes and gives focus back; a click elsewhere, a scroll or a resize closes it.
 */
export function MenuPopup(props: {
  id?: string;
  label: string;
  items: RowMenuItem[];
  /** where it opens: a button's lower right corner, or a right-click's point */
  at: { x: number; y: number; above?: number; alignEnd?: boolean };
  onClose(refocus: boolean): void;
}) {
  const { onClose, at } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    const margin = 6;
    let left = at.alignEnd ? at.x - width : at.x;
    left = Math.max(margin, Math.min(left, window.innerWidth - width - margin));
    let top = at.y;
    if (top + height > window.innerHeight - margin) top = Math.max(margin, (at.above ?? at.y) - height);
    setPlace({ left, top });
    el.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [at]);

  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose(false);
    };
    const onMove = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) onClose(false);
    };
    const onResize = () => onClose(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onResize);
    };
  }, [onClose]);

  const onKey = (e: KeyboardEvent<HTMLDivElement>) =>
    menuKey(e, [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])], onClose);

  return createPortal(
    <div
      ref={ref}
      id={props.id}
      role="menu"
      aria-label={props.label}
      className="menu row-menu"
      style={place ? { left: place.left, top: place.top } : { left: at.x, top: at.y, visibility: 'hidden' }}
      onKeyDown={onKey}
      onContextMenu={(e) => e.preventDefault()}
    >
      {props.items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`menu-item${item.danger ? ' menu-item--danger' : ''}`}
          data-testid={`menu-${item.id}`}
          onClick={() => {
            onClose(false);
            item.onSelect();
          }}
        >
          {item.icon ? <Icon name={item.icon} size={14} /> : null}
          {item.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}

/** The ⋯ button of a row, opening its menu under it. */
export function RowMenuButton(props: { label: string; items: RowMenuItem[]; testId?: string }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [at, setAt] = useState<{ x: number; y: number; above: number; alignEnd: boolean } | null>(null);
  const menuId = useId();
  const open = () => {
    const r = buttonRef.current?.getBoundingClientRect();
    if (r) setAt({ x: r.right, y: r.bottom + 4, above: r.top - 4, alignEnd: true });
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn icon-btn--s"
        aria-haspopup="menu"
        aria-expanded={at !== null}
        aria-controls={at ? menuId : undefined}
        aria-label={props.label}
        title={props.label}
        data-testid={props.testId}
        onClick={() => (at ? setAt(null) : open())}
        onPointerDown={(e) => {
          // the press that would close an open menu must not reopen it on click
          if (at) e.stopPropagation();
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !at) {
            e.preventDefault();
            open();
          }
        }}
      >
        <Icon name="more" size={14} />
      </button>
      {at ? (
        <MenuPopup
          id={menuId}
          label={props.label}
          items={props.items}
          at={at}
          onClose={(refocus) => {
            setAt(null);
            if (refocus) buttonRef.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
