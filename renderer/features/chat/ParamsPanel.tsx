import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../../components/useDismiss.ts';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { selectTabParams } from '../../store/chat-helpers.ts';
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
  const { narrow, setOpen } = useParamsPanel();
  const ref = useRef<HTMLElement>(null);

  // Floating over a narrow window, the panel goes away on Escape or a click elsewhere.
  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(ref, narrow, close);

  return (
    <aside ref={ref} className="params-panel" aria-label="Parameters" data-testid="params-panel">
      <div className="params-head">
        <h2 className="params-title">Parameters</h2>
        <IconButton icon="x" size="s" label="Hide parameters" onClick={() => setOpen(false)} />
      </div>
      {/* a fresh form per conversation, so half-typed numbers never leak from one to another */}
      <ParamsForm key={conversationId ?? 'new'} format={props.format} isNew={conversationId === null} />
    </aside>
  );
}

function ParamsForm(props: { format: TextFormat; isNew: boolean }) {
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
        label="Max tokens"
        value={params.maxTokens}
        onCommit={(v) => update('maxTokens', v)}
        min={1}
        max={1_000_000}
        required={format === 'messages'}
        placeholder={format === 'messages' ? '1024' : 'Service default'}
        hint={
          format === 'messages'
            ? 'Sent as max_tokens, required by Messages.'
            : `Sent as ${MAX_TOKENS_WIRE[format]}; empty: not sent, the service decides.`
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

      <ToolsSection format={format} params={params} />

      <p className="params-note">
        {props.isNew
          ? `Used for the next ${FORMAT_LABELS[format]} conversation and remembered for this tab.`
          : `Saved with this conversation and remembered for new ${FORMAT_LABELS[format]} conversations.`}
      </p>
    </div>
  );
}

