import { useStore } from '../store/index.ts';
import { Icon, type IconName } from './Icon.tsx';
import { IconButton } from './IconButton.tsx';
import type { NoticeKind } from '../store/app-slice.ts';
import { t } from '../i18n/active.ts';

const ICONS: Record<NoticeKind, IconName> = {
  info: 'info',
  success: 'check-circle',
  warning: 'alert',
  error: 'alert-circle',
};

/** The notice area (bottom right). Errors and warnings are announced assertively and stay until closed. */
export function Toasts() {
  const notices = useStore((s) => s.notices);
  const dismiss = useStore((s) => s.dismissNotice);
  return (
    <div className="toasts" aria-live="polite" data-testid="notices">
      {notices.map((n) => (
        <div
          key={n.id}
          className={`toast toast--${n.kind}`}
          role={n.kind === 'error' || n.kind === 'warning' ? 'alert' : 'status'}
          data-testid={`notice-${n.kind}`}
        >
          <Icon name={ICONS[n.kind]} size={15} />
          <div className="toast-text">{n.message}</div>
          <IconButton
            icon="x"
            label={t('components.notices.dismiss')}
            size="s"
            onClick={() => dismiss(n.id)}
          />
        </div>
      ))}
    </div>
  );
}
