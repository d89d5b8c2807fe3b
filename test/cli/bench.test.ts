import { afterEach, describe, expect, it } from 'vitest';
import {
  SANDBOX_KEY,
  startSimulator,
  type RunningSimulator,
  type SimPace,
} from '../../electron/simulator/index.ts';
import type { LabMeasure, RowStats } from '../../shared/speedlab.ts';
import { runCli } from './run-cli.ts';

const sims: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

async function service(pace: SimPace): Promise<Record<string, string>> {
  const sim = await startSimulator({ pace });
  sims.push(sim);
  return { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: SANDBOX_KEY };
}

const ROWS = ['--row', 'chat:gpt-5-mini', '--row', 'generate:gemini-2.5-flash'];

describe('quartet bench', () => {
  it('measures the slower service slower, judged by ratios, in its --json', async () => {
    const bench = async (env: Record<string, string>) => {
      const r = await runCli(['bench', ...ROWS, '--runs', '5', '--json', 'go [[tokens:20]]'], { env });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { stats: RowStats[]; runs: LabMeasure[] };
    };
    const fast = await bench(await service({ firstTokenMs: 20, tokensPerSecond: 400 }));
    const slow = await bench(await service({ firstTokenMs: 400, tokensPerSecond: 40 }));
    expect(fast.runs).toHaveLength(10);
    // paced 20x and 10x apart; a child process on a busy machine adds its own start-up and scheduling
    for (const row of [0, 1]) {
      expect(slow.stats[row]!.firstTokenMs.p50! / fast.stats[row]!.firstTokenMs.p50!).toBeGreaterThan(2);
      expect(fast.stats[row]!.tokensPerSecond.p50! / slow.stats[row]!.tokensPerSecond.p50!).toBeGreaterThan(
        2,
      );
    }
    expect(fast.runs.every((r) => r.outputTokens === 20 && r.usageReported)).toBe(true);
  });

  it('prints a table a person reads: a line per row with its percentiles and errors by kind', async () => {
    const env = await service({ errorRate: 1, errorKinds: ['rate-limited'] });
    const r = await runCli(['bench', '--row', 'chat:gpt-5-mini', '--runs', '2', 'hi'], { env });
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^row\s+runs\s+errors\s+first token ms p50\/p90\/p99/);
    expect(lines[1]).toMatch(/^chat:gpt-5-mini\s+2\s+2 \(rate-limited 2\)\s+-\/-\/-/);
    expect(r.stdout).not.toContain(SANDBOX_KEY);
  });

  it('refuses a row that is not FORMAT:MODEL', async () => {
    const env = await service({});
    const r = await runCli(['bench', '--row', 'chatgpt'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--row must be FORMAT:MODEL');
  });
});
