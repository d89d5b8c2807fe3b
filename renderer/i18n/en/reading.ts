import type { Entry } from '../translate.ts';

/** Reading a reply: math, diagrams, long replies, tables arriving. */
export const reading = {
  'reading.copyCode': 'Copy code',
  'reading.plainText': 'This reply is {count} characters long, so it is shown as plain text.',
  'reading.jumpStart': 'Jump to the start of this reply',
  'reading.jumpEnd': 'Jump to the end of this reply',
  'reading.math.error': 'Formula not shown: {error}',
  'reading.diagram.drawing': 'Drawing…',
  'reading.diagram.viewSource': 'View source',
  'reading.diagram.viewDiagram': 'View diagram',
  'reading.diagram.copy': 'Copy the diagram’s source',
  'reading.diagram.error': 'This diagram could not be drawn: {error}',
  'reading.diagram.large':
    'A large diagram ({lines} lines, {links} links): drawing it can keep the page busy for seconds.',
  'reading.diagram.drawAnyway': 'Draw anyway',
  'reading.diagram.unavailable': 'The diagram drawer could not be loaded, so here is the source.',
  'reading.table.rowsArriving': (v) =>
    v.count === 1 ? '1 more row is on its way…' : `${v.count} more rows are on their way…`,
} satisfies Record<string, Entry>;
