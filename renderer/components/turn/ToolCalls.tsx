import { memo, useMemo, useState } from 'react';
import type { ToolCall } from '../../../shared/tools.ts';
import { Icon } from '../Icon.tsx';
import { prettyArguments } from './tool-text.ts';
import { t } from '../../i18n/active.ts';
import '../../styles/tools.css';

/**
 * One function call of a reply: the function's name, the call's id (the results must name it), and the
 * arguments indented when they are JSON. Arguments that do not parse are shown as received and marked
 * (a cut-off stream, a model that wrote broken JSON); while they stream they are simply incomplete.
 */
const ToolCallCard = memo(function ToolCallCard(props: { call: ToolCall; live: boolean }) {
  const { call, live } = props;
  const args = useMemo(() => prettyArguments(call.arguments), [call.arguments]);
  const unparsed = !args.parsed && !live;
  return (
    <div className="tool-call" data-testid="tool-call" data-call-id={call.id || undefined}>
      <div className="tool-call-head">
        <Icon name="code" size={13} />
        <span className="tool-call-name mono" data-testid="tool-call-name">
          {call.name || '…'}
        </span>
        {call.id ? (
          <span className="tool-call-id mono faint" title={t('tools.call.id')} data-testid="tool-call-id">
            {call.id}
          </span>
        ) : null}
      </div>
      <pre
        className={`tool-call-args mono${unparsed ? ' is-unparsed' : ''}`}
        aria-label={
          call.name ? t('tools.call.arguments', { name: call.name }) : t('tools.call.argumentsUnnamed')
        }
        data-testid="tool-call-args"
        data-parsed={args.parsed ? 'true' : 'false'}
      >
        {args.text === '' ? (live ? ' ' : '{}') : args.text}
      </pre>
      {unparsed ? (
        <p className="field-error tool-call-unparsed" data-testid="tool-call-unparsed">
          {t('tools.call.unparsed')}
        </p>
      ) : null}
    </div>
  );
});

/**
 * How many calls a reply shows at first, and how many more each "show more" adds. A reply can hold
 * 10,000 calls: drawn at once they stalled the page for 1.8 s and took 2.2 GB; in pages the work for one
 * click stays bounded whatever the reply holds.
 */
export const TOOL_CALLS_FIRST = 20;
export const TOOL_CALLS_STEP = 100;

/** The calls of a reply, streaming (`live`: arguments still arriving) or finished. */
export function ToolCalls(props: { calls: readonly ToolCall[]; live?: boolean }) {
  const [shown, setShown] = useState(TOOL_CALLS_FIRST);
  const { calls } = props;
  const hidden = Math.max(0, calls.length - shown);
  const next = Math.min(hidden, TOOL_CALLS_STEP);
  return (
    <div className="tool-calls" aria-label={t('tools.calls')} data-testid="tool-calls">
      {/* by position: calls never reorder, and a streamed card stays the same element when it finishes */}
      {calls.slice(0, shown).map((c, i) => (
        <ToolCallCard key={i} call={c} live={props.live === true} />
      ))}
      {hidden > 0 ? (
        <p className="tool-calls-more faint">
          <span data-testid="tool-calls-hidden">
            {t('tools.calls.hidden', { count: hidden, total: calls.length })}
          </span>{' '}
          <button
            type="button"
            className="btn btn--ghost btn--s"
            data-testid="tool-calls-more"
            onClick={() => setShown((n) => n + TOOL_CALLS_STEP)}
          >
            {t('tools.calls.showMore', { count: next })}
          </button>
        </p>
      ) : null}
    </div>
  );
}
