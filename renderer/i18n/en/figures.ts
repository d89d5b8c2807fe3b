import type { Entry } from '../translate.ts';

/** Compare's row of figures under the columns (TTFT keeps its name: developers know it by it). */
export const figures = {
  'figures.total': 'Total',
  'figures.tokens': 'In / out',
  'figures.finish': 'Finish',
  'figures.status.partial': 'partial',
  'figures.status.error': 'error',
  'figures.fastest': 'fastest',
  'figures.slowest': 'slowest',
  'figures.inspect': "Inspect this column's last request",
  'figures.none': 'No reply yet',
  'figures.steps': 'Tool steps',
  'figures.stepsAtLimit': '{count} · step limit reached',
  'figures.toolTime': 'Tool time',
} satisfies Record<string, Entry>;
