// What replies cost at the user's prices: a reply's meta line, a conversation's totals, a Compare column's
// figures. Each shows nothing when no price applies (shared/pricing.ts says when).
import { useMemo } from 'react';
import type { Turn } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { replyCost, totalCost, type Cost, type PriceTable } from '../../../shared/pricing.ts';
import { useStore } from '../../store/index.ts';
import { visibleTurns } from '../../store/chat-helpers.ts';
import type { StoreState } from '../../store/types.ts';
import { useLocale, useT } from '../../i18n/useT.ts';
import { costBreakdown, formatCost, totalBreakdown, totalText } from './format-cost.ts';

export function selectPrices(s: StoreState): PriceTable | undefined {
  return s.settings?.prices;
}

/** "$0.0012" in a reply's meta line, the breakdown as its tooltip. */
export function ReplyCost(props: { turn: Turn; conversationId: string }) {
  const { turn, conversationId } = props;
  const prices = useStore(selectPrices);
  const format = useStore((s) => s.loaded[conversationId]?.format);
  const requested = useStore((s) => s.loaded[conversationId]?.model);
  const cost = format && turn.usage ? replyCost(prices, format, turn, requested) : undefined;
  return cost ? <CostAmount cost={cost} className="meta-item meta-cost" testId="reply-cost" /> : null;
}

/** An amount with its breakdown as the tooltip; the word "cost" read out before it. */
export function CostAmount(props: { cost: Cost; className?: string; testId: string }) {
  const t = useT();
  const locale = useLocale();
  const { cost } = props;
  const amount = formatCost(locale, cost.currency, cost.amount);
  return (
    <span
      className={props.className}
      title={costBreakdown(t, locale, cost, t('cost.reply.title', { pattern: cost.pattern }))}
      data-testid={props.testId}
    >
      <span className="visually-hidden">{t('cost.label')} </span>
      <span className="tabular">{amount}</span>
    </span>
  );
}

/** The conversation header's cost: the replies on screen, at their models' prices. */
export function ConversationCost(props: { conversationId: string }) {
  const t = useT();
  const locale = useLocale();
  const prices = useStore(selectPrices);
  const conversation = useStore((s) => s.loaded[props.conversationId]);
  const pending = useStore((s) => s.pending[props.conversationId]);
  // recomputed when a reply lands or the prices change, not per streamed token
  const total = useMemo(
    () =>
      conversation
        ? totalCost(
            prices,
            conversation.format,
            visibleTurns(conversation.turns, pending),
            conversation.model,
          )
        : undefined,
    [prices, conversation, pending],
  );
  if (!total) return null;
  return (
    <span title={totalBreakdown(t, locale, total)} data-testid="conversation-cost">
      <span className="visually-hidden">{t('cost.label')} </span>
      <span className="tabular">{totalText(t, locale, total)}</span>
    </span>
  );
}

/** A Compare column's last reply's cost, for its figures row. */
export function columnCost(
  prices: PriceTable | undefined,
  column: { format: TextFormat; model: string; turns: readonly Turn[] },
): Cost | undefined {
  const reply = column.turns.findLast((t) => t.role === 'assistant');
  return reply ? replyCost(prices, column.format, reply, column.model) : undefined;
}
