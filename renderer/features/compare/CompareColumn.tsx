import { displayModelId } from '../../../shared/display.ts';
import { TurnAttachments } from '../../components/turn/Attachments.tsx';
import type { Attachment } from '../../../shared/attachments.ts';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, type RefObject } from 'react';
import { useStore } from '../../store/index.ts';
import { MIN_COLUMNS, retryOf, type CompareColumn } from '../../store/compare-slice.ts';
import type { Output, Turn } from '../../../shared/conversation.ts';
import { sendsOutput } from '../../store/compare-params.ts';
import { JsonReply } from '../../components/turn/JsonReply.tsx';
import { describeError } from '../../../shared/errors.ts';
import { FORMAT_LABELS, TEXT_FORMATS, familyOf, type TextFormat } from '../../../shared/formats.ts';
import { ModelPicker } from '../../components/ModelPicker.tsx';
import { ConnectionSelect } from '../../components/ConnectionSelect.tsx';
import { ConnectionStatus } from '../../components/ConnectionStatus.tsx';
import { selectModelList } from '../../store/chat-helpers.ts';
import { firstSuitedModel } from '../../store/models-slice.ts';
import { Markdown } from '../../components/Markdown.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { EndNotice } from '../../components/turn/EndNotice.tsx';
import { Button } from '../../components/Button.tsx';
import { ColumnParamsSummary } from './CompareParams.tsx';
import type { ColumnPresetsSlot } from '../../components/slots.ts';
import { ToolCalls } from '../../components/turn/ToolCalls.tsx';
import { ColumnResults, ColumnResultsForm } from './ColumnTools.tsx';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';

function useColumn(key: string): CompareColumn | undefined {
  return useStore((s) => s.compareColumns.find((c) => c.key === key));
}

