// What the lab measures: rows of (connection, format, model), a prompt (typed or a preset's first
// message), the output length, runs per row and how many at once, with what it may cost at the user's
// prices. The bounds are shared/limits.ts's SPEED_LAB, the ones the host holds to.
import { useEffect, useId, useMemo, useState } from 'react';
import { FORMAT_LABELS, familyOf, TEXT_FORMATS, type TextFormat } from '../../../shared/formats.ts';
import { SPEED_LAB } from '../../../shared/limits.ts';
import { suitsPurpose } from '../../../shared/model-kinds.ts';
import { labCostCeiling, type LabRowInput } from '../../../shared/speedlab.ts';
import { Button } from '../../components/Button.tsx';
import { useT } from '../../i18n/useT.ts';
import { useStore } from '../../store/index.ts';
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
  const listId = useId();

  const firstModel = (format: TextFormat): string =>
    (models[familyOf(format)]?.items ?? []).find((m) => suitsPurpose(m.id, format))?.id ?? '';
  const [rows, setRows] = useState<LabRowInput[]>(() => [
    { connectionId: activeId ?? connections[0]?.id ?? '', format: 'chat', model: firstModel('chat') },
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
  const suggestions = useMemo(
    () => [...new Set(Object.values(models).flatMap((l) => l?.items.map((m) => m.id) ?? []))],
    [models],
  );
  const loadModels = useStore((s) => s.loadModels);
  useEffect(() => {
    for (const f of ['bearer', 'messages', 'generate'] as const) void loadModels(f);
  }, [loadModels]);

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
          <div
            className="lab-row"
            key={i}
            role="group"
            aria-label={t('speedlab.row.label', { n: i + 1 })}
            data-testid={`lab-row-${i}`}
          >
            <label className="lab-field">
              <span>{t('speedlab.row.connection')}</span>
              <select
                className="input"
                value={row.connectionId}
                data-testid={`lab-row-connection-${i}`}
                onChange={(e) => patch(i, { connectionId: e.target.value })}
              >
                {connections.map((c) => (
                  <option key={c.id} value={c.id} translate="no">
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="lab-field">
              <span>{t('speedlab.row.format')}</span>
              <select
                className="input"
                value={row.format}
                data-testid={`lab-row-format-${i}`}
                onChange={(e) => {
                  const format = e.target.value as TextFormat;
                  patch(i, { format, model: row.model || firstModel(format) });
                }}
              >
                {TEXT_FORMATS.map((f) => (
                  <option key={f} value={f} translate="no">
                    {FORMAT_LABELS[f]}
                  </option>
                ))}
              </select>
            </label>
            <label className="lab-field lab-field--grow">
              <span>{t('speedlab.row.model')}</span>
              <input
                className="input"
                value={row.model}
                list={listId}
                maxLength={200}
                translate="no"
                data-testid={`lab-row-model-${i}`}
                onChange={(e) => patch(i, { model: e.target.value })}
              />
            </label>
            {rows.length > 1 ? (
              <Button
                size="s"
                variant="ghost"
                icon="trash"
                aria-label={t('speedlab.row.remove', { n: i + 1 })}
                title={t('speedlab.row.remove', { n: i + 1 })}
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              />
            ) : null}
          </div>
        ))}
        <datalist id={listId}>
          {suggestions.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
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
          <label className="lab-field">
            <span>{t('speedlab.preset')}</span>
            <select
              className="input"
              value=""
              onChange={(e) => {
                const preset = presets.find((p) => p.id === e.target.value);
                if (preset?.message) setPrompt(preset.message.slice(0, SPEED_LAB.promptChars));
              }}
            >
              <option value="">{t('speedlab.preset.none')}</option>
              {presets
                .filter((p) => p.message)
                .map((p) => (
                  <option key={p.id} value={p.id} translate="no">
                    {p.name}
                  </option>
                ))}
            </select>
          </label>
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
