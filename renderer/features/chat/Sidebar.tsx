import { displayModelId, displayName } from '../../../shared/display.ts';
import {
  memo,
  useContext,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useShallow } from 'zustand/react/shallow';
import { StoreContext, useStore } from '../../store/index.ts';
import type { ConversationSummary, SearchHit } from '../../../shared/contract.ts';
import type { Folder } from '../../../shared/organise.ts';
import { FORMAT_LABELS, type TextFormat } from '../../../shared/formats.ts';
import { rowPlace, useVirtualRows } from '../../components/useVirtualRows.ts';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { formatWhen } from '../../components/format.ts';
import { useT } from '../../i18n/useT.ts';
import { snippetRuns } from './search-snippet.ts';
import { MiddleCut } from '../../components/organise/MiddleCut.tsx';
import { rowConnectionName, summaryOf } from '../../store/chat-helpers.ts';
import { connectionFilterOf, onConnection } from '../../store/library-list.ts';
import { ConnectionFilter } from '../../components/ConnectionFilter.tsx';
import {
  sidebarRows,
  dropChange,
  type Group,
  type SidebarRow,
} from '../../components/organise/sidebar-rows.ts';
import { FolderDialog, FolderDot, type FolderTarget } from '../../components/organise/FolderDialog.tsx';
import { MoveDialog } from '../../components/organise/MoveDialog.tsx';
import { MenuPopup, RowMenuButton, type RowMenuItem } from '../../components/organise/RowMenu.tsx';
import {
  carriesConversation,
  droppedConversation,
  startConversationDrag,
} from '../../components/organise/drag.ts';
import { ImportButton } from '../../components/organise/ImportButton.tsx';
import '../../components/organise/organise.css';
import { useShortcutProps } from '../../commands/platform.ts';

/** Above this many rows the list is virtualised; below, plain rows are simpler and found with Ctrl+F. */
const VIRTUAL_FROM = 100;

/**
 * The conversations of one tab: new chat, folders and import; search across every conversation; the way to
 * the all-conversations view; then the list — pinned first, each folder (foldable, a drop target), the rest.
 */
export function Sidebar(props: { format: TextFormat }) {
  const { format } = props;
  const t = useT();
  const query = useStore((s) => s.search[format].query);
  const setQuery = useStore((s) => s.setSearchQuery);
  const openConversation = useStore((s) => s.openConversation);
  const [folderTarget, setFolderTarget] = useState<FolderTarget | null>(null);
  // the new-chat button and the search name their shortcuts (renderer/commands)
  const newKeys = useShortcutProps('newConversation', t('organise.sidebar.new'));
  const searchKeys = useShortcutProps('focusSearch', t('organise.sidebar.search'));

  return (
    <nav className="chat-sidebar" aria-label={t('organise.sidebar.label', { format: FORMAT_LABELS[format] })}>
      <div className="sidebar-head">
        <Button
          icon="plus"
          className="sidebar-new"
          onClick={() => void openConversation(format, null)}
          {...newKeys}
          data-testid="new-conversation"
        >
          {t('organise.sidebar.new')}
        </Button>
        <IconButton
          icon="folder-plus"
          label={t('organise.folder.new')}
          onClick={() => setFolderTarget({ kind: 'new' })}
          data-testid="new-folder"
        />
        <ImportButton />
      </div>
      <div className="sidebar-search">
        <Icon name="search" size={14} className="sidebar-search-icon" />
        <input
          type="search"
          className="input input--s"
          placeholder={t('organise.sidebar.search')}
          aria-label={t('organise.sidebar.search')}
          {...searchKeys}
          value={query}
          onChange={(e) => setQuery(format, e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && query !== '') {
              e.preventDefault();
              setQuery(format, '');
            }
          }}
          data-testid="search-input"
        />
      </div>
      <LibraryLink />
      <TabConnectionFilter format={format} />
      {query.trim() !== '' ? (
        <SearchResults format={format} />
      ) : (
        <ConversationList format={format} onEditFolder={setFolderTarget} />
      )}
      <FolderDialog target={folderTarget} onClose={() => setFolderTarget(null)} />
    </nav>
  );
}

