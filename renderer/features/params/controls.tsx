import { useId, useState } from 'react';
import {
  CONTROLS,
  moreControls,
  wireName,
  type ControlKey,
  type ControlSpec,
} from '../../../shared/controls.ts';
import type { Params } from '../../../shared/conversation.ts';
import { extraBodyProblem } from '../../../shared/extra-body.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { sharedProblemText } from '../../i18n/problem-text.ts';
import type { Update } from './edit.ts';
import { useReportInvalid } from './invalid.ts';

/**
 * The request controls, each drawn from its row in shared/controls.ts: a number, a choice, a switch or a
 * list, with the name it goes out under. The chat panel and Compare (per column and shared) place them.
 */

const STOP = CONTROLS.stop;

/** A control's label: its translated words, or the vendor's own name ("Top P"). */
export function controlLabel(key: ControlKey): string {
  const spec: ControlSpec = CONTROLS[key];
  return spec.labelKey !== undefined ? t(spec.labelKey as MessageKey) : (spec.label ?? key);
}

/** One control as its kind draws it; `wire` is the name (or names) it goes out under. */
export function ControlInput(props: {
  format: TextFormat;
  k: ControlKey;
  wire: string;
  params: Params;
  update: Update;
  hint?: string | undefined;
}) {
  const { format, k, wire, params } = props;
  const spec: ControlSpec = CONTROLS[k];
  const label = controlLabel(k);
  const set = (v: unknown) => props.update(k, v as never);
  switch (spec.kind) {
    case 'number':
    case 'integer':
      return (
        <NumberControl
          format={format}
          field={k}
          label={label}
          wire={wire}
          value={params[k] as number | undefined}
          onCommit={set}
          min={spec.min}
          max={spec.max}
          integer={spec.kind === 'integer'}
        />
      );
    case 'choice':
      return (
        <ChoiceControl
          label={label}
          wire={wire}
          choices={spec.choices}
          value={params[k] as string | undefined}
          onChange={set}
          // reasoningEffort: param-reasoning-effort
          testId={`param-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`}
          hint={props.hint}
        />
      );
    case 'boolean':
      return (
        <BooleanControl
          field={k}
          label={label}
          wire={wire}
          value={params[k] as boolean | undefined}
          onChange={set}
        />
      );
    case 'list':
      return (
        <StopControl format={format} wire={wire} value={params[k] as string[] | undefined} onCommit={set} />
      );
  }
}

/** A switch: on sends true, off leaves the field out (the service's default). */
export function BooleanControl(props: {
  field: ControlKey;
  label: string;
  wire: string;
  value: boolean | undefined;
  onChange(v: boolean | undefined): void;
}) {
  return (
    <div className="field-row params-label-row">
      <label className="switch params-switch">
        <input
          type="checkbox"
          role="switch"
          checked={props.value ?? false}
          onChange={(e) => props.onChange(e.target.checked ? true : undefined)}
          data-testid={`param-${props.field}`}
        />
        <span>{props.label}</span>
      </label>
      <SentBadge sent={props.value !== undefined} wire={props.wire} />
    </div>
  );
}

/** "sent as top_p" when the control goes out, "not sent" when it is unset. */
/** A control's name with whether it is sent and under which wire name. */
function LabelRow(props: { htmlFor: string; label: string; sent: boolean; wire: string }) {
  return (
    <div className="field-row params-label-row">
      <label htmlFor={props.htmlFor}>{props.label}</label>
      <SentBadge sent={props.sent} wire={props.wire} />
    </div>
  );
}

export function SentBadge(props: { sent: boolean; wire: string }) {
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
  const keys = moreControls(format);
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
        {keys.map((k) => (
          <ControlInput
            key={k}
            format={format}
            k={k}
            wire={wireName(format, k) ?? ''}
            params={params}
            update={update}
            hint={
              k === 'thinkingLevel' && params.thinkingBudget !== undefined
                ? t('params.thinkingLevel.clash')
                : undefined
            }
          />
        ))}
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
      <LabelRow htmlFor={id} label={props.label} sent={props.value !== undefined} wire={props.wire} />
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

/** Stop sequences, one per line; blank lines are dropped; as many and as long as the table allows. */
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
    lines.length > STOP.maxItems
      ? t('params.stop.tooMany')
      : lines.some((l) => l.length > STOP.maxItemChars)
        ? t('params.stop.tooLong')
        : null;
  useReportInvalid(props.format, 'stop', error);
  return (
    <div className="field">
      <LabelRow htmlFor={id} label={t('params.stop')} sent={props.value !== undefined} wire={props.wire} />
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
          if (next.length > STOP.maxItems || next.some((l) => l.length > STOP.maxItemChars)) return;
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
      <LabelRow htmlFor={id} label={props.label} sent={props.value !== undefined} wire={props.wire} />
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
      <LabelRow
        htmlFor={id}
        label={t('params.extraBody')}
        sent={props.value !== undefined}
        wire={t('params.extraBody.wire')}
      />
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
