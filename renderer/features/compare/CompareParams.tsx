import { useCallback, useRef } from 'react';
import { useDismiss } from '../../components/useDismiss.ts';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { selectColumnParams, type CompareColumn, type ParamsScope } from '../../store/compare-slice.ts';
import { columnParams } from '../../store/compare-params.ts';
import type { Params } from '../../../shared/conversation.ts';
import { FORMAT_LABELS, type TextFormat } from '../../../shared/formats.ts';
import { IconButton } from '../../components/IconButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { messagesThinking, withParam } from '../params/edit.ts';
import { ParamsInvalidContext } from '../params/invalid.ts';
import { MaxTokens, StreamSwitch, SystemPromptField, Temperature } from '../params/fields.tsx';
import { GenerateThinking, IncludeThoughts, MessagesThinking } from '../params/thinking.tsx';
import { MoreControls } from '../params/controls.tsx';
import { StructuredOutput } from '../params/StructuredOutput.tsx';
import { SharedMoreControls, SharedStructuredOutput } from './SharedControls.tsx';
import { CompareTools } from './CompareTools.tsx';
import { paramsProblem } from '../params/params-problem.ts';
import { compareParamsSummary } from './params-summary.ts';
import { t } from '../../i18n/active.ts';

/** The editor a column's summary opens: the shared set while "same for all" is on, else the column's. */
function scopeOf(same: boolean, key: string): ParamsScope {
  return same ? 'all' : key;
}

/** A column's parameters in a few words; a click opens (or closes) their editor. */
export function ColumnParamsSummary(props: { column: CompareColumn; index: number }) {
  const { column } = props;
  const same = useStore((s) => s.compareSameParams);
  const summary = useStore((s) => compareParamsSummary(column.format, selectColumnParams(s, column)));
  const open = useStore((s) => s.compareParamsOpen);
  const setOpen = useStore((s) => s.setCompareParamsOpen);
  const scope = scopeOf(same, column.key);
  const isOpen = open === scope;
  return (
    <button
      type="button"
      className="link-btn compare-params-summary"
      aria-expanded={isOpen}
      // the floating panel ignores clicks on what toggles it
      data-params-toggle
      title={`${same ? t('params.compare.every') : t('params.compare.column', { n: props.index + 1 })}${t('params.colon')}${summary}`}
      onClick={() => setOpen(isOpen ? null : scope)}
      data-testid="compare-params-summary"
    >
      <Icon name="sliders" size={12} />
      <span className="compare-params-text">{summary}</span>
    </button>
  );
}

/** The "Same parameters for all columns" switch. */
export function SameParamsSwitch() {
  const same = useStore((s) => s.compareSameParams);
  const setSame = useStore((s) => s.setCompareSameParams);
  const running = useStore((s) => s.compareColumns.some((c) => c.run !== null));
  return (
    <label className="switch compare-same" title={t('params.compare.same.title')}>
      <input
        type="checkbox"
        role="switch"
        checked={same}
        disabled={running}
        onChange={(e) => setSame(e.target.checked)}
        data-testid="compare-same-params"
      />
      <span>{t('params.compare.same')}</span>
    </label>
  );
}

/** The side panel with the open parameters: the shared set or one column's. */
export function CompareParamsPanel(props: { floating: boolean }) {
  const scope = useStore((s) => s.compareParamsOpen);
  const setOpen = useStore((s) => s.setCompareParamsOpen);
  const index = useStore((s) => s.compareColumns.findIndex((c) => c.key === scope));
  const formats = useStore(
    useShallow((s) =>
      s.compareColumns.filter((c) => scope === 'all' || c.key === scope).map((c) => c.format),
    ),
  );
  const ref = useRef<HTMLElement>(null);
  const { floating } = props;

  // Floating over the columns, the panel goes away on Escape or a click elsewhere.
  const close = useCallback(() => setOpen(null), [setOpen]);
  useDismiss(ref, floating, close);

  if (scope === null || formats.length === 0) return null;
  const first = formats[0] ?? 'chat';
  return (
    <aside
      ref={ref}
      className="params-panel compare-params"
      aria-label={t('params.title')}
      data-testid="compare-params-panel"
      data-scope={scope === 'all' ? 'all' : `column-${index + 1}`}
    >
      <div className="params-head">
        <div className="compare-params-heading">
          <h2 className="params-title">{t('params.title')}</h2>
          <span className="compare-params-scope" data-testid="compare-params-scope">
            {scope === 'all'
              ? t('params.compare.scope.all')
              : t('params.compare.scope.column', { n: index + 1, format: FORMAT_LABELS[first] })}
          </span>
        </div>
        <IconButton icon="x" size="s" label={t('params.hide')} onClick={() => setOpen(null)} />
      </div>
      {/* a fresh form per scope, so half-typed numbers never leak from one set to another; and per formats,
          so a column changed to another format shows only what that format has */}
      <ScopeForm key={`${scope}:${formats.join(',')}`} scope={scope} formats={formats} />
    </aside>
  );
}

