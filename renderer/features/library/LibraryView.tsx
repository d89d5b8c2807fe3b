import { memo, useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { ConversationSummary } from '../../../shared/contract.ts';
import { FORMAT_LABELS, SHORT_FORMAT_NAMES, TEXT_FORMATS, type TextFormat } from '../../../shared/formats.ts';
import type { Folder } from '../../../shared/organise.ts';
import { displayModelId } from '../../../shared/display.ts';
import { rowPlace, useVirtualRows } from '../../components/useVirtualRows.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { formatWhen } from '../../components/format.ts';
import { useT } from '../../i18n/useT.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { useStore } from '../../store/index.ts';
import { connectionFilterOf, libraryRows, type LibrarySort } from '../../store/library-list.ts';
import { rowConnectionName } from '../../store/chat-helpers.ts';
import { ConnectionFilter } from '../../components/ConnectionFilter.tsx';
import { FolderDot } from '../../components/organise/FolderDialog.tsx';
import { ImportButton } from '../../components/organise/ImportButton.tsx';
import { MoveDialog } from '../../components/organise/MoveDialog.tsx';
import './library.css';

/** Above this many rows the list is virtualised (a plain list is simpler, and found with Ctrl+F). */
const VIRTUAL_FROM = 100;
const ROW_HEIGHT = 44;
const rowHeight = () => ROW_HEIGHT;
const idOf = (c: ConversationSummary) => c.id;

/** The formats as a row names them: short, the full name in its tooltip. */
const SHORT_FORMAT = SHORT_FORMAT_NAMES;

const SORTS: { id: LibrarySort; key: MessageKey }[] = [
  { id: 'used', key: 'organise.library.sort.used' },
  { id: 'created', key: 'organise.library.sort.created' },
  { id: 'title', key: 'organise.library.sort.title' },
];

/**
 * Every conversation of the four text tabs in one list (each tab keeps its own too): the format on each
 * row, filters by format and folder, a title search, three orders (pinned first in each), and ticks for
 * pinning, moving, exporting or deleting many at once.
 */
export default function LibraryView() {
  const t = useT();
  const chats = useStore((s) => s.conversations);
  const comparisons = useStore((s) => s.comparisons);
  const comparisonsLoaded = useStore((s) => s.comparisonsLoaded);
  const loadComparisons = useStore((s) => s.loadComparisons);
  // Compare's conversations are listed too (each marked, opening its comparison): they would otherwise
  // be in no list at all until moved to their tab.
  useEffect(() => {
    if (!comparisonsLoaded) void loadComparisons();
  }, [comparisonsLoaded, loadComparisons]);
  const all = useMemo(() => {
    // one moved to its tab ("Continue in …") is a chat conversation now, listed once
    const inTabs = new Set(chats.map((c) => c.id));
    const compared = comparisons.flatMap((c) =>
      c.columns.filter((x) => x.origin === 'compare' && !inTabs.has(x.id)),
    );
    return [...chats, ...compared];
  }, [chats, comparisons]);
  const folders = useStore((s) => s.folders);
  const status = useStore((s) => s.conversationsStatus);
  const format = useStore((s) => s.library.format);
  const folder = useStore((s) => s.library.folder);
  const query = useStore((s) => s.library.query);
  const sort = useStore((s) => s.library.sort);
  const connection = useStore((s) => connectionFilterOf(s.library.connection, s.connections));
  const rows = useMemo(
    () => libraryRows(all, { format, connection, folder, query, sort }),
    [all, format, connection, folder, query, sort],
  );
  const visible = useMemo(() => rows.map((c) => c.id), [rows]);
  const [moveIds, setMoveIds] = useState<string[] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);
  const deleteMany = useStore((s) => s.deleteConversations);

  return (
    <section className="library" aria-label={t('organise.tab')} data-testid="library">
      <header className="library-head">
        <div className="library-title-row">
          <h1 className="library-title">{t('organise.tab')}</h1>
          <span className="library-total faint" data-testid="library-total">
            {t('organise.library.total', { count: all.length })}
          </span>
          <span className="library-spacer" />
          <ImportButton text />
        </div>
        <Filters folders={folders} />
        <SelectionBar rows={rows} visible={visible} onMove={setMoveIds} onDelete={setConfirmDelete} />
      </header>
      {rows.length === 0 ? (
        <EmptyLibrary loading={status === 'loading'} none={all.length === 0} />
      ) : (
        <LibraryList rows={rows} visible={visible} folders={folders} sort={sort} />
      )}
      <MoveDialog ids={moveIds} onClose={() => setMoveIds(null)} />
      <ConfirmDialog
        open={confirmDelete !== null}
        title={t('organise.library.delete.title', { count: confirmDelete?.length ?? 0 })}
        message={t('organise.library.delete.message', { count: confirmDelete?.length ?? 0 })}
        confirmLabel={t('organise.library.delete.confirm', { count: confirmDelete?.length ?? 0 })}
        danger
        onCancel={() => setConfirmDelete(null)}
        onConfirm={() => {
          const ids = confirmDelete;
          setConfirmDelete(null);
          if (ids) void deleteMany(ids);
        }}
      />
    </section>
  );
}