/** The way to every conversation of the four tabs in one list, with how many there are. */
function LibraryLink() {
  const t = useT();
  const count = useStore((s) => s.conversations.length);
  const open = useStore((s) => s.openLibrary);
  return (
    <button type="button" className="sidebar-library" onClick={open} data-testid="open-library">
      <Icon name="list" size={14} />
      <span className="sidebar-library-label">{t('organise.tab')}</span>
      <span className="sidebar-count tabular">{count}</span>
    </button>
  );
}

/**
 * The tab's filter by connection, shown once there is something to tell apart: several connections, or a
 * conversation of the tab on another connection than the active one (or on none).
 */
function TabConnectionFilter(props: { format: TextFormat }) {
  const { format } = props;
  const t = useT();
  const value = useStore((s) => s.tabConnection[format]);
  const set = useStore((s) => s.setTabConnection);
  const shown = useStore(
    (s) =>
      s.connections.length > 1 ||
      s.conversations.some((c) => c.format === format && c.connectionId !== s.activeConnectionId),
  );
  if (!shown && value === 'all') return null;
  return (
    <div className="sidebar-connection">
      <Icon name="link" size={14} className="sidebar-search-icon" />
      <ConnectionFilter
        value={value}
        onChange={(v) => set(format, v)}
        label={t('connection.filter.tab')}
        className="select select--s"
        testId="sidebar-connection-filter"
      />
    </div>
  );
}

const groupKey = (g: Group): string => (g.kind === 'folder' ? `folder:${g.folderId}` : g.kind);

function groupOf(key: string): Group | null {
  if (key === 'pinned' || key === 'unfiled') return { kind: key };
  return key.startsWith('folder:') ? { kind: 'folder', folderId: key.slice('folder:'.length) } : null;
}

/** What the rows need to act: set once by the list, so the memoised rows do not re-render for them. */
interface RowActions {
  onDelete(summary: ConversationSummary): void;
  onMove(ids: string[]): void;
  onEditFolder(target: FolderTarget): void;
  onDeleteFolder(folder: Folder): void;
}

