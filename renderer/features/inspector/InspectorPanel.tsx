import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useStore } from '../../store/index.ts';
import type { ExchangeSummary } from '../../../shared/contract.ts';
import { FORMAT_LABELS } from '../../../shared/formats.ts';
import { IconButton } from '../../components/IconButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Button } from '../../components/Button.tsx';
import { formatMs, formatWhen } from '../../components/format.ts';
import { ExchangeDetail } from './ExchangeDetail.tsx';
import { TOOL_RUN_TONE, ToolRunDetail, toolRunStatusText } from './ToolRunDetail.tsx';
import type { ToolRunSummary } from '../../../shared/tool-runs.ts';
import { summaryOutcome } from './outcome.ts';
import { useWindowWidth } from '../../components/useSize.ts';
import { inspectorFits } from '../../components/layout.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import './inspector.css';
import { selectParamsInSide } from '../params/useParamsPanel.ts';
import { setSideSlot } from '../../components/side-slot.ts';
import {
  SIDE_INSPECTOR_PANEL,
  SIDE_PARAMS_PANEL,
  SideParamsClose,
  SideTabs,
  sideTabId,
} from '../../components/SideTabs.tsx';
import { t } from '../../i18n/active.ts';
import { interfaceLabel } from '../../i18n/interface-label.ts';

const MIN_W = 340;
const MAX_W = 900;
const DEFAULT_W = 460;

/** The right-side drawer: recent requests on top, the selected one below. */
export function InspectorPanel() {
  const open = useStore((s) => s.inspectorOpen);
  const setOpen = useStore((s) => s.setInspectorOpen);
  const [width, setWidth] = useState(DEFAULT_W);
  const windowWidth = useWindowWidth();
  // beside a text tab with its parameters wanted, the column holds both as tabs (SideTabs)
  const tabbed = useStore((s) => s.paramsOpen && selectParamsInSide(s));
  const sideTab = useStore((s) => s.sideTab);
  const setSideTab = useStore((s) => s.setSideTab);
  if (!open) return null;
  const showingParams = tabbed && sideTab === 'params';
  const docked = Math.min(width, windowWidth * 0.7);
  // Docked only where the section beside it keeps a readable conversation; otherwise it floats over it.
  const floating = !inspectorFits(windowWidth, docked);
  return (
    <aside
      className={`inspector${floating ? ' inspector--floating' : ''}`}
      data-testid="inspector"
      data-floating={floating ? 'true' : 'false'}
      aria-label={t('inspector.title')}
      style={{ width: floating ? `min(${width}px, calc(100vw - 48px))` : `${docked}px` }}
    >
      <Resizer width={width} onWidth={setWidth} />
      <div className="inspector-head">
        {tabbed ? (
          <SideTabs value={sideTab} onChange={setSideTab} />
        ) : (
          <>
            <Icon name="code" size={15} />
            <h2 className="inspector-title">{t('inspector.title')}</h2>
          </>
        )}
        <span className="inspector-head-spacer" />
        {showingParams ? (
          <SideParamsClose />
        ) : (
          <>
            <RefreshButton />
            <ClearButton />
            <IconButton icon="x" size="s" label={t('inspector.close')} onClick={() => setOpen(false)} />
          </>
        )}
      </div>
      {tabbed ? (
        <div
          ref={setSideSlot}
          className="side-params"
          id={SIDE_PARAMS_PANEL}
          role="tabpanel"
          aria-labelledby={sideTabId('params')}
          hidden={!showingParams}
        />
      ) : null}
      <div
        className="inspector-main"
        hidden={showingParams}
        {...(tabbed
          ? { id: SIDE_INSPECTOR_PANEL, role: 'tabpanel', 'aria-labelledby': sideTabId('inspector') }
          : {})}
      >
        <ExchangeList />
        <div className="inspector-detail-wrap">
          <Detail />
        </div>
      </div>
    </aside>
  );
}

/** The selected exchange, or the selected tool run. */
function Detail() {
  const toolRun = useStore((s) => s.selectedToolRunId);
  return toolRun === null ? <ExchangeDetail /> : <ToolRunDetail />;
}

function ClearButton() {
  const count = useStore((s) => s.exchanges.length + s.toolRuns.length);
  const clear = useStore((s) => s.clearExchanges);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <IconButton
        icon="trash"
        size="s"
        label={t('inspector.clear')}
        disabled={count === 0}
        onClick={() => setAsking(true)}
        data-testid="exchanges-clear"
      />
      <ConfirmDialog
        open={asking}
        title={t('inspector.clear.title')}
        message={t('inspector.clear.message')}
        confirmLabel={t('inspector.clear.confirm')}
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void clear();
        }}
      />
    </>
  );
}

function RefreshButton() {
  const loading = useStore((s) => s.exchangesLoading);
  const load = useStore((s) => s.loadExchanges);
  return (
    <IconButton
      icon="refresh"
      size="s"
      label={t('inspector.reload')}
      busy={loading}
      onClick={() => void load()}
    />
  );
}

