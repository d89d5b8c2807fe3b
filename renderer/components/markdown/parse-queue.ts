/**
 * Finished blocks waiting for parse time (Markdown.tsx). A render pass that runs out of its budget leaves
 * the rest of its new blocks as plain text and queues them here; one task at a time parses a budget's
 * worth of them, in the order they were queued (top to bottom), and wakes only those. A timer per waiting
 * block, each re-rendering its block to try again, fired thousands of timers during one 100,000-token
 * reply and kept the page's main thread busy with them.
 */
export function createParseQueue(parse: (text: string) => void, budgetMs: () => number) {
  /** the blocks' text, each with the parts that show it (a text can repeat) */
  const waiting = new Map<string, Set<() => void>>();
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    const start = performance.now();
    // at least one block per task, whatever the budget, so that the queue always empties
    for (const [text, wakers] of waiting) {
      waiting.delete(text);
      parse(text);
      for (const wake of wakers) wake();
      if (performance.now() - start >= budgetMs()) break;
    }
    if (waiting.size > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(drain, 0);
  };
  return {
    /** `wake` is called once `text` is parsed; returns what stops waiting (the part unmounted) */
    wait(text: string, wake: () => void): () => void {
      let wakers = waiting.get(text);
      if (!wakers) waiting.set(text, (wakers = new Set()));
      wakers.add(wake);
      schedule();
      return () => {
        const w = waiting.get(text);
        if (!w?.delete(wake)) return;
        if (w.size === 0) waiting.delete(text);
      };
    },
  };
}
