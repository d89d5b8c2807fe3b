import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export interface MenuItem {
  id: string;
  label: string;
  icon?: IconName;
  disabled?: boolean;
  onSelect(): void;
}

/**
 * A button that opens a small menu (role="menu"): arrow keys move, Enter picks, Escape closes and
 * gives focus back to the button, a click elsewhere closes it.
 */
export function MenuButton(props: {
  icon: IconName;
  label: string;
  /** visible text next to the icon; without it the button is icon-only with `label` as its name */
  text?: string;
  items: MenuItem[];
  disabled?: boolean;
  align?: 'start' | 'end';
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    itemRefs.current.find((el) => el && !el.disabled)?.focus();
    const onDown = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const els = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null && !el.disabled);
    const i = els.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      els[(i + 1) % els.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      els[(i - 1 + els.length) % els.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      els[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      els.at(-1)?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="menu-wrap" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className={props.text ? 'btn btn--ghost btn--s' : 'icon-btn'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={props.text ? undefined : props.label}
        title={props.label}
        disabled={props.disabled}
        data-testid={props.testId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name={props.icon} size={props.text ? 14 : 16} />
        {props.text}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={props.label}
          className={`menu menu--${props.align ?? 'end'}`}
          onKeyDown={onMenuKey}
        >
          {props.items.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              disabled={item.disabled}
              data-testid={`menu-${item.id}`}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.icon ? <Icon name={item.icon} size={14} /> : null}
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
