import { MCP_DENY_REASON_CHARS } from '../../../shared/limits.ts';
import { useState } from 'react';
import { useStore } from '../../store/index.ts';
import type { McpCallState } from '../../store/mcp-slice.ts';
import { Button } from '../Button.tsx';
import { Spinner } from '../Spinner.tsx';
import { prettyResult } from './tool-text.ts';
import { ToolImage } from './ToolImage.tsx';
import { t } from '../../i18n/active.ts';

/**
 * One call of a reply to a server's tool: its full arguments, then Run, Deny (with a reason that goes back
 * as the result) or "always" while it asks; Stop while it runs; its result after. What the tool said is
 * untrusted: text in a <pre>, images from the files the host stored (checked from their bytes) by URL,
 * never HTML.
 */
export function McpCallCard(props: { stateKey: string; state: McpCallState }) {
  const { stateKey, state } = props;
  const run = useStore((s) => s.runMcpCall);
  const deny = useStore((s) => s.denyMcpCall);
  const always = useStore((s) => s.alwaysRunMcp);
  const stop = useStore((s) => s.stopMcpCalls);
  // a Compare column's call may also be allowed in every column of its comparison
  const alwaysInComparison = useStore((s) => s.alwaysRunMcpInComparison);
  const inComparison = useStore(
    (s) => s.comparisonId !== null && s.compareColumns.some((c) => c.conversationId === state.conversationId),
  );
  const [reason, setReason] = useState('');
  const { call, ref, result } = state;

  return (
    <div className="mcp-call tool-form-field" data-testid="mcp-call" data-status={state.status}>
      <div className="field-row tool-form-label">
        <strong>{t('mcp.call.title', { tool: ref.tool, server: ref.server })}</strong>
        <span className="mono faint tool-call-id" translate="no">
          {call.name} · {call.id}
        </span>
      </div>
      <div className="faint">{t('mcp.call.arguments')}</div>
      <pre className="mono tool-result-full" translate="no" data-testid="mcp-call-arguments">
        {prettyResult(call.arguments)}
      </pre>
      {state.status === 'asking' ? (
        <div className="tool-form-actions mcp-call-actions">
          <Button size="s" variant="primary" icon="play" onClick={() => run(stateKey)} data-testid="mcp-run">
            {t('mcp.call.run')}
          </Button>
          <Button size="s" onClick={() => always(stateKey)} data-testid="mcp-always">
            {t(inComparison ? 'mcp.call.alwaysColumn' : 'mcp.call.always')}
          </Button>
          {inComparison ? (
            <Button
              size="s"
              onClick={() => void alwaysInComparison(stateKey)}
              data-testid="mcp-always-comparison"
            >
              {t('mcp.call.alwaysComparison')}
            </Button>
          ) : null}
          <input
            className="input input--s"
            aria-label={t('mcp.call.reason')}
            placeholder={t('mcp.call.reason')}
            value={reason}
            maxLength={MCP_DENY_REASON_CHARS}
            onChange={(e) => setReason(e.target.value)}
            data-testid="mcp-deny-reason"
          />
          <Button size="s" onClick={() => deny(stateKey, reason)} data-testid="mcp-deny">
            {t('mcp.call.deny')}
          </Button>
        </div>
      ) : null}
      {state.status === 'running' ? (
        <div className="tool-form-actions" role="status">
          <Spinner />
          <span>{t('mcp.call.running')}</span>
          <Button size="s" icon="stop" onClick={() => stop(state.conversationId)} data-testid="mcp-stop">
            {t('mcp.call.stop')}
          </Button>
        </div>
      ) : null}
      {state.status === 'denied' ? (
        <p className="badge badge--warning" data-testid="mcp-call-denied">
          {t('mcp.call.denied')}
          {state.reason ? <span translate="no">: {state.reason}</span> : null}
        </p>
      ) : null}
      {state.status === 'stopped' ? (
        <div className="tool-form-actions">
          <span className="badge badge--warning">{t('mcp.call.stopped')}</span>
          <Button size="s" icon="play" onClick={() => run(stateKey)} data-testid="mcp-run">
            {t('mcp.call.run')}
          </Button>
        </div>
      ) : null}
      {state.status === 'done' && result ? (
        <div className="mcp-result" data-testid="mcp-result">
          <div className="field-row">
            <span className="faint">{t('mcp.call.result')}</span>
            {result.isError ? <span className="badge badge--error">{t('mcp.call.failed')}</span> : null}
            <span className="faint">{t('mcp.call.ms', { ms: result.ms })}</span>
          </div>
          {result.content.map((part, i) =>
            part.type === 'image' ? (
              <ToolImage
                key={i}
                id={part.image.id}
                tool={ref.tool}
                width={part.image.width}
                height={part.image.height}
              />
            ) : (
              <pre key={i} className="mono tool-result-full" translate="no" data-testid="mcp-result-text">
                {part.type === 'text'
                  ? part.text
                  : `${part.uri}${part.text !== undefined ? `\n${part.text}` : ''}`}
              </pre>
            ),
          )}
          {result.truncated ? <p className="field-hint">{t('mcp.call.truncated')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
