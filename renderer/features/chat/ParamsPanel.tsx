import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../../components/useDismiss.ts';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { selectTabParams } from '../../store/chat-helpers.ts';
import { toolsScope } from '../../store/tools-slice.ts';
import { templateVariables } from '../../../shared/presets.ts';
import {
  REASONING_EFFORTS,
  REASONING_SUMMARIES,
  THINKING_LEVELS,
  OutputSchema,
  type Output,
  type Params,
} from '../../../shared/conversation.ts';
import { CHECKED_KEYWORDS, schemaTextProblem } from '../../../shared/json-schema.ts';
import { extraBodyProblem } from '../../../shared/extra-body.ts';
import { FORMAT_LABELS, type TextFormat } from '../../../shared/formats.ts';
import { IconButton } from '../../components/IconButton.tsx';
import { paramsProblem } from './turn-info.ts';
import { useParamsPanel } from './useParamsPanel.ts';
import { ToolsSection } from './ToolsSection.tsx';
import { t } from '../../i18n/active.ts';
import { sharedProblemText } from './problem-text.ts';

/** A copy of the parameters with one field set, or removed when the value is undefined. */
export function withParam<K extends keyof Params>(p: Params, key: K, value: Params[K] | undefined): Params {
  const next = { ...p };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * Turns messages extended thinking on (budget 1,024, the minimum) or off. The budget must stay below
 * max tokens, so a max tokens that leaves no room for the answer is raised to 4,096 at the same time.
 */
export function messagesThinking(p: Params, on: boolean): Params {
  if (!on) return withParam(p, 'thinkingBudget', undefined);
  const budget = 1024;
  const max = p.maxTokens ?? 1024;
  return { ...p, thinkingBudget: budget, maxTokens: max > budget ? max : 4096 };
}

/** The parameters of the open conversation (or of the tab's next one); saved as you change them. */
export function ParamsPanel(props: { format: TextFormat }) {
  const conversationId = useStore((s) => s.activeConversation[props.format]);
  const { narrow, inSide, setOpen } = useParamsPanel();
  const ref = useRef<HTMLElement>(null);

  // Floating over a narrow window, the panel goes away on Escape or a click elsewhere (as a tab of the
  // side column it stays until closed there).
  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(ref, narrow && !inSide, close);

  return (
    <aside ref={ref} className="params-panel" aria-label={t('params.title')} data-testid="params-panel">
      <div className="params-head">
        <h2 className="params-title">{t('params.title')}</h2>
        <IconButton icon="x" size="s" label={t('params.hide')} onClick={() => setOpen(false)} />
      </div>
      {/* a fresh form per conversation, so half-typed numbers never leak from one to another */}
      <ParamsForm
        key={conversationId ?? 'new'}
        format={props.format}
        isNew={conversationId === null}
        scope={toolsScope(props.format, conversationId)}
      />
    </aside>
  );
}

function ParamsForm(props: { format: TextFormat; isNew: boolean; scope: string }) {
  const { format } = props;
  const params = useStore(useShallow((s) => selectTabParams(s, format)));
  const setParams = useStore((s) => s.setParams);
  const update = <K extends keyof Params>(key: K, value: Params[K] | undefined) =>
    setParams(format, withParam(params, key, value));
  const problem = paramsProblem(format, params);

  return (
    <div className="params-body">
      <SystemPromptField params={params} update={update} />

      <Temperature format={format} value={params.temperature} onChange={(v) => update('temperature', v)} />

      <NumberField
        format={format}
        field="maxTokens"
        label={t('params.maxTokens')}
        value={params.maxTokens}
        onCommit={(v) => update('maxTokens', v)}
        min={1}
        max={1_000_000}
        required={format === 'messages'}
        placeholder={format === 'messages' ? '1024' : t('params.maxTokens.placeholder')}
        hint={
          format === 'messages'
            ? t('params.maxTokens.hint.messages')
            : t('params.maxTokens.hint', { wire: MAX_TOKENS_WIRE[format] })
        }
        error={problem?.field === 'maxTokens' ? problem.message : undefined}
        testId="param-max-tokens"
      />

      <StreamSwitch params={params} update={update} />

      {format === 'generate' ? (
        <GenerateThinking params={params} update={update} />
      ) : format === 'messages' ? (
        <MessagesThinking
          params={params}
          update={update}
          setThinking={(on) => setParams(format, messagesThinking(params, on))}
          error={problem?.field === 'thinkingBudget' ? problem.message : undefined}
        />
      ) : null}

      <MoreControls format={format} params={params} update={update} />

      <StructuredOutput format={format} params={params} update={update} />

      <ToolsSection format={format} params={params} scope={props.scope} />

      <p className="params-note">
        {t(props.isNew ? 'params.note.new' : 'params.note.saved', { format: FORMAT_LABELS[format] })}
      </p>
    </div>
  );
}

/** The system prompt of a tab's conversation or of Compare's columns. */
export function SystemPromptField(props: { params: Params; update: Update }) {
  const id = useId();
  // a template left unfilled goes to the model as typed: say so, so it is not mistaken for a filled one
  const variables = templateVariables(props.params.system);
  return (
    <div className="field">
      <label htmlFor={`${id}-system`}>{t('params.system')}</label>
      <textarea
        id={`${id}-system`}
        className="textarea params-system"
        rows={4}
        placeholder={t('params.system.placeholder')}
        value={props.params.system ?? ''}
        onChange={(e) => props.update('system', e.target.value === '' ? undefined : e.target.value)}
        aria-describedby={variables.length > 0 ? `${id}-system-vars` : undefined}
        data-testid="param-system"
      />
      {variables.length > 0 ? (
        <span id={`${id}-system-vars`} className="field-hint" data-testid="param-system-variables">
          {t('params.system.variables', {
            names: variables.map((v) => `{{${v}}}`).join(', '),
            count: variables.length,
          })}
        </span>
      ) : null}
    </div>
  );
}

export function StreamSwitch(props: { params: Params; update: Update }) {
  return (
    <label className="switch params-switch">
      <input
        type="checkbox"
        role="switch"
        checked={props.params.stream}
        onChange={(e) => props.update('stream', e.target.checked)}
        data-testid="param-stream"
      />
      <span>{t('params.stream')}</span>
    </label>
  );
}

/**
 * Tells the store which field's text is not a valid value, so Send waits for it (what is on screen is
 * what is sent); forgets it when the field goes away.
 */
export function useReportInvalid(format: TextFormat, field: string, message: string | null): void {
  const tabReport = useStore((s) => s.setParamInvalid);
  const report = useContext(ParamsInvalidContext);
  useEffect(() => {
    if (report) report(field, message);
    else tabReport(format, field, message);
  }, [report, tabReport, format, field, message]);
  useEffect(
    () => () => {
      if (report) report(field, null);
      else tabReport(format, field, null);
    },
    [report, tabReport, format, field],
  );
}

/**
 * Where the fields below report a value that is not valid: the chat tab's store unless a provider gives
 * another receiver (Compare keeps them per column). The receiver must be stable (useCallback).
 */
export const ParamsInvalidContext = createContext<((field: string, message: string | null) => void) | null>(
  null,
);

export function Temperature(props: {
  format: TextFormat;
  value: number | undefined;
  onChange(v: number | undefined): void;
}) {
  const id = useId();
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value));
  const [prev, setPrev] = useState(props.value);
  if (prev !== props.value) {
    setPrev(props.value);
    if (Number(text) !== props.value) setText(props.value === undefined ? '' : String(props.value));
  }
  const isDefault = props.value === undefined;
  const typed = text.trim() === '' ? undefined : Number(text);
  const error =
    typed !== undefined && !(Number.isFinite(typed) && typed >= 0 && typed <= 2)
      ? t('params.temperature.range')
      : null;
  useReportInvalid(props.format, 'temperature', error);
  return (
    <div className="field">
      <div className="field-row params-label-row">
        <label htmlFor={`${id}-n`}>{t('params.temperature')}</label>
        {isDefault ? (
          <span className="faint params-default">{t('params.serviceDefault')}</span>
        ) : (
          <button type="button" className="link-btn params-reset" onClick={() => props.onChange(undefined)}>
            {t('params.reset')}
          </button>
        )}
      </div>
      <div className="field-row">
        <input
          type="range"
          min={0}
          max={2}
          step={0.05}
          // Unset has no position on the scale: the thumb is hidden (CSS) until the user picks a value.
          value={props.value ?? 1}
          className={isDefault ? 'is-default' : undefined}
          aria-valuetext={isDefault ? t('params.serviceDefault') : undefined}
          aria-label={t('params.temperature.slider')}
          onChange={(e) => props.onChange(Number(e.target.value))}
          data-testid="param-temperature-slider"
        />
        <input
          id={`${id}-n`}
          type="number"
          className="input input--s params-num-s"
          min={0}
          max={2}
          step={0.05}
          inputMode="decimal"
          placeholder="–"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim() === '') return props.onChange(undefined);
            const n = Number(e.target.value);
            if (Number.isFinite(n) && n >= 0 && n <= 2) props.onChange(n);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-msg`}
          data-testid="param-temperature"
        />
      </div>
      {error ? (
        <span id={`${id}-msg`} className="field-error" role="alert" data-testid="param-temperature-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** An integer field that only hands over valid values and says inline what is wrong with the rest. */
export function NumberField(props: {
  format: TextFormat;
  field: string;
  label: string;
  value: number | undefined;
  onCommit(v: number | undefined): void;
  min: number;
  max: number;
  required?: boolean;
  placeholder?: string;
  hint?: string;
  error?: string | undefined;
  testId?: string;
}) {
  const id = useId();
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value));
  const [prev, setPrev] = useState(props.value);
  if (prev !== props.value) {
    setPrev(props.value);
    if (Number(text) !== props.value || text.trim() === '')
      setText(props.value === undefined ? '' : String(props.value));
  }
  const parsed = text.trim() === '' ? undefined : Number(text);
  const localError =
    parsed === undefined
      ? props.required
        ? t('params.number.required', { label: props.label })
        : null
      : !Number.isInteger(parsed) || parsed < props.min || parsed > props.max
        ? t('params.number.range', { min: props.min, max: props.max })
        : null;
  const error = localError ?? props.error ?? null;
  useReportInvalid(
    props.format,
    props.field,
    localError === null ? null : `${props.label}${t('params.colon')}${localError}`,
  );
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        className="input input--s"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        step={1}
        placeholder={props.placeholder}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-msg`}
        onChange={(e) => {
          const typedText = e.target.value;
          setText(typedText);
          if (typedText.trim() === '') {
            if (!props.required) props.onCommit(undefined);
            return;
          }
          const n = Number(typedText);
          if (Number.isInteger(n) && n >= props.min && n <= props.max) props.onCommit(n);
        }}
        data-testid={props.testId}
      />
      <span
        id={`${id}-msg`}
        className={error ? 'field-error' : 'field-hint'}
        role={error ? 'alert' : undefined}
      >
        {error ?? props.hint}
      </span>
    </div>
  );
}

