import { describe, expect, it } from 'vitest';
import {
  labCostCeiling,
  labCsv,
  labErrorKind,
  percentile,
  rowStats,
  tokensPerSecond,
  type LabMeasure,
  type LabRecord,
} from '../../shared/speedlab.ts';

const run = (row: number, n: number, extra: Partial<LabMeasure> = {}): LabMeasure => ({
  row,
  run: n,
  startMs: 0,
  totalMs: 100,
  usageReported: true,
  endReason: 'stop',
  ...extra,
});

describe('speed lab figures', () => {
  it('interpolates percentiles between the nearest ranks, whatever the order', () => {
    const values = [50, 10, 40, 20, 30];
    expect(percentile(values, 50)).toBe(30);
    expect(percentile(values, 90)).toBeCloseTo(46);
    expect(percentile(values, 99)).toBeCloseTo(49.6);
    expect(percentile(values, 0)).toBe(10);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
    expect(values).toEqual([50, 10, 40, 20, 30]);
  });

  it('counts tokens per second after the first token only', () => {
    // 11 tokens: the first at 200 ms, ten more over the next 500 ms
    expect(tokensPerSecond(11, 200, 700)).toBe(20);
    expect(tokensPerSecond(1, 200, 700)).toBeUndefined();
    expect(tokensPerSecond(5, undefined, 700)).toBeUndefined();
  });

  it('classifies failures by kind', () => {
    expect(labErrorKind({ kind: 'http', status: 429, message: '' }, true)).toBe('rate-limited');
    expect(labErrorKind({ kind: 'http', status: 401, message: '' }, true)).toBe('refused');
    expect(labErrorKind({ kind: 'http', status: 503, message: '' }, true)).toBe('service-error');
    expect(labErrorKind({ kind: 'timeout-idle', message: '' }, true)).toBe('timeout');
    expect(labErrorKind({ kind: 'timeout-headers', message: '' }, false)).toBe('timeout');
    expect(labErrorKind({ kind: 'stream', message: '' }, true)).toBe('broken-stream');
    expect(labErrorKind({ kind: 'connection', message: '' }, true)).toBe('broken-stream');
    expect(labErrorKind({ kind: 'connection', message: '' }, false)).toBe('network');
    expect(labErrorKind({ kind: 'aborted', message: '' }, true)).toBe('stopped');
  });

  it('gives each row its spread over successful runs and its error rate, stopped runs left out', () => {
    const stats = rowStats({
      rows: [
        { connectionId: 'a', connectionName: 'A', format: 'chat', model: 'm' },
        { connectionId: 'b', connectionName: 'B', format: 'chat', model: 'm' },
      ],
      runs: [
        run(0, 1, { firstTokenMs: 100, tokensPerSecond: 10 }),
        run(0, 2, { firstTokenMs: 300, tokensPerSecond: 30 }),
        run(0, 3, { error: { kind: 'rate-limited', message: 'x' } }),
        run(0, 4, { error: { kind: 'stopped', message: 'x' } }),
        run(1, 1, { firstTokenMs: 50, cost: { amount: 0.5, currency: 'USD' } }),
        run(1, 2, { firstTokenMs: 70, cost: { amount: 0.25, currency: 'USD' } }),
      ],
    });
    expect(stats[0]).toMatchObject({ runs: 3, errors: 1, errorsByKind: { 'rate-limited': 1 } });
    expect(stats[0]!.errorRate).toBeCloseTo(1 / 3);
    expect(stats[0]!.firstTokenMs).toEqual({ count: 2, p50: 200, p90: 280, p99: 298 });
    expect(stats[1]!.cost).toEqual({ amount: 0.75, currency: 'USD' });
    expect(stats[1]!.errorRate).toBe(0);
  });

  it('writes CSV a spreadsheet reads safely: quoted fields, no formulas', () => {
    const record: LabRecord = {
      id: 'x',
      name: 'n',
      createdAt: 0,
      rows: [{ connectionId: 'a', connectionName: '=HYPERLINK("x"), "q"', format: 'chat', model: 'm,1' }],
      plan: { prompt: 'p', outputTokens: 5, runs: 1, concurrency: 1, timeoutMs: 1000 },
      runs: [run(0, 1)],
      complete: true,
    };
    const line = labCsv(record).split('\r\n')[1]!;
    expect(line.startsWith(`"'=HYPERLINK(""x""), ""q""",chat,"m,1",1,`)).toBe(true);
  });

  it('bounds what a lab may cost at the price table, unpriced rows counted apart', () => {
    const table = { currency: 'USD', rows: [{ model: 'gpt-*', input: 1, output: 10 }] };
    const ceiling = labCostCeiling(
      table,
      [
        { format: 'chat', model: 'gpt-5-mini' },
        { format: 'messages', model: 'claude-haiku-4-5' },
      ],
      { prompt: 'x'.repeat(400), outputTokens: 1000, runs: 10 },
    );
    // 100 input tokens at $1/M and 1000 output at $10/M, ten times
    expect(ceiling?.amount).toBeCloseTo((10 * (100 * 1 + 1000 * 10)) / 1_000_000);
    expect(ceiling?.unpriced).toBe(1);
    expect(labCostCeiling(undefined, [], { prompt: 'x', outputTokens: 1, runs: 1 })).toBeUndefined();
  });
});
