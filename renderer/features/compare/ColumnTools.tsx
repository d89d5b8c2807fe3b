import type { ToolResult } from '../../../shared/tools.ts';
import { useStore } from '../../store/index.ts';
import { mcpCallsByConversation } from '../../store/mcp-slice.ts';
import {
  pendingCalls,
  selectColumnInvalid,
  selectColumnParams,
  type CompareColumn,
} from '../../store/compare-slice.ts';
import type { StoreState } from '../../store/types.ts';
import { FORMAT_LABELS } from '../../../shared/formats.ts';
import { paramsProblem } from '../params/params-problem.ts';
import { ToolResultsForm, ToolResultsList } from '../../components/turn/ToolResults.tsx';
import { t } from '../../i18n/active.ts';

/** The results that answered a column's calls: the chat tab's compact Results bubble, on the user's side. */
export function ColumnResults(props: { results: readonly ToolResult[]; sending?: boolean }) {
  return (
    <div
      className={`msg--results compare-results${props.sending ? ' is-sending' : ''}`}
      data-kind="results"
      data-testid="compare-results"
    >
      <ToolResultsList results={props.results} />
    </div>
  );
}

/** Why a column cannot send now: a field of its set being typed, or a set its format refuses. */
function selectColumnProblem(s: StoreState, col: CompareColumn): string | null {
  const invalid = selectColumnInvalid(s, col.key);
  if (invalid) return invalid;
  return paramsProblem(col.format, selectColumnParams(s, col))?.message ?? null;
}

/**
 * Under a column whose conversation ends with function calls: the chat tab's results form, sending into
 * that column's conversation alone. The functions and the check are the column's as on screen.
 */
export function ColumnResultsForm(props: { column: CompareColumn }) {
  const { column: col } = props;
  const reply = pendingCalls(col);
  const tools = useStore((s) => selectColumnParams(s, col).tools);
  const invalid = useStore((s) => selectColumnProblem(s, col));
  const answer = useStore((s) => s.answerColumnCalls);
  if (!reply || col.conversationId === null) return null;
  return (
    <div className="compare-tool-form" data-testid="compare-results-form" data-format={col.format}>
      <ToolResultsForm
        conversationId={col.conversationId}
        reply={reply}
        busy={col.run !== null}
        target={{
          format: col.format,
          tools,
          invalid,
          send: (results) => answer(col.key, results),
        }}
      />
    </div>
  );
}

/**
 * The columns whose conversations wait for function results: "Send to all" waits for them, since every
 * service refuses a message after calls that have no results.
 */
export function selectCallsWaiting(s: StoreState): string | null {
  const tools = mcpCallsByConversation(s.mcpCalls);
  const waiting: { n: number; format: CompareColumn['format'] }[] = [];
  const asking: typeof waiting = [];
  for (const [i, col] of s.compareColumns.entries()) {
    if (pendingCalls(col)?.status !== 'complete') continue;
    const tool = col.conversationId === null ? undefined : tools.get(col.conversationId);
    // a server tool's call is answered by Run or Deny on its card, not by a results form; one running is
    // the column still answering
    if (tool === 'asking') asking.push({ n: i + 1, format: col.format });
    else if (tool === undefined) waiting.push({ n: i + 1, format: col.format });
  }
  const say = (list: typeof waiting, one: 'tools.compare.waiting' | 'tools.compare.asking') => {
    const [first] = list;
    if (!first) return null;
    if (list.length === 1) return t(one, { n: first.n, format: FORMAT_LABELS[first.format] });
    const numbers = list.map((w) => String(w.n));
    return t(one === 'tools.compare.waiting' ? 'tools.compare.waitingMany' : 'tools.compare.askingMany', {
      list: numbers.slice(0, -1).join(t('params.listSeparator')),
      last: numbers.at(-1) ?? '',
    });
  };
  return say(asking, 'tools.compare.asking') ?? say(waiting, 'tools.compare.waiting');
}