function Filters(props: { folders: Folder[] }) {
  const t = useT();
  const id = useId();
  const library = useStore((s) => s.library);
  const setFilter = useStore((s) => s.setLibraryFilter);
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => searchRef.current?.focus(), []);
  return (
    <div className="library-filters" role="search">
      <div className="library-search">
        <Icon name="search" size={14} className="library-search-icon" />
        <input
          ref={searchRef}
          type="search"
          className="input input--s"
          placeholder={t('organise.library.search')}
          aria-label={t('organise.library.search')}
          value={library.query}
          onChange={(e) => setFilter({ query: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && library.query !== '') {
              e.preventDefault();
              setFilter({ query: '' });
            }
          }}
          data-testid="library-search"
        />
      </div>
      <LabelledSelect id={`${id}-format`} label={t('organise.library.filter.format')}>
        <select
          id={`${id}-format`}
          className="select select--s"
          value={library.format}
          onChange={(e) => setFilter({ format: e.target.value as TextFormat | 'all' })}
          data-testid="library-format"
        >
          <option value="all">{t('organise.library.filter.allFormats')}</option>
          {TEXT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
      </LabelledSelect>
      <LabelledSelect id={`${id}-connection`} label={t('connection.filter')}>
        <ConnectionFilter
          id={`${id}-connection`}
          value={library.connection}
          onChange={(connection) => setFilter({ connection })}
          testId="library-connection"
        />
      </LabelledSelect>
      <LabelledSelect id={`${id}-folder`} label={t('organise.library.filter.folder')}>
        <select
          id={`${id}-folder`}
          className="select select--s"
          value={library.folder}
          onChange={(e) => setFilter({ folder: e.target.value })}
          data-testid="library-folder"
        >
          <option value="all">{t('organise.library.filter.allFolders')}</option>
          <option value="none">{t('organise.library.filter.noFolder')}</option>
          {props.folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </LabelledSelect>
      <LabelledSelect id={`${id}-sort`} label={t('organise.library.sort')}>
        <select
          id={`${id}-sort`}
          className="select select--s"
          value={library.sort}
          onChange={(e) => setFilter({ sort: e.target.value as LibrarySort })}
          data-testid="library-sort"
        >
          {SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {t(s.key)}
            </option>
          ))}
        </select>
      </LabelledSelect>
    </div>
  );
}

