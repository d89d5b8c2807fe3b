// What a streaming reply's last block shows of a table being received (renderer/components/markdown/
// live-tail.ts): nothing until the separator row has arrived, then the rows whose line has ended; a long
// table in batches, a very long one paused until its block is finished.
import { describe, expect, it } from 'vitest';
import {
  liveTail,
  TABLE_BATCH_ROWS,
  TABLE_LIVE_MAX_CHARS,
} from '../../renderer/components/markdown/live-tail.ts';

const shown = (tail: string) => liveTail(tail, false).text;

describe('liveTail', () => {
  it('holds back a header until its separator row is complete', () => {
    expect(shown('Intro\n| a | b |')).toBe('Intro\n');
    expect(shown('Intro\n| a | b |\n')).toBe('Intro\n');
    expect(shown('Intro\n| a | b |\n| --- | -')).toBe('Intro\n');
    expect(shown('| a | b |\n| --- | --- |\n')).toBe('| a | b |\n| --- | --- |');
  });

  it('shows rows as their line ends, never half a row', () => {
    const head = 'Intro\n| a | b |\n| --- | --- |\n';
    expect(shown(`${head}| 1 | 2`)).toBe(head.slice(0, -1));
    expect(shown(`${head}| 1 | 2 |`)).toBe(head.slice(0, -1));
    expect(shown(`${head}| 1 | 2 |\n| 3`)).toBe(`${head}| 1 | 2 |`);
  });

  it('lets text with pipes that is not a table through', () => {
    expect(shown('a | b')).toBe('a | b');
    expect(shown('| a | b |\nnot a separator')).toBe('| a | b |\nnot a separator');
    expect(shown('| a | b |\n| c | d |\n')).toBe('| a | b |\n| c | d |\n');
    expect(liveTail('```\n| a |', true).text).toBe('```\n| a |');
  });

  it('shows a long table in batches of rows, and pauses a very long one until it is finished', () => {
    const row = (i: number) => `| row ${i} | ${'x'.repeat(60)} |`;
    const table = (rows: number) =>
      ['| n | text |', '| --- | --- |', ...Array.from({ length: rows }, (_, i) => row(i))].join('\n') + '\n';
    const long = liveTail(table(100), false);
    expect(long.table).toBe(true);
    expect(long.text.split('\n').length - 2).toBe(96); // 100 rows, shown 16 at a time
    expect(long.heldRows).toBe(4);

    const huge = liveTail(table(1000), false);
    expect(huge.text.length).toBeLessThanOrEqual(TABLE_LIVE_MAX_CHARS);
    const rows = huge.text.split('\n').length - 2;
    expect(rows % TABLE_BATCH_ROWS).toBe(0);
    expect(huge.heldRows).toBe(1000 - rows);
    // more rows arriving change nothing on screen: the table is not parsed again
    expect(liveTail(table(1200), false).text).toBe(huge.text);
  });
});
