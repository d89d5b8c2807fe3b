import { displayModelId, hasHiddenCharacters } from '../../shared/display.ts';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '../store/index.ts';
import { groupModels, type ModelEntry } from '../store/models-slice.ts';
import { selectModelList } from '../store/chat-helpers.ts';
import type { ModelPurpose } from '../../shared/model-kinds.ts';
import type { KeyFamily } from '../../shared/formats.ts';
import { describeError } from '../../shared/errors.ts';
import { Icon } from './Icon.tsx';
import { IconButton } from './IconButton.tsx';
import { Spinner } from './Spinner.tsx';
import '../styles/models.css';
import { t } from '../i18n/active.ts';
import { rich } from '../i18n/rich.tsx';

interface Option {
  id: string;
  kind: 'model' | 'free';
  group: 'suggested' | 'other' | 'free' | 'connection';
  /** a model of another connection than the one in use: picking it moves to that connection */
  connectionId?: string;
}

/** Another connection's models matching the query, those that suit the purpose first. */
function connectionOptions(
  items: readonly ModelEntry[],
  purpose: ModelPurpose,
  query: string,
  connectionId: string,
): Option[] {
  const q = query.trim().toLowerCase();
  const { suggested, other } = groupModels(
    items.filter((m) => q === '' || m.id.toLowerCase().includes(q)),
    purpose,
  );
  return [...suggested, ...other].map((m) => ({
    id: m.id,
    kind: 'model',
    group: 'connection',
    connectionId,
  }));
}

/** Options in display order: suggested, other, then "use what I typed" when the list lacks it. */
export function buildOptions(
  items: readonly ModelEntry[],
  purpose: ModelPurpose,
  query: string,
): { suggested: Option[]; other: Option[]; free: Option | null } {
  const q = query.trim().toLowerCase();
  const match = (m: ModelEntry) => q === '' || m.id.toLowerCase().includes(q);
  const { suggested, other } = groupModels(items.filter(match), purpose);
  const exact = items.some((m) => m.id.toLowerCase() === q);
  return {
    suggested: suggested.map((m) => ({ id: m.id, kind: 'model', group: 'suggested' })),
    other: other.map((m) => ({ id: m.id, kind: 'model', group: 'other' })),
    free: q !== '' && !exact ? { id: query.trim(), kind: 'free', group: 'free' } : null,
  };
}

/**
 * A combobox for a model id: the family's list (fetched with that family's key), grouped with the models
 * that suit the tab first, filtered as you type, and free entry of an id the list lacks. Across
 * connections, the lists of every other connection follow the one in use, one group each; picking one of
 * their models passes that connection along.
 */