function LabelledSelect(props: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="library-select">
      <label htmlFor={props.id} className="library-select-label">
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/** Select all, how many are ticked, and what can be done to them. */
function SelectionBar(props: {
  rows: ConversationSummary[];
  visible: string[];
  onMove(ids: string[]): void;
  onDelete(ids: string[]): void;
}) {
  const { rows, visible } = props;
  const t = useT();
  const selected = useStore((s) => s.library.selected);
  const selectAll = useStore((s) => s.selectAll);
  const clear = useStore((s) => s.clearSelection);
  const pin = useStore((s) => s.pinConversations);
  const exportMany = useStore((s) => s.exportConversations);
  const [busy, setBusy] = useState<'pin' | 'export' | null>(null);
  // in the order shown, so an export lists them as the user saw them
  const ids = visible.filter((id) => selected.has(id));
  const count = ids.length;
  const allOn = count > 0 && count === visible.length;
  const boxRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (boxRef.current) boxRef.current.indeterminate = count > 0 && !allOn;
  }, [count, allOn]);
  const allPinned = count > 0 && rows.every((c) => !selected.has(c.id) || c.pinned === true);
  const run = async (what: 'pin' | 'export', action: () => Promise<unknown>) => {
    setBusy(what);
    await action();
    setBusy(null);
  };
  return (
    <div className="library-bar" data-testid="library-bar">
      <label className="checkbox library-all">
        <input
          ref={boxRef}
          type="checkbox"
          checked={allOn}
          disabled={visible.length === 0}
          onChange={() => (allOn ? clear() : selectAll(visible))}
          data-testid="library-select-all"
        />
        {count > 0 ? (
          <span data-testid="library-selected">{t('organise.library.selected', { count })}</span>
        ) : (
          <span>{t('organise.library.selectAll', { count: visible.length })}</span>
        )}
      </label>
      {count > 0 ? (
        <div className="library-actions" role="group" aria-label={t('organise.library.actions')}>
          <Button
            size="s"
            icon="pin"
            busy={busy === 'pin'}
            onClick={() => void run('pin', () => pin(ids, !allPinned))}
            data-testid="library-pin"
          >
            {allPinned ? t('organise.unpin') : t('organise.pin')}
          </Button>
          <Button size="s" icon="folder" onClick={() => props.onMove(ids)} data-testid="library-move">
            {t('organise.library.move')}
          </Button>
          <Button
            size="s"
            icon="download"
            busy={busy === 'export'}
            onClick={() => void run('export', () => exportMany(ids))}
            data-testid="library-export"
          >
            {t('organise.library.export')}
          </Button>
          <Button
            size="s"
            icon="trash"
            variant="danger"
            onClick={() => props.onDelete(ids)}
            data-testid="library-delete"
          >
            {t('common.delete')}
          </Button>
          <IconButton
            icon="x"
            size="s"
            label={t('organise.library.clear')}
            onClick={clear}
            data-testid="library-clear"
          />
        </div>
      ) : null}
    </div>
  );
}

function EmptyLibrary(props: { loading: boolean; none: boolean }) {
  const t = useT();
  const setFilter = useStore((s) => s.setLibraryFilter);
  if (props.loading) return <p className="library-empty faint">{t('organise.sidebar.loading')}</p>;
  if (props.none) {
    return (
      <div className="library-empty empty" data-testid="library-empty">
        <Icon name="message" size={24} />
        <p>{t('organise.library.none')}</p>
      </div>
    );
  }
  return (
    <div className="library-empty empty" data-testid="library-empty">
      <p>{t('organise.library.noMatch')}</p>
      <Button
        size="s"
        onClick={() => setFilter({ format: 'all', connection: 'all', folder: 'all', query: '' })}
      >
        {t('organise.library.clearFilters')}
      </Button>
    </div>
  );
}

