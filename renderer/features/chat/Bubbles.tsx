import { ReplyImages } from './ReplyImages.tsx';
import { PartialImage } from '../../components/PartialImage.tsx';
import { displayModelId } from '../../../shared/display.ts';
import { memo, useContext, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SkimContext } from '../../components/skim.ts';
import { useStore } from '../../store/index.ts';
import type { Turn } from '../../../shared/conversation.ts';
import type { AppError } from '../../../shared/errors.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { BLOCKWISE_CHARS, Markdown } from '../../components/Markdown.tsx';
import { JsonReply } from '../../components/turn/JsonReply.tsx';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ElapsedTime } from '../../components/ElapsedTime.tsx';
import { formatMs } from '../../components/format.ts';
import { errorTitle } from './error-title.ts';
import { keptSignature } from './kept-signature.ts';
import { usageParts } from './usage-words.ts';
import { EndNotice } from '../../components/turn/EndNotice.tsx';
import { TurnAttachments } from '../../components/turn/Attachments.tsx';
import { messageTooLong } from '../../store/composer-slice.ts';
import type { Attachment } from '../../../shared/attachments.ts';
import type { ToolResult } from '../../../shared/tools.ts';
import { ToolCalls } from '../../components/turn/ToolCalls.tsx';
import { ToolResultsForm, ToolResultsList } from '../../components/turn/ToolResults.tsx';
import { turnCopyText } from '../../components/turn/tool-text.ts';
import { ReplyCost } from '../../components/cost/Cost.tsx';
import { useShortcutProps } from '../../commands/platform.ts';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';

// ---------- versions ----------

/**
 * "‹ 2 / 3 ›" on a message with more than one version (edited, or answered again): moving between them
 * shows that version's branch below it.
 */
function VersionSwitcher(props: { turn: Turn; conversationId: string; busy: boolean }) {
  const selectBranch = useStore((s) => s.selectBranch);
  const versions = props.turn.versions;
  if (!versions || versions.length < 2) return null;
  const i = versions.indexOf(props.turn.id);
  const go = (to: number) => {
    const id = versions[to];
    if (id !== undefined) void selectBranch(props.conversationId, id);
  };
  return (
    <span className="versions" data-testid="versions">
      <IconButton
        icon="chevron-left"
        size="s"
        label={t('chat.version.previous')}
        disabled={props.busy || i <= 0}
        onClick={() => go(i - 1)}
        data-testid="version-prev"
      />
      <span className="versions-count tabular" aria-live="polite" data-testid="version-count">
        {i + 1} / {versions.length}
      </span>
      <IconButton
        icon="chevron-right"
        size="s"
        label={t('chat.version.next')}
        disabled={props.busy || i >= versions.length - 1}
        onClick={() => go(i + 1)}
        data-testid="version-next"
      />
    </span>
  );
}

/** Starts a new conversation with everything up to this message. */
function ForkButton(props: { turn: Turn; conversationId: string }) {
  const fork = useStore((s) => s.forkConversation);
  return (
    <IconButton
      icon="branch"
      size="s"
      label={t('chat.fork')}
      onClick={() => void fork(props.conversationId, props.turn.id)}
      data-testid="fork"
    />
  );
}

// ---------- user turns ----------

