// A conversation's running totals: one rule for the host (SendResult.totals) and the page (its header).
import type { Turn, Usage } from './conversation.ts';

const USAGE_FIELDS = ['input', 'output', 'total', 'thinking', 'cacheRead', 'cacheWrite'] as const;

/** Sum of the assistant turns' usage; a field appears only when some turn reported it. */
export function totalsOf(turns: readonly Turn[]): Usage {
  const totals: Usage = {};
  for (const turn of turns) {
    if (turn.role !== 'assistant' || !turn.usage) continue;
    for (const field of USAGE_FIELDS) {
      const value = turn.usage[field];
      if (value !== undefined) totals[field] = (totals[field] ?? 0) + value;
    }
  }
  return totals;
}
