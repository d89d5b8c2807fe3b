// The speed lab's schedule: every run of every row, interleaved (run 1 of each row, then run 2...) so no
// row has the quiet minute to itself, at most `concurrency` at once. Each finished run is told at once.
import type { LabMeasure, LabPlan } from '../../../shared/speedlab.ts';
import type { PriceTable } from '../../../shared/pricing.ts';
import { measureRun, type RunTarget } from './measure.ts';

export interface LabOptions {
  plan: LabPlan;
  /** one per row, in row order; a row whose target could not be made carries the reason instead */
  targets: readonly (RunTarget | { failed: Omit<LabMeasure, 'row' | 'run' | 'startMs' | 'totalMs'> })[];
  signal: AbortSignal;
  prices?: PriceTable | undefined;
  onRun(measure: LabMeasure): void;
}

/** Runs the lab; the measures in the order they finished. Stops starting runs once `signal` aborts. */
export async function runLab(opts: LabOptions): Promise<LabMeasure[]> {
  const { plan, targets, signal } = opts;
  const queue: { row: number; run: number }[] = [];
  for (let run = 1; run <= plan.runs; run++)
    for (let row = 0; row < targets.length; row++) queue.push({ row, run });
  const labStart = performance.now();
  const done: LabMeasure[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < queue.length && !signal.aborted) {
      const slot = queue[next++] as { row: number; run: number };
      const target = targets[slot.row];
      if (!target) continue;
      const measure =
        'failed' in target
          ? { ...target.failed, ...slot, startMs: performance.now() - labStart, totalMs: 0 }
          : await measureRun(target, plan, { ...slot, labStart, signal, prices: opts.prices });
      done.push(measure);
      opts.onRun(measure);
    }
  };
  await Promise.all(Array.from({ length: Math.min(plan.concurrency, queue.length) }, worker));
  return done;
}
