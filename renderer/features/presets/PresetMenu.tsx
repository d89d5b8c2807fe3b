import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { menuKey } from '../../components/menu-keys.ts';
import { useStore } from '../../store/index.ts';
import { presetVariables, type SavedPreset } from '../../../shared/presets.ts';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { t } from '../../i18n/active.ts';
import { presetParamsSummary } from './preset-summary.ts';
import './presets.css';

/** The menu's width where the window allows (presets.css says the same). */
const MENU_WIDTH = 300;

export interface PresetMenuAction {
  id: string;
  label: string;
  icon: IconName;
  disabled?: boolean;
  onSelect(): void;
}

/** What a preset holds, in a few words, under its name in the menu: its variables first (asked next). */
function presetLine(p: SavedPreset): string {
  const vars = presetVariables(p);
  if (vars.length > 0) return vars.map((v) => `{{${v}}}`).join(' ');
  return p.description ?? p.params.system?.slice(0, 80) ?? presetParamsSummary(p.params);
}

/**
 * A button opening the presets menu: the saved presets to apply, then actions. Like MenuButton (arrow keys
 * move, Enter picks, Escape closes and gives focus back), with a list that scrolls and a caption saying
 * where a preset goes. The list is read from the host the first time it opens.
 */
export function PresetMenu(props: {
  label: string;
  /** visible text beside the icon; icon-only without it */
  text?: string;
  /** a small link in a line of text (a Compare column's parameters line) instead of a button */
  look?: 'button' | 'link';
  /** above the list: where a picked preset goes */
  caption: string;
  onPick(preset: SavedPreset): void;
  actions?: PresetMenuAction[];
  disabled?: boolean;
  testId?: string;
}) {
  const presets = useStore((s) => s.presets);
  const status = useStore((s) => s.presetsStatus);
  const error = useStore((s) => s.presetsError);
  const load = useStore((s) => s.loadPresets);
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (open && (status === 'idle' || status === 'error')) void load();
  }, [open, status, load]);

  // Placed on the page itself (fixed), so a Compare column's clipping never cuts it: below the button,
  // or above it when a short window has more room there; rightwards from a button near the left edge.
  // The list scrolls within the room left, so the actions stay in reach.
  const openMenu = () => {
    const button = buttonRef.current?.getBoundingClientRect();
    if (button) {
      const width = Math.min(MENU_WIDTH, window.innerWidth - 24); // as presets.css sizes it
      const below = window.innerHeight - button.bottom - 12;
      const above = button.top - 12;
      const up = below < 220 && above > below;
      setPlace({
        position: 'fixed',
        left: Math.max(8, Math.min(button.right - width, window.innerWidth - width - 8)),
        right: 'auto',
        ...(up ? { top: 'auto', bottom: window.innerHeight - button.top + 4 } : { top: button.bottom + 4 }),
        maxHeight: Math.max(120, up ? above : below),
      });
    }
    setOpen(true);
  };

  // A fixed menu would stay behind while its button moves (the page or a column row scrolls, the window
  // resizes): it closes instead. Other scrolling (a text field's own, the menu's list) leaves it open.
  useEffect(() => {
    if (!open) return;
    const onMove = (e: Event) => {
      const button = buttonRef.current;
      if (e.type === 'scroll' && e.target instanceof Node && button && !e.target.contains(button)) return;
      setOpen(false);
    };
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open]);

  const items = () =>
    Array.from(
      menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [],
    );

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, status]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => menuKey(e, items(), close);

  const pick = (run: () => void) => {
    close(true);
    run();
  };

  return (
    <div className="menu-wrap" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className={
          props.look === 'link' ? 'link-btn preset-link' : props.text ? 'btn btn--ghost btn--s' : 'icon-btn'
        }
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // a visible word names the button; the label is its tooltip (and the name when icon-only)
        aria-label={props.text && props.look !== 'link' ? undefined : props.label}
        title={props.label}
        disabled={props.disabled}
        data-testid={props.testId}
        onClick={() => (open ? setOpen(false) : openMenu())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            openMenu();
          }
        }}
      >
        <Icon name="bulb" size={props.look === 'link' ? 12 : props.text ? 14 : 16} />
        {props.text}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={props.label}
          className="menu preset-menu"
          style={place ?? undefined}
          onKeyDown={onMenuKey}
          data-testid="preset-menu"
        >
          <p className="preset-menu-caption" role="presentation">
            {props.caption}
          </p>
          <div className="preset-menu-list" role="presentation">
            {status === 'loading' && presets.length === 0 ? (
              <p className="preset-menu-note" role="presentation">
                <Spinner size={12} /> {t('presets.menu.loading')}
              </p>
            ) : status === 'error' ? (
              <p className="preset-menu-note is-error" role="presentation">
                {t('presets.menu.error', { error: error ?? '' })}
              </p>
            ) : presets.length === 0 ? (
              <p className="preset-menu-note" role="presentation">
                {t('presets.menu.empty')}
              </p>
            ) : (
              presets.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="menu-item preset-menu-item"
                  title={p.description ?? p.name}
                  data-testid="preset-menu-item"
                  data-name={p.name}
                  onClick={() => pick(() => props.onPick(p))}
                >
                  <span className="preset-menu-name">{p.name}</span>
                  <span className="preset-menu-line">{presetLine(p)}</span>
                </button>
              ))
            )}
          </div>
          {props.actions && props.actions.length > 0 ? (
            <>
              <hr className="preset-menu-sep" />
              {props.actions.map((a) => (
                <button
                  key={a.id}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="menu-item"
                  disabled={a.disabled}
                  data-testid={`preset-action-${a.id}`}
                  onClick={() => pick(a.onSelect)}
                >
                  <Icon name={a.icon} size={14} />
                  {a.label}
                </button>
              ))}
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