/** The system prompt of a tab's conversation or of Compare's columns. */
export function SystemPromptField(props: { params: Params; update: Update }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-system`}>System prompt</label>
      <textarea
        id={`${id}-system`}
        className="textarea params-system"
        rows={4}
        placeholder="Optional instructions for the model"
        value={props.params.system ?? ''}
        onChange={(e) => props.update('system', e.target.value === '' ? undefined : e.target.value)}
        data-testid="param-system"
      />
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
      <span>Stream the reply</span>
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

const TEMPERATURE_RANGE =
  'Temperature: enter a number from 0 to 2, or leave it empty for the service default.';

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
    typed !== undefined && !(Number.isFinite(typed) && typed >= 0 && typed <= 2) ? TEMPERATURE_RANGE : null;
  useReportInvalid(props.format, 'temperature', error);
  return (
    <div className="field">
      <div className="field-row params-label-row">
        <label htmlFor={`${id}-n`}>Temperature</label>
        {isDefault ? (
          <span className="faint params-default">service default</span>
        ) : (
          <button type="button" className="link-btn params-reset" onClick={() => props.onChange(undefined)}>
            Reset
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
          aria-valuetext={isDefault ? 'service default' : undefined}
          aria-label="Temperature slider"
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
        ? `${props.label} is required.`
        : null
      : !Number.isInteger(parsed) || parsed < props.min || parsed > props.max
        ? `Enter a whole number from ${props.min.toLocaleString('en-US')} to ${props.max.toLocaleString('en-US')}.`
        : null;
  const error = localError ?? props.error ?? null;
  useReportInvalid(props.format, props.field, localError === null ? null : `${props.label}: ${localError}`);
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
          const t = e.target.value;
          setText(t);
          if (t.trim() === '') {
            if (!props.required) props.onCommit(undefined);
            return;
          }
          const n = Number(t);
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
    { id: 'default', label: 'Default', value: undefined },
    { id: 'off', label: 'Off', value: 0 },
    { id: 'dynamic', label: 'Dynamic', value: -1 },
    { id: 'custom', label: 'Budget', value: 1024 },
  ];
  return (
    <fieldset className="params-group">
      <legend>Thinking</legend>
      <label className="switch params-switch">
        <input
          type="checkbox"
          role="switch"
          checked={params.includeThoughts ?? false}
          onChange={(e) => update('includeThoughts', e.target.checked ? true : undefined)}
          data-testid="param-include-thoughts"
        />
        <span>Include thought summaries</span>
      </label>
      <div className="segmented" role="radiogroup" aria-label="Thinking budget">
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
          label="Thinking budget (tokens)"
          value={b}
          onCommit={(v) => update('thinkingBudget', v ?? 1024)}
          min={1}
          max={1_000_000}
          required
          testId="param-thinking-budget"
        />
      ) : (
        <p className="field-hint">
          {mode === 'default'
            ? 'The model decides (thinkingBudget not sent).'
            : mode === 'off'
              ? 'thinkingBudget 0: no thinking.'
              : 'thinkingBudget −1: the model thinks as much as it needs.'}
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
      <legend>Extended thinking</legend>
      <label className="switch params-switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(e) => props.setThinking(e.target.checked)}
          data-testid="param-extended-thinking"
        />
        <span>Think before answering</span>
      </label>
      {on ? (
        <NumberField
          format="messages"
          field="thinkingBudget"
          label="Budget (tokens)"
          value={params.thinkingBudget}
          onCommit={(v) => update('thinkingBudget', v ?? 1024)}
          min={1}
          max={1_000_000}
          required
          hint={`At least 1,024 and below max tokens (${max.toLocaleString('en-US')}).`}
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
      title={`Sent as ${props.wire}`}
      style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
    >
      sent · {props.wire.split('.').pop()}
    </span>
  ) : (
    <span className="faint params-default">not sent</span>
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
        More controls{sent > 0 ? <span className="faint"> · {sent} sent</span> : null}
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
            label="Seed"
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
            label="Presence penalty"
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
            label="Frequency penalty"
            wire={wire.frequencyPenalty}
            value={params.frequencyPenalty}
            onCommit={(v) => update('frequencyPenalty', v)}
            min={-2}
            max={2}
          />
        ) : null}
        {wire.reasoningEffort ? (
          <ChoiceControl
            label="Reasoning effort"
            wire={wire.reasoningEffort}
            choices={REASONING_EFFORTS}
            value={params.reasoningEffort}
            onChange={(v) => update('reasoningEffort', v)}
            testId="param-reasoning-effort"
          />
        ) : null}
        {wire.reasoningSummary ? (
          <ChoiceControl
            label="Reasoning summary"
            wire={wire.reasoningSummary}
            choices={REASONING_SUMMARIES}
            value={params.reasoningSummary}
            onChange={(v) => update('reasoningSummary', v)}
            testId="param-reasoning-summary"
          />
        ) : null}
        {wire.thinkingLevel ? (
          <ChoiceControl
            label="Thinking level"
            wire={wire.thinkingLevel}
            choices={THINKING_LEVELS}
            value={params.thinkingLevel}
            onChange={(v) => update('thinkingLevel', v)}
            testId="param-thinking-level"
            hint={params.thinkingBudget !== undefined ? 'Not with a thinking budget: choose one.' : undefined}
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
  const range = `${props.min.toLocaleString('en-US')} to ${props.max.toLocaleString('en-US')}`;
  const error =
    typed !== undefined && !valid(typed)
      ? `${props.label}: enter ${props.integer ? 'a whole number' : 'a number'} from ${range}, or leave it empty.`
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
        placeholder="not sent"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-msg`}
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          if (t.trim() === '') return props.onCommit(undefined);
          const n = Number(t);
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
      ? 'Stop sequences: at most 4.'
      : lines.some((l) => l.length > 1000)
        ? 'Stop sequences: each at most 1,000 characters.'
        : null;
  useReportInvalid(props.format, 'stop', error);
  return (
    <div className="field">
      <div className="field-row params-label-row">
        <label htmlFor={id}>Stop sequences</label>
        <SentBadge sent={props.value !== undefined} wire={props.wire} />
      </div>
      <textarea
        id={id}
        className="textarea"
        rows={2}
        placeholder="not sent (one per line, up to 4)"
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
        <option value="">Not sent</option>
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
  const problem = text.trim() === '' ? undefined : extraBodyProblem(text);
  useReportInvalid(props.format, 'extraBody', problem ? problem.message : null);
  return (
    <div className="field">
      <div className="field-row params-label-row">
        <label htmlFor={id}>Extra body (JSON)</label>
        <SentBadge sent={props.value !== undefined} wire="merged last" />
      </div>
      <textarea
        id={id}
        className="textarea mono"
        rows={4}
        spellCheck={false}
        placeholder='not sent, e.g. {"metadata": {"run": "a"}}'
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-msg`}
        style={{ fontSize: 'var(--fs-xs)' }}
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          if (t.trim() === '') return props.onCommit(undefined);
          if (!extraBodyProblem(t)) props.onCommit(t);
        }}
        data-testid="param-extra-body"
      />
      <span
        id={`${id}-msg`}
        className={problem ? 'field-error' : 'field-hint'}
        role={problem ? 'alert' : undefined}
        data-testid={problem ? 'param-extra-body-error' : undefined}
      >
        {problem
          ? problem.message
          : 'A JSON object merged into the request after the fields above; it wins. Never the key: that goes in a header.'}
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
const NAME_PROBLEM = 'The schema name must be 1 to 64 letters, digits, underscores or dashes.';

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
  const nameProblem = mode === 'schema' && !/^[A-Za-z0-9_-]{1,64}$/.test(name) ? NAME_PROBLEM : undefined;
  const problem = nameProblem ?? schemaProblem?.message;
  useReportInvalid(format, 'output', problem ?? null);

  const commit = (m: typeof mode, n: string, text: string) => {
    if (m === 'off') return update('output', undefined);
    const next: Output = m === 'json' ? { mode: 'json' } : { mode: 'schema', name: n, schema: text };
    if (OutputSchema.safeParse(next).success) update('output', next);
  };
  const jsonNote =
    wire.json === undefined
      ? 'Messages has no plain JSON mode; choose JSON Schema (sent as output_config.format).'
      : undefined;

  return (
    <fieldset className="params-group" data-testid="param-output">
      <legend className="field-row params-label-row" style={{ width: '100%' }}>
        <span>Structured output</span>
        <SentBadge
          sent={saved !== undefined && (saved.mode === 'schema' || wire.json !== undefined)}
          wire={saved?.mode === 'json' ? (wire.json ?? '') : wire.schema}
        />
      </legend>
      <select
        className="select select--s"
        aria-label="Structured output"
        value={mode}
        onChange={(e) => {
          const m = e.target.value as typeof mode;
          setMode(m);
          commit(m, name, schema);
        }}
        data-testid="param-output-mode"
      >
        <option value="off">Off (text)</option>
        <option value="json" disabled={wire.json === undefined}>
          JSON{wire.json === undefined ? ' (not in Messages)' : ''}
        </option>
        <option value="schema">JSON Schema</option>
      </select>
      {jsonNote ? <span className="field-hint">{jsonNote}</span> : null}
      {mode === 'schema' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-name`}>Schema name</label>
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
            ? 'Replies are plain text.'
            : `Replies are shown as formatted JSON and checked${mode === 'schema' ? ` against the schema (${CHECKED_KEYWORDS.join(', ')}; other keywords are sent but not checked)` : ''}.`)}
      </span>
    </fieldset>
  );
}
