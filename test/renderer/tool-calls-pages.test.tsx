// @vitest-environment jsdom
// A reply can hold 10,000 function calls: drawn at once they stalled the page for 1.8 s and took 2.2 GB.
// The cards come in pages: the first 20, then 100 more per click, with how many are not shown.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCall } from '../../shared/tools.ts';
import { TOOL_CALLS_FIRST, TOOL_CALLS_STEP, ToolCalls } from '../../renderer/components/turn/ToolCalls.tsx';

afterEach(cleanup);

const calls = (n: number): ToolCall[] =>
  Array.from({ length: n }, (_, i) => ({ id: `call_${i}`, name: 'lookup', arguments: `{"i":${i}}` }));
const rows = () => screen.queryAllByTestId('tool-call').length;

describe('a reply with many function calls', () => {
  it('draws 20 of 10,000 cards, and each click adds a bounded page', () => {
    render(<ToolCalls calls={calls(10_000)} />);
    expect(rows()).toBe(TOOL_CALLS_FIRST);
    expect(screen.getByTestId('tool-calls-hidden').textContent).toBe('9,980 of 10,000 calls not shown.');
    expect(screen.getByTestId('tool-calls-more').textContent).toBe('Show 100 more');
    fireEvent.click(screen.getByTestId('tool-calls-more'));
    expect(rows()).toBe(TOOL_CALLS_FIRST + TOOL_CALLS_STEP);
    // the cards are the calls in order
    const ids = screen.getAllByTestId('tool-call-id').map((el) => el.textContent);
    expect(ids[0]).toBe('call_0');
    expect(ids.at(-1)).toBe(`call_${TOOL_CALLS_FIRST + TOOL_CALLS_STEP - 1}`);
  });

  it('a few calls show whole, and the last page shows the rest', () => {
    const { rerender } = render(<ToolCalls calls={calls(3)} />);
    expect(rows()).toBe(3);
    expect(screen.queryByTestId('tool-calls-more')).toBeNull();
    rerender(<ToolCalls calls={calls(150)} />);
    expect(rows()).toBe(20);
    fireEvent.click(screen.getByTestId('tool-calls-more'));
    expect(rows()).toBe(120);
    expect(screen.getByTestId('tool-calls-more').textContent).toBe('Show 30 more');
    fireEvent.click(screen.getByTestId('tool-calls-more'));
    expect(rows()).toBe(150);
    expect(screen.queryByTestId('tool-calls-more')).toBeNull();
  });

  it('while calls stream in, the cards drawn stay at the first page', () => {
    const { rerender } = render(<ToolCalls calls={calls(10)} live />);
    for (const n of [100, 1_000, 5_000]) {
      rerender(<ToolCalls calls={calls(n)} live />);
      expect(rows()).toBe(TOOL_CALLS_FIRST);
    }
  });
});