/** A message the user wrote: its files, copy, edit (a new version beside this one), versions, fork. */
/** A message's buttons; a row flown past in a long list gets them once the list settles (components/skim.ts). */
function RowActions(props: { children: ReactNode }) {
  const skimmed = useContext(SkimContext);
  return <div className="msg-actions">{skimmed ? null : props.children}</div>;
}

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

  const tooLong = editing ? messageTooLong(text) : null;
  const submit = () => {
    if (text.trim() === '' || props.busy || tooLong !== null) return;
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

  const results = turn.toolResults?.length ? turn.toolResults : undefined;
  return (
    <article
      className={`msg msg--user${results ? ' msg--results' : ''}`}
      aria-label={t(results ? 'chat.user.results' : 'chat.user.message')}
      data-testid="message-user"
      data-turn-id={turn.id}
      data-kind={results ? 'results' : undefined}
    >
      {editing && results ? (
        <ResultsEditor
          turn={turn}
          conversationId={props.conversationId}
          busy={props.busy}
          onDone={() => setEditing(false)}
        />
      ) : editing ? (
        <div className="msg-edit">
          <textarea
            ref={areaRef}
            className="textarea"
            aria-label={t('chat.user.edit')}
            value={text}
            rows={Math.min(12, Math.max(2, text.split('\n').length))}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            data-testid="edit-input"
          />
          {/* the new version keeps the message's files: shown here, so the edit does not look like it drops them */}
          {turn.attachments?.length ? (
            <div className="msg-edit-files" data-testid="edit-files">
              <span className="faint msg-edit-hint">
                {t('chat.user.editFiles', { count: turn.attachments.length })}
              </span>
              <TurnAttachments attachments={turn.attachments} />
            </div>
          ) : null}
          {tooLong ? (
            <span className="composer-reason" role="status" data-testid="edit-too-long">
              {tooLong}
            </span>
          ) : null}
          <div className="msg-edit-actions">
            <span className="faint msg-edit-hint">{t('chat.user.editHint')}</span>
            <Button
              size="s"
              onClick={() => {
                setEditing(false);
                setText(turn.text);
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button
              size="s"
              variant="primary"
              icon="send"
              disabled={text.trim() === '' || props.busy || tooLong !== null}
              onClick={submit}
              data-testid="edit-send"
            >
              {t('chat.send')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className="msg-user-body">
            {turn.attachments?.length ? <TurnAttachments attachments={turn.attachments} /> : null}
            {results ? <ToolResultsList results={results} /> : null}
            {turn.text !== '' ? (
              <div className="msg-bubble">
                <p className="msg-user-text" translate="no">
                  {turn.text}
                </p>
              </div>
            ) : null}
          </div>
          <RowActions>
            <VersionSwitcher turn={turn} conversationId={props.conversationId} busy={props.busy} />
            {turn.text !== '' || results ? (
              <CopyButton
                text={results ? () => turnCopyText(turn) : turn.text}
                label={t(results ? 'chat.user.copyResults' : 'chat.user.copy')}
                testId="copy-message"
              />
            ) : null}
            <IconButton
              icon="pencil"
              size="s"
              label={t(results ? 'chat.user.editResultsResend' : 'chat.user.editResend')}
              disabled={props.busy}
              onClick={() => {
                setText(turn.text);
                setEditing(true);
              }}
              data-testid="edit-message"
            />
            <ForkButton turn={turn} conversationId={props.conversationId} />
          </RowActions>
        </>
      )}
    </article>
  );
});

/** A results turn being edited: the results form under the reply it answers, sent as a new version. */
function ResultsEditor(props: { turn: Turn; conversationId: string; busy: boolean; onDone(): void }) {
  const reply = useStore((s) => {
    const turns = s.loaded[props.conversationId]?.turns ?? [];
    return turns[turns.findIndex((t) => t.id === props.turn.id) - 1];
  });
  if (!reply?.toolCalls?.length) return null;
  return (
    <div className="msg-edit tool-form-edit">
      <ToolResultsForm
        conversationId={props.conversationId}
        reply={reply}
        editTurn={props.turn}
        busy={props.busy}
        onDone={props.onDone}
      />
    </div>
  );
}

/** The user's text (or results) while on its way (before the host has stored it). */
export function PendingUserBubble(props: {
  text: string;
  attachments?: Attachment[] | undefined;
  toolResults?: ToolResult[] | undefined;
}) {
  return (
    <article
      className={`msg msg--user is-pending${props.toolResults ? ' msg--results' : ''}`}
      aria-label={t(props.toolResults ? 'chat.user.resultsSending' : 'chat.user.messageSending')}
      data-testid="message-user"
      data-kind={props.toolResults ? 'results' : undefined}
    >
      <div className="msg-user-body">
        {props.attachments?.length ? <TurnAttachments attachments={props.attachments} /> : null}
        {props.toolResults?.length ? <ToolResultsList results={props.toolResults} /> : null}
        {props.text !== '' ? (
          <div className="msg-bubble">
            <p className="msg-user-text" translate="no">
              {props.text}
            </p>
          </div>
        ) : null}
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
        <span>{t(props.live ? 'chat.reply.thinking' : 'chat.reply.thoughtSummary')}</span>
        <span className="faint">{t('chat.reply.words', { count: words })}</span>
        <Icon name="chevron-right" size={13} className="thoughts-chevron" />
      </summary>
      <div className="thoughts-body" translate="no">
        <Markdown text={props.text} />
      </div>
    </details>
  );
}

/** The per-reply line: model · finish reason · tokens · TTFT · total time, and the signature marker. */
export function TurnMeta(props: { turn: Turn; conversationId: string }) {
  const { turn } = props;
  const usage = usageParts(turn.usage);
  return (
    <div className="msg-meta" data-testid="turn-meta">
      {turn.model ? (
        <span className="meta-model mono" translate="no">
          {displayModelId(turn.model)}
        </span>
      ) : null}
      {/* the service's own word (stop, end_turn, STOP): the end notice says it in the page's language */}
      {turn.finishReason ? (
        <span className="meta-item" title={t('chat.meta.finishReason')}>
          <span translate="no">{turn.finishReason}</span>
        </span>
      ) : null}
      {usage.length > 0 ? (
        <span className="meta-item meta-usage" title={t('chat.meta.usage')}>
          {usage.map((u) => (
            <span key={u.kind} title={u.title}>
              {rich(u.text, { value: <span className="tabular">{u.value}</span> })}
            </span>
          ))}
        </span>
      ) : null}
      <ReplyCost turn={turn} conversationId={props.conversationId} />
      {turn.timings?.firstTokenMs !== undefined ? (
        <span className="meta-item" title={t('chat.meta.ttft')}>
          TTFT <span className="tabular">{formatMs(turn.timings.firstTokenMs)}</span>
        </span>
      ) : null}
      {turn.timings?.totalMs !== undefined ? (
        <span className="meta-item" title={t('chat.meta.total')}>
          <Icon name="clock" size={11} />
          <span className="tabular">{formatMs(turn.timings.totalMs)}</span>
        </span>
      ) : null}
      {keptSignature(turn) ? <SignatureMarker /> : null}
      {turn.payloadDropped ? (
        <span
          className="meta-item meta-dropped"
          title={t('chat.meta.payloadDroppedHint')}
          data-testid="payload-dropped"
          tabIndex={0}
        >
          {t('chat.meta.payloadDropped')}
        </span>
      ) : null}
    </div>
  );
}

function SignatureMarker() {
  return (
    <span
      className="meta-signature"
      role="img"
      aria-label={t('chat.meta.signature')}
      title={t('chat.meta.signature')}
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
        {/* "HTTP 529 · overloaded_error" is the service's status and type, in no language */}
        <strong translate={error.status !== undefined ? 'no' : undefined}>{errorTitle(error)}</strong>
        {error.interface ? (
          <span className="faint" translate="no">
            {error.interface}
          </span>
        ) : null}
        {error.attempts !== undefined && error.attempts > 1 ? (
          <span className="faint">{t('chat.error.attempts', { count: error.attempts })}</span>
        ) : null}
      </div>
      {/* what the service or the host said stays in its words */}
      <p className="error-card-message" translate="no">
        {error.message}
      </p>
      {error.snippet ? <pre className="error-card-snippet">{error.snippet}</pre> : null}
      {props.onRetry || props.onInspect ? (
        <div className="error-card-actions">
          {props.onRetry ? (
            <Button size="s" icon="retry" onClick={props.onRetry} data-testid="retry-button">
              {t('reply.retry')}
            </Button>
          ) : null}
          {props.onInspect ? (
            <Button size="s" variant="ghost" icon="code" onClick={props.onInspect}>
              {t('chat.error.inspect')}
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
  const [editing, setEditing] = useState(false);
  const againLabel = t(isLast ? 'chat.reply.regenerate' : 'chat.reply.answerAgain');
  // the last reply's button names its shortcut (the command regenerates the last reply)
  const againKeys = useShortcutProps('regenerate', againLabel);
  // A conversation that asks for JSON shows its finished replies as checked JSON (not on messages in
  // plain JSON mode: that format has none, so nothing asked the model for JSON).
  const format = useStore((s) => s.loaded[conversationId]?.format ?? 'responses');
  const jsonOutput = useStore((s) => {
    const conv = s.loaded[conversationId];
    const o = conv?.params.output;
    return o && !(conv.format === 'messages' && o.mode === 'json') ? o : undefined;
  });

  if (!turn) {
    const text = stream?.text ?? '';
    const thoughts = stream?.thoughts ?? '';
    const calls = stream?.toolCalls;
    const startedAt = run?.startedAt ?? 0;
    const firstTokenAt = run?.firstTokenAt ?? null;
    // The body is the article's second child in both branches, so React keeps it when the reply finishes.
    return (
      <article
        className="msg msg--assistant is-streaming"
        aria-label={t('chat.reply.inProgress')}
        aria-busy="true"
        data-testid="message-assistant"
        data-status="streaming"
      >
        {thoughts !== '' ? (
          text === '' ? (
            <div className="thoughts-live">
              <div className="thoughts-live-head">
                <Icon name="bulb" size={13} /> {t('chat.reply.thinking')}
              </div>
              <div className="thoughts-live-body" translate="no">
                {thoughts.slice(-600)}
              </div>
            </div>
          ) : (
            <Thoughts text={thoughts} />
          )
        ) : null}
        {text !== '' ? (
          <div className={bodyClass(text)} translate="no" data-testid="message-text">
            <Markdown text={text} live />
          </div>
        ) : thoughts === '' && !calls ? (
          <div className="msg-waiting" data-testid="msg-waiting">
            <Spinner size={12} />
            <span>
              {run?.stopping
                ? t('chat.reply.stopping')
                : run?.retrying
                  ? rich(
                      t('chat.reply.retrying', {
                        attempt: run.retrying.attempt,
                        of: run.retrying.of,
                      }),
                      // what failed ("HTTP 500") is the host's word
                      { reason: <span translate="no">{run.retrying.reason}</span> },
                    )
                  : // the reply has begun once a partial image is on screen: say what it is doing
                    t(stream?.partialImage ? 'chat.reply.drawing' : 'chat.reply.waiting')}
            </span>
          </div>
        ) : null}
        {stream?.partialImage ? (
          <PartialImage
            src={stream.partialImage.src}
            partial={stream.partialImage.partial}
            testId="reply-image-partial"
          />
        ) : null}
        {calls ? <ToolCalls calls={calls} live /> : null}
        <div className="msg-foot">
          <div className="msg-meta">
            <span className="meta-item">
              <Spinner size={10} /> {t(run?.stopping ? 'chat.meta.stopping' : 'chat.meta.streaming')}
            </span>
            {firstTokenAt !== null ? (
              <span className="meta-item" title={t('chat.meta.ttft')}>
                TTFT <span className="tabular">{formatMs(firstTokenAt - startedAt)}</span>
              </span>
            ) : null}
            {startedAt ? (
              <span className="meta-item" title={t('chat.meta.elapsed')}>
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
  // any reply can be asked for again (the old one stays as a version); a failed one offers it as Retry
  const canRegenerate = !busy;
  const again = () => void regenerate(conversationId, isLast ? undefined : turn.id);
  if (editing) {
    return <ReplyEditor turn={turn} conversationId={conversationId} onDone={() => setEditing(false)} />;
  }
  return (
    <article
      className={`msg msg--assistant is-${turn.status}`}
      aria-label={t('chat.reply')}
      data-testid="message-assistant"
      data-status={turn.status}
      data-turn-id={turn.id}
    >
      {turn.thoughts ? <Thoughts text={turn.thoughts} /> : null}
      {turn.text !== '' ? (
        <div className={bodyClass(turn.text)} translate="no" data-testid="message-text">
          {jsonOutput && turn.status === 'complete' ? (
            <JsonReply text={turn.text} output={jsonOutput} />
          ) : (
            <Markdown text={turn.text} />
          )}
        </div>
      ) : null}
      {turn.images?.length ? <ReplyImages images={turn.images} format={format} /> : null}
      {turn.toolCalls?.length ? <ToolCalls calls={turn.toolCalls} /> : null}
      <EndNotice turn={turn} onRetry={canRegenerate && isLast ? again : undefined} />
      {turn.status === 'error' && turn.error ? (
        <ErrorCard
          error={turn.error}
          onRetry={canRegenerate && isLast ? again : undefined}
          onInspect={inspect}
        />
      ) : null}
      <div className="msg-foot">
        <TurnMeta turn={turn} conversationId={conversationId} />
        <RowActions>
          <VersionSwitcher turn={turn} conversationId={conversationId} busy={busy} />
          {turn.text !== '' || turn.toolCalls?.length ? (
            <CopyButton
              text={turn.toolCalls?.length ? () => turnCopyText(turn) : turn.text}
              label={t('chat.reply.copy')}
              testId="copy-message"
            />
          ) : null}
          <IconButton
            icon="refresh"
            size="s"
            label={againLabel}
            {...(isLast ? againKeys : {})}
            disabled={!canRegenerate}
            onClick={again}
            data-testid="regenerate"
          />
          {turn.status !== 'error' ? (
            <IconButton
              icon="pencil"
              size="s"
              label={t('chat.reply.edit')}
              disabled={busy}
              onClick={() => setEditing(true)}
              data-testid="edit-reply"
            />
          ) : null}
          <ForkButton turn={turn} conversationId={conversationId} />
          {inspect ? (
            <IconButton
              icon="code"
              size="s"
              label={t('chat.reply.inspect')}
              onClick={inspect}
              data-testid="inspect"
            />
          ) : null}
        </RowActions>
      </div>
    </article>
  );
});

/**
 * Rewriting a reply: saved as a new version without the provider payload. Where that payload carries
 * a signature the service checks, the user is told before saving what the next request will lack.
 */
function ReplyEditor(props: { turn: Turn; conversationId: string; onDone(): void }) {
  const { turn } = props;
  const editReply = useStore((s) => s.editReply);
  const [text, setText] = useState(turn.text);
  const [saving, setSaving] = useState(false);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => areaRef.current?.focus(), []);
  const signed = keptSignature(turn);
  const save = async () => {
    if (text.trim() === '' || saving) return;
    setSaving(true);
    const ok = await editReply(props.conversationId, turn.id, text);
    setSaving(false);
    if (ok) props.onDone();
  };
  return (
    <article
      className="msg msg--assistant is-editing"
      aria-label={t('chat.reply.editing')}
      data-testid="reply-editor"
    >
      <div className="msg-edit msg-edit--reply">
        <textarea
          ref={areaRef}
          className="textarea"
          aria-label={t('chat.reply.editing')}
          value={text}
          rows={Math.min(16, Math.max(3, text.split('\n').length))}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              props.onDone();
            }
          }}
          data-testid="edit-reply-input"
        />
        {turn.toolCalls?.length ? (
          <p className="callout callout--info msg-edit-warning" role="note" data-testid="edit-reply-calls">
            <Icon name="info" size={14} />
            <span>{t('chat.reply.edit.calls')}</span>
          </p>
        ) : null}
        {signed ? (
          <p
            className="callout callout--warning msg-edit-warning"
            role="note"
            data-testid="edit-reply-warning"
          >
            <Icon name="alert" size={14} />
            <span>{t('chat.reply.edit.signature')}</span>
          </p>
        ) : null}
        <div className="msg-edit-actions">
          <span className="faint msg-edit-hint">{t('chat.reply.edit.hint')}</span>
          <Button size="s" onClick={props.onDone}>
            {t('common.cancel')}
          </Button>
          <Button
            size="s"
            variant="primary"
            icon="check-circle"
            disabled={text.trim() === '' || saving}
            onClick={() => void save()}
            data-testid="edit-reply-save"
          >
            {t('common.save')}
          </Button>
        </div>
      </div>
    </article>
  );
}
