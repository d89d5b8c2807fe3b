import { useStore } from '../store/index.ts';
import { checkVerdict, selectCheck, type CheckState, type CheckVerdict } from '../store/settings-slice.ts';
import type { CheckStatus } from '../../shared/contract.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { IconButton } from './IconButton.tsx';
import { formatWhen } from './format.ts';
import { t } from '../i18n/active.ts';

const COUNTED: readonly CheckStatus[] = ['pass', 'warn', 'fail'];
const COUNT_KEY = {
  pass: 'settings.check.count.pass',
  warn: 'settings.check.count.warn',
  fail: 'settings.check.count.fail',
  info: 'settings.check.count.info',
} as const;

/** The last check of a connection in words: the dot's name and tooltip, and the select's options. */
export function checkSummary(check: CheckState): string {
  const verdict = checkVerdict(check);
  if (verdict === 'unchecked') return t('connection.status.unchecked');
  if (verdict === 'running') return t('connection.status.running');
  if (check.error !== null) {
    return check.error.kind === 'aborted'
      ? t('settings.check.stopped')
      : t('settings.check.failed', { message: check.error.message });
  }
  const counts = COUNTED.map((status) => ({
    status,
    count: check.results.filter((r) => r.status === status).length,
  }))
    .filter((c) => c.count > 0)
    .map((c) => t(COUNT_KEY[c.status], { count: c.count }))
    .join(', ');
  return t(verdict === 'ok' ? 'connection.status.ok' : 'connection.status.failed', {
    when: formatWhen(check.finishedAt ?? 0),
    counts: check.cause ?? counts,
  });
}

/** A short word of a connection's status for places that cannot draw a dot (a select's options). */
export function verdictWord(verdict: CheckVerdict): string {
  return t(`connection.status.word.${verdict}`);
}

/**
 * A connection's status dot (never checked, checking, ok, failed, with the last check's result in its
 * name) and the check that refreshes it: the existing connection check, run for that connection with the
 * conversation's model. Each connection keeps its own results (settings-slice `checks`).
 */
export function ConnectionStatus(props: { connectionId: string | null; format: TextFormat; model: string }) {
  const { connectionId, format, model } = props;
  const check = useStore((s) => selectCheck(s, connectionId));
  const runCheck = useStore((s) => s.runCheck);
  const stopCheck = useStore((s) => s.stopCheck);
  if (connectionId === null) return null;
  const verdict = checkVerdict(check);
  const summary = checkSummary(check);
  return (
    <span className="connection-status">
      <span
        className={`status-dot status-dot--${verdict}`}
        role="img"
        aria-label={summary}
        title={summary}
        data-testid="connection-status"
        data-verdict={verdict}
      />
      <IconButton
        icon={verdict === 'running' ? 'stop' : 'check-circle'}
        size="s"
        label={verdict === 'running' ? t('settings.check.stop') : t('connection.status.check')}
        onClick={() =>
          verdict === 'running'
            ? void stopCheck(connectionId)
            : void runCheck(
                model.trim() !== '' ? { connectionId, models: { [format]: model } } : { connectionId },
              )
        }
        data-testid="connection-check"
      />
    </span>
  );
}