export type Update = <K extends keyof Params>(key: K, value: Params[K] | undefined) => void;

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
      <label className="switch params-switch">
        <input
          type="checkbox"
          role="switch"
          checked={params.includeThoughts ?? false}
          onChange={(e) => update('includeThoughts', e.target.checked ? true : undefined)}
          data-testid="param-include-thoughts"
        />
        <span>{t('params.thinking.includeThoughts')}</span>
      </label>
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
          max={1_000_000}
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
          max={1_000_000}
          required
          hint={t('params.extended.hint', { max })}
          error={props.error}
          testId="param-thinking-budget"
        />
      ) : null}
    </fieldset>
  );
}

/** Where max tokens goes in each format's request. */
const MAX_TOKENS_WIRE: Record<TextFormat, string> = {
  chat: 'max_completion_tokens',
  responses: 'max_output_tokens',
  messages: 'max_tokens',
  generate: 'generationConfig.maxOutputTokens',
};

export type ControlKey =
  | 'topP'
  | 'topK'
  | 'stop'
  | 'seed'
  | 'presencePenalty'
  | 'frequencyPenalty'
  | 'reasoningEffort'
  | 'reasoningSummary'
  | 'thinkingLevel';

/**
 * The controls each format defines, with the name each goes out under; a control a format lacks is not
 * shown in its tab (and the request builders never send it).
 */
