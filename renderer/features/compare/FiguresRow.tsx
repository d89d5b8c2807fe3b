import type { ReactNode } from 'react';
import { useStore } from '../../store/index.ts';
import { lastReplyFigures, rankLowest, type ColumnFigures, type Rank } from '../../store/compare-slice.ts';
import { formatCount, formatMs } from '../../components/format.ts';
import { ElapsedTime } from '../../components/ElapsedTime.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { columnCost, selectPrices } from '../../components/cost/Cost.tsx';
import { costBreakdown, formatCost } from '../../components/cost/format-cost.ts';
import type { Cost } from '../../../shared/pricing.ts';
import { useLocale, useT } from '../../i18n/useT.ts';
import type { Translate } from '../../i18n/translate.ts';

interface CellData {
  key: string;
  figures: ColumnFigures | null;
  /** the last reply's cost at the user's prices, when its model has one */
  cost: Cost | undefined;
  run: { startedAt: number; firstTokenAt: number | null } | null;
}

/**
 * One row of figures under the columns, so differences show at a glance; `only` shows one column's (the
 * one on screen when they are shown one at a time), still ranked against the others.
 */
export function FiguresRow(props: { only?: string }) {
  // Neither changes per token (streamed text lives in runTexts): the columns when a column does, the runs
  // when one starts, gets its first token, stops or ends.
  const columns = useStore((s) => s.compareColumns);
  const runs = useStore((s) => s.runs);
  const prices = useStore(selectPrices);
  const t = useT();
  const locale = useLocale();
  const cells = columns.map((c): CellData => {
    const run = c.run ? runs[c.run.requestId] : undefined;
    return {
      key: c.key,
      figures: c.run ? null : lastReplyFigures(c),
      cost: c.run ? undefined : columnCost(prices, c),
      // a column's run and its runs entry start and end in the same update
      run: run ? { startedAt: run.startedAt, firstTokenAt: run.firstTokenAt } : null,
    };
  });
  const inspect = useStore((s) => s.openInspector);
  const ttftRank = rankLowest(cells.map((c) => c.figures?.ttftMs));
  const totalRank = rankLowest(cells.map((c) => c.figures?.totalMs));
  const costRank = rankLowest(cells.map((c) => c.cost?.amount));

  return (
    <>
      {cells.map((c, i) => (
        <div
          key={c.key}
          className="compare-figures"
          hidden={props.only !== undefined && props.only !== c.key}
          data-testid="compare-figures"
        >
          {c.run ? (
            <dl className="figures-list">
              <Figure
                label="TTFT"
                value={c.run.firstTokenAt ? formatMs(c.run.firstTokenAt - c.run.startedAt) : '…'}
              />
              <Figure label={t('figures.total')} value={<ElapsedTime since={c.run.startedAt} />} />
              <Figure label={t('figures.tokens')} value="…" />
              <Figure label={t('figures.finish')} value="…" />
            </dl>
          ) : c.figures ? (
            <>
              <dl className="figures-list">
                <Figure
                  label="TTFT"
                  value={formatMs(c.figures.ttftMs)}
                  rank={ttftRank[i]}
                  testId="figure-ttft"
                />
                <Figure
                  label={t('figures.total')}
                  value={formatMs(c.figures.totalMs)}
                  rank={totalRank[i]}
                  testId="figure-total"
                />
                <Figure
                  label={t('figures.tokens')}
                  value={`${formatCount(c.figures.input)} / ${formatCount(c.figures.output)}`}
                  testId="figure-tokens"
                />
                <Figure
                  label={t('figures.finish')}
                  value={finishOf(c.figures, t)}
                  testId="figure-finish"
                  warn={c.figures.status !== 'complete'}
                />
                {c.cost ? (
                  <Figure
                    label={t('cost.label')}
                    value={formatCost(locale, c.cost.currency, c.cost.amount)}
                    rank={costRank[i]}
                    testId="figure-cost"
                    rankWords={{ best: t('cost.cheapest'), worst: t('cost.dearest') }}
                    title={costBreakdown(
                      t,
                      locale,
                      c.cost,
                      t('cost.reply.title', { pattern: c.cost.pattern }),
                    )}
                  />
                ) : null}
              </dl>
              <IconButton
                icon="code"
                size="s"
                label={t('figures.inspect')}
                className="figures-inspect"
                disabled={!c.figures.exchangeId}
                onClick={() => inspect(c.figures?.exchangeId ?? '')}
                data-testid="compare-inspect"
              />
            </>
          ) : (
            <span className="faint figures-none">{t('figures.none')}</span>
          )}
        </div>
      ))}
    </>
  );
}

/** How the last reply ended: the service's finish reason as sent, else its status in the page's words. */
function finishOf(figures: ColumnFigures, t: Translate): ReactNode {
  if (figures.finish !== undefined) return <span translate="no">{figures.finish}</span>;
  if (figures.status === 'partial' || figures.status === 'error')
    return t(`figures.status.${figures.status}`);
  return '–';
}

/** One figure of a column: its label, its value, and whether it is the best or worst of the row. */
export function Figure(props: {
  label: string;
  value: ReactNode;
  rank?: Rank;
  testId?: string;
  warn?: boolean;
  title?: string;
  /** what best and worst mean for this figure, read out after it (fastest and slowest unless told) */
  rankWords?: { best: string; worst: string };
}) {
  const t = useT();
  const cls =
    props.rank === 'best' ? ' is-best' : props.rank === 'worst' ? ' is-worst' : props.warn ? ' is-warn' : '';
  return (
    <div className={`figure${cls}`} data-testid={props.testId} title={props.title}>
      <dt>{props.label}</dt>
      <dd>
        {props.value}
        {props.rank === 'best' ? (
          <span className="visually-hidden"> ({props.rankWords?.best ?? t('figures.fastest')})</span>
        ) : null}
        {props.rank === 'worst' ? (
          <span className="visually-hidden"> ({props.rankWords?.worst ?? t('figures.slowest')})</span>
        ) : null}
      </dd>
    </div>
  );
}
