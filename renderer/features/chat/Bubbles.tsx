import { displayModelId } from '../../../shared/display.ts';
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '../../store/index.ts';
import type { Turn } from '../../../shared/conversation.ts';
import type { AppError } from '../../../shared/errors.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { BLOCKWISE_CHARS, Markdown } from '../../components/Markdown.tsx';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ElapsedTime } from '../../components/ElapsedTime.tsx';
import { formatMs } from '../../components/format.ts';
import { errorTitle, keptSignature, usageParts } from './turn-info.ts';
import { EndNotice } from './EndNotice.tsx';

// ---------- user turns ----------

/** A message the user wrote: copy, and edit-and-resend (which drops everything after it). */
export const UserBubble = memo(function UserBubble(props: {
  turn: Turn;
  conversationId: string;
  format: TextFormat;
  busy: boolean;
}) {
  const { turn, format } = props;
  const send = useStore((s) => s.send);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(turn.text);
  const areaRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!editing) return;
    const el = areaRef.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [editing]);

  const submit = () => {
    if (text.trim() === '' || props.busy) return;
    setEditing(false);
    void send(format, text, { editTurnId: turn.id });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setEditing(false);
      setText(turn.text);
    }
  };

  return (
    <article
      className="msg msg--user"
      aria-label="Your message"
      data-testid="message-user"
      data-turn-id={turn.id}
    >
      {editing ? (
        <div className="msg-edit">
          <textarea
            ref={areaRef}
            className="textarea"
            aria-label="Edit your message"
            value={text}
            rows={Math.min(12, Math.max(2, text.split('\n').length))}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            data-testid="edit-input"
          />
          <div className="msg-edit-actions">
            <span className="faint msg-edit-hint">The replies after this message will be replaced.</span>
            <Button
              size="s"
              onClick={() => {
                setEditing(false);
                setText(turn.text);
              }}
            >
              Cancel
            </Button>
            <Button
              size="s"
              variant="primary"
              icon="send"
              disabled={text.trim() === '' || props.busy}
              onClick={submit}
              data-testid="edit-send"
            >
              Send
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className="msg-bubble">
            <p className="msg-user-text">{turn.text}</p>
          </div>
          <div className="msg-actions">
            <CopyButton text={turn.text} label="Copy message" testId="copy-message" />
            <IconButton
              icon="pencil"
              size="s"
              label="Edit and resend"
              disabled={props.busy}
              onClick={() => {
                setText(turn.text);
                setEditing(true);
              }}
              data-testid="edit-message"
            />
          </div>
        </>
      )}
    </article>
  );
});

/** The user's text while it is on its way (before the host has stored it). */
export function PendingUserBubble(props: { text: string }) {
  return (
    <article
      className="msg msg--user is-pending"
      aria-label="Your message (sending)"
      data-testid="message-user"
    >
      <div className="msg-bubble">
        <p className="msg-user-text">{props.text}</p>
      </div>
    </article>
  );
}

// ---------- replies ----------

function Thoughts(props: { text: string; live?: boolean }) {
  const words = props.text.trim() === '' ? 0 : props.text.trim().split(/\s+/).length;
  return (
    <details className="thoughts" data-testid="thoughts">
      <summary>
        <Icon name="bulb" size={13} />
        <span>{props.live ? 'Thinking…' : 'Thought summary'}</span>
        <span className="faint">{words} words</span>
        <Icon name="chevron-right" size={13} className="thoughts-chevron" />
      </summary>
      <div className="thoughts-body">
        <Markdown text={props.text} />
      </div>
    </details>
  );
}

/** The per-reply line: model · finish reason · tokens · TTFT · total time, and the signature marker. */
export function TurnMeta(props: { turn: Turn }) {
  const { turn } = props;
  const usage = usageParts(turn.usage);
  return (
    <div className="msg-meta" data-testid="turn-meta">
      {turn.model ? <span className="meta-model mono">{displayModelId(turn.model)}</span> : null}
      {turn.finishReason ? (
        <span className="meta-item" title="Finish reason">
          {turn.finishReason}
        </span>
      ) : null}
      {usage.length > 0 ? (
        <span className="meta-item meta-usage" title="Tokens reported by the service">
          {usage.map((u) => (
            <span key={u.label} title={u.title}>
              <span className="tabular">{u.value}</span> {u.label}
            </span>
          ))}
        </span>
      ) : null}
      {turn.timings?.firstTokenMs !== undefined ? (
        <span className="meta-item" title="Time to first token">
          TTFT <span className="tabular">{formatMs(turn.timings.firstTokenMs)}</span>
        </span>
      ) : null}
      {turn.timings?.totalMs !== undefined ? (
        <span className="meta-item" title="Total time">
          <Icon name="clock" size={11} />
          <span className="tabular">{formatMs(turn.timings.totalMs)}</span>
        </span>
      ) : null}
      {keptSignature(turn) ? <SignatureMarker /> : null}
    </div>
  );
}

function SignatureMarker() {
  return (
    <span
      className="meta-signature"
      role="img"
      aria-label="signature kept: will be sent back verbatim"
      title="signature kept: will be sent back verbatim"
      data-testid="signature-kept"
      tabIndex={0}
    >
      <Icon name="lock" size={11} />
    </span>
  );
}