export const FORMAT_CONTROLS: Record<TextFormat, Partial<Record<ControlKey, string>>> = {
  chat: {
    topP: 'top_p',
    stop: 'stop',
    seed: 'seed',
    presencePenalty: 'presence_penalty',
    frequencyPenalty: 'frequency_penalty',
    reasoningEffort: 'reasoning_effort',
  },
  responses: { topP: 'top_p', reasoningEffort: 'reasoning.effort', reasoningSummary: 'reasoning.summary' },
  messages: { topP: 'top_p', topK: 'top_k', stop: 'stop_sequences' },
  generate: {
    topP: 'topP',
    topK: 'topK',
    stop: 'stopSequences',
    seed: 'seed',
    presencePenalty: 'presencePenalty',
    frequencyPenalty: 'frequencyPenalty',
    thinkingLevel: 'thinkingConfig.thinkingLevel',
  },
};

/** "sent as top_p" when the control goes out, "not sent" when it is unset. */
function SentBadge(props: { sent: boolean; wire: string }) {
  return props.sent ? (
    // A nested name shows its last part (the full path is in the tooltip) so the badge fits at 720 wide.
    <span
      className="badge badge--info"
      data-testid="control-sent"
      title={t('params.sentAs', { wire: props.wire })}
      style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
    >
      {t('params.sent', { name: props.wire.split('.').pop() ?? props.wire })}
    </span>
  ) : (
    <span className="faint params-default">{t('params.notSent')}</span>
  );
}

