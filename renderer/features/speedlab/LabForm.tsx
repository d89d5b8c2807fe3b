// What the lab measures: rows of (connection, format, model), a prompt (typed or a preset's first
// message), the output length, runs per row and how many at once, with what it may cost at the user's
// prices. The bounds are shared/limits.ts's SPEED_LAB, the ones the host holds to.
import { useContext, useId, useMemo, useState } from 'react';
import { FORMAT_LABELS, familyOf, TEXT_FORMATS, type TextFormat } from '../../../shared/formats.ts';
import { SPEED_LAB } from '../../../shared/limits.ts';
import { labCostCeiling, type LabRowInput } from '../../../shared/speedlab.ts';
import { Button } from '../../components/Button.tsx';
import { ModelPicker } from '../../components/ModelPicker.tsx';
import { useT } from '../../i18n/useT.ts';
import { StoreContext, useStore } from '../../store/index.ts';
import { selectModelList } from '../../store/chat-helpers.ts';
import { firstSuitedModel } from '../../store/models-slice.ts';
import { money } from './lab-text.ts';

function NumberField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(n: number): void;
  testId: string;
}) {
  const id = useId();
  return (
    <label className="lab-field" htmlFor={id}>
      <span>{props.label}</span>
      <input
        id={id}
        type="number"
        className="input"
        min={props.min}
        max={props.max}
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => {
          const n = Math.round(Number(e.target.value));
          if (Number.isFinite(n)) props.onChange(Math.min(props.max, Math.max(props.min, n)));
        }}
      />
    </label>
  );
}

/** A labelled select of the lab: a row's connection and format, the preset a prompt is taken from. */
function LabSelect(props: {
  label: string;
  value: string;
  options: readonly { value: string; label: string; outside?: boolean }[];
  onChange(value: string): void;
  testId?: string;
}) {
  return (
    <label className="lab-field">
      <span>{props.label}</span>
      <select
        className="input"
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map((o) => (
          // names from outside (connections, presets, formats) are not interface text
          <option key={o.value} value={o.value} translate={o.outside ? 'no' : undefined}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const FORMAT_OPTIONS = TEXT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f], outside: true }));

/**
 * One row of the lab: its connection, its format, and its model from that connection's list (the
 * conversation header's picker: grouped, searchable, and free entry of an id the list lacks).
 */
function LabRowFields(props: {
  row: LabRowInput;
  n: number;
  onPatch(patch: Partial<LabRowInput>): void;
  onRemove: (() => void) | null;
}) {
  const { row, n, onPatch } = props;
  const t = useT();
  const store = useContext(StoreContext);
  const connections = useStore((s) => s.connections);
  const connectionOptions = useMemo(
    () => connections.map((c) => ({ value: c.id, label: c.name, outside: true })),
    [connections],
  );
  // read at the change: the first model of that format on this row's connection, when the row has none
  const firstModel = (format: TextFormat, connectionId: string) =>
    firstSuitedModel(selectModelList(store.getState(), connectionId, familyOf(format))?.items ?? [], format);
  const i = n - 1;
  return (
    <div
      className="lab-row"
      role="group"
      aria-label={t('speedlab.row.label', { n })}
      data-testid={`lab-row-${i}`}
    >
      <LabSelect
        label={t('speedlab.row.connection')}
        value={row.connectionId}
        options={connectionOptions}
        onChange={(connectionId) => onPatch({ connectionId })}
        testId={`lab-row-connection-${i}`}
      />
      <LabSelect
        label={t('speedlab.row.format')}
        value={row.format}
        options={FORMAT_OPTIONS}
        onChange={(value) => {
          const format = value as TextFormat;
          onPatch({ format, model: row.model || firstModel(format, row.connectionId) });
        }}
        testId={`lab-row-format-${i}`}
      />
      <div className="lab-field lab-field--grow" data-testid={`lab-row-model-${i}`}>
        <ModelPicker
          family={familyOf(row.format)}
          purpose={row.format}
          value={row.model}
          connectionId={row.connectionId === '' ? null : row.connectionId}
          onChange={(model) => onPatch({ model })}
          label={t('speedlab.row.model')}
          compact
        />
      </div>
      {props.onRemove ? (
        <Button
          size="s"
          variant="ghost"
          icon="trash"
          aria-label={t('speedlab.row.remove', { n })}
          title={t('speedlab.row.remove', { n })}
          onClick={props.onRemove}
        />
      ) : null}
    </div>
  );
}

