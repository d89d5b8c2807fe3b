import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { chordOf, type ShortcutPlatform } from '../../shared/commands.ts';
import { FORMAT_LABELS } from '../../shared/formats.ts';
import { useStore } from '../store/index.ts';
import { useT } from '../i18n/useT.ts';
import { translator } from '../i18n/translate.ts';
import { Icon } from '../components/Icon.tsx';
import { formatWhen } from '../components/format.ts';
import { REGISTRY, type CommandContext } from './registry.ts';
import { chordParts, matchesChord } from './keys.ts';
import { paletteItems, type PaletteItem } from './palette-items.ts';
import { focusWhenShown, refocusLater } from './dom.ts';
import './commands.css';

const english = translator('en');

/** A chord as <kbd> pieces. */
export function Keys(props: { parts: readonly string[]; className?: string }): ReactNode {
  return (
    <span className={`keys ${props.className ?? ''}`} aria-hidden="true">
      {props.parts.map((p, i) => (
        <kbd key={i} className="kbd">
          {p}
        </kbd>
      ))}
    </span>
  );
}

/**
 * The command palette (Ctrl/Cmd+K): one field that finds every command and every conversation of the
 * four text tabs by title. Arrow keys move through the list (the field keeps the focus and names the
 * highlighted option), Enter runs it, Esc or Ctrl/Cmd+K closes, and the focus goes back where it was.
 * A native modal <dialog>, so the page behind cannot be reached while it is open.
 */