/**
 * The less common controls of a format, collapsed, and the extra body. The summary counts what is sent,
 * so a closed section still says it changes the request.
 */
export function MoreControls(props: { format: TextFormat; params: Params; update: Update }) {
  const { format, params, update } = props;
  const wire = FORMAT_CONTROLS[format];
  const keys = Object.keys(wire) as ControlKey[];
  const sent = keys.filter((k) => params[k] !== undefined).length + (params.extraBody ? 1 : 0);
  return (
    <details className="params-group" data-testid="more-controls">
      <summary
        style={{ cursor: 'pointer', fontSize: 'var(--fs-s)', fontWeight: 600, color: 'var(--text-2)' }}
      >
        {t('params.more')}
        {sent > 0 ? <span className="faint"> · {t('params.more.sent', { count: sent })}</span> : null}
      </summary>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--sp-3)', marginTop: 'var(--sp-3)' }}>
        {wire.topP ? (
          <NumberControl
            format={format}
            field="topP"
            label="Top P"
            wire={wire.topP}
            value={params.topP}
            onCommit={(v) => update('topP', v)}
            min={0}
            max={1}
          />
        ) : null}
        {wire.topK ? (
          <NumberControl
            format={format}
            field="topK"
            label="Top K"
            wire={wire.topK}
            value={params.topK}
            onCommit={(v) => update('topK', v)}
            min={1}
            max={1_000_000}
            integer
          />
        ) : null}
        {wire.stop ? (
          <StopControl
            format={format}
            wire={wire.stop}
            value={params.stop}
            onCommit={(v) => update('stop', v)}
          />
        ) : null}
        {wire.seed ? (
          <NumberControl
            format={format}
            field="seed"
            label={t('params.seed')}
            wire={wire.seed}
            value={params.seed}
            onCommit={(v) => update('seed', v)}
            min={-(2 ** 31)}
            max={2 ** 31 - 1}
            integer
          />
        ) : null}
        {wire.presencePenalty ? (
          <NumberControl
            format={format}
            field="presencePenalty"
            label={t('params.presencePenalty')}
            wire={wire.presencePenalty}
            value={params.presencePenalty}
            onCommit={(v) => update('presencePenalty', v)}
            min={-2}
            max={2}
          />
        ) : null}
        {wire.frequencyPenalty ? (
          <NumberControl
            format={format}
            field="frequencyPenalty"
            label={t('params.frequencyPenalty')}
            wire={wire.frequencyPenalty}
            value={params.frequencyPenalty}
            onCommit={(v) => update('frequencyPenalty', v)}
            min={-2}
            max={2}
          />
        ) : null}
        {wire.reasoningEffort ? (
          <ChoiceControl
            label={t('params.reasoningEffort')}
            wire={wire.reasoningEffort}
            choices={REASONING_EFFORTS}
            value={params.reasoningEffort}
            onChange={(v) => update('reasoningEffort', v)}
            testId="param-reasoning-effort"
          />
        ) : null}
        {wire.reasoningSummary ? (
          <ChoiceControl
            label={t('params.reasoningSummary')}
            wire={wire.reasoningSummary}
            choices={REASONING_SUMMARIES}
            value={params.reasoningSummary}
            onChange={(v) => update('reasoningSummary', v)}
            testId="param-reasoning-summary"
          />
        ) : null}
        {wire.thinkingLevel ? (
          <ChoiceControl
            label={t('params.thinkingLevel')}
            wire={wire.thinkingLevel}
            choices={THINKING_LEVELS}
            value={params.thinkingLevel}
            onChange={(v) => update('thinkingLevel', v)}
            testId="param-thinking-level"
            hint={params.thinkingBudget !== undefined ? t('params.thinkingLevel.clash') : undefined}
          />
        ) : null}
        <ExtraBodyField format={format} value={params.extraBody} onCommit={(v) => update('extraBody', v)} />
      </div>
    </details>
  );
}

