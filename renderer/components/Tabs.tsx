import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  testId?: string;
  /** a tooltip (e.g. the tab's shortcut) */
  title?: string;
  /** its shortcut, for assistive technology (aria-keyshortcuts) */
  keyshortcuts?: string;
}

/**
 * An ARIA tablist with roving focus: Left/Right (and Home/End) move between tabs and select them.
 * The caller renders the panels with `id={tabPanelId(idPrefix, id)}` and `aria-labelledby={tabId(idPrefix, id)}`.
 */
export function Tabs<T extends string>(props: {
  items: readonly TabItem<T>[];
  value: T;
  onChange(id: T): void;
  label: string;
  idPrefix: string;
  className?: string;
  tabClassName?: string;
  /** custom content of a tab (its accessible name stays `label`) */
  renderLabel?: (id: T) => ReactNode;
}) {
  const { items, value, onChange, idPrefix } = props;
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((t) => t.id === value);
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const target = items[next];
    if (!target) return;
    onChange(target.id);
    refs.current.get(target.id)?.focus();
  };

  return (
    <div role="tablist" aria-label={props.label} className={props.className ?? 'tabs'} onKeyDown={onKeyDown}>
      {items.map((t) => {
        const selected = t.id === value;
        return (
          <button
            key={t.id}
            ref={(el) => {
              if (el) refs.current.set(t.id, el);
              else refs.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, t.id)}
            aria-selected={selected}
            aria-controls={tabPanelId(idPrefix, t.id)}
            tabIndex={selected ? 0 : -1}
            className={props.tabClassName ?? 'tabs-tab'}
            data-testid={t.testId}
            aria-label={props.renderLabel ? t.label : undefined}
            title={t.title}
            aria-keyshortcuts={t.keyshortcuts}
            onClick={() => onChange(t.id)}
          >
            {props.renderLabel ? props.renderLabel(t.id) : t.label}
          </button>
        );
      })}
    </div>
  );
}

export function tabId(prefix: string, id: string): string {
  return `${prefix}-tab-${id}`;
}
export function tabPanelId(prefix: string, id: string): string {
  return `${prefix}-panel-${id}`;
}
