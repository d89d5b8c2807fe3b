import { useEffect, useId } from 'react';
import { useStore } from '../../store/index.ts';
import type { McpServerInfo } from '../../../shared/mcp.ts';
import { MCP_STEP_LIMIT } from '../../../shared/limits.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { t } from '../../i18n/active.ts';

function stateText(s: McpServerInfo): string {
  return s.state === 'ready' ? t('mcp.state.ready', { count: s.tools.length }) : t(`mcp.state.${s.state}`);
}

/**
 * Tool servers: where mcp.json is, what it lists and each server's state (failed ones with their stderr
 * tail), a switch per listed server, reloading the file, and the step limit. Nothing here adds or changes
 * a server: that is the file's alone.
 */
export function McpSection() {
  const mcp = useStore((s) => s.mcp);
  const loading = useStore((s) => s.mcpLoading);
  const loadMcp = useStore((s) => s.loadMcp);
  const reloadMcp = useStore((s) => s.reloadMcp);
  const setMcpEnabled = useStore((s) => s.setMcpEnabled);
  const stepLimit = useStore((s) => s.settings?.mcpStepLimit ?? MCP_STEP_LIMIT.default);
  const updateSettings = useStore((s) => s.updateSettings);
  const id = useId();
  useEffect(() => {
    void loadMcp();
  }, [loadMcp]);

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`} data-testid="mcp-section">
      <div className="settings-section-head">
        <h2 id={`${id}-title`}>{t('mcp.settings.title')}</h2>
        <div className="field-row">
          <Button
            size="s"
            icon="refresh"
            onClick={() => void reloadMcp()}
            disabled={loading}
            data-testid="mcp-reload"
          >
            {t('mcp.settings.reload')}
          </Button>
          <Button size="s" onClick={() => void loadMcp(true)} disabled={loading} data-testid="mcp-start">
            {t('mcp.settings.start')}
          </Button>
        </div>
      </div>
      <p className="faint">{t('mcp.settings.intro')}</p>
      {mcp ? (
        <>
          <p className="storage-line">
            <Icon name="file" size={14} />
            <span>
              {t('mcp.settings.file')}{' '}
              <code className="storage-path" translate="no" data-testid="mcp-path">
                {mcp.path}
              </code>
            </span>
          </p>
          {!mcp.exists ? <p className="field-hint">{t('mcp.settings.missing')}</p> : null}
          {mcp.problems.length > 0 ? (
            <div className="callout callout--warning" role="note" data-testid="mcp-problems">
              <Icon name="alert" size={14} />
              <div>
                <strong>{t('mcp.settings.problems')}</strong>
                <ul translate="no">
                  {mcp.problems.map((p, i) => (
                    <li key={i}>{p.server ? `${p.server}: ${p.message}` : p.message}</li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
          {mcp.exists && mcp.servers.length === 0 ? <p className="faint">{t('mcp.settings.none')}</p> : null}
          <ul className="mcp-servers">
            {mcp.servers.map((s) => (
              <li key={s.name} className="mcp-server" data-testid="mcp-server" data-state={s.state}>
                <label className="field-row">
                  <input
                    type="checkbox"
                    checked={s.enabled}
                    onChange={(e) => void setMcpEnabled(s.name, e.target.checked)}
                    aria-label={t('mcp.settings.use', { name: s.name })}
                    data-testid="mcp-server-enabled"
                  />
                  <strong translate="no">{s.name}</strong>
                  <span className="faint mono" translate="no">
                    {s.kind} · {s.summary}
                  </span>
                  <span
                    className={`badge ${s.state === 'failed' ? 'badge--error' : s.state === 'ready' ? 'badge--info' : ''}`}
                    data-testid="mcp-server-state"
                  >
                    {stateText(s)}
                  </span>
                </label>
                {s.error ? (
                  <p className="field-error" translate="no">
                    {s.error}
                  </p>
                ) : null}
                {s.stderrTail ? (
                  <details>
                    <summary>{t('mcp.settings.stderr')}</summary>
                    <pre className="mono mcp-stderr" translate="no" data-testid="mcp-stderr">
                      {s.stderrTail}
                    </pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-steps`}>{t('mcp.settings.stepLimit')}</label>
        <input
          id={`${id}-steps`}
          className="input input--s mcp-steps"
          type="number"
          min={MCP_STEP_LIMIT.min}
          max={MCP_STEP_LIMIT.max}
          value={stepLimit}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isInteger(n) && n >= MCP_STEP_LIMIT.min && n <= MCP_STEP_LIMIT.max) {
              void updateSettings({ mcpStepLimit: n });
            }
          }}
          data-testid="mcp-step-limit"
        />
        <span className="field-hint">
          {t('mcp.settings.stepLimit.hint', { min: MCP_STEP_LIMIT.min, max: MCP_STEP_LIMIT.max })}
        </span>
      </div>
    </section>
  );
}