/** A drag handle (and arrow keys) on the drawer's left edge. */
function Resizer(props: { width: number; onWidth(w: number): void }) {
  const start = useRef<{ x: number; w: number } | null>(null);
  const { width, onWidth } = props;
  const clamp = (w: number) => Math.min(MAX_W, Math.max(MIN_W, Math.round(w)));
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = { x: e.clientX, w: width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    onWidth(clamp(start.current.w + (start.current.x - e.clientX)));
  };
  const onPointerUp = () => {
    start.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft') onWidth(clamp(width + 24));
    else if (e.key === 'ArrowRight') onWidth(clamp(width - 24));
    else return;
    e.preventDefault();
  };
  return (
    <div
      className="inspector-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('inspector.resize')}
      aria-valuemin={MIN_W}
      aria-valuemax={MAX_W}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}

/** A row of the list: an HTTP exchange or a tool run, by the time it started. */
type ListRow = { kind: 'exchange'; x: ExchangeSummary } | { kind: 'tool'; x: ToolRunSummary };

/** Both lists as one, newest first (each is already newest first: one merge pass). */
function byTime(exchanges: ExchangeSummary[], runs: ToolRunSummary[]): ListRow[] {
  const out: ListRow[] = [];
  let i = 0;
  let j = 0;
  while (i < exchanges.length || j < runs.length) {
    const x = exchanges[i];
    const r = runs[j];
    if (x && (!r || x.startedAt >= r.startedAt)) {
      out.push({ kind: 'exchange', x });
      i += 1;
    } else if (r) {
      out.push({ kind: 'tool', x: r });
      j += 1;
    }
  }
  return out;
}

function ExchangeList() {
  const exchanges = useStore((s) => s.exchanges);
  const toolRuns = useStore((s) => s.toolRuns);
  const loaded = useStore((s) => s.exchangesLoaded);
  const hasMore = useStore((s) => s.exchangesHasMore || s.toolRunsHasMore);
  const loading = useStore((s) => s.exchangesLoading);
  const error = useStore((s) => s.exchangesError);
  const selectedExchange = useStore((s) => s.selectedExchangeId);
  const selectedRun = useStore((s) => s.selectedToolRunId);
  const selectedId = selectedRun ?? selectedExchange;
  const selectExchange = useStore((s) => s.selectExchange);
  const selectRun = useStore((s) => s.selectToolRun);
  const select = useCallback(
    (row: ListRow) => void (row.kind === 'tool' ? selectRun(row.x.id) : selectExchange(row.x.id)),
    [selectExchange, selectRun],
  );
  const loadOlder = useStore((s) => s.loadOlderExchanges);
  const [filter, setFilter] = useState('');
  const [problemsOnly, setProblemsOnly] = useState(false);
  const all = useMemo(() => byTime(exchanges, toolRuns), [exchanges, toolRuns]);
  const shown = all.filter((row) =>
    row.kind === 'tool'
      ? toolRunMatches(row.x, filter, problemsOnly)
      : matchesFilter(row.x, filter, problemsOnly),
  );
  const listRef = useRef<HTMLUListElement>(null);

  // The request being inspected (opened from a reply, a column, a check result) is brought into view.
  useEffect(() => {
    if (selectedId === null) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-id="${CSS.escape(selectedId)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [selectedId, shown.length]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLUListElement>) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      e.preventDefault();
      const i = shown.findIndex((row) => row.x.id === selectedId);
      const next = shown[e.key === 'ArrowDown' ? Math.min(shown.length - 1, i + 1) : Math.max(0, i - 1)];
      if (!next) return;
      select(next);
      const el = e.currentTarget.querySelector<HTMLElement>(`[data-id="${CSS.escape(next.x.id)}"]`);
      el?.focus();
    },
    [shown, selectedId, select],
  );

  // Roving focus: the selected row (or the first) is the list's one tab stop.
  const focusId = shown.some((row) => row.x.id === selectedId) ? selectedId : shown[0]?.x.id;

  return (
    <div className="inspector-list-wrap">
      {all.length > 0 ? (
        <div className="inspector-filter">
          <input
            type="search"
            className="input input--s"
            placeholder={t('inspector.filter.placeholder')}
            aria-label={t('inspector.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            data-testid="exchanges-filter"
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={problemsOnly}
              onChange={(e) => setProblemsOnly(e.target.checked)}
              data-testid="exchanges-problems"
            />
            {t('inspector.problemsOnly')}
          </label>
        </div>
      ) : null}
      {error ? (
        <p className="field-error inspector-pad" role="alert">
          {t('inspector.list.loadFailed', { message: error.message })}
        </p>
      ) : null}
      {!loaded && loading ? (
        <div className="inspector-pad faint">
          <Spinner size={14} /> {t('inspector.list.loading')}
        </div>
      ) : null}
      {loaded && all.length === 0 ? <p className="inspector-pad faint">{t('inspector.list.empty')}</p> : null}
      {all.length > 0 && shown.length === 0 ? (
        <p className="inspector-pad faint" data-testid="exchanges-none-match">
          {t('inspector.list.noMatch')}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <ul
          className="inspector-list"
          aria-label={t('inspector.list.label')}
          onKeyDown={onKeyDown}
          ref={listRef}
        >
          {shown.map((row) =>
            row.kind === 'tool' ? (
              <ToolRunRow
                key={row.x.id}
                r={row.x}
                selected={row.x.id === selectedId}
                focusable={row.x.id === focusId}
                onSelect={() => select(row)}
              />
            ) : (
              <ExchangeRow
                key={row.x.id}
                x={row.x}
                selected={row.x.id === selectedId}
                focusable={row.x.id === focusId}
                onSelect={() => select(row)}
              />
            ),
          )}
          {hasMore && loaded ? (
            <li className="inspector-more">
              <Button size="s" variant="ghost" busy={loading} onClick={() => void loadOlder()}>
                {t('inspector.list.older')}
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

function ExchangeRow(props: { x: ExchangeSummary; selected: boolean; focusable: boolean; onSelect(): void }) {
  const { x } = props;
  const outcome = summaryOutcome(x);
  return (
    <li>
      <button
        type="button"
        className="inspector-row"
        aria-current={props.selected ? 'true' : undefined}
        data-id={x.id}
        data-testid="exchange-item"
        tabIndex={props.focusable ? 0 : -1}
        onClick={props.onSelect}
        title={x.url}
      >
        <span className="inspector-row-method" translate="no">
          {x.method}
        </span>
        {/* the name gives way to its tags: a second line, never a tag cut to a letter */}
        <span className="inspector-row-iface">
          <span className="inspector-row-name">{interfaceLabel(x.interface)}</span>
          {x.streamed ? <span className="inspector-row-tag">{t('inspector.list.stream')}</span> : null}
          {outcome.note ? (
            <span className={`inspector-row-tag is-${outcome.note.tone}`} data-testid="exchange-item-note">
              {outcome.note.text}
            </span>
          ) : null}
        </span>
        <span
          className={`inspector-row-status is-${outcome.codeTone}`}
          title={x.error ? `${outcome.long}: ${x.error}` : outcome.long}
          data-testid="exchange-item-status"
        >
          {outcome.code}
        </span>
        <span className="inspector-row-time tabular">{formatMs(x.totalMs)}</span>
        <span className="inspector-row-when faint">{formatWhen(x.startedAt)}</span>
      </button>
    </li>
  );
}

/** A tool run in the list: the tool and its server, how it ended, how long it took. */
function ToolRunRow(props: { r: ToolRunSummary; selected: boolean; focusable: boolean; onSelect(): void }) {
  const { r } = props;
  return (
    <li>
      <button
        type="button"
        className="inspector-row inspector-row--tool"
        aria-current={props.selected ? 'true' : undefined}
        data-id={r.id}
        data-testid="tool-run-item"
        tabIndex={props.focusable ? 0 : -1}
        onClick={props.onSelect}
        title={t('inspector.tool.rowTitle', { tool: r.tool, server: r.server })}
      >
        <span className="inspector-row-method">{t('inspector.tool.kind')}</span>
        <span className="inspector-row-iface">
          <span className="inspector-row-name" translate="no">
            {r.server} / {r.tool}
          </span>
        </span>
        <span
          className={`inspector-row-status is-${TOOL_RUN_TONE[r.status]}`}
          data-testid="tool-run-item-status"
        >
          {toolRunStatusText(r.status)}
        </span>
        <span className="inspector-row-time tabular">{r.status === 'denied' ? '–' : formatMs(r.ms)}</span>
        <span className="inspector-row-when faint">{formatWhen(r.startedAt)}</span>
      </button>
    </li>
  );
}

/** A tool run matches when every word is in its server, tool or outcome; a problem is a failed run. */
function toolRunMatches(r: ToolRunSummary, filter: string, problemsOnly: boolean): boolean {
  if (problemsOnly && r.status !== 'error') return false;
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [r.server, r.tool, r.status, toolRunStatusText(r.status), t('inspector.tool.kind'), 'mcp']
    .join(' ')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** A row matches when every word of the filter is in its address, format, method or outcome. */
function matchesFilter(x: ExchangeSummary, filter: string, problemsOnly: boolean): boolean {
  if (problemsOnly && x.error === undefined && (x.status === undefined || x.status < 400)) return false;
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const outcome = summaryOutcome(x);
  const haystack = [
    x.url,
    x.method,
    FORMAT_LABELS[x.interface],
    interfaceLabel(x.interface),
    x.interface,
    outcome.code,
    outcome.note?.text ?? '',
    x.error ?? '',
  ]
    .join(' ')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}
