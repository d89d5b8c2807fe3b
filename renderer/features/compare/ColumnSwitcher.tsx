import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { mcpCallsByConversation } from '../../store/mcp-slice.ts';
import { lastReplyFigures, pendingCalls, type CompareColumn } from '../../store/compare-slice.ts';
import { FORMAT_LABELS } from '../../../shared/formats.ts';
import { displayModelId } from '../../../shared/display.ts';
import { useRef, type KeyboardEvent } from 'react';
import { tabId, tabPanelId } from '../../components/Tabs.tsx';
import { formatMs } from '../../components/format.ts';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/useT.ts';
import type { Translate } from '../../i18n/translate.ts';

const PREFIX = 'compare-col';
export const columnTabId = (key: string): string => tabId(PREFIX, key);
export const columnPanelId = (key: string): string => tabPanelId(PREFIX, key);

type Tone = 'ask' | 'run' | 'fail' | 'done' | 'none';

/**
 * How a column's last reply went, in a word or a figure: what the switcher shows under its name. A column
 * that waits for the user (a server tool asking to run, function calls waiting for their results) says so
 * first: it is hidden behind another tab, and nothing happens there until the user goes to it.
 */
function stateOf(
  col: CompareColumn,
  tools: 'asking' | 'running' | undefined,
  t: Translate,
): { text: string; tone: Tone } {
  if (tools === 'asking') return { text: t('compare.switch.asking'), tone: 'ask' };
  // a server tool at work: the column is answering, not waiting for the user's results
  if (col.run || tools === 'running') return { text: t('compare.switch.running'), tone: 'run' };
  if (pendingCalls(col)?.status === 'complete') return { text: t('compare.switch.results'), tone: 'ask' };
  if (col.error) return { text: t('figures.status.error'), tone: 'fail' };
  const figures = lastReplyFigures(col);
  if (!figures) return { text: t('compare.switch.none'), tone: 'none' };
  if (figures.status === 'error') return { text: t('figures.status.error'), tone: 'fail' };
  if (figures.totalMs === undefined) return { text: '–', tone: 'done' };
  return { text: formatMs(figures.totalMs), tone: 'done' };
}

/**
 * When the columns do not fit side by side (a narrow or low window), one is shown at a time: a tab per
 * column names its format and model and how its last reply went, so the figures still compare at a glance.
 * Each tab is named by what it shows (with its number for screen readers), so speech input finds it by the
 * words on it; Left/Right, Home/End move between them as in any tab list.
 */
export function ColumnSwitcher(props: { keys: string[]; value: string; onChange(key: string): void }) {
  const t = useT();
  const columns = useStore((s) => s.compareColumns);
  // per column: a server tool call asking to run in its conversation, or one running
  const tools = useStore(
    useShallow((s) => {
      const by = mcpCallsByConversation(s.mcpCalls);
      return Object.fromEntries(
        s.compareColumns.map((c) => [
          c.key,
          c.conversationId === null ? undefined : by.get(c.conversationId),
        ]),
      );
    }),
  );
  const connections = useStore((s) => s.connections);
  const activeConnectionId = useStore((s) => s.activeConnectionId);
  // with several connections, each tab says which one its column goes through
  const connectionName = (id: string | undefined) =>
    connections.length > 1 ? connections.find((c) => c.id === (id ?? activeConnectionId))?.name : undefined;
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const { keys, value, onChange } = props;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = keys.indexOf(value);
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % keys.length
        : e.key === 'ArrowLeft'
          ? (index - 1 + keys.length) % keys.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? keys.length - 1
              : -1;
    const target = keys[next];
    if (target === undefined) return;
    e.preventDefault();
    onChange(target);
    refs.current.get(target)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t('compare.switch.label')}
      className="compare-switch"
      onKeyDown={onKeyDown}
    >
      {keys.map((key, i) => {
        const col = byKey.get(key);
        if (!col) return null;
        const state = stateOf(col, tools[key], t);
        const selected = key === value;
        return (
          <button
            key={key}
            ref={(el) => {
              if (el) refs.current.set(key, el);
              else refs.current.delete(key);
            }}
            type="button"
            role="tab"
            id={columnTabId(key)}
            aria-selected={selected}
            aria-controls={columnPanelId(key)}
            tabIndex={selected ? 0 : -1}
            className="compare-switch-tab"
            data-testid="compare-switch-tab"
            onClick={() => onChange(key)}
          >
            <span className="visually-hidden">{t('compare.switch.tab', { n: i + 1 })} </span>
            <span className="compare-switch-format">
              {FORMAT_LABELS[col.format]}
              {connectionName(col.connectionId) !== undefined ? (
                <span className="compare-switch-connection" translate="no">
                  {' · '}
                  {connectionName(col.connectionId)}
                </span>
              ) : null}
            </span>
            <span className="compare-switch-line">
              <span className="compare-switch-model mono">
                {col.model === '' ? t('compare.column.noModel') : displayModelId(col.model)}
              </span>
              <span className={`compare-switch-state is-${state.tone}`} data-testid="compare-switch-state">
                {state.tone === 'fail' ? <Icon name="alert-circle" size={12} /> : null}
                {state.tone === 'ask' ? <span className="compare-switch-dot" aria-hidden="true" /> : null}
                {state.text}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
