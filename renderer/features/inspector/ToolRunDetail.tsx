import { useStore } from '../../store/index.ts';
import type { ToolRun, ToolRunStatus } from '../../../shared/tool-runs.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { ToolImage } from '../../components/turn/ToolImage.tsx';
import { formatBytes, formatMs, formatWhen } from '../../components/format.ts';
import { Body, Section } from './ExchangeDetail.tsx';
import type { OutcomeTone } from './outcome.ts';
import { t } from '../../i18n/active.ts';

/** How each outcome reads and is coloured, in the list and the detail. */
export const TOOL_RUN_TONE: Record<ToolRunStatus, OutcomeTone> = {
  done: 'ok',
  error: 'fail',
  denied: 'warn',
  stopped: 'warn',
};

export function toolRunStatusText(status: ToolRunStatus): string {
  return t(`inspector.tool.status.${status}`);
}

/** The selected tool run: the server and tool, the arguments, what came back (or why nothing did). */
export function ToolRunDetail() {
  const run = useStore((s) => s.selectedToolRun);
  const selectedId = useStore((s) => s.selectedToolRunId);
  const error = useStore((s) => s.toolRunError);
  if (error) {
    return (
      <p className="inspector-pad field-error" role="alert">
        {error.kind === 'not-found' ? t('inspector.tool.gone') : error.message}
      </p>
    );
  }
  if (!run || run.id !== selectedId) {
    return (
      <div className="inspector-pad faint">
        <Spinner size={14} /> {t('inspector.detail.loading')}
      </div>
    );
  }
  return <ToolRunView key={run.id} run={run} />;
}

function ToolRunView({ run }: { run: ToolRun }) {
  return (
    <div className="exchange" data-testid="tool-run-detail">
      <div className="exchange-summary">
        <div className="exchange-line">
          <span className="exchange-method">{t('inspector.tool.kind')}</span>
          <code className="exchange-url" translate="no" data-testid="tool-run-name">
            {run.server} / {run.tool}
          </code>
        </div>
        <div className="exchange-facts">
          <span className={`exchange-status is-${TOOL_RUN_TONE[run.status]}`} data-testid="tool-run-status">
            {toolRunStatusText(run.status)}
          </span>
          <span className="faint">{formatWhen(run.startedAt)}</span>
        </div>
        {run.status === 'denied' ? null : (
          <dl className="exchange-timings">
            <div>
              <dt>{t('inspector.detail.totalMs')}</dt>
              <dd>{formatMs(run.ms)}</dd>
            </div>
          </dl>
        )}
      </div>
      {run.status === 'denied' ? (
        <div className="callout exchange-error" role="note" data-testid="tool-run-reason">
          <Icon name="alert-circle" />
          <div>
            {t('inspector.tool.reason')}{' '}
            <span translate="no">{run.reason ? run.reason : t('inspector.tool.noReason')}</span>
          </div>
        </div>
      ) : null}
      <Section title={t('inspector.tool.arguments')}>
        <Body text={run.arguments} />
      </Section>
      {run.status === 'denied' ? null : (
        <Section title={t('inspector.tool.result')} count={run.content.length}>
          <ToolRunContent run={run} />
        </Section>
      )}
    </div>
  );
}

/** The result's parts as recorded: text as it came (never HTML), images from their files, resources named. */
function ToolRunContent({ run }: { run: ToolRun }) {
  if (run.content.length === 0) return <p className="faint">{t('inspector.detail.emptyBody')}</p>;
  return (
    <div className="tool-run-parts" data-testid="tool-run-result">
      {run.content.map((part, i) =>
        part.type === 'text' ? (
          <Body key={i} text={part.text} />
        ) : part.type === 'image' ? (
          <div key={i}>
            {part.id !== undefined ? (
              <ToolImage id={part.id} tool={run.tool} width={part.width} height={part.height} />
            ) : null}
            <p className="faint" translate="no">
              {t('inspector.tool.image', { type: part.mimeType, size: formatBytes(part.bytes) })}
            </p>
          </div>
        ) : (
          <div key={i}>
            <p className="faint" translate="no">
              {t('inspector.tool.resource', { uri: part.uri })}
            </p>
            {part.text !== undefined ? <Body text={part.text} /> : null}
          </div>
        ),
      )}
      {run.truncated ? <p className="exchange-warn">{t('inspector.tool.truncated')}</p> : null}
    </div>
  );
}