function ScopeForm(props: { scope: ParamsScope; formats: TextFormat[] }) {
  const { scope, formats } = props;
  const kept = useStore((s) =>
    scope === 'all' ? s.compareParams : s.compareColumns.find((c) => c.key === scope)?.params,
  );
  // A column's own set is shown as it sends it: a messages column started from a set without max tokens
  // shows (and keeps) the 1,024 it sends.
  const params = kept && scope !== 'all' ? columnParams(formats[0] ?? 'chat', kept) : kept;
  const setParams = useStore((s) => s.setCompareParams);
  const setInvalid = useStore((s) => s.setCompareInvalid);
  // the stored conversations of the columns this set goes to
  const conversationIds = useStore(
    useShallow((s) =>
      s.compareColumns.flatMap((c) =>
        (scope === 'all' || c.key === scope) && c.conversationId !== null ? [c.conversationId] : [],
      ),
    ),
  );
  const report = useCallback(
    (field: string, message: string | null) => setInvalid(scope, field, message),
    [setInvalid, scope],
  );
  if (!params) return null;

  const update = <K extends keyof Params>(key: K, value: Params[K] | undefined) =>
    setParams(scope, withParam(params, key, value));
  const shared = scope === 'all';
  const hasMessages = formats.includes('messages');
  const hasGenerate = formats.includes('generate');
  // one column of messages: max tokens is its own and required, as in the Messages tab
  const messagesOnly = !shared && formats[0] === 'messages';
  const problem = hasMessages ? paramsProblem('messages', columnParams('messages', params)) : null;
  const first = formats[0] ?? 'chat';
  // each format once, in column order: what the shared controls say they are sent in
  const distinct = [...new Set(formats)];

  return (
    <ParamsInvalidContext.Provider value={report}>
      <div className="params-body">
        <SystemPromptField params={params} update={update} />

        <Temperature format={first} value={params.temperature} onChange={(v) => update('temperature', v)} />

        <MaxTokens
          format={first}
          value={params.maxTokens}
          onCommit={(v) => update('maxTokens', v)}
          required={messagesOnly}
          hint={t(
            messagesOnly
              ? 'params.compare.maxTokens.messagesOnly'
              : hasMessages
                ? 'params.compare.maxTokens.withMessages'
                : 'params.compare.maxTokens.hint',
          )}
          error={problem?.field === 'maxTokens' ? problem.message : undefined}
        />

        <StreamSwitch params={params} update={update} />

        {hasMessages ? (
          <MessagesThinking
            params={params}
            update={update}
            setThinking={(on) => setParams(scope, messagesThinking(params, on))}
            error={problem?.field === 'thinkingBudget' ? problem.message : undefined}
          />
        ) : hasGenerate ? (
          <GenerateThinking params={params} update={update} />
        ) : null}
        {/* Beside a messages column the budget is messages' (above); generate's summaries still apply. */}
        {hasMessages && hasGenerate ? (
          <IncludeThoughts params={params} update={update} label={t('params.compare.includeThoughts')} />
        ) : null}

        {shared ? (
          <>
            <SharedMoreControls formats={distinct} params={params} update={update} />
            <SharedStructuredOutput formats={distinct} params={params} update={update} />
          </>
        ) : (
          <>
            <MoreControls format={first} params={params} update={update} />
            <StructuredOutput format={first} params={params} update={update} />
          </>
        )}

        <CompareTools
          formats={distinct}
          shared={shared}
          params={params}
          onChange={(p) => setParams(scope, p)}
          conversationIds={conversationIds}
        />

        <p className="params-note">
          {t(
            shared
              ? distinct.length > 1
                ? 'params.compare.note.sharedMixed'
                : 'params.compare.note.shared'
              : 'params.compare.note.column',
          )}
        </p>
      </div>
    </ParamsInvalidContext.Provider>
  );
}
