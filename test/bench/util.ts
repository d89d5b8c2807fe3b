// Shared pieces of the benchmarks: the result row every benchmark returns, percentiles, timing.

export type Verdict = 'met' | 'missed' | 'info';

export interface BenchRow {
  /** the item number, e.g. "1" */
  item: string;
  name: string;
  measured: string;
  budget: string;
  verdict: Verdict;
}

export interface BenchResult {
  rows: BenchRow[];
  /** paragraphs for docs/benchmarks.md: method, diagnosis of a miss */
  notes: string[];
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export function ms(n: number, digits = 2): string {
  return `${n.toFixed(digits)} ms`;
}

export function verdict(ok: boolean): Verdict {
  return ok ? 'met' : 'missed';
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