export function ModelPicker(props: {
  family: KeyFamily;
  purpose: ModelPurpose;
  value: string;
  /** `connectionId` only when the model was picked from another connection's list */
  onChange(id: string, connectionId?: string): void;
  /** the connection whose list comes first (default: the active one) */
  connectionId?: string | null;
  /** list every connection's models, grouped by connection */
  acrossConnections?: boolean;
  label?: string;
  id?: string;
  /** in a toolbar: a failed list shows as a warning icon beside the field (details in the list), not a line below */
  compact?: boolean;
}) {
  const { family, purpose, value, onChange } = props;
  const activeId = useStore((s) => s.activeConnectionId);
  const connectionId = props.connectionId !== undefined ? props.connectionId : activeId;
  const list = useStore((s) => selectModelList(s, connectionId, family));
  const loadModels = useStore((s) => s.loadModels);
  const loadModelsFor = useStore((s) => s.loadModelsFor);
  const connections = useStore((s) => s.connections);
  const byConnection = useStore((s) => s.modelsByConnection);
  const inspect = useStore((s) => s.openInspector);
  const across = props.acrossConnections === true;
  const others = useMemo(
    () => (across ? connections.filter((c) => c.id !== connectionId) : []),
    [across, connections, connectionId],
  );
  const inUseName = connections.find((c) => c.id === connectionId)?.name;
  const load = (options?: { force?: boolean }) =>
    connectionId === null || connectionId === activeId
      ? loadModels(family, options)
      : loadModelsFor(connectionId, family, options);

  const autoId = useId();
  const inputId = props.id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const optionId = (i: number) => `${autoId}-opt-${i}`;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void load();
    // load is made from these
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [family, connectionId, activeId, loadModels, loadModelsFor]);
  // the other connections' lists are asked for once the list is opened (each once, then kept)
  useEffect(() => {
    if (open) for (const c of others) void loadModelsFor(c.id, family);
  }, [open, others, family, loadModelsFor]);

  const items = useMemo(() => list?.items ?? [], [list]);
  const groups = useMemo(
    () => buildOptions(items, purpose, typed ? query : ''),
    [items, purpose, query, typed],
  );
  const otherGroups = useMemo(
    () =>
      others.map((c) => ({
        connection: c,
        list: byConnection[c.id]?.[family],
        options: connectionOptions(
          byConnection[c.id]?.[family]?.items ?? [],
          purpose,
          typed ? query : '',
          c.id,
        ),
      })),
    [others, byConnection, family, purpose, query, typed],
  );
  const flat = useMemo(
    () => [
      ...groups.suggested,
      ...groups.other,
      ...otherGroups.flatMap((g) => g.options),
      ...(groups.free ? [groups.free] : []),
    ],
    [groups, otherGroups],
  );

  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId is derived from a stable id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, open]);

  const openList = () => {
    if (open) return;
    setOpen(true);
    setQuery(value);
    setTyped(false);
    const current = flat.findIndex((o) => o.id === value);
    setActive(current);
  };
  const close = () => {
    setOpen(false);
    setTyped(false);
    setActive(-1);
  };
  const choose = (id: string, elsewhere?: string) => {
    const clean = id.trim();
    if (elsewhere !== undefined && clean !== '') onChange(clean, elsewhere);
    else if (clean !== '' && clean !== value) onChange(clean);
    close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => (flat.length === 0 ? -1 : (i + 1) % flat.length));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => (flat.length === 0 ? -1 : i <= 0 ? flat.length - 1 : i - 1));
        break;
      case 'Home':
        if (open && flat.length > 0) {
          e.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open && flat.length > 0) {
          e.preventDefault();
          setActive(flat.length - 1);
        }
        break;
      case 'Enter': {
        if (!open) return;
        e.preventDefault();
        const picked = flat[active];
        if (picked) choose(picked.id, picked.connectionId);
        else if (typed && query.trim() !== '') choose(query);
        else close();
        break;
      }
      case 'Escape':
        if (open) {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };

  const loading = list?.status === 'loading';
  const error = list?.status === 'error' ? list.error : null;
  const listed = items.some((m) => m.id === value);

  const renderOption = (o: Option) => {
    const i = flat.indexOf(o);
    const selected = o.id === value && o.kind === 'model' && o.connectionId === undefined;
    return (
      <li
        key={`${o.group}:${o.connectionId ?? ''}:${o.id}`}
        id={optionId(i)}
        role="option"
        aria-selected={selected}
        className={`mp-option${i === active ? ' is-active' : ''}${selected ? ' is-selected' : ''}`}
        data-testid={o.kind === 'free' ? 'model-option-free' : 'model-option'}
        data-model={o.id}
        data-connection={o.connectionId}
        onMouseDown={(e) => e.preventDefault()}
        onMouseEnter={() => setActive(i)}
        onClick={() => choose(o.id, o.connectionId)}
      >
        {o.kind === 'free' ? (
          <>
            <Icon name="pencil" size={13} />
            <span>
              {rich(t('models.use'), { model: <strong className="mono">{displayModelId(o.id)}</strong> })}
            </span>
          </>
        ) : (
          <>
            <span className="mp-option-id mono">{displayModelId(o.id)}</span>
            {selected ? <Icon name="check" size={14} className="mp-check" /> : null}
          </>
        )}
      </li>
    );
  };

  return (
    <div className="model-picker" data-testid="model-picker" ref={wrapRef}>
      {props.label ? (
        <label className="field-label" htmlFor={inputId}>
          {props.label}
        </label>
      ) : null}
      {hasHiddenCharacters(value) ? (
        <p className="mp-hidden" role="note" data-testid="model-hidden-chars">
          {rich(t('models.hidden'), { id: <code>{displayModelId(value)}</code> })}
        </p>
      ) : null}
      <div className="mp-row">
        <div className="mp-box">
          <input
            ref={inputRef}
            id={inputId}
            className="input mp-input mono"
            role="combobox"
            aria-label={props.label ? undefined : t('models.model')}
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder={loading && items.length === 0 ? t('models.loading') : t('models.placeholder')}
            value={open ? query : value}
            data-testid="model-picker-input"
            onClick={openList}
            onChange={(e) => {
              if (!open) setOpen(true);
              setQuery(e.target.value);
              setTyped(true);
              setActive(-1);
            }}
            onFocus={(e) => e.currentTarget.select()}
            onBlur={(e) => {
              if (!wrapRef.current?.contains(e.relatedTarget as Node | null)) close();
            }}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            className="mp-toggle"
            tabIndex={-1}
            aria-label={open ? t('models.close') : t('models.open')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              if (open) close();
              else {
                inputRef.current?.focus();
                openList();
              }
            }}
          >
            <Icon name="chevron-down" size={14} />
          </button>
          {open ? (
            <ul
              id={listId}
              role="listbox"
              className={props.compact ? 'mp-list mp-list--end' : 'mp-list'}
              aria-label={t('models.list')}
            >
              {loading && items.length === 0 ? (
                <li className="mp-note" role="presentation">
                  <Spinner size={12} /> {t('models.loading')}
                </li>
              ) : null}
              {error ? (
                <li className="mp-note mp-note--error" role="presentation">
                  {t('models.failed.inList', { error: describeError(error) })}
                </li>
              ) : null}
              {groups.suggested.length > 0 ? (
                <li role="presentation">
                  <ul role="group" aria-labelledby={`${autoId}-g1`} className="mp-group">
                    <li role="presentation" className="mp-group-label" id={`${autoId}-g1`}>
                      {across && inUseName !== undefined && others.length > 0
                        ? rich(t('models.inUse.suggested'), { name: <span translate="no">{inUseName}</span> })
                        : t('models.suggested')}
                    </li>
                    {groups.suggested.map(renderOption)}
                  </ul>
                </li>
              ) : null}
              {groups.other.length > 0 ? (
                <li role="presentation">
                  <ul role="group" aria-labelledby={`${autoId}-g2`} className="mp-group">
                    <li role="presentation" className="mp-group-label" id={`${autoId}-g2`}>
                      {across && inUseName !== undefined && others.length > 0
                        ? rich(t('models.inUse.other'), { name: <span translate="no">{inUseName}</span> })
                        : t('models.other')}
                    </li>
                    {groups.other.map(renderOption)}
                  </ul>
                </li>
              ) : null}
              {otherGroups.map((g, n) =>
                g.options.length > 0 || g.list?.status !== 'ready' ? (
                  <li role="presentation" key={g.connection.id} data-testid="model-connection-group">
                    <ul role="group" aria-labelledby={`${autoId}-c${n}`} className="mp-group">
                      <li role="presentation" className="mp-group-label" id={`${autoId}-c${n}`}>
                        <span translate="no">{g.connection.name}</span>
                        {g.list?.status === 'loading' ? <Spinner size={10} /> : null}
                        {g.list?.status === 'error' ? (
                          <span className="mp-group-note">
                            {t('models.failed.inList', { error: describeError(g.list.error!) })}
                          </span>
                        ) : null}
                      </li>
                      {g.options.map(renderOption)}
                    </ul>
                  </li>
                ) : null,
              )}
              {groups.free ? (
                <li role="presentation">
                  <ul role="group" aria-label={t('models.free')} className="mp-group">
                    {renderOption(groups.free)}
                  </ul>
                </li>
              ) : null}
              {flat.length === 0 && !loading && !error ? (
                <li className="mp-note" role="presentation">
                  {t('models.none')}
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
        {error && props.compact ? (
          <span
            className="mp-error-icon"
            role="img"
            tabIndex={0}
            aria-label={t('models.failed.label', { error: describeError(error) })}
            title={t('models.failed.title', { error: describeError(error) })}
            data-testid="model-list-error"
          >
            <Icon name="alert-circle" size={15} />
          </span>
        ) : null}
        <IconButton
          icon="refresh"
          label={t('models.refresh')}
          busy={loading}
          disabled={loading}
          onClick={() => void load({ force: true })}
          data-testid="model-refresh"
        />
      </div>
      {error && !props.compact ? (
        <p className="mp-error" role="alert" data-testid="model-list-error">
          <Icon name="alert-circle" size={13} />
          <span>
            {t('models.failed.line', { error: describeError(error) })}{' '}
            {list?.exchangeId ? (
              <button type="button" className="link-btn" onClick={() => inspect(list.exchangeId ?? '')}>
                {t('inspector.inspect')}
              </button>
            ) : null}
          </span>
        </p>
      ) : !props.compact && value !== '' && list?.status === 'ready' && !listed ? (
        <p className="mp-hint">{t('models.unlisted')}</p>
      ) : null}
    </div>
  );
}
