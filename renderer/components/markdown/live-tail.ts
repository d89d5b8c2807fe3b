/**
 * What to show of a streaming reply's last, still growing block, so a table being received never shows as
 * raw pipes: until its header's separator row (`| --- | --- |`) has arrived, the lines that may become a
 * table are held back (Markdown would show them as a paragraph of pipes, then jump to a table); after it,
 * rows are shown as each one's line ends (a half row would grow cell by cell).
 *
 * The table is parsed again each time it gains a row, at a cost that grows with its length, so past
 * TABLE_BATCH_CHARS rows are shown sixteen at a time, and past TABLE_LIVE_MAX_CHARS no more until the block
 * is finished: the rows held back are counted for a note under the table.
 */

export interface LiveTail {
  /** the part of the tail to render: always a prefix of it */
  text: string;
  /** the tail ends in a table (it may be long: it is rendered however long, see above) */
  table: boolean;
  /** complete rows received but not shown yet (a long table's batch) */
  heldRows: number;
}

export const TABLE_BATCH_CHARS = 4000;
export const TABLE_BATCH_ROWS = 16;
/** A few frames of parsing at most (Markdown.tsx re-parses a growing block of up to 4,000 characters). */
export const TABLE_LIVE_MAX_CHARS = 12_000;

const SEPARATOR = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const PARTIAL_SEPARATOR = /^\s*\|[\s:|-]*$/;
const isRow = (line: string) => line.trimStart().startsWith('|');

export function liveTail(tail: string, inFence: boolean): LiveTail {
  const whole: LiveTail = { text: tail, table: false, heldRows: 0 };
  if (inFence || !tail.includes('|')) return whole;
  // line starts; the last line is partial unless the tail ends with a newline
  const starts = [0];
  for (let i = tail.indexOf('\n'); i >= 0; i = tail.indexOf('\n', i + 1)) starts.push(i + 1);
  const endsLine = tail.endsWith('\n');
  if (endsLine) starts.pop(); // the empty "line" after the last newline
  const lineAt = (k: number) => {
    const end = k + 1 < starts.length ? starts[k + 1]! - 1 : endsLine ? tail.length - 1 : tail.length;
    return tail.slice(starts[k], end);
  };
  const last = starts.length - 1;
  const complete = (k: number) => k < last || endsLine;

  // the trailing run of lines that look like table rows
  let first = last;
  while (first >= 0 && isRow(lineAt(first))) first--;
  first++;
  if (first > last) return whole;
  const before = tail.slice(0, starts[first]);

  const hasSeparator = first + 1 <= last && complete(first + 1) && SEPARATOR.test(lineAt(first + 1));
  if (!hasSeparator) {
    // still possibly a table: a header alone, or a header and the start of its separator row
    const header = first === last;
    const startingSeparator = first + 1 === last && !complete(last) && PARTIAL_SEPARATOR.test(lineAt(last));
    return header || startingSeparator ? { text: before, table: false, heldRows: 0 } : whole;
  }

  // a table: header, separator, and the rows whose line has ended
  const lastRow = complete(last) ? last : last - 1;
  const rows = lastRow - (first + 1);
  // the end of body row `row` (0-based; -1 is the separator row)
  const endOf = (row: number) => lineEndOffset(tail, starts, first + 2 + row);
  let shownRows = rows;
  if (endOf(rows - 1) - starts[first]! > TABLE_BATCH_CHARS) {
    shownRows = rows - (rows % TABLE_BATCH_ROWS);
    while (shownRows > 0 && endOf(shownRows - 1) - starts[first]! > TABLE_LIVE_MAX_CHARS) {
      shownRows -= TABLE_BATCH_ROWS;
    }
    shownRows = Math.max(shownRows, 0);
  }
  return { text: tail.slice(0, endOf(shownRows - 1)), table: true, heldRows: rows - shownRows };
}

/** Offset just past line `k`'s text (its newline excluded). */
function lineEndOffset(tail: string, starts: readonly number[], k: number): number {
  return k + 1 < starts.length ? starts[k + 1]! - 1 : tail.endsWith('\n') ? tail.length - 1 : tail.length;
}