/** A column's (format, model) choice, with remove and "same model everywhere". */
export function ColumnHeader(props: {
  columnKey: string;
  index: number;
  hidden?: boolean;
  presets: ColumnPresetsSlot;
}) {
  const Presets = props.presets;
  const col = useColumn(props.columnKey);
  const setColumn = useStore((s) => s.setCompareColumn);
  const remove = useStore((s) => s.removeCompareColumn);
  const applyEverywhere = useStore((s) => s.setModelInAllColumns);
  const count = useStore((s) => s.compareColumns.length);
  const anyRunning = useStore((s) => s.compareColumns.some((c) => c.run !== null));
  const editing = useStore((s) => s.compareParamsOpen === props.columnKey);
  const family = col ? familyOf(col.format) : 'bearer';
  const activeConnectionId = useStore((s) => s.activeConnectionId);
  const list = useStore((s) => selectModelList(s, col?.connectionId ?? s.activeConnectionId, family));
  const uid = useId();
  // A column without a model takes the first its key family lists for its format, once the list is in.
  const needsModel = col !== undefined && col.model === '' && col.run === null;
  const fill = needsModel && list?.status === 'ready' ? firstSuitedModel(list.items, col.format) : '';
  const colKey = col?.key;
  useEffect(() => {
    if (colKey !== undefined && fill !== '') setColumn(colKey, { model: fill });
  }, [colKey, fill, setColumn]);
  if (!col) return null;
  const busy = col.run !== null;
  return (
    <div
      className={`compare-head${editing ? ' is-editing' : ''}`}
      hidden={props.hidden}
      data-testid="compare-column-head"
      data-format={col.format}
    >
      <label htmlFor={`${uid}-format`} className="visually-hidden">
        {t('compare.column.format', { n: props.index + 1 })}
      </label>
      <ConnectionSelect
        value={col.connectionId ?? activeConnectionId}
        onChange={(connectionId) => setColumn(col.key, { connectionId })}
        label={t('connection.column', { n: props.index + 1 })}
        id={`${uid}-connection`}
        testId="compare-connection"
      />
      <ConnectionStatus
        connectionId={col.connectionId ?? activeConnectionId}
        format={col.format}
        model={col.model}
      />
      <select
        id={`${uid}-format`}
        className="select compare-format"
        value={col.format}
        disabled={busy}
        data-testid="compare-format"
        title={col.turns.length > 0 ? t('compare.column.formatResets') : undefined}
        onChange={(e) => setColumn(col.key, { format: e.target.value as TextFormat })}
      >
        {TEXT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      <div className="compare-model">
        <ModelPicker
          family={familyOf(col.format)}
          purpose={col.format}
          value={col.model}
          connectionId={col.connectionId ?? activeConnectionId}
          acrossConnections
          onChange={(model, elsewhere) =>
            setColumn(col.key, elsewhere !== undefined ? { model, connectionId: elsewhere } : { model })
          }
          label={t('compare.column.model', { n: props.index + 1 })}
          id={`${uid}-model`}
        />
      </div>
      <div className="compare-head-tools">
        <IconButton
          icon="columns"
          size="s"
          label={t('compare.column.useEverywhere')}
          disabled={anyRunning || col.model.trim() === ''}
          onClick={() => applyEverywhere(col.model)}
        />
        <IconButton
          icon="x"
          size="s"
          variant="danger"
          label={t('compare.column.remove', { n: props.index + 1 })}
          disabled={count <= MIN_COLUMNS}
          onClick={() => remove(col.key)}
          data-testid="compare-remove-column"
        />
      </div>
      <div className="column-params-row">
        <ColumnParamsSummary column={col} index={props.index} />
        <Presets columnKey={col.key} index={props.index} />
      </div>
    </div>
  );
}

/**
 * The column's turns, the reply streaming in, and any error, scrolled to the newest. One at a time (a
 * narrow window), it is the panel of its tab in the switcher, and the others are hidden, keeping their
 * scroll position.
 */
export function ColumnBody(props: {
  columnKey: string;
  hidden?: boolean;
  panel?: { id: string; labelledBy: string };
}) {
  const col = useColumn(props.columnKey);
  const scrollRef = useRef<HTMLDivElement>(null);
  const turnCount = col?.turns.length ?? 0;
  const runId = col?.run?.requestId ?? null;
  const retryColumn = useStore((s) => s.retryColumn);
  const { columnKey } = props;
  const retry = useCallback(() => void retryColumn(columnKey), [retryColumn, columnKey]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turnCount, runId]);

  if (!col) return null;
  // A conversation that asks for JSON shows its finished replies as checked JSON, as the chat tab does
  // (not messages in plain JSON mode: nothing asked that format for JSON).
  const asked = col.conversationParams?.output;
  const jsonOutput = asked && sendsOutput(col.format, asked) ? asked : undefined;
  const retryHow = retryOf(col);
  const lastId = col.turns.at(-1)?.id;
  return (
    <div
      className="compare-body"
      ref={scrollRef}
      data-testid="compare-column"
      data-format={col.format}
      hidden={props.hidden}
      {...(props.panel
        ? { id: props.panel.id, role: 'tabpanel', 'aria-labelledby': props.panel.labelledBy, tabIndex: 0 }
        : {
            role: 'region',
            'aria-label': `${FORMAT_LABELS[col.format]} · ${col.model || t('compare.column.noModel')}`,
          })}
      aria-busy={col.run !== null}
    >
      {col.turns.length === 0 && !col.run && !col.error ? (
        <p className="compare-empty faint">
          {rich(t(col.model ? 'compare.column.emptyWith' : 'compare.column.empty'), {
            format: <strong>{FORMAT_LABELS[col.format]}</strong>,
            model: <code>{displayModelId(col.model)}</code>,
          })}
        </p>
      ) : null}
      {col.turns.map((turn) => (
        <TurnView
          key={turn.id}
          turn={turn}
          output={jsonOutput}
          onRetry={retryHow === 'regenerate' && turn.id === lastId ? retry : undefined}
        />
      ))}
      {col.run ? (
        <>
          {col.run.toolResults ? (
            <ColumnResults results={col.run.toolResults} sending />
          ) : (
            <UserTurnView text={col.run.text} attachments={col.run.attachments} />
          )}
          <StreamingReply requestId={col.run.requestId} scrollRef={scrollRef} />
        </>
      ) : null}
      {col.error ? (
        <ColumnError error={col.error} onRetry={retryHow === 'resend' ? retry : undefined} />
      ) : null}
      <ColumnResultsForm column={col} />
      {!col.run && col.conversationId !== null && col.turns.length > 0 ? (
        <ContinueInTab columnKey={col.key} format={col.format} />
      ) : null}
    </div>
  );
}

/** Takes the column's conversation to its format's tab, to go on with it there; the column starts over. */
function ContinueInTab(props: { columnKey: string; format: TextFormat }) {
  const continueInTab = useStore((s) => s.continueInTab);
  return (
    <button
      type="button"
      className="link-btn compare-continue"
      onClick={() => void continueInTab(props.columnKey)}
      title={t('compare.column.continue.title')}
      data-testid="compare-continue"
    >
      {t('compare.column.continue', { format: FORMAT_LABELS[props.format] })}{' '}
      <Icon name="chevron-right" size={12} />
    </button>
  );
}