function ErrorCard(props: {
  error: AppError;
  onRetry?: (() => void) | undefined;
  onInspect?: (() => void) | undefined;
}) {
  const { error } = props;
  return (
    <div className="error-card" role="alert" data-testid="error-card">
      <div className="error-card-head">
        <Icon name="alert-circle" size={15} />
        <strong>{errorTitle(error)}</strong>
        {error.interface ? <span className="faint">{error.interface}</span> : null}
        {error.attempts !== undefined && error.attempts > 1 ? (
          <span className="faint">after {error.attempts} attempts</span>
        ) : null}
      </div>
      <p className="error-card-message">{error.message}</p>
      {error.snippet ? <pre className="error-card-snippet">{error.snippet}</pre> : null}
      {props.onRetry || props.onInspect ? (
        <div className="error-card-actions">
          {props.onRetry ? (
            <Button size="s" icon="retry" onClick={props.onRetry} data-testid="retry-button">
              Retry
            </Button>
          ) : null}
          {props.onInspect ? (
            <Button size="s" variant="ghost" icon="code" onClick={props.onInspect}>
              Inspect request
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A long reply's body (rendered block by block) lets blocks out of view skip layout (chat.css). */
function bodyClass(text: string): string {
  return text.length >= BLOCKWISE_CHARS ? 'msg-body msg-body--long' : 'msg-body';
}

/**
 * One reply, streaming or finished (complete, cut off, or failed). Both states are one component with the
 * same element structure, and MessageList keeps the row's key when the stream becomes a stored turn, so a
 * finished reply keeps the DOM it streamed into instead of rebuilding it (100,000 words: one long frame).
 * While streaming, this is the only part of the conversation that re-renders as tokens arrive.
 */
export const ReplyBubble = memo(function ReplyBubble(props: {
  /** the stored reply; absent while its request streams */
  turn?: Turn | undefined;
  /** the request whose reply is streaming, when there is no turn yet */
  requestId?: string | undefined;
  conversationId: string;
  isLast: boolean;
  busy: boolean;
}) {
  const { turn, conversationId, isLast, busy } = props;
  const requestId = turn ? null : (props.requestId ?? null);
  const stream = useStore((s) => (requestId === null ? undefined : s.runTexts[requestId]));
  const run = useStore((s) => (requestId === null ? undefined : s.runs[requestId]));
  const regenerate = useStore((s) => s.regenerate);
  const openInspector = useStore((s) => s.openInspector);

  if (!turn) {
    const text = stream?.text ?? '';
    const thoughts = stream?.thoughts ?? '';
    const startedAt = run?.startedAt ?? 0;
    const firstTokenAt = run?.firstTokenAt ?? null;
    // The body is the article's second child in both branches, so React keeps it when the reply finishes.
    return (
      <article
        className="msg msg--assistant is-streaming"
        aria-label="Reply in progress"
        aria-busy="true"
        data-testid="message-assistant"
        data-status="streaming"
      >
        {thoughts !== '' ? (
          text === '' ? (
            <div className="thoughts-live">
              <div className="thoughts-live-head">
                <Icon name="bulb" size={13} /> Thinking…
              </div>
              <div className="thoughts-live-body">{thoughts.slice(-600)}</div>
            </div>
          ) : (
            <Thoughts text={thoughts} />
          )
        ) : null}
        {text !== '' ? (
          <div className={bodyClass(text)} data-testid="message-text">
            <Markdown text={text} live />
          </div>
        ) : thoughts === '' ? (
          <div className="msg-waiting" data-testid="msg-waiting">
            <Spinner size={12} />
            <span>
              {run?.stopping
                ? 'Stopping…'
                : run?.retrying
                  ? `Retrying, attempt ${run.retrying.attempt} of ${run.retrying.of} (the last one failed: ${run.retrying.reason})…`
                  : 'Waiting for the reply…'}
            </span>
          </div>
        ) : null}
        <div className="msg-foot">
          <div className="msg-meta">
            <span className="meta-item">
              <Spinner size={10} /> {run?.stopping ? 'stopping' : 'streaming'}
            </span>
            {firstTokenAt !== null ? (
              <span className="meta-item" title="Time to first token">
                TTFT <span className="tabular">{formatMs(firstTokenAt - startedAt)}</span>
              </span>
            ) : null}
            {startedAt ? (
              <span className="meta-item" title="Elapsed">
                <Icon name="clock" size={11} />
                <ElapsedTime since={startedAt} />
              </span>
            ) : null}
          </div>
        </div>
      </article>
    );
  }

  const exchangeId = turn.exchangeId ?? turn.error?.exchangeId;
  const inspect = exchangeId ? () => openInspector(exchangeId) : undefined;
  const canRegenerate = isLast && !busy;
  return (
    <article
      className={`msg msg--assistant is-${turn.status}`}
      aria-label="Reply"
      data-testid="message-assistant"
      data-status={turn.status}
      data-turn-id={turn.id}
    >
      {turn.thoughts ? <Thoughts text={turn.thoughts} /> : null}
      {turn.text !== '' ? (
        <div className={bodyClass(turn.text)} data-testid="message-text">
          <Markdown text={turn.text} />
        </div>
      ) : null}
      <EndNotice turn={turn} onRetry={canRegenerate ? () => void regenerate(conversationId) : undefined} />
      {turn.status === 'error' && turn.error ? (
        <ErrorCard
          error={turn.error}
          onRetry={canRegenerate ? () => void regenerate(conversationId) : undefined}
          onInspect={inspect}
        />
      ) : null}
      <div className="msg-foot">
        <TurnMeta turn={turn} />
        <div className="msg-actions">
          {turn.text !== '' ? <CopyButton text={turn.text} label="Copy reply" testId="copy-message" /> : null}
          {isLast ? (
            <IconButton
              icon="refresh"
              size="s"
              label="Regenerate this reply"
              disabled={!canRegenerate}
              onClick={() => void regenerate(conversationId)}
              data-testid="regenerate"
            />
          ) : null}
          {inspect ? (
            <IconButton
              icon="code"
              size="s"
              label="Inspect the request"
              onClick={inspect}
              data-testid="inspect"
            />
          ) : null}
        </div>
      </div>
    </article>
  );
});
