import { t } from '../../i18n/active.ts';

/** What a send waiting for its files says, and the way to call it off (Chat's and Compare's composers). */
export function SendQueued(props: { text: string; onCancel(): void; className?: string }) {
  return (
    <span
      className={props.className ? `composer-queued ${props.className}` : 'composer-queued'}
      role="status"
      data-testid="send-queued"
    >
      {props.text}{' '}
      <button type="button" className="link-btn" onClick={props.onCancel} data-testid="send-queued-cancel">
        {t('chat.composer.sendingWhenIn.cancel')}
      </button>
    </span>
  );
}
