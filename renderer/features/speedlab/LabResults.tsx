// A lab's results, pictures first: per row the spread of time to first token and of tokens per second,
// the timeline of the runs, then the figures (p50/p90/p99, error rate, cost) beside an earlier run of the
// same rows, and every run with its link to the Inspector.
import type * as Plot from '@observablehq/plot';
import * as P from '@observablehq/plot';
import { useCallback, useMemo } from 'react';
import {
  rowKey,
  rowStats,
  type LabMeasure,
  type LabRecord,
  type RowStats,
  type Spread,
} from '../../../shared/speedlab.ts';
import { useT } from '../../i18n/useT.ts';
import { useStore } from '../../store/index.ts';
import { LabChart } from './LabChart.tsx';
import { figure, money, rowLabel } from './lab-text.ts';

interface Point extends LabMeasure {
  label: string;
  failed: boolean;
  endMs: number;
}

const three = (s: Spread, digits = 0) =>
  `${figure(s.p50, digits)} / ${figure(s.p90, digits)} / ${figure(s.p99, digits)}`;

export function LabResults(props: { record: Pick<LabRecord, 'rows' | 'runs'>; earlier: LabRecord | null }) {
  const t = useT();
  const openInspector = useStore((s) => s.openInspector);
  const { record, earlier } = props;
  const labels = useMemo(() => record.rows.map(rowLabel), [record.rows]);
  const points: Point[] = useMemo(
    () =>
      record.runs.map((m) => ({
        ...m,
        label: labels[m.row] ?? '',
        failed: m.error !== undefined,
        endMs: m.startMs + m.totalMs,
      })),
    [record.runs, labels],
  );
  const ok = useMemo(() => points.filter((p) => !p.failed), [points]);
  const stats = useMemo(() => rowStats(record), [record]);
  const earlierStats = useMemo(() => {
    if (!earlier) return new Map<string, RowStats>();
    const all = rowStats(earlier);
    return new Map(earlier.rows.map((row, i) => [rowKey(row), all[i] as RowStats]));
  }, [earlier]);
  const marginLeft = Math.min(260, 8 + Math.max(...labels.map((l) => l.length)) * 6.5);
  const yAxis = useMemo(() => ({ domain: labels, label: null }), [labels]);

  const spreadOf = useCallback(
    (field: 'firstTokenMs' | 'tokensPerSecond', label: string) =>
      (width: number): Plot.PlotOptions => ({
        marginLeft,
        height: 40 + labels.length * 44,
        x: { label, grid: true, nice: true, zero: true },
        y: yAxis,
        color: { domain: labels, scheme: 'tableau10' },
        marks: [
          P.boxX(ok, {
            x: field,
            y: 'label',
            fill: 'label',
            fillOpacity: 0.25,
            stroke: 'currentColor',
            r: 0,
          }),
          P.dot(ok, {
            x: field,
            y: 'label',
            fill: 'label',
            r: 3.5,
            stroke: 'currentColor',
            strokeWidth: 0.5,
          }),
        ],
        ...(width < 480 ? { marginLeft: Math.min(marginLeft, 140) } : {}),
      }),
    [ok, labels, marginLeft, yAxis],
  );
  const firstToken = useMemo(() => spreadOf('firstTokenMs', t('speedlab.chart.firstToken')), [spreadOf, t]);
  const tps = useMemo(() => spreadOf('tokensPerSecond', t('speedlab.chart.tps')), [spreadOf, t]);
  const timeline = useCallback(
    (): Plot.PlotOptions => ({
      marginLeft,
      height: 40 + labels.length * 36,
      x: { label: t('speedlab.chart.timeline'), grid: true },
      y: yAxis,
      color: {
        domain: [t('speedlab.chart.ok'), t('speedlab.chart.failed')],
        range: ['#4e79a7', '#e15759'],
        legend: true,
      },
      marks: [
        P.barX(points, {
          x1: 'startMs',
          x2: 'endMs',
          y: 'label',
          fill: (p: Point) => t(p.failed ? 'speedlab.chart.failed' : 'speedlab.chart.ok'),
          fillOpacity: 0.55,
          insetTop: 6,
          insetBottom: 6,
        }),
        P.tickX(points, {
          x: (p: Point) => p.startMs + (p.firstTokenMs ?? p.totalMs),
          y: 'label',
          stroke: 'currentColor',
        }),
      ],
    }),
    [points, labels, marginLeft, yAxis, t],
  );

  return (
    <div className="lab-results">
      <div className="lab-charts">
        <LabChart
          testId="lab-chart-first-token"
          title={t('speedlab.chart.firstToken')}
          description={t('speedlab.chart.describe.firstToken')}
          options={firstToken}
        />
        <LabChart
          testId="lab-chart-tps"
          title={t('speedlab.chart.tps')}
          description={t('speedlab.chart.describe.firstToken')}
          options={tps}
        />
        <LabChart
          testId="lab-chart-timeline"
          title={t('speedlab.chart.timeline')}
          description={t('speedlab.chart.describe.timeline')}
          options={timeline}
        />
      </div>
      {/* focusable: a narrow window scrolls the table sideways, and the keyboard must reach it */}
      <div className="lab-table-wrap" tabIndex={0} role="region" aria-label={t('speedlab.table.caption')}>
        <table className="lab-table" data-testid="lab-table">
          <caption>{t('speedlab.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('speedlab.table.row')}</th>
              <th scope="col">{t('speedlab.table.firstToken')}</th>
              <th scope="col">{t('speedlab.table.tps')}</th>
              <th scope="col">{t('speedlab.table.total')}</th>
              <th scope="col">{t('speedlab.table.errors')}</th>
              <th scope="col">{t('speedlab.table.cost')}</th>
              {earlier ? <th scope="col">{t('speedlab.table.earlier')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {stats.map((s, i) => {
              const row = record.rows[i];
              const before = row ? earlierStats.get(rowKey(row)) : undefined;
              return (
                <tr
                  key={i}
                  data-testid={`lab-stats-${i}`}
                  data-ttft-p50={s.firstTokenMs.p50 ?? ''}
                  data-tps-p50={s.tokensPerSecond.p50 ?? ''}
                >
                  <th scope="row" translate="no">
                    {labels[i]}
                  </th>
                  <td>{three(s.firstTokenMs)}</td>
                  <td>{three(s.tokensPerSecond, 1)}</td>
                  <td>{three(s.totalMs)}</td>
                  <td>
                    {figure(s.errorRate * 100)}%{' '}
                    <span className="lab-kinds">
                      {Object.entries(s.errorsByKind)
                        .map(([kind, n]) => `${t(`speedlab.error.${kind}` as 'speedlab.error.refused')} ${n}`)
                        .join(', ') || t('speedlab.errors.none')}
                    </span>
                  </td>
                  <td>{s.cost ? money(s.cost.amount, s.cost.currency) : '–'}</td>
                  {earlier ? (
                    <td>
                      {before
                        ? `${figure(before.firstTokenMs.p50)} · ${figure(before.tokensPerSecond.p50, 1)}/s`
                        : '–'}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <details className="lab-runs">
        <summary>{t('speedlab.runs.list')}</summary>
        <ol>
          {record.runs.map((m) => (
            <li key={`${m.row}-${m.run}`}>
              <span translate="no">{labels[m.row]}</span> #{m.run}:{' '}
              {m.error
                ? t(`speedlab.error.${m.error.kind}`)
                : `${figure(m.firstTokenMs)} · ${figure(m.tokensPerSecond, 1)}/s · ${figure(m.totalMs)}`}{' '}
              {m.exchangeId ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => openInspector(m.exchangeId as string)}
                >
                  {t('speedlab.runs.open', { run: m.run, row: m.row + 1 })}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
