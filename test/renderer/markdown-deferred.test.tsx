// @vitest-environment jsdom
// A fast stream can bring more finished blocks in one frame than a render pass may parse: the rest show
// as plain text and wait in one queue (markdown/parse-queue.ts). One timer per waiting block, each
// re-rendering its block to try again, fired thousands of timers during a 100,000-token reply.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { Markdown, parseBudget } from '../../renderer/components/Markdown.tsx';

const BLOCKS = 60;
const text = `${Array.from({ length: BLOCKS }, (_, i) => `Paragraph ${i} with *emphasis*.`).join('\n\n')}\n\nstill arriving`;
const defaultBudget = parseBudget.ms;

afterEach(() => {
  parseBudget.ms = defaultBudget;
  vi.restoreAllMocks();
});

describe('blocks a render pass had no time for', () => {
  it('are all parsed later, at least one per task, with one timer per task and not one per block', async () => {
    // no pass has any budget: every finished block has to come through the queue
    parseBudget.ms = 0;
    const timers = vi.spyOn(window, 'setTimeout');
    const view = render(<Markdown text={text} live />);
    expect(view.container.querySelectorAll('.md-streaming-plain').length).toBe(BLOCKS);
    await waitFor(() => expect(view.container.querySelectorAll('.md-streaming-plain')).toHaveLength(0));
    expect(view.container.querySelectorAll('em')).toHaveLength(BLOCKS);
    expect(view.container.textContent).toContain('Paragraph 59 with emphasis.');
    const queueTimers = timers.mock.calls.filter(([, ms]) => ms === 0).length;
    expect(queueTimers).toBeGreaterThan(0);
    // at most one per block (each task parses at least one), and one or two of the test's own waits
    expect(queueTimers).toBeLessThanOrEqual(BLOCKS + 2);
  });

  it('are parsed a budget at a time: a generous budget takes many blocks per task', async () => {
    parseBudget.ms = 0;
    const view = render(<Markdown text={text} live />);
    parseBudget.ms = 1_000;
    const timers = vi.spyOn(window, 'setTimeout');
    await waitFor(() => expect(view.container.querySelectorAll('.md-streaming-plain')).toHaveLength(0));
    expect(timers.mock.calls.filter(([, ms]) => ms === 0).length).toBeLessThanOrEqual(3);
  });

  it('stop waiting when their reply goes away', async () => {
    parseBudget.ms = 0;
    const view = render(<Markdown text={text} live />);
    view.unmount();
    const timers = vi.spyOn(window, 'setTimeout');
    // the task already scheduled runs once and finds nothing that still waits
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(timers.mock.calls.filter(([, ms]) => ms === 0)).toHaveLength(0);
  });
});
