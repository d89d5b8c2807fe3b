import { useStore } from '../../store/index.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';
import { formatCount } from '../../components/format.ts';
import { displayName } from '../../../shared/display.ts';

/**
 * Said before the next send: a conversation asking for a connection that is not here (nothing goes until
 * the user picks one), or replies made through another connection whose signatures stay behind
 * (shared/service-bound.ts says what, per format). A name from a file is shown escaped (shared/display.ts).
 */
export function ConnectionNotice(props: { format: TextFormat; conversationId: string | null }) {
  const { format, conversationId } = props;
  const conversation = useStore((s) => (conversationId ? s.loaded[conversationId] : undefined));
  if (!conversation) return null;
  const connection = conversation.connection;
  if (connection && connection.id === undefined) {
    return (
      <p className="callout callout--warning connection-notice" role="note" data-testid="connection-wanted">
        {rich(t('connection.wanted.note'), {
          name: <strong translate="no">{displayName(connection.name)}</strong>,
        })}
      </p>
    );
  }
  const count = conversation.boundElsewhere ?? 0;
  if (count === 0) return null;
  return (
    <p className="callout callout--info connection-notice" role="note" data-testid="connection-bound">
      {rich(t(`connection.bound.${format}`, { count }), { count: formatCount(count) })}
    </p>
  );
}
