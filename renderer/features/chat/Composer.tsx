import { useEffect, useLayoutEffect, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { useElementWidth } from '../../components/useSize.ts';
import { useParamsPanel } from './useParamsPanel.ts';
import { draftKey, selectInvalidParam, selectTabModel, selectTabParams } from '../../store/chat-helpers.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { paramsProblem, paramsSummary } from './turn-info.ts';
import { AttachButton, ComposerFiles, usePasteFiles } from './Attachments.tsx';
import { useShortcutProps } from '../../commands/platform.ts';

const MAX_HEIGHT = 260;

/** Grows the box with its text up to MAX_HEIGHT (and the CSS max-height of a short window), then scrolls. */
function fitHeight(el: HTMLTextAreaElement): void {
  el.style.height = 'auto';
  el.style.height = `${Math.min(el.scrollHeight + 2, MAX_HEIGHT)}px`;
  el.style.overflowY = el.scrollHeight + 2 > el.clientHeight + 2 ? 'auto' : 'hidden';
}

/**
 * The message box: Enter sends, Shift+Enter breaks the line, Enter while an input method is composing
 * is left to the input method. While a reply runs the button becomes Stop; the draft is kept per
 * conversation and given back if a send fails before reaching the service.
 */
export function Composer(props: { format: TextFormat; conversationId: string | null }) {
  const { format, conversationId } = props;
  const key = draftKey(format, conversationId);
  const text = useStore((s) => s.drafts[key] ?? '');
  const setDraft = useStore((s) => s.setDraft);
  const send = useStore((s) => s.send);
  const stop = useStore((s) => s.stop);
  const pending = useStore((s) => (conversationId ? s.pending[conversationId] : undefined));
  const stopping = useStore((s) => (pending ? s.runs[pending.requestId]?.stopping === true : false));
  const model = useStore((s) => selectTabModel(s, format));
  const params = useStore(useShallow((s) => selectTabParams(s, format)));
  const { open: paramsOpen, setOpen: setParamsOpen } = useParamsPanel();
  // Measured while the tab was still being laid out (or at another window width), the box keeps a height
  // its text no longer needs: its width is watched, and a change measures it again.
  const [areaRef, areaWidth] = useElementWidth<HTMLTextAreaElement>();

  useLayoutEffect(() => {
    const el = areaRef.current;
    if (el) fitHeight(el);
  }, [text, areaWidth, areaRef]);

  // Opening a conversation puts the cursor in the box, unless the user is moving through the top tabs
  // with the keyboard: focus stays where it is then.
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body || active.closest('.chat')) areaRef.current?.focus();
  }, [key, areaRef]);

  const hasFiles = useStore((s) => (s.composerFiles[key]?.length ?? 0) > 0);
  // recomputed when the files change: a string, so an unchanged answer does not re-render
  const filesProblem = useStore((s) => {
    if (!s.composerFiles[key]?.length) return null;
    const r = s.filesToSend(key, format);
    return 'problem' in r ? r.problem : null;
  });

  const problem = paramsProblem(format, params);
  const invalid = useStore((s) => selectInvalidParam(s, format));
  const reason =
    model === ''
      ? 'Choose a model above to send.'
      : invalid !== null
        ? `${invalid} Fix it in Parameters.`
        : problem
          ? `${problem.message} Fix it in Parameters.`
          : filesProblem;
  const busy = pending !== undefined;
  const canSend = !busy && reason === null && (text.trim() !== '' || hasFiles);

  const submit = () => {
    if (!canSend) return;
    void send(format, text);
  };
  const onPaste = usePasteFiles(key);
  const stopKeys = useShortcutProps('stopReply', 'Stop');
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey) return;
    // An input method (Japanese, Chinese, Korean...) uses Enter to commit its text: leave it alone.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    submit();
  };

  return (
    <div className="composer-wrap">
      <form
        className={`composer${busy ? ' is-busy' : ''}`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <ComposerFiles draftKey={key} />
        <AttachButton
          draftKey={key}
          label="Attach images or files (or drop or paste them)"
          testId="attach-button"
        />
        <label className="visually-hidden" htmlFor={`composer-${format}`}>
          Message
        </label>
        <textarea
          ref={areaRef}
          id={`composer-${format}`}
          className="composer-input"
          rows={1}
          placeholder={busy ? 'Write your next message…' : 'Write a message…'}
          value={text}
          onChange={(e) => setDraft(key, e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          aria-describedby={`composer-hint-${format}`}
          data-testid="composer-input"
        />
        <div className="composer-actions">
          {busy ? (
            <Button
              variant="default"
              icon="stop"
              onClick={() => conversationId && void stop(conversationId)}
              disabled={stopping}
              {...stopKeys}
              data-testid="stop-button"
            >
              Stop
            </Button>
          ) : (
            <Button
              type="submit"
              variant="primary"
              icon="send"
              disabled={!canSend}
              title={reason ?? (text.trim() === '' && !hasFiles ? 'Write a message first' : 'Send (Enter)')}
              data-testid="send-button"
            >
              Send
            </Button>
          )}
        </div>
      </form>
      <div className="composer-foot" id={`composer-hint-${format}`}>
        {reason ? (
          <span className="composer-reason" role="status" data-testid="send-disabled-reason">
            {reason}
          </span>
        ) : (
          <span className="faint">
            <span className="kbd">Enter</span> to send · <span className="kbd">Shift</span>+
            <span className="kbd">Enter</span> for a new line
          </span>
        )}
        <button
          type="button"
          className="composer-params link-btn"
          onClick={() => setParamsOpen(!paramsOpen)}
          data-params-toggle
          aria-expanded={paramsOpen}
          title={paramsOpen ? 'Hide the parameters' : 'Show the parameters'}
          data-testid="composer-params"
        >
          {/* Labelled as what it opens, so "streaming" reads as a setting shown, not a switch. */}
          <Icon name="sliders" size={12} />
          <span className="composer-params-label">Parameters:</span>{' '}
          <span className="composer-params-summary">{paramsSummary(format, params)}</span>
        </button>
      </div>
    </div>
  );
}