/** The prompt as a column shows it, with the files that went with it. */
function UserTurnView(props: { text: string; attachments?: Attachment[] | undefined }) {
  return (
    <>
      {props.attachments?.length ? <TurnAttachments attachments={props.attachments} /> : null}
      {props.text !== '' ? <div className="compare-user">{props.text}</div> : null}
    </>
  );
}

const TurnView = memo(function TurnView({
  turn,
  output,
  onRetry,
}: {
  turn: Turn;
  output: Output | undefined;
  /** given to the column's last reply when it failed or was cut off */
  onRetry?: (() => void) | undefined;
}) {
  const inspect = useStore((s) => s.openInspector);
  if (turn.role === 'user')
    return (
      <>
        {turn.toolResults?.length ? <ColumnResults results={turn.toolResults} /> : null}
        <UserTurnView text={turn.text} attachments={turn.attachments} />
      </>
    );
  return (
    <div className={`compare-reply is-${turn.status}`} data-testid="compare-reply" data-status={turn.status}>
      {turn.thoughts ? (
        <details className="compare-thoughts">
          <summary>{t('compare.column.thoughts')}</summary>
          <div className="compare-thoughts-text">{turn.thoughts}</div>
        </details>
      ) : null}
      {turn.text === '' ? null : output && turn.status === 'complete' ? (
        <JsonReply text={turn.text} output={output} />
      ) : (
        <Markdown text={turn.text} />
      )}
      {turn.toolCalls?.length ? <ToolCalls calls={turn.toolCalls} /> : null}
      <EndNotice turn={turn} onRetry={turn.status === 'partial' ? onRetry : undefined} />
      {turn.status === 'error' && turn.error ? (
        <div className="callout callout--error compare-error" role="note">
          <Icon name="alert-circle" />
          <div className="compare-error-body">
            <span>{describeError(turn.error)}</span>
            {onRetry ? <RetryButton onClick={onRetry} /> : null}
            {turn.error.exchangeId ? (
              <Button
                size="s"
                variant="ghost"
                icon="code"
                onClick={() => inspect(turn.error?.exchangeId ?? '')}
              >
                {t('inspector.inspect')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
});

/** Only this element re-renders as tokens arrive. */
function StreamingReply(props: { requestId: string; scrollRef: RefObject<HTMLDivElement | null> }) {
  const stream = useStore((s) => s.runTexts[props.requestId]);
  const { scrollRef } = props;
  const calls = stream?.toolCalls;
  // call pieces grow the reply too: follow them as text
  const length =
    (stream?.text.length ?? 0) +
    (stream?.thoughts.length ?? 0) +
    (calls?.reduce((n, c) => n + c.name.length + c.arguments.length + 1, 0) ?? 0);
  useEffect(() => {
    const el = scrollRef.current;
    // Follow the stream only while the reader is at the bottom; do not yank them back up.
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight < 80) el.scrollTop = el.scrollHeight;
  }, [length, scrollRef]);
  return (
    <div className="compare-reply is-streaming" data-testid="compare-streaming">
      {stream?.thoughts ? (
        <details className="compare-thoughts">
          <summary>{t('compare.column.thinking')}</summary>
          <div className="compare-thoughts-text">{stream.thoughts}</div>
        </details>
      ) : null}
      {stream && stream.text !== '' ? (
        <Markdown text={stream.text} live />
      ) : calls ? null : (
        <span className="compare-waiting">
          <span className="compare-dot" />
          <span className="compare-dot" />
          <span className="compare-dot" />
          <span className="visually-hidden">{t('compare.column.waiting')}</span>
        </span>
      )}
      {calls ? <ToolCalls calls={calls} live /> : null}
    </div>
  );
}

function RetryButton(props: { onClick(): void }) {
  return (
    <Button size="s" variant="ghost" icon="retry" onClick={props.onClick} data-testid="compare-retry">
      {t('reply.retry')}
    </Button>
  );
}

function ColumnError({
  error,
  onRetry,
}: {
  error: NonNullable<CompareColumn['error']>;
  onRetry?: (() => void) | undefined;
}) {
  const inspect = useStore((s) => s.openInspector);
  return (
    <div className="callout callout--error compare-error" role="alert" data-testid="compare-column-error">
      <Icon name="alert-circle" />
      <div className="compare-error-body">
        <span>{error.kind === 'invalid-input' ? error.message : describeError(error)}</span>
        {onRetry ? <RetryButton onClick={onRetry} /> : null}
        {error.exchangeId ? (
          <Button size="s" variant="ghost" icon="code" onClick={() => inspect(error.exchangeId ?? '')}>
            {t('inspector.inspect')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
