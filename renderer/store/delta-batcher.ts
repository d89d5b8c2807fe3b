import type { ToolCall, ToolDelta } from '../../shared/tools.ts';

/** What one stream event adds to a reply. */
export interface Delta {
  text?: string;
  thought?: string;
  /** a piece of a function call (its id and name first, then argument text) */
  tool?: ToolDelta;
}

export interface DeltaBatcher {
  push(d: Delta): void;
  /** hands over whatever is left, now */
  flush(): void;
}

/**
 * Collects deltas and hands them over at most once per animation frame, so a fast stream costs one
 * store update per frame instead of one per token. Function-call pieces ride in the same frame, in the
 * order they came. Falls back to a timer when the page is hidden (animation frames stop there).
 */
export function createDeltaBatcher(
  flush: (text: string, thought: string, tools: readonly ToolDelta[]) => void,
): DeltaBatcher {
  let text = '';
  let thought = '';
  let tools: ToolDelta[] = [];
  let scheduled = false;
  const run = () => {
    scheduled = false;
    if (text === '' && thought === '' && tools.length === 0) return;
    const t = text;
    const th = thought;
    const tl = tools;
    text = '';
    thought = '';
    tools = [];
    flush(t, th, tl);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
    if (visible && typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else setTimeout(run, 50);
  };
  return {
    push(d) {
      if (d.text) text += d.text;
      if (d.thought) thought += d.thought;
      if (d.tool) tools.push(d.tool);
      schedule();
    },
    flush: run,
  };
}

/**
 * Builds a reply's calls from streamed pieces. A piece for a new index starts a call, its id and name fill
 * in when they arrive, argument text is appended; calls stay in index order (the index is the stream's,
 * which need not start at 0 nor be contiguous). `apply` returns the same array when nothing changed, so a
 * frame without call pieces does not wake the cards.
 */
export function createToolCallBuilder() {
  const indexes: number[] = [];
  let calls: ToolCall[] = [];
  return {
    apply(pieces: readonly ToolDelta[]): ToolCall[] {
      if (pieces.length === 0) return calls;
      const next = calls.slice();
      for (const p of pieces) {
        let at = indexes.indexOf(p.index);
        if (at < 0) {
          // keep index order: a later call may arrive before an earlier one's first piece
          at = indexes.findIndex((i) => i > p.index);
          if (at < 0) at = indexes.length;
          indexes.splice(at, 0, p.index);
          next.splice(at, 0, { id: '', name: '', arguments: '' });
        }
        const base = next[at]!;
        next[at] = {
          id: p.id ?? base.id,
          name: p.name ?? base.name,
          arguments: p.args ? base.arguments + p.args : base.arguments,
        };
      }
      calls = next;
      return calls;
    },
  };
}
