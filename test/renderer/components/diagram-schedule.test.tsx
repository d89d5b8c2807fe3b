// @vitest-environment jsdom
// Diagrams are the page's most expensive drawing: 30 Mermaid diagrams of 400 edges in one reply kept the
// page busy for 53 s with stalls over a second, and drawing went on after the conversation was left.
// Mermaid is replaced here by a counter: a diagram is drawn only when on screen, one at a time, not at all
// once unmounted or scrolled away before its turn, and a very large one only when the reader asks.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../renderer/components/Markdown.tsx';
import { DIAGRAM_AUTO_MAX } from '../../../renderer/components/markdown/diagram-size.ts';

/** Each render waits until the test lets it finish, so what is running at once can be counted. */
const mermaid = vi.hoisted(() => {
  const state = {
    drawn: [] as string[],
    active: 0,
    most: 0,
    hold: false,
    waiting: [] as (() => void)[],
  };
  return {
    state,
    api: {
      initialize: () => {},
      render: async (_id: string, source: string) => {
        state.active += 1;
        state.most = Math.max(state.most, state.active);
        state.drawn.push(source);
        if (state.hold) await new Promise<void>((resolve) => state.waiting.push(resolve));
        state.active -= 1;
        return { svg: '<svg><text>drawn</text></svg>' };
      },
    },
  };
});
vi.mock('mermaid', () => ({ default: mermaid.api }));

/** IntersectionObserver as a browser has it, with the test saying what is on screen. */
const observed = new Map<Element, (visible: boolean) => void>();
class FakeObserver {
  readonly callback: IntersectionObserverCallback;
  readonly mine = new Set<Element>();
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe(el: Element) {
    this.mine.add(el);
    observed.set(el, (visible) =>
      this.callback(
        [{ target: el, isIntersecting: visible } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve(el: Element) {
    observed.delete(el);
  }
  disconnect() {
    for (const el of this.mine) observed.delete(el);
    this.mine.clear();
  }
  takeRecords() {
    return [];
  }
}

let run = 0;
beforeEach(() => {
  run += 1;
  Object.assign(mermaid.state, { drawn: [], active: 0, most: 0, hold: false, waiting: [] });
  observed.clear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A reply of `n` diagrams, each with a source of its own (drawings are cached by source). */
const reply = (n: number, body = (i: number) => `flowchart LR\n  A${i} --> B${i}`) =>
  Array.from({ length: n }, (_, i) => `\`\`\`mermaid\n%% run ${run}\n${body(i)}\n\`\`\``).join('\n\n');

async function diagrams(n: number) {
  await waitFor(() => expect(screen.getAllByTestId('diagram')).toHaveLength(n));
  return screen.getAllByTestId('diagram');
}
const show = (el: Element, visible = true) => act(() => observed.get(el)?.(visible));
/** Lets every queued render run (each waits a turn of the event loop first). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

describe('drawing diagrams', () => {
  it('draws only the diagrams on screen: 3 of 30, then the next ones as they come into view', async () => {
    render(<Markdown text={reply(30)} />);
    const all = await diagrams(30);
    await settle();
    expect(mermaid.state.drawn).toHaveLength(0);
    for (const el of all.slice(0, 3)) await show(el);
    await waitFor(() =>
      expect(all.slice(0, 3).map((el) => el.dataset.state)).toEqual(['drawn', 'drawn', 'drawn']),
    );
    await settle();
    expect(mermaid.state.drawn).toHaveLength(3);
    expect(all[3]?.dataset.state).toBe('drawing');
    await show(all[3] as Element);
    await waitFor(() => expect(all[3]?.dataset.state).toBe('drawn'));
    expect(mermaid.state.drawn).toHaveLength(4);
  });

  it('draws one at a time, and a diagram scrolled away before its turn is not drawn', async () => {
    mermaid.state.hold = true;
    render(<Markdown text={reply(5)} />);
    const all = await diagrams(5);
    for (const el of all) await show(el);
    await waitFor(() => expect(mermaid.state.drawn).toHaveLength(1));
    await show(all[4] as Element, false);
    for (let i = 0; i < 4; i++) {
      await settle();
      await act(async () => mermaid.state.waiting.shift()?.());
    }
    await settle();
    expect(mermaid.state.most).toBe(1);
    expect(mermaid.state.drawn).toHaveLength(4);
    expect(all.map((el) => el.dataset.state)).toEqual(['drawn', 'drawn', 'drawn', 'drawn', 'drawing']);
  });

  it('stops drawing a reply whose conversation was left (unmounted)', async () => {
    mermaid.state.hold = true;
    const view = render(<Markdown text={reply(10)} />);
    const all = await diagrams(10);
    for (const el of all) await show(el);
    await waitFor(() => expect(mermaid.state.drawn).toHaveLength(1));
    view.unmount();
    mermaid.state.hold = false;
    await act(async () => mermaid.state.waiting.shift()?.());
    await settle();
    await settle();
    // the one already under way finished; the nine queued were dropped
    expect(mermaid.state.drawn).toHaveLength(1);
  });

  it('shows a very large diagram as source with "Draw anyway", and draws it when asked', async () => {
    const edges = DIAGRAM_AUTO_MAX.links + 250;
    const body = () =>
      ['flowchart LR', ...Array.from({ length: edges }, (_, i) => `  N${i} --> N${i + 1}`)].join('\n');
    render(<Markdown text={reply(1, body)} />);
    const [diagram] = await diagrams(1);
    await show(diagram as Element);
    await settle();
    expect(diagram?.dataset.state).toBe('large');
    expect(screen.getByTestId('diagram-large').textContent).toContain(`(${edges + 2} lines, ${edges} links)`);
    expect(screen.getByTestId('diagram-source').textContent).toContain('N0 --> N1');
    expect(mermaid.state.drawn).toHaveLength(0);
    fireEvent.click(screen.getByTestId('diagram-draw-anyway'));
    await waitFor(() => expect(diagram?.dataset.state).toBe('drawn'));
    expect(mermaid.state.drawn).toHaveLength(1);
  });
});