export function LabForm() {
  const t = useT();
  const connections = useStore((s) => s.connections);
  const activeId = useStore((s) => s.activeConnectionId);
  const models = useStore((s) => s.models);
  const presets = useStore((s) => s.presets);
  const prices = useStore((s) => s.settings?.prices);
  const live = useStore((s) => s.labLive);
  const runLab = useStore((s) => s.runLab);
  const stopLab = useStore((s) => s.stopLab);
  const [rows, setRows] = useState<LabRowInput[]>(() => [
    {
      connectionId: activeId ?? connections[0]?.id ?? '',
      format: 'chat',
      model: firstSuitedModel(models[familyOf('chat')]?.items ?? [], 'chat'),
    },
  ]);
  const [prompt, setPrompt] = useState(() => t('speedlab.defaultPrompt'));
  const [outputTokens, setOutputTokens] = useState(200);
  const [runs, setRuns] = useState(5);
  const [concurrency, setConcurrency] = useState(2);
  const [name, setName] = useState('');

  const problem = rows.some((r) => r.connectionId === '' || r.model.trim() === '')
    ? t('speedlab.problem.rows')
    : prompt.trim() === ''
      ? t('speedlab.problem.prompt')
      : null;
  const ceiling = useMemo(
    () => labCostCeiling(prices, rows, { prompt, outputTokens, runs }),
    [prices, rows, prompt, outputTokens, runs],
  );

  const patch = (i: number, p: Partial<LabRowInput>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...p } : r)));

  return (
    <form
      className="lab-form"
      data-testid="lab-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem || live) return;
        void runLab({
          rows: rows.map((r) => ({ ...r, model: r.model.trim() })),
          prompt,
          outputTokens,
          runs,
          concurrency,
          ...(name.trim() ? { name: name.trim() } : {}),
        });
      }}
    >
      <fieldset className="lab-rows">
        <legend>{t('speedlab.rows')}</legend>
        {rows.map((row, i) => (
          <LabRowFields
            key={i}
            row={row}
            n={i + 1}
            onPatch={(p) => patch(i, p)}
            onRemove={rows.length > 1 ? () => setRows((rs) => rs.filter((_, j) => j !== i)) : null}
          />
        ))}
        {rows.length < SPEED_LAB.rows.max ? (
          <Button
            size="s"
            icon="plus"
            data-testid="lab-add-row"
            onClick={() => setRows((rs) => [...rs, { ...(rs.at(-1) as LabRowInput) }])}
          >
            {t('speedlab.row.add')}
          </Button>
        ) : null}
      </fieldset>
      <div className="lab-plan">
        <label className="lab-field lab-field--wide">
          <span>{t('speedlab.prompt')}</span>
          <textarea
            className="input"
            rows={3}
            value={prompt}
            maxLength={SPEED_LAB.promptChars}
            data-testid="lab-prompt"
            onChange={(e) => setPrompt(e.target.value)}
          />
        </label>
        {presets.some((p) => p.message) ? (
          <LabSelect
            label={t('speedlab.preset')}
            value=""
            options={[
              { value: '', label: t('speedlab.preset.none') },
              ...presets.filter((p) => p.message).map((p) => ({ value: p.id, label: p.name, outside: true })),
            ]}
            onChange={(id) => {
              const preset = presets.find((p) => p.id === id);
              if (preset?.message) setPrompt(preset.message.slice(0, SPEED_LAB.promptChars));
            }}
          />
        ) : null}
        <NumberField
          label={t('speedlab.outputTokens')}
          value={outputTokens}
          min={SPEED_LAB.outputTokens.min}
          max={SPEED_LAB.outputTokens.max}
          onChange={setOutputTokens}
          testId="lab-output-tokens"
        />
        <NumberField
          label={t('speedlab.runs')}
          value={runs}
          min={SPEED_LAB.runs.min}
          max={SPEED_LAB.runs.max}
          onChange={setRuns}
          testId="lab-runs"
        />
        <NumberField
          label={t('speedlab.concurrency')}
          value={concurrency}
          min={SPEED_LAB.concurrency.min}
          max={SPEED_LAB.concurrency.max}
          onChange={setConcurrency}
          testId="lab-concurrency"
        />
        <label className="lab-field">
          <span>{t('speedlab.name')}</span>
          <input
            className="input"
            value={name}
            maxLength={SPEED_LAB.nameChars}
            onChange={(e) => setName(e.target.value)}
            data-testid="lab-name"
          />
        </label>
      </div>
      <p className="lab-cost" data-testid="lab-cost" role="status">
        {ceiling
          ? `${t('speedlab.cost.ceiling', { amount: money(ceiling.amount, ceiling.currency) })}${ceiling.unpriced > 0 ? ` ${t('speedlab.cost.unpriced', { count: ceiling.unpriced })}` : ''}`
          : t('speedlab.cost.noTable')}
      </p>
      <div className="lab-actions">
        {problem ? <span className="lab-problem">{problem}</span> : null}
        {live ? (
          <>
            <span role="status" data-testid="lab-progress">
              {t('speedlab.progress', { done: live.runs.length, of: live.of })}
            </span>
            <Button variant="danger" icon="x" onClick={() => void stopLab()} data-testid="lab-stop">
              {t('speedlab.stop')}
            </Button>
          </>
        ) : (
          <Button
            type="submit"
            variant="primary"
            icon="send"
            disabled={problem !== null}
            data-testid="lab-start"
          >
            {t('speedlab.start')}
          </Button>
        )}
      </div>
    </form>
  );
}
