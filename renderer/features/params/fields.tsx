import { useId, useState } from 'react';
import { templateVariables } from '../../../shared/presets.ts';
import { CONTROLS } from '../../../shared/controls.ts';
import type { Params } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
import type { Update } from './edit.ts';
import { useReportInvalid } from './invalid.ts';

/** The fields every format has: the system prompt, streaming, temperature and max tokens. */

const TEMPERATURE = CONTROLS.temperature;

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
    typed !== undefined && !(Number.isFinite(typed) && typed >= TEMPERATURE.min && typed <= TEMPERATURE.max)
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
          min={TEMPERATURE.min}
          max={TEMPERATURE.max}
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
          min={TEMPERATURE.min}
          max={TEMPERATURE.max}
          step={0.05}
          inputMode="decimal"
          placeholder="–"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim() === '') return props.onChange(undefined);
            const n = Number(e.target.value);
            if (Number.isFinite(n) && n >= TEMPERATURE.min && n <= TEMPERATURE.max) props.onChange(n);
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

/**
 * Max tokens, within the table's range: required where messages is the only format sending it (messages
 * has no default), with the hint the place gives.
 */
export function MaxTokens(props: {
  format: TextFormat;
  value: number | undefined;
  onCommit(v: number | undefined): void;
  required: boolean;
  hint: string;
  error: string | undefined;
}) {
  return (
    <NumberField
      format={props.format}
      field="maxTokens"
      label={t('params.maxTokens')}
      value={props.value}
      onCommit={props.onCommit}
      min={CONTROLS.maxTokens.min}
      max={CONTROLS.maxTokens.max}
      required={props.required}
      placeholder={props.required ? '1024' : t('params.maxTokens.placeholder')}
      hint={props.hint}
      error={props.error}
      testId="param-max-tokens"
    />
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
