import { useId } from 'react';
import { CONTROLS } from '../../../shared/controls.ts';
import type { Params } from '../../../shared/conversation.ts';
import { t } from '../../i18n/active.ts';
import type { Update } from './edit.ts';
import { NumberField } from './fields.tsx';

/** The thinking controls: generate's budget and thought summaries, messages' extended thinking. */

/** Generate content's thought summaries on or off (chat's panel and Compare's shared controls). */
export function IncludeThoughts(props: { params: Params; update: Update; label: string }) {
  return (
    <label className="switch params-switch">
      <input
        type="checkbox"
        role="switch"
        checked={props.params.includeThoughts ?? false}
        onChange={(e) => props.update('includeThoughts', e.target.checked ? true : undefined)}
        data-testid="param-include-thoughts"
      />
      <span>{props.label}</span>
    </label>
  );
}

export function GenerateThinking(props: { params: Params; update: Update }) {
  const { params, update } = props;
  const b = params.thinkingBudget;
  const mode = b === undefined ? 'default' : b === 0 ? 'off' : b === -1 ? 'dynamic' : 'custom';
  const name = useId();
  const choices: { id: typeof mode; label: string; value: number | undefined }[] = [
    { id: 'default', label: t('params.thinking.default'), value: undefined },
    { id: 'off', label: t('params.thinking.off'), value: 0 },
    { id: 'dynamic', label: t('params.thinking.dynamic'), value: -1 },
    { id: 'custom', label: t('params.thinking.budget'), value: 1024 },
  ];
  return (
    <fieldset className="params-group">
      <legend>{t('params.thinking')}</legend>
      <IncludeThoughts params={params} update={update} label={t('params.thinking.includeThoughts')} />
      <div className="segmented" role="radiogroup" aria-label={t('params.thinking.budgetGroup')}>
        {choices.map((c) => (
          <label key={c.id} className={`segmented-item${mode === c.id ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={name}
              checked={mode === c.id}
              onChange={() => update('thinkingBudget', c.id === 'custom' && mode === 'custom' ? b : c.value)}
              data-testid={`param-thinking-${c.id}`}
            />
            {c.label}
          </label>
        ))}
      </div>
      {mode === 'custom' ? (
        <NumberField
          format="generate"
          field="thinkingBudget"
          label={t('params.thinking.budgetTokens')}
          value={b}
          onCommit={(v) => update('thinkingBudget', v ?? 1024)}
          min={1}
          max={CONTROLS.thinkingBudget.max}
          required
          testId="param-thinking-budget"
        />
      ) : (
        <p className="field-hint">
          {t(
            mode === 'default'
              ? 'params.thinking.hint.default'
              : mode === 'off'
                ? 'params.thinking.hint.off'
                : 'params.thinking.hint.dynamic',
          )}
        </p>
      )}
    </fieldset>
  );
}

export function MessagesThinking(props: {
  params: Params;
  update: Update;
  setThinking(on: boolean): void;
  error: string | undefined;
}) {
  const { params, update } = props;
  const on = params.thinkingBudget !== undefined;
  const max = params.maxTokens ?? 1024;
  return (
    <fieldset className="params-group">
      <legend>{t('params.extended')}</legend>
      <label className="switch params-switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(e) => props.setThinking(e.target.checked)}
          data-testid="param-extended-thinking"
        />
        <span>{t('params.extended.switch')}</span>
      </label>
      {on ? (
        <NumberField
          format="messages"
          field="thinkingBudget"
          label={t('params.extended.budget')}
          value={params.thinkingBudget}
          onCommit={(v) => update('thinkingBudget', v ?? 1024)}
          min={1}
          max={CONTROLS.thinkingBudget.max}
          required
          hint={t('params.extended.hint', { max })}
          error={props.error}
          testId="param-thinking-budget"
        />
      ) : null}
    </fieldset>
  );
}