/** A number control (decimal unless `integer`): empty is not sent, out of range is said and not stored. */
export function NumberControl(props: {
  format: TextFormat;
  field: ControlKey;
  label: string;
  wire: string;
  value: number | undefined;
  onCommit(v: number | undefined): void;
  min: number;
  max: number;
  integer?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value));
  const [prev, setPrev] = useState(props.value);
  if (prev !== props.value) {
    setPrev(props.value);
    if (Number(text) !== props.value || text.trim() === '')
      setText(props.value === undefined ? '' : String(props.value));
  }
  const valid = (n: number) =>
    Number.isFinite(n) && n >= props.min && n <= props.max && (!props.integer || Number.isInteger(n));
  const typed = text.trim() === '' ? undefined : Number(text);
  const error =
    typed !== undefined && !valid(typed)
      ? t(props.integer ? 'params.control.rangeInteger' : 'params.control.range', {
          label: props.label,
          min: props.min,
          max: props.max,
        })
      : null;
  useReportInvalid(props.format, props.field, error);
  return (
    <div className="field">
      <div className="field-row params-label-row">
        <label htmlFor={id}>{props.label}</label>
        <SentBadge sent={props.value !== undefined} wire={props.wire} />
      </div>
      <input
        id={id}
        type="number"
        className="input input--s"
        inputMode={props.integer ? 'numeric' : 'decimal'}
        min={props.min}
        max={props.max}
        step={props.integer ? 1 : 0.05}
        placeholder={t('params.notSent')}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-msg`}
        onChange={(e) => {
          const typedText = e.target.value;
          setText(typedText);
          if (typedText.trim() === '') return props.onCommit(undefined);
          const n = Number(typedText);
          if (valid(n)) props.onCommit(n);
        }}
        data-testid={`param-${props.field}`}
      />
      {error ? (
        <span id={`${id}-msg`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Stop sequences, one per line; blank lines are dropped, at most 4 (the smallest limit, chat's). */
export function StopControl(props: {
  format: TextFormat;
  wire: string;
  value: string[] | undefined;
  onCommit(v: string[] | undefined): void;
}) {
  const id = useId();
  const [text, setText] = useState((props.value ?? []).join('\n'));
  const lines = text.split('\n').filter((l) => l !== '');
  const error =
    lines.length > 4
      ? t('params.stop.tooMany')
      : lines.some((l) => l.length > 1000)
        ? t('params.stop.tooLong')
        : null;
  useReportInvalid(props.format, 'stop', error);
  return (
    <div className="field">
      <div className="field-row params-label-row">
        <label htmlFor={id}>{t('params.stop')}</label>
        <SentBadge sent={props.value !== undefined} wire={props.wire} />
      </div>
      <textarea
        id={id}
        className="textarea"
        rows={2}
        placeholder={t('params.stop.placeholder')}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-msg`}
        onChange={(e) => {
          setText(e.target.value);
          const next = e.target.value.split('\n').filter((l) => l !== '');
          if (next.length > 4 || next.some((l) => l.length > 1000)) return;
          props.onCommit(next.length > 0 ? next : undefined);
        }}
        data-testid="param-stop"
      />
      {error ? (
        <span id={`${id}-msg`} className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function ChoiceControl<T extends string>(props: {
  label: string;
  wire: string;
  choices: readonly T[];
  value: T | undefined;
  onChange(v: T | undefined): void;
  testId: string;
  hint?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field">
      <div className="field-row params-label-row">
        <label htmlFor={id}>{props.label}</label>
        <SentBadge sent={props.value !== undefined} wire={props.wire} />
      </div>
      <select
        id={id}
        className="select select--s"
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : (e.target.value as T))}
        data-testid={props.testId}
      >
        <option value="">{t('params.control.notSent')}</option>
        {props.choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {props.hint ? <span className="field-hint">{props.hint}</span> : null}
    </div>
  );
}

/**
 * Raw JSON merged over the built request (it wins). Checked as the user types with the same words the
 * host uses; only text that passes is saved, so Send waits while it is broken.
 */
export function ExtraBodyField(props: {
  format: TextFormat;
  value: string | undefined;
  onCommit(v: string | undefined): void;
}) {
  const id = useId();
  const [text, setText] = useState(props.value ?? '');
  const found = text.trim() === '' ? undefined : extraBodyProblem(text);
  const problem = found ? sharedProblemText(found.message) : undefined;
  useReportInvalid(props.format, 'extraBody', problem ?? null);
  return (
    <div className="field">
      <div className="field-row params-label-row">
        <label htmlFor={id}>{t('params.extraBody')}</label>
        <SentBadge sent={props.value !== undefined} wire={t('params.extraBody.wire')} />
      </div>
      <textarea
        id={id}
        className="textarea mono"
        rows={4}
        spellCheck={false}
        placeholder={t('params.extraBody.placeholder')}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-msg`}
        style={{ fontSize: 'var(--fs-xs)' }}
        onChange={(e) => {
          const typedText = e.target.value;
          setText(typedText);
          if (typedText.trim() === '') return props.onCommit(undefined);
          if (!extraBodyProblem(typedText)) props.onCommit(typedText);
        }}
        data-testid="param-extra-body"
      />
      <span
        id={`${id}-msg`}
        className={problem ? 'field-error' : 'field-hint'}
        role={problem ? 'alert' : undefined}
        data-testid={problem ? 'param-extra-body-error' : undefined}
      >
        {problem ?? t('params.extraBody.hint')}
      </span>
    </div>
  );
}

/** Where each format sends structured output; messages has only a schema (no plain JSON mode). */
export const OUTPUT_WIRE: Record<TextFormat, { json?: string; schema: string }> = {
  chat: { json: 'response_format', schema: 'response_format' },
  responses: { json: 'text.format', schema: 'text.format' },
  generate: { json: 'generationConfig.responseMimeType', schema: 'generationConfig.responseJsonSchema' },
  messages: { schema: 'output_config.format' },
};

const STARTER_SCHEMA = JSON.stringify(
  {
    type: 'object',
    properties: { answer: { type: 'string' } },
    required: ['answer'],
    additionalProperties: false,
  },
  null,
  2,
);

/**
 * Structured output: off, plain JSON or a JSON Schema. The name and schema are checked as typed (line and
 * column, the host's words); only a valid pair is saved, so Send waits while either is broken.
 */
export function StructuredOutput(props: { format: TextFormat; params: Params; update: Update }) {
  const { format, params, update } = props;
  const wire = OUTPUT_WIRE[format];
  const saved = params.output;
  const [mode, setMode] = useState<'off' | 'json' | 'schema'>(saved?.mode ?? 'off');
  const [name, setName] = useState(saved?.mode === 'schema' ? saved.name : 'answer');
  const [schema, setSchema] = useState(saved?.mode === 'schema' ? saved.schema : STARTER_SCHEMA);
  const id = useId();
  const schemaProblem = mode === 'schema' ? schemaTextProblem(schema) : undefined;
  const nameProblem =
    mode === 'schema' && !/^[A-Za-z0-9_-]{1,64}$/.test(name) ? t('params.output.nameProblem') : undefined;
  const problem = nameProblem ?? (schemaProblem ? sharedProblemText(schemaProblem.message) : undefined);
  useReportInvalid(format, 'output', problem ?? null);

  const commit = (m: typeof mode, n: string, text: string) => {
    if (m === 'off') return update('output', undefined);
    const next: Output = m === 'json' ? { mode: 'json' } : { mode: 'schema', name: n, schema: text };
    if (OutputSchema.safeParse(next).success) update('output', next);
  };
  const jsonNote = wire.json === undefined ? t('params.output.noJsonMode') : undefined;

  return (
    <fieldset className="params-group" data-testid="param-output">
      <legend className="field-row params-label-row" style={{ width: '100%' }}>
        <span>{t('params.output')}</span>
        <SentBadge
          sent={saved !== undefined && (saved.mode === 'schema' || wire.json !== undefined)}
          wire={saved?.mode === 'json' ? (wire.json ?? '') : wire.schema}
        />
      </legend>
      <select
        className="select select--s"
        aria-label={t('params.output')}
        value={mode}
        onChange={(e) => {
          const m = e.target.value as typeof mode;
          setMode(m);
          commit(m, name, schema);
        }}
        data-testid="param-output-mode"
      >
        <option value="off">{t('params.output.off')}</option>
        <option value="json" disabled={wire.json === undefined}>
          {wire.json === undefined ? t('params.output.jsonNotInMessages') : 'JSON'}
        </option>
        <option value="schema">JSON Schema</option>
      </select>
      {jsonNote ? <span className="field-hint">{jsonNote}</span> : null}
      {mode === 'schema' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('params.output.name')}</label>
            <input
              id={`${id}-name`}
              className="input input--s"
              value={name}
              aria-invalid={nameProblem ? true : undefined}
              onChange={(e) => {
                setName(e.target.value);
                commit('schema', e.target.value, schema);
              }}
              data-testid="param-output-name"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-schema`}>JSON Schema</label>
            <textarea
              id={`${id}-schema`}
              className="textarea mono"
              rows={6}
              spellCheck={false}
              value={schema}
              aria-invalid={schemaProblem ? true : undefined}
              aria-describedby={`${id}-msg`}
              style={{ fontSize: 'var(--fs-xs)' }}
              onChange={(e) => {
                setSchema(e.target.value);
                commit('schema', name, e.target.value);
              }}
              data-testid="param-output-schema"
            />
          </div>
        </>
      ) : null}
      <span
        id={`${id}-msg`}
        className={problem ? 'field-error' : 'field-hint'}
        role={problem ? 'alert' : undefined}
        data-testid={problem ? 'param-output-error' : undefined}
      >
        {problem ??
          (mode === 'off'
            ? t('params.output.hint.off')
            : mode === 'json'
              ? t('params.output.hint.json')
              : t('params.output.hint.schema', { keywords: CHECKED_KEYWORDS.join(', ') }))}
      </span>
    </fieldset>
  );
}