function ConversationList(props: { format: TextFormat; onEditFolder(target: FolderTarget): void }) {
  const { format, onEditFolder } = props;
  const t = useT();
  const connection = useStore((s) => connectionFilterOf(s.tabConnection[format], s.connections));
  const items = useStore(
    useShallow((s) => s.conversations.filter((c) => c.format === format && onConnection(c, connection))),
  );
  const filtered = connection !== 'all';
  const folders = useStore((s) => s.folders);
  const status = useStore((s) => s.conversationsStatus);
  const error = useStore((s) => s.conversationsError);
  const activeId = useStore((s) => s.activeConversation[format]);
  // A conversation of the Compare view, opened from search: not one of this tab's own, so shown apart.
  const fromCompare = useStore(
    useShallow((s) => {
      const conv = activeId ? s.loaded[activeId] : undefined;
      return conv && !items.some((c) => c.id === conv.id) ? summaryOf(conv, 'compare') : null;
    }),
  );
  const [confirm, setConfirm] = useState<ConversationSummary | null>(null);
  const [folderToDelete, setFolderToDelete] = useState<Folder | null>(null);
  const [moveIds, setMoveIds] = useState<string[] | null>(null);
  const deleteConversation = useStore((s) => s.deleteConversation);
  const deleteFolder = useStore((s) => s.deleteFolder);
  // every tab's conversations in the folder about to go: the question says how many stay behind
  const inFolder = useStore((s) =>
    folderToDelete ? s.conversations.filter((c) => c.folderId === folderToDelete.id).length : 0,
  );
  const rows = useMemo(() => sidebarRows(items, folders), [items, folders]);
  const actions = useMemo<RowActions>(
    () => ({ onDelete: setConfirm, onMove: setMoveIds, onEditFolder, onDeleteFolder: setFolderToDelete }),
    [onEditFolder],
  );
  const drop = useDrop();

  if (status === 'error' && error) {
    return (
      <div className="sidebar-note callout callout--error" role="alert">
        <Icon name="alert-circle" size={14} />
        <span>{t('organise.sidebar.loadFailed', { message: error.message })}</span>
      </div>
    );
  }
  return (
    <>
      {fromCompare ? (
        <div className="conv-from-compare" data-testid="from-compare">
          <p className="sidebar-caption">{t('organise.sidebar.fromCompare')}</p>
          <ul className="conv-list" aria-label={t('organise.sidebar.fromCompare')}>
            <ConversationItem
              summary={fromCompare}
              format={format}
              active
              group={{ kind: 'unfiled' }}
              folder={undefined}
              actions={actions}
              organisable={false}
            />
          </ul>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="sidebar-empty">
          {status === 'loading'
            ? t('organise.sidebar.loading')
            : filtered
              ? t('connection.filter.empty')
              : t('organise.sidebar.empty')}
        </p>
      ) : (
        <RowList
          rows={rows}
          label={t('organise.sidebar.list')}
          dropOver={drop.over}
          handlers={drop.handlers}
          render={(row) => (
            <SidebarRowView
              row={row}
              format={format}
              activeId={activeId}
              folders={folders}
              actions={actions}
            />
          )}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('organise.delete.one.title')}
        message={t('organise.delete.one.message', {
          title: confirm?.title ?? '',
          count: confirm?.turnCount ?? 0,
        })}
        confirmLabel={t('common.delete')}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const id = confirm?.id;
          setConfirm(null);
          if (id) void deleteConversation(id);
        }}
      />
      <ConfirmDialog
        open={folderToDelete !== null}
        title={t('organise.folder.delete.title', { name: displayName(folderToDelete?.name ?? '') })}
        message={t('organise.folder.delete.message', { count: inFolder })}
        confirmLabel={t('organise.folder.delete')}
        danger
        onCancel={() => setFolderToDelete(null)}
        onConfirm={() => {
          const id = folderToDelete?.id;
          setFolderToDelete(null);
          if (id) void deleteFolder(id);
        }}
      />
      <MoveDialog ids={moveIds} onClose={() => setMoveIds(null)} />
    </>
  );
}

/**
 * Drops on the list, handled once for all rows: each row says which group it belongs to (data-group), so
 * the group under the pointer lights up and a drop pins, files or unfiles the conversation dropped.
 */