/** The rows, plain or (many) virtualised, under a row of column names. */
function LibraryList(props: {
  rows: ConversationSummary[];
  visible: string[];
  folders: Folder[];
  sort: LibrarySort;
}) {
  const { rows } = props;
  const t = useT();
  const folderById = useMemo(() => new Map(props.folders.map((f) => [f.id, f])), [props.folders]);
  const selected = useStore((s) => s.library.selected);
  const row = (c: ConversationSummary) => (
    <LibraryRow
      summary={c}
      folder={c.folderId !== undefined ? folderById.get(c.folderId) : undefined}
      checked={selected.has(c.id)}
      visible={props.visible}
      date={props.sort === 'created' ? c.createdAt : c.updatedAt}
    />
  );
  const head = (
    <div className="library-cols" aria-hidden="true">
      <span />
      <span>{t('organise.library.col.title')}</span>
      <span>{t('organise.library.col.format')}</span>
      <span className="library-col-folder">{t('organise.library.col.folder')}</span>
      <span className="library-col-model">{t('organise.library.col.model')}</span>
      <span className="library-col-date">
        {props.sort === 'created' ? t('organise.library.col.created') : t('organise.library.col.used')}
      </span>
    </div>
  );
  if (rows.length < VIRTUAL_FROM) {
    return (
      <div className="library-scroll" data-testid="library-list">
        {head}
        <ul className="library-rows" aria-label={t('organise.tab')}>
          {rows.map((c) => (
            <li key={c.id} className="library-li">
              {row(c)}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return <VirtualLibraryList rows={rows} head={head} render={row} label={t('organise.tab')} />;
}

function VirtualLibraryList(props: {
  rows: ConversationSummary[];
  head: ReactNode;
  label: string;
  render(c: ConversationSummary): ReactNode;
}) {
  const { rows } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { items, totalSize } = useVirtualRows({
    scrollRef,
    rows,
    estimate: rowHeight,
    keyOf: idOf,
    overscan: 12,
  });
  return (
    <div className="library-scroll" ref={scrollRef} data-testid="library-list" data-virtual="true">
      {props.head}
      <ul
        className="library-rows"
        aria-label={props.label}
        style={{ height: totalSize, position: 'relative' }}
      >
        {items.map(({ item, row: c }) => (
          <li key={item.key} className="library-li" style={rowPlace(item, ROW_HEIGHT)}>
            {props.render(c)}
          </li>
        ))}
      </ul>
    </div>
  );
}

const LibraryRow = memo(function LibraryRow(props: {
  summary: ConversationSummary;
  folder: Folder | undefined;
  checked: boolean;
  visible: string[];
  date: number;
}) {
  const { summary, folder, checked } = props;
  const t = useT();
  const select = useStore((s) => s.selectConversation);
  const open = useStore((s) => s.openConversation);
  const setTab = useStore((s) => s.setTab);
  const openComparison = useStore((s) => s.openComparison);
  const pin = useStore((s) => s.pinConversations);
  const connectionName = useStore((s) => rowConnectionName(s, summary));
  const pinned = summary.pinned === true;
  const compared = summary.origin === 'compare' && summary.comparisonId !== undefined;
  const onCheck = (e: MouseEvent<HTMLInputElement>) => select(summary.id, e.shiftKey, props.visible);
  return (
    <div
      className={`library-row${checked ? ' is-selected' : ''}${pinned ? ' is-pinned' : ''}`}
      data-testid="library-row"
      data-id={summary.id}
      data-format={summary.format}
    >
      <input
        type="checkbox"
        className="library-check"
        checked={checked}
        onClick={onCheck}
        onChange={() => undefined}
        aria-label={t('organise.library.select', { title: summary.title })}
        // the label is in the page's language already; the title in it is the user's own
        translate="no"
        data-testid="library-check"
      />
      <span className="library-cell-title">
        <button
          type="button"
          className="library-open"
          title={
            compared
              ? t('organise.library.openComparison')
              : t('organise.library.open', { format: FORMAT_LABELS[summary.format] })
          }
          onClick={() => {
            if (compared && summary.comparisonId !== undefined) {
              const id = summary.comparisonId;
              void openComparison(id).then((opened) => {
                if (opened) setTab('compare');
              });
              return;
            }
            setTab(summary.format);
            void open(summary.format, summary.id);
          }}
          data-testid="library-open"
        >
          <span className="library-row-title" translate="no">
            {summary.title}
          </span>
        </button>
        {connectionName !== undefined ? (
          <span className="library-connection" translate="no" data-testid="library-connection-name">
            {connectionName}
          </span>
        ) : null}
        {compared ? (
          <span className="library-compared" data-testid="library-compared">
            {t('organise.library.compared')}
          </span>
        ) : null}
        <IconButton
          icon="pin"
          size="s"
          className={`library-pin${pinned ? ' is-pinned' : ''}`}
          label={
            pinned
              ? t('organise.unpin.named', { title: summary.title })
              : t('organise.pin.named', { title: summary.title })
          }
          aria-pressed={pinned}
          translate="no"
          onClick={() => void pin([summary.id], !pinned)}
          data-testid="library-row-pin"
        />
      </span>
      <span
        className={`library-format library-format--${summary.format}`}
        title={FORMAT_LABELS[summary.format]}
        data-testid="library-format-badge"
      >
        {SHORT_FORMAT[summary.format]}
      </span>
      <span className="library-col-folder library-folder">
        {folder ? (
          <>
            <FolderDot color={folder.color} size={8} />
            <span className="library-folder-name">{folder.name}</span>
          </>
        ) : null}
      </span>
      <span className="library-col-model library-model">{displayModelId(summary.model)}</span>
      <time className="library-col-date library-date faint" dateTime={new Date(props.date).toISOString()}>
        {formatWhen(props.date)}
      </time>
    </div>
  );
});
