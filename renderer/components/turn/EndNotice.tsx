import type { EndReason, Turn } from '../../../shared/conversation.ts';
import { endReasonOfError } from '../../../shared/end-reason.ts';
import { MAX_TOOL_CALLS } from '../../../shared/limits.ts';
import { Button } from '../Button.tsx';
import { Icon } from '../Icon.tsx';
import { t } from '../../i18n/active.ts';
import type { MessageKey } from '../../i18n/translate.ts';

/**
 * The page's words for each end reason, a badge-like label and a sentence (shared/end-reason.ts keeps the
 * English ones the command line prints).
 */
const END_REASON_KEYS: Record<EndReason, { label: MessageKey; text: MessageKey }> = {
  stopped: { label: 'reply.endLabel.stopped', text: 'reply.end.stopped' },
  network: { label: 'reply.endLabel.network', text: 'reply.end.network' },
  timeout: { label: 'reply.endLabel.timeout', text: 'reply.end.timeout' },
  'service-error': { label: 'reply.endLabel.service-error', text: 'reply.end.service-error' },
  'too-large': { label: 'reply.endLabel.too-large', text: 'reply.end.too-large' },
  refusal: { label: 'reply.endLabel.refusal', text: 'reply.end.refusal' },
  'content-filter': { label: 'reply.endLabel.content-filter', text: 'reply.end.content-filter' },
  length: { label: 'reply.endLabel.length', text: 'reply.end.length' },
  empty: { label: 'reply.endLabel.empty', text: 'reply.end.empty' },
  'too-many-calls': { label: 'reply.endLabel.too-many-calls', text: 'reply.end.too-many-calls' },
};

/**
 * Why a reply is not a whole, normal answer, said where the reply is: stopped by the user, the connection
 * broke, the service sent an error, it timed out, the model refused or returned nothing, a filter or the
 * token limit cut it. Offers Retry where the reply can be asked for again. Nothing for a normal reply.
 */
export function EndNotice(props: { turn: Turn; onRetry?: (() => void) | undefined }) {
  const { turn } = props;
  // A cut-off reply stored by an earlier release has no end reason: its error says what happened.
  const reason =
    turn.endReason ?? (turn.status === 'partial' && turn.error ? endReasonOfError(turn.error) : undefined);
  if (reason === undefined) return null;
  // A failed reply with no text shows its error card; the notice is for replies that have something.
  if (turn.status === 'error') return null;
  const transport = turn.status === 'partial';
  // the host's English error says again what the notice says (too many calls) in the page's language
  const detail =
    turn.endDetail ??
    (transport && reason !== 'stopped' && reason !== 'too-many-calls' ? turn.error?.message : undefined);
  return (
    <div
      className={`end-notice end-notice--${transport && reason !== 'stopped' ? 'warning' : 'info'}`}
      role="note"
      data-testid="end-notice"
      data-reason={reason}
    >
      <Icon name={reason === 'stopped' ? 'stop' : 'alert-circle'} size={13} />
      <div className="end-notice-body">
        <span>
          <strong className="end-notice-label">{t(END_REASON_KEYS[reason].label)}</strong>{' '}
          {t(END_REASON_KEYS[reason].text, { max: MAX_TOOL_CALLS })}
          {turn.finishReason && !transport ? <span className="faint"> ({turn.finishReason})</span> : null}
        </span>
        {detail ? <span className="end-notice-detail">{detail}</span> : null}
      </div>
      {props.onRetry ? (
        <Button size="s" variant="ghost" icon="retry" onClick={props.onRetry} data-testid="retry-button">
          {t('reply.retry')}
        </Button>
      ) : null}
    </div>
  );
}
