/** What one stream event adds to a reply. */
export interface Delta {
  text?: string;
  thought?: string;
}

export interface DeltaBatcher {
  push(d: Delta): void;
  /** hands over whatever is left, now */
  flush(): void;
}

/**
 * Collects deltas and hands them over at most once per animation frame, so a fast stream costs one
 * store update per frame instead of one per token. Falls back to a timer when the page is hidden
 * (animation frames stop there).
 */
export function createDeltaBatcher(flush: (text: string, thought: string) => void): DeltaBatcher {
  let text = '';
  let thought = '';
  let scheduled = false;
  const run = () => {
    scheduled = false;
    if (text === '' && thought === '') return;
    const t = text;
    const th = thought;
    text = '';
    thought = '';
    flush(t, th);
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
      schedule();
    },
    flush: run,
  };
}
