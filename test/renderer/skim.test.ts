import { describe, expect, it } from 'vitest';
import { createSkimTracker } from '../../renderer/components/skim.ts';

/**
 * PROVES: while a long list is flown through, only the rows that enter it then are shown plain; a row
 * already shown in full never turns plain, a row that leaves is forgotten, and settling shows all in full.
 */
describe('the rows a skimming list shows plain', () => {
  it('are those that entered while it skimmed, until it settles', () => {
    const rows = createSkimTracker();
    expect([...rows.update(['a', 'b'], false, 0)]).toEqual([]);
    // flung: c and d enter, a and b were already on screen in full
    expect([...rows.update(['a', 'b', 'c', 'd'], true, 0)].sort()).toEqual(['c', 'd']);
    // still flying: a leaves, e enters; c and d stay plain
    expect([...rows.update(['b', 'c', 'd', 'e'], true, 0)].sort()).toEqual(['c', 'd', 'e']);
    // the list slows down but has not settled: nothing new is skimmed, nothing turns full yet
    expect([...rows.update(['c', 'd', 'e', 'f'], false, 0)].sort()).toEqual(['c', 'd', 'e']);
    // settled: every row in full
    expect([...rows.update(['c', 'd', 'e', 'f'], false, 1)]).toEqual([]);
    // a row that left while plain and comes back after the settle is in full
    expect([...rows.update(['a', 'c'], false, 1)]).toEqual([]);
  });

  it('forgets a skimmed row once it leaves the screen', () => {
    const rows = createSkimTracker();
    rows.update(['a'], false, 0);
    expect([...rows.update(['a', 'b'], true, 0)]).toEqual(['b']);
    expect([...rows.update(['a'], true, 0)]).toEqual([]);
    // coming back while the list still skims, it enters again: plain
    expect([...rows.update(['a', 'b'], true, 0)]).toEqual(['b']);
  });
});
