import { displayModelId } from '../../../shared/display.ts';
import { memo, useRef, useState, type ChangeEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import type { ConversationSummary, SearchHit } from '../../../shared/contract.ts';
import { FORMAT_LABELS, type TextFormat } from '../../../shared/formats.ts';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { countOf, formatWhen } from '../../components/format.ts';
import { snippetRuns } from './turn-info.ts';
import { summaryOf } from '../../store/chat-helpers.ts';

/** The conversations of one tab, with new/import, search across every conversation, rename and delete. */
export function Sidebar(props: { format: TextFormat }) {
  const { format } = props;
  const query = useStore((s) => s.search[format].query);
  const setQuery = useStore((s) => s.setSearchQuery);
  const openConversation = useStore((s) => s.openConversation);

  return (
    <nav className="chat-sidebar" aria-label={`${FORMAT_LABELS[format]} conversations`}>
      <div className="sidebar-head">
        <Button
          icon="plus"
          className="sidebar-new"
          onClick={() => void openConversation(format, null)}
          data-testid="new-conversation"
        >
          New chat
        </Button>
        <ImportButton />
      </div>
      <div className="sidebar-search">
        <Icon name="search" size={14} className="sidebar-search-icon" />
        <input
          type="search"
          className="input input--s"
          placeholder="Search all conversations"
          aria-label="Search all conversations"
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
      {query.trim() !== '' ? <SearchResults format={format} /> : <ConversationList format={format} />}
    </nav>
  );
}

function ImportButton() {
  const importConversation = useStore((s) => s.importConversation);
  const notify = useStore((s) => s.notify);
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    const error = await importConversation(await file.text());
    setBusy(false);
    if (error) notify(`“${file.name}” could not be imported: ${error}`, 'error');
  };
  return (
    <>
      <IconButton
        icon="upload"
        label="Import a conversation (JSON export)"
        busy={busy}
        onClick={() => inputRef.current?.click()}
        data-testid="import-conversation"
      />
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(e) => void onFile(e)}
        data-testid="import-file"
      />
    </>
  );
}

function ConversationList(props: { format: TextFormat }) {
  const { format } = props;
  const items = useStore(useShallow((s) => s.conversations.filter((c) => c.format === format)));
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
  const deleteConversation = useStore((s) => s.deleteConversation);

  if (status === 'error' && error) {
    return (
      <div className="sidebar-note callout callout--error" role="alert">
        <Icon name="alert-circle" size={14} />
        <span>Conversations could not be loaded: {error.message}</span>
      </div>
    );
  }
  return (
    <>
      {fromCompare ? (
        <div className="conv-from-compare" data-testid="from-compare">
          <p className="sidebar-caption">Opened from Compare</p>
          <ul className="conv-list" aria-label="Opened from Compare">
            <ConversationItem
              summary={fromCompare}
              format={format}
              active
              onDelete={() => setConfirm(fromCompare)}
            />
          </ul>
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="sidebar-empty">
          {status === 'loading' ? 'Loading…' : 'No conversations yet. Write a message to start one.'}
        </p>
      ) : (
        <ul className="conv-list" aria-label="Conversations">
          {items.map((c) => (
            <ConversationItem
              key={c.id}
              summary={c}
              format={format}
              active={c.id === activeId}
              onDelete={() => setConfirm(c)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title="Delete this conversation?"
        message={
          <>
            “{confirm?.title}” and its {confirm?.turnCount ?? 0} messages will be deleted. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete"
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const id = confirm?.id;
          setConfirm(null);
          if (id) void deleteConversation(id);
        }}
      />
    </>
  );
}

const ConversationItem = memo(function ConversationItem(props: {
  summary: ConversationSummary;
  format: TextFormat;
  active: boolean;
  onDelete(): void;
}) {
  const { summary, format, active } = props;
  const open = useStore((s) => s.openConversation);
  const rename = useStore((s) => s.renameConversation);
  const running = useStore((s) => s.pending[summary.id] !== undefined);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(summary.title);

  const commit = async () => {
    setEditing(false);
    if (title.trim() !== '' && title.trim() !== summary.title) {
      if (!(await rename(summary.id, title))) setTitle(summary.title);
    } else setTitle(summary.title);
  };

  return (
    <li
      className={`conv-item${active ? ' is-active' : ''}`}
      data-testid="conversation-item"
      data-id={summary.id}
    >
      {editing ? (
        <input
          className="input input--s conv-rename"
          aria-label="Conversation title"
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
            onDoubleClick={() => {
              setTitle(summary.title);
              setEditing(true);
            }}
          >
            <span className="conv-title">{summary.title}</span>
            <span className="conv-meta">
              {running ? <Spinner size={10} label="Reply in progress" /> : null}
              <span className="conv-model">{displayModelId(summary.model)}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={new Date(summary.updatedAt).toISOString()}>
                {formatWhen(summary.updatedAt)}
              </time>
            </span>
          </button>
          <span className="conv-actions">
            <IconButton
              icon="pencil"
              size="s"
              label={`Rename “${summary.title}”`}
              onClick={() => {
                setTitle(summary.title);
                setEditing(true);
              }}
              data-testid="rename-conversation"
            />
            <IconButton
              icon="trash"
              size="s"
              variant="danger"
              label={`Delete “${summary.title}”`}
              onClick={props.onDelete}
              data-testid="delete-conversation"
            />
          </span>
        </>
      )}
    </li>
  );
});

function SearchResults(props: { format: TextFormat }) {
  const search = useStore((s) => s.search[props.format]);
  const openHit = useStore((s) => s.openHit);
  if (search.status === 'error') {
    return (
      <div className="sidebar-note callout callout--error" role="alert">
        <Icon name="alert-circle" size={14} />
        <span>Search failed: {search.error}</span>
      </div>
    );
  }
  return (
    <div className="search-results">
      <p className="sidebar-caption" role="status">
        {search.status === 'loading' ? (
          <>
            <Spinner size={10} /> Searching…
          </>
        ) : search.hits.length === 0 ? (
          'No matches in any conversation.'
        ) : (
          `${countOf(
            search.hits.length,
            'match',
            'matches',
            `${search.hits.length}${search.hits.length >= 60 ? '+' : ''}`,
          )} in all conversations`
        )}
      </p>
      <ul className="hit-list" aria-label="Search results">
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
  return (
    <button type="button" className="hit" onClick={props.onOpen} data-testid="search-hit">
      <span className="hit-head">
        <span className="hit-title">{hit.title}</span>
        <span className="hit-format">
          {hit.origin === 'compare' ? 'Compare · ' : ''}
          {FORMAT_LABELS[hit.format]}
        </span>
      </span>
      <span className="hit-snippet">
        <span className="hit-role">{hit.role === 'user' ? 'You: ' : 'Reply: '}</span>
        {snippetRuns(hit.snippet).map((r, i) =>
          r.match ? <mark key={i}>{r.text}</mark> : <span key={i}>{r.text}</span>,
        )}
      </span>
    </button>
  );
}
