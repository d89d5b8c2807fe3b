import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, CANARY, type Harness } from '../support/app-core.ts';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { readLabJson, rowStats, LAB_CSV_COLUMNS, type LabRecord } from '../../shared/speedlab.ts';

let h: Harness;
const sims: RunningSimulator[] = [];
afterEach(async () => {
  await h?.close();
  await Promise.all(sims.splice(0).map((s) => s.close()));
});

/** A second service, paced, with a connection and key of its own. */
async function pacedService(name: string, pace: Parameters<RunningSimulator['setPace']>[0]) {
  const sim = await startSimulator(pace ? { pace } : {});
  sims.push(sim);
  const c = await h.call('saveConnection', { name, baseUrl: sim.baseUrl });
  await h.call('setKey', { connectionId: c.id, slot: 'default', key: SANDBOX_KEY });
  return { sim, id: c.id };
}

const PLAN = { prompt: 'Say something [[tokens:24]]', outputTokens: 64, concurrency: 2 };

describe('the speed lab', () => {
  it('measures three rows on two services paced differently: the slower one slower, by ratio', async () => {
    h = await createHarness();
    h.sim.setPace({ firstTokenMs: 20, tokensPerSecond: 400, seed: 1 });
    // the slow first token far beyond the bound: under a loaded machine the fast 20 ms one read 74 ms
    const slow = await pacedService('Slow gateway', { firstTokenMs: 400, tokensPerSecond: 60, seed: 2 });
    const record = await h.call('runSpeedLab', {
      requestId: 'lab-1',
      ...PLAN,
      runs: 3,
      rows: [
        { connectionId: h.connectionId, format: 'chat', model: 'gpt-5-mini' },
        { connectionId: slow.id, format: 'chat', model: 'gpt-5-mini' },
        { connectionId: slow.id, format: 'messages', model: 'claude-haiku-4-5' },
      ],
    });
    expect(record.complete).toBe(true);
    expect(record.runs).toHaveLength(9);
    expect(record.rows.map((r) => r.connectionName)).toEqual([
      'Test simulator',
      'Slow gateway',
      'Slow gateway',
    ]);
    // every finished run was told to the page as it finished
    expect(h.eventsOf('labRun', 'lab-1').map((e) => e.measure)).toEqual(record.runs);
    const [fast, slowChat, slowMessages] = rowStats(record);
    for (const row of [fast, slowChat, slowMessages]) expect(row!.errors).toBe(0);
    expect(slowChat!.firstTokenMs.p50! / fast!.firstTokenMs.p50!).toBeGreaterThan(3);
    expect(fast!.tokensPerSecond.p50! / slowChat!.tokensPerSecond.p50!).toBeGreaterThan(2.5);
    expect(slowMessages!.firstTokenMs.p50! / fast!.firstTokenMs.p50!).toBeGreaterThan(3);
    // the simulator reports usage: 24 output tokens, as asked
    expect(record.runs.every((r) => r.usageReported && r.outputTokens === 24)).toBe(true);
    // every run links to its exchange
    for (const run of record.runs) {
      const exchange = await h.call('getExchange', { id: run.exchangeId! });
      expect(exchange.timings.totalMs).toBeGreaterThan(0);
    }
    // a row's key goes to its own service only
    expect(JSON.stringify(slow.sim.requests)).not.toContain(CANARY);
    expect(JSON.stringify(slow.sim.requests)).toContain(SANDBOX_KEY);
    expect(JSON.stringify(h.sim.requests)).not.toContain(SANDBOX_KEY);
    await h.expectNoKeyLeak();
  });

  it('counts each error by kind: refused, rate-limited with its retry-after, timed out, broken stream', async () => {
    h = await createHarness();
    const rows = [];
    for (const kind of ['refused', 'rate-limited', 'timeout', 'broken'] as const) {
      const s = await pacedService(kind, { errorRate: 1, errorKinds: [kind] });
      rows.push({ connectionId: s.id, format: 'chat' as const, model: 'gpt-5-mini' });
    }
    const record = await h.call('runSpeedLab', {
      requestId: 'lab-errors',
      ...PLAN,
      concurrency: 4,
      runs: 1,
      timeoutMs: 1_000,
      rows,
    });
    const kinds = record.runs.sort((a, b) => a.row - b.row).map((r) => r.error?.kind);
    expect(kinds).toEqual(['refused', 'rate-limited', 'timeout', 'broken-stream']);
    const limited = record.runs.find((r) => r.error?.kind === 'rate-limited')!;
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.retryAfterMs).toBe(1000);
    expect(rowStats(record).map((r) => r.errorRate)).toEqual([1, 1, 1, 1]);
  });

  it('saves runs that survive a restart, renames them, exports CSV and JSON that read back', async () => {
    h = await createHarness();
    h.sim.setPace({ firstTokenMs: 5, tokensPerSecond: 1000, errorRate: 0.3, seed: 4 });
    const made = await h.call('runSpeedLab', {
      requestId: 'lab-save',
      name: 'Morning check',
      ...PLAN,
      runs: 6,
      rows: [{ connectionId: h.connectionId, format: 'generate', model: 'gemini-2.5-flash' }],
    });
    await h.restart();
    const list = await h.call('listSpeedLabs', {});
    expect(list.map((l) => [l.name, l.runCount])).toEqual([['Morning check', 6]]);
    const renamed = await h.call('renameSpeedLab', { id: made.id, name: 'Monday, 9 am' });
    expect(renamed.name).toBe('Monday, 9 am');
    const saved: LabRecord = await h.call('getSpeedLab', { id: made.id });
    expect(saved.runs).toEqual(made.runs);

    const json = await h.call('exportSpeedLab', { id: made.id, as: 'json' });
    expect(json.filename).toMatch(/^Monday-9-am-.*\.json$/);
    const back = readLabJson(json.content);
    expect(back).toEqual({ ok: true, lab: saved });

    const csv = await h.call('exportSpeedLab', { id: made.id, as: 'csv' });
    const lines = csv.content.trimEnd().split('\r\n');
    expect(lines[0]).toBe(LAB_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(7);
    const at = (name: (typeof LAB_CSV_COLUMNS)[number]) => LAB_CSV_COLUMNS.indexOf(name);
    lines.slice(1).forEach((line, i) => {
      const cells = line.split(',');
      const run = saved.runs[i]!;
      expect(cells[at('model')]).toBe('gemini-2.5-flash');
      expect(Number(cells[at('total_ms')])).toBe(run.totalMs);
      expect(cells[at('error_kind')]).toBe(run.error?.kind ?? '');
      expect(cells[at('exchange_id')]).toBe(run.exchangeId ?? '');
    });

    expect(await h.call('deleteSpeedLab', { id: made.id })).toEqual({ deleted: true });
    expect(await h.call('listSpeedLabs', {})).toEqual([]);
  });

  it('stops when asked: the runs so far are saved, marked incomplete', async () => {
    h = await createHarness();
    h.sim.setPace({ firstTokenMs: 100, tokensPerSecond: 20 });
    const running = h.call('runSpeedLab', {
      requestId: 'lab-stop',
      ...PLAN,
      concurrency: 1,
      runs: 20,
      rows: [{ connectionId: h.connectionId, format: 'chat', model: 'gpt-5-mini' }],
    });
    await h.waitForEvent('labRun');
    expect(await h.call('abortRequest', { requestId: 'lab-stop' })).toEqual({ aborted: true });
    const record = await running;
    expect(record.complete).toBe(false);
    expect(record.runs.length).toBeLessThan(20);
    expect(record.runs.at(-1)?.error?.kind).toBe('stopped');
  });
});
