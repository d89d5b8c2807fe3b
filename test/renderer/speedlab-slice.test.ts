// The speed lab's state on the page: a lab's runs shown as their events arrive (only its own), the saved
// run shown when it ends, and a stop that reaches the host with the lab's request id.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LabMeasure, LabRecord } from '../../shared/speedlab.ts';
import { startEventRouting } from '../../renderer/store/events.ts';
import { fakeBridge, freshStore, ok } from './fake-bridge.ts';

let t = freshStore();
afterEach(() => {
  t = freshStore();
});
const s = () => t.store.getState();

const measure = (run: number): LabMeasure => ({
  row: 0,
  run,
  startMs: 0,
  totalMs: 10,
  usageReported: true,
  endReason: 'stop',
});
const ROW = { connectionId: 'c1', format: 'chat' as const, model: 'gpt-5-mini' };

describe('the speed lab slice', () => {
  it('shows each run as it finishes, ignores other labs, then shows the saved run', async () => {
    let finish: (r: LabRecord) => void = () => undefined;
    const fake = fakeBridge({
      runSpeedLab: (input) =>
        new Promise((resolve) => {
          finish = (r) => resolve(ok({ ...r, id: input.requestId }));
        }),
      listSpeedLabs: () => ok([]),
      abortRequest: () => ok({ aborted: true }),
    });
    t.setBridge(fake.bridge);
    const stop = startEventRouting(t.store);
    const running = s().runLab({ rows: [ROW], prompt: 'p', outputTokens: 5, runs: 2, concurrency: 1 });
    const live = s().labLive!;
    expect(live.of).toBe(2);
    fake.emit('labRun', { requestId: live.requestId, measure: measure(1), of: 2 });
    fake.emit('labRun', { requestId: 'another-lab', measure: measure(9), of: 2 });
    expect(s().labLive?.runs.map((r) => r.run)).toEqual([1]);

    await s().stopLab();
    expect(fake.calls.find((c) => c.op === 'abortRequest')?.input).toEqual({ requestId: live.requestId });

    const record: LabRecord = {
      id: 'x',
      name: 'lab',
      createdAt: 1,
      rows: [{ ...ROW, connectionName: 'Sandbox' }],
      plan: { prompt: 'p', outputTokens: 5, runs: 2, concurrency: 1, timeoutMs: 30_000 },
      runs: [measure(1)],
      complete: false,
    };
    finish(record);
    await running;
    await vi.waitFor(() => expect(s().labLive).toBeNull());
    expect(s().labShown?.runs).toEqual([measure(1)]);
    expect(s().labRuns).toEqual([]);
    stop();
  });
});