function useDrop() {
  const [over, setOver] = useState<string | null>(null);
  const organise = useStore((s) => s.organiseConversations);
  // read at the drop, not subscribed to: the list changes often and the handlers need it only then
  const store = useContext(StoreContext);
  const keyAt = (e: DragEvent) =>
    (e.target as HTMLElement).closest<HTMLElement>('[data-group]')?.dataset['group'] ?? null;
  return {
    over,
    handlers: {
      onDragOver(e: DragEvent) {
        if (!carriesConversation(e)) return;
        const key = keyAt(e);
        if (key === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (key !== over) setOver(key);
      },
      onDragLeave(e: DragEvent) {
        if (!(e.currentTarget as HTMLElement).contains(e.relatedTarget as Node | null)) setOver(null);
      },
      onDrop(e: DragEvent) {
        setOver(null);
        if (!carriesConversation(e)) return;
        const group = groupOf(keyAt(e) ?? '');
        const id = droppedConversation(e);
        if (group === null || id === null) return;
        e.preventDefault();
        const summary = store.getState().conversations.find((c) => c.id === id);
        const change = summary ? dropChange(summary, group) : null;
        if (change) void organise([id], change);
      },
    },
  };
}

interface DropHandlers {
  onDragOver(e: DragEvent): void;
  onDragLeave(e: DragEvent): void;
  onDrop(e: DragEvent): void;
}

/** The rows, plain or (many) virtualised; the group a drag is over is marked on its rows. */
function RowList(props: {
  rows: SidebarRow[];
  label: string;
  dropOver: string | null;
  handlers: DropHandlers;
  render(row: SidebarRow): ReactNode;
}) {
  const { rows } = props;
  const dropClass = (row: SidebarRow) => (props.dropOver === groupKey(row.group) ? ' is-drop' : '');
  if (rows.length < VIRTUAL_FROM) {
    return (
      <div className="conv-scroll" data-testid="conversation-list" {...props.handlers}>
        <ul className="conv-list" aria-label={props.label}>
          {rows.map((row) => (
            <li
              key={row.key}
              className={`conv-row conv-row--${row.kind}${dropClass(row)}`}
              data-group={groupKey(row.group)}
            >
              {props.render(row)}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return <VirtualRowList {...props} dropClass={dropClass} />;
}

const ROW_HEIGHTS: Record<SidebarRow['kind'], number> = {
  conversation: 47,
  folder: 32,
  section: 28,
  'folder-empty': 30,
};
const rowHeightOf = (row: SidebarRow | undefined) => ROW_HEIGHTS[row?.kind ?? 'conversation'];
const keyOfRow = (row: SidebarRow) => row.key;

function VirtualRowList(props: {
  rows: SidebarRow[];
  label: string;
  handlers: DropHandlers;
  dropClass(row: SidebarRow): string;
  render(row: SidebarRow): ReactNode;
}) {
  const { rows } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { virtualizer, items, totalSize } = useVirtualRows({
    scrollRef,
    rows,
    estimate: rowHeightOf,
    keyOf: keyOfRow,
    overscan: 10,
  });
  return (
    <div
      className="conv-scroll"
      ref={scrollRef}
      data-testid="conversation-list"
      data-virtual="true"
      {...props.handlers}
    >
      <ul className="conv-list" aria-label={props.label} style={{ height: totalSize, position: 'relative' }}>
        {items.map(({ item, row }) => (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={`conv-row conv-row--${row.kind}${props.dropClass(row)}`}
            data-group={groupKey(row.group)}
            style={rowPlace(item)}
          >
            {props.render(row)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SidebarRowView(props: {
  row: SidebarRow;
  format: TextFormat;
  activeId: string | null;
  folders: Folder[];
  actions: RowActions;
}) {
  const { row, actions } = props;
  const t = useT();
  switch (row.kind) {
    case 'section':
      return (
        <div className="conv-section" data-testid="sidebar-section" data-section={row.section}>
          {row.section === 'pinned' ? <Icon name="pin" size={12} /> : null}
          <span>{row.section === 'pinned' ? t('organise.pinned') : t('organise.unfiled')}</span>
          <span className="sidebar-count tabular">{row.count}</span>
        </div>
      );
    case 'folder':
      return <FolderRow folder={row.folder} count={row.count} actions={actions} />;
    case 'folder-empty':
      return <p className="conv-folder-empty">{t('organise.folder.empty')}</p>;
    case 'conversation': {
      const folder =
        row.group.kind === 'pinned' && row.summary.folderId !== undefined
          ? props.folders.find((f) => f.id === row.summary.folderId)
          : undefined;
      return (
        <ConversationItem
          summary={row.summary}
          format={props.format}
          active={row.summary.id === props.activeId}
          group={row.group}
          folder={folder}
          actions={actions}
          organisable
          as="div"
        />
      );
    }
  }
}

const FolderRow = memo(function FolderRow(props: { folder: Folder; count: number; actions: RowActions }) {
  const { folder, count, actions } = props;
  const t = useT();
  const setCollapsed = useStore((s) => s.setFolderCollapsed);
  const items: RowMenuItem[] = [
    {
      id: 'folder-edit',
      label: t('organise.folder.edit'),
      icon: 'pencil',
      onSelect: () => actions.onEditFolder({ kind: 'edit', folder }),
    },
    {
      id: 'folder-delete',
      label: t('organise.folder.delete'),
      icon: 'trash',
      danger: true,
      onSelect: () => actions.onDeleteFolder(folder),
    },
  ];
  return (
    <div className="conv-folder" data-testid="folder-row" data-id={folder.id} data-name={folder.name}>
      <button
        type="button"
        className="conv-folder-toggle"
        aria-expanded={!folder.collapsed}
        onClick={() => void setCollapsed(folder.id, !folder.collapsed)}
        data-testid="folder-toggle"
      >
        <Icon name={folder.collapsed ? 'chevron-right' : 'chevron-down'} size={12} />
        <FolderDot color={folder.color} />
        <span className="conv-folder-name" dir="auto">
          {displayName(folder.name)}
        </span>
        <span className="sidebar-count tabular" aria-label={t('organise.folder.count', { count })}>
          {count}
        </span>
      </button>
      <span className="conv-actions">
        <RowMenuButton
          label={t('organise.folder.menu', { name: displayName(folder.name) })}
          items={items}
          testId="folder-menu"
        />
      </span>
    </div>
  );
});

const ConversationItem = memo(function ConversationItem(props: {
  summary: ConversationSummary;
  format: TextFormat;
  active: boolean;
  group: Group;
  /** the folder named on a pinned row (which shows under Pinned, not in its folder) */
  folder: Folder | undefined;
  actions: RowActions;
  /** false for a Compare conversation shown apart: it is not in this tab's list to organise */
  organisable: boolean;
  as?: 'li' | 'div';
}) {
  const { summary, format, active, actions, organisable } = props;
  const t = useT();
  const open = useStore((s) => s.openConversation);
  const rename = useStore((s) => s.renameConversation);
  const pin = useStore((s) => s.pinConversations);
  const move = useStore((s) => s.moveConversations);
  const running = useStore((s) => s.pending[summary.id] !== undefined);
  const connectionName = useStore((s) => rowConnectionName(s, summary));
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(summary.title);
  const [contextAt, setContextAt] = useState<{ x: number; y: number } | null>(null);
  const pinned = summary.pinned === true;
  const Tag = props.as ?? 'li';

  const commit = async () => {
    setEditing(false);
    if (title.trim() !== '' && title.trim() !== summary.title) {
      if (!(await rename(summary.id, title))) setTitle(summary.title);
    } else setTitle(summary.title);
  };
  const startRename = () => {
    setTitle(summary.title);
    setEditing(true);
  };

  const menu: RowMenuItem[] = [
    ...(organisable
      ? [
          {
            id: 'pin',
            label: pinned ? t('organise.unpin') : t('organise.pin'),
            icon: 'pin' as const,
            onSelect: () => void pin([summary.id], !pinned),
          },
        ]
      : []),
    { id: 'rename', label: t('organise.rename'), icon: 'pencil', onSelect: startRename },
    ...(organisable
      ? [
          {
            id: 'move',
            label: t('organise.move'),
            icon: 'folder' as const,
            onSelect: () => actions.onMove([summary.id]),
          },
          ...(summary.folderId !== undefined
            ? [
                {
                  id: 'unfile',
                  label: t('organise.unfile'),
                  onSelect: () => void move([summary.id], null),
                },
              ]
            : []),
        ]
      : []),
    {
      id: 'delete',
      label: t('common.delete'),
      icon: 'trash',
      danger: true,
      onSelect: () => actions.onDelete(summary),
    },
  ];

  return (
    <Tag
      className={`conv-item${active ? ' is-active' : ''}${pinned ? ' is-pinned' : ''}`}
      data-testid="conversation-item"
      data-id={summary.id}
      data-pinned={pinned ? 'true' : undefined}
      draggable={organisable && !editing}
      onDragStart={(e: DragEvent) => startConversationDrag(e, summary.id)}
      onContextMenu={(e: MouseEvent) => {
        if (editing) return;
        e.preventDefault();
        setContextAt({ x: e.clientX, y: e.clientY });
      }}
    >
      {editing ? (
        <input
          className="input input--s conv-rename"
          aria-label={t('organise.rename.field')}
          value={title}
          autoFocus
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              setTitle(summary.title);
              setEditing(false);
            }
          }}
          data-testid="rename-input"
        />
      ) : (
        <>
          <button
            type="button"
            className="conv-open"
            aria-current={active ? 'true' : undefined}
            onClick={() => void open(format, summary.id)}
            onDoubleClick={startRename}
          >
            <span className="conv-title" translate="no">
              {summary.title}
            </span>
            <span className="conv-meta">
              {running ? <Spinner size={10} label={t('organise.sidebar.running')} /> : null}
              {props.folder ? (
                <span className="conv-folder-tag" data-testid="pinned-folder">
                  <FolderDot color={props.folder.color} size={8} />
                  <bdi>{displayName(props.folder.name)}</bdi>
                  <span aria-hidden="true">·</span>
                </span>
              ) : null}
              <span className="conv-model" translate="no">
                {displayModelId(summary.model)}
              </span>
              <span aria-hidden="true">·</span>
              {connectionName !== undefined ? (
                <>
                  <span className="conv-connection" translate="no" data-testid="row-connection">
                    {displayName(connectionName)}
                  </span>
                  <span aria-hidden="true">·</span>
                </>
              ) : null}
              <time dateTime={new Date(summary.updatedAt).toISOString()}>
                {formatWhen(summary.updatedAt)}
              </time>
            </span>
          </button>
          <span className="conv-actions">
            {organisable ? (
              <IconButton
                icon="pin"
                size="s"
                className={pinned ? 'is-pinned' : undefined}
                label={
                  pinned
                    ? t('organise.unpin.named', { title: summary.title })
                    : t('organise.pin.named', { title: summary.title })
                }
                aria-pressed={pinned}
                onClick={() => void pin([summary.id], !pinned)}
                data-testid="pin-conversation"
              />
            ) : null}
            <RowMenuButton
              label={t('organise.menu.named', { title: summary.title })}
              items={menu}
              testId="conversation-menu"
            />
          </span>
          {contextAt ? (
            <MenuPopup
              label={t('organise.menu.named', { title: summary.title })}
              items={menu}
              at={contextAt}
              onClose={() => setContextAt(null)}
            />
          ) : null}
        </>
      )}
    </Tag>
  );
});

function SearchResults(props: { format: TextFormat }) {
  const t = useT();
  const search = useStore((s) => s.search[props.format]);
  const openHit = useStore((s) => s.openHit);
  if (search.status === 'error') {
    return (
      <div className="sidebar-note callout callout--error" role="alert">
        <Icon name="alert-circle" size={14} />
        <span>{t('organise.search.failed', { message: search.error ?? '' })}</span>
      </div>
    );
  }
  const n = search.hits.length;
  return (
    <div className="search-results">
      <p className="sidebar-caption" role="status">
        {search.status === 'loading' ? (
          <>
            <Spinner size={10} /> {t('organise.search.searching')}
          </>
        ) : n === 0 ? (
          t('organise.search.none')
        ) : (
          t('organise.search.count', { count: n, more: n >= 60 ? '+' : '' })
        )}
      </p>
      <ul className="hit-list" aria-label={t('organise.search.results')}>
        {search.hits.map((hit) => (
          <li key={`${hit.conversationId}:${hit.turnId}`}>
            <HitButton hit={hit} onOpen={() => void openHit(hit)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function HitButton(props: { hit: SearchHit; onOpen(): void }) {
  const { hit } = props;
  const t = useT();
  const connectionName = useStore((s) => rowConnectionName(s, hit));
  return (
    <button type="button" className="hit" onClick={props.onOpen} data-testid="search-hit">
      <span className="hit-head">
        <MiddleCut className="hit-title" text={hit.title} />
        <span className="hit-format">
          {hit.origin === 'compare' ? t('organise.search.fromCompare') : ''}
          {FORMAT_LABELS[hit.format]}
        </span>
      </span>
      {connectionName !== undefined ? (
        <span className="hit-connection" translate="no" data-testid="hit-connection">
          {displayName(connectionName)}
        </span>
      ) : null}
      <span className="hit-snippet">
        <span className="hit-role">
          {hit.role === 'user'
            ? t('organise.search.you')
            : hit.in === 'thoughts'
              ? t('organise.search.thoughts')
              : t('organise.search.reply')}
        </span>
        {snippetRuns(hit.snippet).map((r, i) =>
          r.match ? <mark key={i}>{r.text}</mark> : <span key={i}>{r.text}</span>,
        )}
      </span>
    </button>
  );
}
