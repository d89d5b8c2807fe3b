import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeSummary } from '../../shared/contract.ts';
import type { Exchange } from '../../shared/exchange.ts';
import { mergeNewestFirst } from '../../renderer/store/inspector-slice.ts';
import { prettyJson } from '../../renderer/features/inspector/ExchangeDetail.tsx';
import { fakeBridge, ok, freshStore } from './fake-bridge.ts';

let t = freshStore();
afterEach(() => {
  t = freshStore();
});

const summary = (id: string, startedAt: number): ExchangeSummary => ({
  id,
  interface: 'chat',
  method: 'POST',
  url: 'http://127.0.0.1/v1/chat/completions',
  status: 200,
  streamed: true,
  totalMs: 120,
  startedAt,
});
const exchange = (id: string): Exchange => ({
  id,
  interface: 'chat',
  method: 'POST',
  url: 'http://127.0.0.1/v1/chat/completions',
  requestHeaders: { authorization: 'Bearer ••••abcd' },
  requestBody: '{"model":"m"}',
  status: 200,
  streamed: false,
  attempts: 1,
  startedAt: 1,
  timings: { totalMs: 5 },
});

describe('inspector', () => {
  it('opens on an exchange: shows the drawer, loads the list and the record', async () => {
    const { bridge } = fakeBridge({
      listExchanges: () => ok([summary('b', 2), summary('a', 1)]),
      getExchange: ({ id }) => ok(exchange(id)),
    });
    t.setBridge(bridge);
    t.store.getState().openInspector('a');
    await vi.waitFor(() => expect(t.store.getState().selectedExchange?.id).toBe('a'));
    const s = t.store.getState();
    expect(s.inspectorOpen).toBe(true);
    expect(s.exchanges.map((x) => x.id)).toEqual(['b', 'a']);
    expect(s.selectedExchangeId).toBe('a');
  });

  it('adds live records on top without duplicates', () => {
    t.store.getState().exchangeRecorded(summary('a', 1));
    t.store.getState().exchangeRecorded(summary('b', 3));
    t.store.getState().exchangeRecorded({ ...summary('a', 1), status: 500 });
    const list = t.store.getState().exchanges;
    expect(list.map((x) => x.id)).toEqual(['b', 'a']);
    expect(list[1]?.status).toBe(500);
  });

  it('shows the last clicked record even when an earlier one answers later', async () => {
    const gates: Record<string, (v: unknown) => void> = {};
    const { bridge } = fakeBridge({
      getExchange: ({ id }) => new Promise((r) => (gates[id] = r as (v: unknown) => void)),
    });
    t.setBridge(bridge);
    const first = t.store.getState().selectExchange('a');
    const second = t.store.getState().selectExchange('b');
    gates.b?.(ok(exchange('b')));
    await second;
    gates.a?.(ok(exchange('a')));
    await first;
    expect(t.store.getState().selectedExchange?.id).toBe('b');
  });

  it('says when a record is gone', async () => {
    const { bridge } = fakeBridge({
      getExchange: () => ({ ok: false, error: { kind: 'not-found', message: 'no such exchange' } }),
    });
    t.setBridge(bridge);
    await t.store.getState().selectExchange('zzz');
    expect(t.store.getState().exchangeError?.kind).toBe('not-found');
    expect(t.store.getState().selectedExchange).toBeNull();
  });

  it('pages older records with `before` the oldest one shown', async () => {
    const { bridge, calls } = fakeBridge({
      listExchanges: ({ before }) =>
        ok(before === undefined ? [summary('c', 30), summary('b', 20)] : [summary('a', 10)]),
    });
    t.setBridge(bridge);
    await t.store.getState().loadExchanges();
    await t.store.getState().loadOlderExchanges();
    expect(calls.at(-1)?.input).toEqual({ limit: 100, before: 20 });
    expect(t.store.getState().exchanges.map((x) => x.id)).toEqual(['c', 'b', 'a']);
    expect(t.store.getState().exchangesHasMore).toBe(false);
  });
});

describe('tool runs beside the exchanges', () => {
  const run = (id: string, startedAt: number) => ({
    id,
    conversationId: 'c1',
    server: 'local',
    tool: 'echo',
    status: 'done' as const,
    startedAt,
    ms: 4,
  });

  it('loads both, takes new runs as they are recorded, and selecting a run clears the exchange shown', async () => {
    const { bridge } = fakeBridge({
      listExchanges: () => ok([summary('x2', 30), summary('x1', 10)]),
      listToolRuns: () => ok([run('r1', 20)]),
      getExchange: ({ id }) => ok({ id } as never),
      getToolRun: ({ id }) =>
        ok({ ...run(id, 20), replyId: 'm', callId: 'k', arguments: '{}', content: [], truncated: false }),
    });
    t.setBridge(bridge);
    await t.store.getState().loadExchanges();
    expect(t.store.getState().toolRuns.map((r) => r.id)).toEqual(['r1']);
    t.store.getState().toolRunRecorded(run('r2', 40));
    expect(t.store.getState().toolRuns.map((r) => r.id)).toEqual(['r2', 'r1']);

    await t.store.getState().selectExchange('x1');
    await t.store.getState().selectToolRun('r1');
    expect(t.store.getState().selectedExchangeId).toBeNull();
    expect(t.store.getState().selectedToolRun?.id).toBe('r1');
    await t.store.getState().selectExchange('x2');
    expect(t.store.getState().selectedToolRunId).toBeNull();
  });
});

describe('helpers', () => {
  it('merges by id and sorts newest first', () => {
    expect(mergeNewestFirst([summary('a', 1)], [summary('b', 2), summary('a', 1)]).map((x) => x.id)).toEqual([
      'b',
      'a',
    ]);
  });
  it('pretty-prints JSON and leaves anything else alone', () => {
    expect(prettyJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(prettyJson('<html>502</html>')).toBe('<html>502</html>');
    expect(prettyJson('{not json')).toBe('{not json');
  });
});
