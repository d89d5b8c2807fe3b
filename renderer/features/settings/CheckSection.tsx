import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { selectCheck } from '../../store/settings-slice.ts';
import type { CheckResult, CheckStatus } from '../../../shared/contract.ts';
import { Button } from '../../components/Button.tsx';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { downloadText } from './download.ts';
import { fileStamp } from '../../../shared/file-stamp.ts';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';
import type { MessageKey } from '../../i18n/messages-en.ts';

const STATUS_ICON: Record<CheckStatus, IconName> = {
  pass: 'check-circle',
  warn: 'alert',
  fail: 'x-circle',
  info: 'info',
};
const STATUS_LABEL = {
  pass: 'settings.check.status.pass',
  warn: 'settings.check.status.warn',
  fail: 'settings.check.status.fail',
  info: 'settings.check.status.info',
} as const satisfies Record<CheckStatus, MessageKey>;
const STATUS_COUNT = {
  pass: 'settings.check.count.pass',
  warn: 'settings.check.count.warn',
  fail: 'settings.check.count.fail',
  info: 'settings.check.count.info',
} as const satisfies Record<CheckStatus, MessageKey>;

/** "Check connection": runs the checks against the active connection and lists results as they arrive. */
export function CheckSection() {
  // each connection keeps its own results: these are the active connection's
  const check = useStore((s) => selectCheck(s, s.activeConnectionId));
  const runCheck = useStore((s) => s.runCheck);
  const stopCheck = useStore((s) => s.stopCheck);
  const openInspector = useStore((s) => s.openInspector);
  const active = useStore(
    useShallow((s) => {
      const c = s.connections.find((x) => x.id === s.activeConnectionId);
      return c ? { name: c.name, baseUrl: c.builtIn ? t('settings.check.simulator') : c.baseUrl } : null;
    }),
  );
  const [images, setImages] = useState(false);
  const [attachments, setAttachments] = useState(false);
  const [tools, setTools] = useState(false);

  const counts = countByStatus(check.results);
  const groups = groupResults(check.results);

  return (
    <section className="settings-section" aria-labelledby="settings-check-title">
      <div className="settings-section-head">
        <h2 id="settings-check-title">{t('settings.check.title')}</h2>
        <p className="muted">
          {active
            ? rich(t('settings.check.intro'), { name: <strong>{active.name}</strong>, url: active.baseUrl })
            : t('settings.check.intro.none')}
        </p>
      </div>
      <div className="check-bar">
        <Button
          variant="primary"
          icon="play"
          busy={check.running}
          disabled={check.running || !active}
          onClick={() => void runCheck({ images, attachments, tools })}
          data-testid="check-connection"
        >
          {check.running
            ? t('settings.check.running')
            : check.finishedAt
              ? t('settings.check.again')
              : t('settings.check.title')}
        </Button>
        {check.running ? (
          <Button icon="stop" onClick={() => void stopCheck()} data-testid="check-stop">
            {t('settings.check.stop')}
          </Button>
        ) : null}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={images}
            disabled={check.running}
            onChange={(e) => setImages(e.target.checked)}
          />
          {t('settings.check.images')}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={attachments}
            disabled={check.running}
            onChange={(e) => setAttachments(e.target.checked)}
            data-testid="check-attachments"
          />
          {t('settings.check.attachments')}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={tools}
            disabled={check.running}
            onChange={(e) => setTools(e.target.checked)}
            data-testid="check-tools"
          />
          {t('settings.check.tools')}
        </label>
        <span className="conn-actions-spacer" />
        {check.markdown ? (
          <Button
            icon="download"
            size="s"
            onClick={() =>
              downloadText(reportName(check.finishedAt ?? Date.now()), check.markdown ?? '', 'text/markdown')
            }
            data-testid="check-report"
          >
            {t('settings.check.report')}
          </Button>
        ) : null}
      </div>
      {check.cause ? (
        <div className="callout callout--error" role="alert" data-testid="check-cause">
          <Icon name="alert-circle" />
          <span>{check.cause}</span>
        </div>
      ) : null}
      {check.results.length > 0 || check.running ? (
        <div className="check-summary" aria-live="polite" data-testid="check-summary">
          {(['pass', 'warn', 'fail', 'info'] as const).map((st) =>
            counts[st] > 0 ? (
              <span key={st} className={`badge badge--${st}`}>
                {t(STATUS_COUNT[st], { count: counts[st] })}
              </span>
            ) : null,
          )}
          {check.running ? (
            <span className="faint">{t('settings.check.progress', { count: check.results.length })}</span>
          ) : null}
        </div>
      ) : null}
      {check.error ? (
        <div className="callout callout--error" role="alert">
          <Icon name="alert-circle" />
          <span>
            {check.error.kind === 'aborted'
              ? t('settings.check.stopped')
              : t('settings.check.failed', { message: check.error.message })}
          </span>
        </div>
      ) : null}
      {groups.length > 0 ? (
        <div className="check-results" data-testid="check-results">
          {groups.map(([group, items]) => (
            <div key={group} className="check-group">
              <h3 className="check-group-title">{group}</h3>
              <ul>
                {items.map((r) => (
                  <li key={r.id} className="check-item" data-testid="check-result" data-status={r.status}>
                    <span className={`badge badge--${r.status} check-badge`}>
                      <Icon name={STATUS_ICON[r.status]} size={11} />
                      {t(STATUS_LABEL[r.status])}
                    </span>
                    <span className="check-name">{r.name}</span>
                    <span className="check-detail">{r.detail}</span>
                    {r.exchangeId ? (
                      <IconButton
                        icon="code"
                        size="s"
                        label={t('settings.check.inspect', { name: r.name })}
                        onClick={() => openInspector(r.exchangeId ?? '')}
                      />
                    ) : (
                      <span />
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function countByStatus(results: CheckResult[]): Record<CheckStatus, number> {
  const counts: Record<CheckStatus, number> = { pass: 0, warn: 0, fail: 0, info: 0 };
  for (const r of results) counts[r.status] += 1;
  return counts;
}

/** Groups in first-seen order, results in arrival order. */
function groupResults(results: CheckResult[]): [string, CheckResult[]][] {
  const map = new Map<string, CheckResult[]>();
  for (const r of results) {
    const list = map.get(r.group);
    if (list) list.push(r);
    else map.set(r.group, [r]);
  }
  return [...map.entries()];
}

function reportName(ts: number): string {
  return `quartet-check-${fileStamp(ts)}.md`;
}
