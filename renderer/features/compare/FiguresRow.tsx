import type { ReactNode } from 'react';
import { useStore } from '../../store/index.ts';
import { useShallow } from 'zustand/react/shallow';
import {
  columnToolFigures,
  lastReplyFigures,
  rankLowest,
  selectColumnParams,
  type ColumnFigures,
  type ColumnToolFigures,
  type Rank,
} from '../../store/compare-slice.ts';
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
  /** its rounds of tool calls for the last prompt; shown where it has server tools or took a step */
  tools: ColumnToolFigures | null;
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
  // a call's state changes a few times per call, never per token
  const mcpCalls = useStore((s) => s.mcpCalls);
  const mcpLimitReached = useStore((s) => s.mcpLimitReached);
  const serverTools = useStore(
    useShallow((s) => s.compareColumns.map((c) => (selectColumnParams(s, c).mcpTools?.length ?? 0) > 0)),
  );
  const prices = useStore(selectPrices);
  const t = useT();
  const cells = columns.map((c): CellData => {
    const run = c.run ? runs[c.run.requestId] : undefined;
    return {
      key: c.key,
      figures: c.run ? null : lastReplyFigures(c),
      cost: c.run ? undefined : columnCost(prices, c),
      // a column's run and its runs entry start and end in the same update
      run: run ? { startedAt: run.startedAt, firstTokenAt: run.firstTokenAt } : null,
      tools: columnToolFigures(c, { mcpCalls, mcpLimitReached }),
    };
  });
  const showsTools = cells.map((c, i) => c.tools !== null && (serverTools[i] === true || c.tools.steps > 0));
  const toolTimeRank = rankLowest(cells.map((c, i) => (showsTools[i] ? c.tools?.toolMs : undefined)));
  const toolFigures = (i: number) => {
    const tools = cells[i]?.tools;
    if (!tools || !showsTools[i]) return null;
    return (
      <>
        <Figure
          label={t('figures.steps')}
          value={tools.limitReached ? t('figures.stepsAtLimit', { count: tools.steps }) : tools.steps}
          warn={tools.limitReached}
          testId="figure-steps"
        />
        <Figure
          label={t('figures.toolTime')}
          value={formatMs(tools.toolMs)}
          rank={toolTimeRank[i]}
          testId="figure-tool-time"
        />
      </>
    );
  };
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
              {toolFigures(i)}
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
                {toolFigures(i)}
                {c.cost ? <CostFigure cost={c.cost} rank={costRank[i]} /> : null}
              </dl>
              <InspectButton exchangeId={c.figures.exchangeId} testId="compare-inspect" />
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
/** A column's cost at the user's prices, ranked against the other columns'. */
export function CostFigure(props: { cost: Cost; rank: Rank | undefined }) {
  const t = useT();
  const locale = useLocale();
  const { cost } = props;
  return (
    <Figure
      label={t('cost.label')}
      value={formatCost(locale, cost.currency, cost.amount)}
      {...(props.rank === undefined ? {} : { rank: props.rank })}
      testId="figure-cost"
      rankWords={{ best: t('cost.cheapest'), worst: t('cost.dearest') }}
      title={costBreakdown(t, locale, cost, t('cost.reply.title', { pattern: cost.pattern }))}
    />
  );
}

/** Opens the inspector on a column's last exchange; disabled until there is one. */
export function InspectButton(props: { exchangeId: string | undefined; testId: string }) {
  const inspect = useStore((s) => s.openInspector);
  const t = useT();
  const { exchangeId } = props;
  return (
    <IconButton
      icon="code"
      size="s"
      label={t('figures.inspect')}
      className="figures-inspect"
      disabled={!exchangeId}
      onClick={() => inspect(exchangeId ?? '')}
      data-testid={props.testId}
    />
  );
}

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
