import { useEffect, useLayoutEffect, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { useElementWidth } from '../../components/useSize.ts';
import { useParamsPanel } from '../params/useParamsPanel.ts';
import { messageTooLong } from '../../store/composer-slice.ts';
import { draftKey, selectInvalidParam, selectTabModel, selectTabParams } from '../../store/chat-helpers.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { paramsProblem } from '../params/params-problem.ts';
import { paramsSummary } from '../params/params-line.ts';
import { AttachButton, ComposerFiles, usePasteFiles } from '../../components/turn/Attachments.tsx';
import { useShortcutProps } from '../../commands/platform.ts';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';
import { useSendWhenReady } from '../../components/turn/useSendWhenReady.ts';
import { SendQueued } from '../../components/turn/SendQueued.tsx';

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
  // the last reply made calls: the next request carries their results
  const answeringCalls = useStore((s) => {
    const last = conversationId ? s.loaded[conversationId]?.turns.at(-1) : undefined;
    return last?.role === 'assistant' && (last.toolCalls?.length ?? 0) > 0;
  });
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
  // the text's own size first: a huge paste is refused as it lands, with its size and the limit
  const tooLong = messageTooLong(text);
  // what stands in the way of a send apart from the files
  const notFiles =
    tooLong !== null
      ? tooLong
      : model === ''
        ? t('chat.composer.chooseModel')
        : invalid !== null
          ? t('chat.composer.fixInParams', { problem: invalid })
          : problem
            ? t('chat.composer.fixInParams', { problem: problem.message })
            : null;
  const reason = notFiles ?? filesProblem;
  const busy = pending !== undefined;
  const canSend = !busy && reason === null && (text.trim() !== '' || hasFiles);
  const waiter = useSendWhenReady(key, () => {
    if (text.trim() !== '' || hasFiles) void send(format, text);
  });
  // files still being added are waited for: Enter now sends once they are in
  const canQueue = !busy && notFiles === null && waiter.coming && (text.trim() !== '' || hasFiles);

  const submit = () => {
    // Enter with a message while a reply runs is answered too (not sent, and why), never ignored
    if (busy && text.trim() !== '') {
      void send(format, text);
      return;
    }
    if (canQueue) {
      waiter.queue();
      return;
    }
    if (!canSend) return;
    void send(format, text);
  };
  const onPaste = usePasteFiles(key);
  const stopLabel = t('chat.composer.stop');
  const stopKeys = useShortcutProps('stopReply', stopLabel);
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
        <ComposerFiles draftKey={key} formats={[format]} />
        <AttachButton draftKey={key} label={t('chat.composer.attach')} testId="attach-button" />
        <label className="visually-hidden" htmlFor={`composer-${format}`}>
          {t('chat.composer.label')}
        </label>
        <textarea
          ref={areaRef}
          id={`composer-${format}`}
          className="composer-input"
          rows={1}
          placeholder={t(busy ? 'chat.composer.placeholderNext' : 'chat.composer.placeholder')}
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
              {stopLabel}
            </Button>
          ) : (
            <Button
              type="submit"
              variant="primary"
              icon="send"
              disabled={!canSend && !canQueue}
              title={
                (canQueue ? t('chat.composer.sendWhenIn') : reason) ??
                t(text.trim() === '' && !hasFiles ? 'chat.composer.writeFirst' : 'chat.composer.send')
              }
              data-testid="send-button"
            >
              {t('chat.send')}
            </Button>
          )}
        </div>
      </form>
      <div className="composer-foot" id={`composer-hint-${format}`}>
        {waiter.queued ? (
          <SendQueued text={t('chat.composer.sendingWhenIn')} onCancel={waiter.cancel} />
        ) : reason ? (
          <span className="composer-reason" role="status" data-testid="send-disabled-reason">
            {reason}
          </span>
        ) : (
          <span className="faint">
            {rich(t('chat.composer.hint'), {
              enter: <span className="kbd">Enter</span>,
              shift: <span className="kbd">Shift</span>,
            })}
          </span>
        )}
        <button
          type="button"
          className="composer-params link-btn"
          onClick={() => setParamsOpen(!paramsOpen)}
          data-params-toggle
          aria-expanded={paramsOpen}
          title={t(paramsOpen ? 'chat.composer.params.hide' : 'chat.composer.params.show')}
          data-testid="composer-params"
        >
          {/* Labelled as what it opens, so "streaming" reads as a setting shown, not a switch. */}
          <Icon name="sliders" size={12} />
          <span className="composer-params-label">{t('chat.composer.params')}</span>{' '}
          <span className="composer-params-summary">{paramsSummary(format, params, answeringCalls)}</span>
        </button>
      </div>
    </div>
  );
}
