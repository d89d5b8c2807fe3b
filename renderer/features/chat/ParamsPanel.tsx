import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { selectTabParams } from '../../store/chat-helpers.ts';
import type { Params } from '../../../shared/conversation.ts';
import { FORMAT_LABELS, type TextFormat } from '../../../shared/formats.ts';
import { IconButton } from '../../components/IconButton.tsx';
import { paramsProblem } from './turn-info.ts';
import { useParamsPanel } from './useParamsPanel.ts';

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
  useEffect(() => {
    if (!narrow) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) setOpen(false);
    };
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (!target || ref.current?.contains(target) || target.closest('[data-params-toggle]')) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [narrow, setOpen]);

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
        hint={format === 'messages' ? 'Required by Messages.' : 'Empty: the service decides.'}
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
function useReportInvalid(format: TextFormat, field: string, message: string | null): void {
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
