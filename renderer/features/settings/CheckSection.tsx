import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { IDLE_CHECK } from '../../store/settings-slice.ts';
import type { CheckResult, CheckStatus } from '../../../shared/contract.ts';
import { Button } from '../../components/Button.tsx';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { downloadText } from './download.ts';
import { fileStamp } from '../../../shared/file-stamp.ts';

const STATUS_ICON: Record<CheckStatus, IconName> = {
  pass: 'check-circle',
  warn: 'alert',
  fail: 'x-circle',
  info: 'info',
};
const STATUS_LABEL: Record<CheckStatus, string> = { pass: 'Pass', warn: 'Warn', fail: 'Fail', info: 'Info' };

/** "Check connection": runs the checks against the active connection and lists results as they arrive. */
export function CheckSection() {
  // Results are shown only for the connection they were taken with.
  const check = useStore((s) => (s.check.connectionId === s.activeConnectionId ? s.check : IDLE_CHECK));
  const runCheck = useStore((s) => s.runCheck);
  const stopCheck = useStore((s) => s.stopCheck);
  const openInspector = useStore((s) => s.openInspector);
  const active = useStore(
    useShallow((s) => {
      const c = s.connections.find((x) => x.id === s.activeConnectionId);
      return c ? { name: c.name, baseUrl: c.builtIn ? 'built-in simulator' : c.baseUrl } : null;
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
        <h2 id="settings-check-title">Check connection</h2>
        <p className="muted">
          Sends a small request to every interface of{' '}
          {active ? (
            <>
              <strong>{active.name}</strong> ({active.baseUrl})
            </>
          ) : (
            'the active connection'
          )}{' '}
          and compares what comes back with the contract.
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
          {check.running ? 'Checking…' : check.finishedAt ? 'Check again' : 'Check connection'}
        </Button>
        {check.running ? (
          <Button icon="stop" onClick={() => void stopCheck()} data-testid="check-stop">
            Stop
          </Button>
        ) : null}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={images}
            disabled={check.running}
            onChange={(e) => setImages(e.target.checked)}
          />
          Include image generation (slower; may be billed)
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={attachments}
            disabled={check.running}
            onChange={(e) => setAttachments(e.target.checked)}
            data-testid="check-attachments"
          />
          Send each format a tiny image
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={tools}
            disabled={check.running}
            onChange={(e) => setTools(e.target.checked)}
            data-testid="check-tools"
          />
          Make each format call a function
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
            Download report
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
                {counts[st]} {STATUS_LABEL[st].toLowerCase()}
              </span>
            ) : null,
          )}
          {check.running ? <span className="faint">{check.results.length} done, still running…</span> : null}
        </div>
      ) : null}
      {check.error ? (
        <div className="callout callout--error" role="alert">
          <Icon name="alert-circle" />
          <span>
            {check.error.kind === 'aborted'
              ? 'The check was stopped.'
              : `The check failed: ${check.error.message}`}
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
                      {STATUS_LABEL[r.status]}
                    </span>
                    <span className="check-name">{r.name}</span>
                    <span className="check-detail">{r.detail}</span>
                    {r.exchangeId ? (
                      <IconButton
                        icon="code"
                        size="s"
                        label={`Inspect the request of "${r.name}"`}
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