export function CommandPalette(props: { ctx: CommandContext; platform: ShortcutPlatform; onClose(): void }) {
  const { ctx, platform, onClose } = props;
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const closed = useRef(false);
  const previous = useRef<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const conversations = useStore((s) => s.conversations);
  const listId = useId();
  const titleId = useId();

  // Opened once, with what was focused before remembered; closing (any way) gives the focus back.
  const closeNow = () => {
    if (closed.current) return;
    closed.current = true;
    const el = dialogRef.current;
    if (el?.open) el.close();
    refocusLater(previous.current);
  };
  useLayoutEffect(() => {
    previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closed.current = false;
    const el = dialogRef.current;
    if (el && !el.open) el.showModal();
    inputRef.current?.focus();
    return closeNow;
  }, []);

  useEffect(() => {
    const el = dialogRef.current;
    if (!el) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      closeNow();
      onClose();
    };
    el.addEventListener('cancel', onCancel);
    return () => el.removeEventListener('cancel', onCancel);
  }, [onClose]);

  // what can run is read as the palette opens: it lists what to do next from where the user is
  const [available] = useState(() => new Set(REGISTRY.filter((c) => c.available(ctx)).map((c) => c.id)));
  const list = useMemo(
    () =>
      paletteItems({
        query,
        commands: REGISTRY,
        conversations,
        t,
        english,
        available: (c) => available.has(c.id),
      }),
    [query, conversations, t, available],
  );
  const items = useMemo(() => [...list.commands, ...list.conversations], [list]);
  const current = Math.min(active, Math.max(0, items.length - 1));
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current, items]);

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    if (item.kind === 'command' && !available.has(item.command.id)) return;
    closeNow();
    onClose();
    // once the palette is gone, so a command that moves the focus has the last word
    setTimeout(() => {
      if (item.kind === 'command') {
        void item.command.run(ctx);
      } else {
        const { format, id } = item.summary;
        const s = ctx.store.getState();
        s.setTab(format);
        void s.openConversation(format, id);
        focusWhenShown(`#composer-${format}`);
      }
    });
  };

  const paletteChord = chordOf('openPalette', platform);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const n = items.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (n > 0) setActive((current + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      e.preventDefault();
      if (n > 0) setActive(Math.max(0, Math.min(n - 1, current + (e.key === 'PageDown' ? 8 : -8))));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(items[current]);
    } else if (
      e.key === 'Escape' ||
      (paletteChord && matchesChord(paletteChord, e.nativeEvent, platform.os))
    ) {
      e.preventDefault();
      closeNow();
      onClose();
    } else if (e.key === 'Tab') {
      // the field is the palette's only stop: the list is reached with the arrows
      e.preventDefault();
    }
  };

  /** one row; `i` is its place in `items` (commands first, then conversations) */
  const option = (item: PaletteItem, i: number): ReactNode => {
    const selected = i === current;
    const common = {
      id: optionId(i),
      role: 'option',
      'aria-selected': selected,
      className: `palette-option${selected ? ' is-active' : ''}`,
      onMouseMove: () => {
        if (!selected) setActive(i);
      },
      onMouseDown: (e: MouseEvent) => e.preventDefault(),
      onClick: () => choose(item),
    } as const;
    if (item.kind === 'command') {
      const chord = chordOf(item.command.id, platform);
      const off = !available.has(item.command.id);
      return (
        <div
          key={item.key}
          {...common}
          aria-disabled={off || undefined}
          data-testid="palette-command"
          data-command={item.command.id}
        >
          <span className="palette-label">{item.label}</span>
          {off ? <span className="palette-note">{t('commands.palette.unavailable')}</span> : null}
          {chord ? <Keys parts={chordParts(chord, platform.os)} /> : null}
        </div>
      );
    }
    const { summary } = item;
    return (
      <div key={item.key} {...common} data-testid="palette-conversation" data-id={summary.id}>
        <Icon name="message" size={14} className="palette-icon" />
        {summary.title ? (
          <span className="palette-label" translate="no">
            {summary.title}
          </span>
        ) : (
          <span className="palette-label">{t('commands.palette.untitled')}</span>
        )}
        <span className="palette-format">{FORMAT_LABELS[summary.format]}</span>
        <span className="palette-when">{formatWhen(summary.updatedAt)}</span>
      </div>
    );
  };

  const groupId = `${listId}-g`;
  return (
    <dialog
      ref={dialogRef}
      className="palette"
      aria-labelledby={titleId}
      data-testid="command-palette"
      onMouseDown={(e) => {
        // a press on the backdrop (the dialog element itself, outside its box) closes it
        if (e.target !== e.currentTarget) return;
        const r = e.currentTarget.getBoundingClientRect();
        if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) {
          closeNow();
          onClose();
        }
      }}
    >
      <h2 id={titleId} className="visually-hidden">
        {t('commands.palette.title')}
      </h2>
      <div className="palette-field">
        <Icon name="search" size={16} />
        <input
          ref={inputRef}
          className="palette-input"
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
          aria-label={t('commands.palette.placeholder')}
          placeholder={t('commands.palette.placeholder')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          spellCheck={false}
          autoComplete="off"
          data-testid="palette-input"
        />
      </div>
      <div ref={listRef} id={listId} role="listbox" className="palette-list" aria-labelledby={titleId}>
        {list.commands.length > 0 ? (
          <div role="group" aria-labelledby={`${groupId}-a`}>
            <div id={`${groupId}-a`} className="palette-group" role="presentation">
              {t('commands.palette.actions')}
            </div>
            {list.commands.map((item, i) => option(item, i))}
          </div>
        ) : null}
        {list.conversations.length > 0 ? (
          <div role="group" aria-labelledby={`${groupId}-c`}>
            <div id={`${groupId}-c`} className="palette-group" role="presentation">
              {query.trim() === '' ? t('commands.palette.recent') : t('commands.palette.conversations')}
            </div>
            {list.conversations.map((item, i) => option(item, list.commands.length + i))}
          </div>
        ) : null}
        {items.length === 0 ? (
          <p className="palette-empty" role="status">
            {t('commands.palette.empty', { query: query.trim() })}
          </p>
        ) : null}
        {list.more > 0 ? (
          <p className="palette-more" role="status">
            {t('commands.palette.more', { count: list.more })}
          </p>
        ) : null}
      </div>
      <p className="palette-hint" aria-hidden="true">
        {t('commands.palette.hint')}
      </p>
    </dialog>
  );
}
