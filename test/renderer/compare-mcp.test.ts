// Compare with server tools: every column's reply that calls a server tool asks in that column, runs its
// own loop (results into that column's conversation alone, until no calls or the step limit), "always"
// for one column or for the whole comparison, Stop ending every column's running calls, and the figures
// (steps, tool time, the limit) each column shows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mcpFunctionNames, type McpCallResult, type McpToolRef } from '../../shared/mcp.ts';
import type { Params } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import type { OperationInput } from '../../shared/contract.ts';
import {
  columnToolFigures,
  selectCompareBusy,
  type CompareColumn,
} from '../../renderer/store/compare-slice.ts';
import { mcpCallKey } from '../../renderer/store/mcp-slice.ts';
import { compareHost, comparisonOf, setUpColumns, turn } from './compare-fixtures.ts';
import { freshStore, ok } from './fake-bridge.ts';

const FORMATS: TextFormat[] = ['chat', 'responses', 'messages', 'generate'];
const ADD: McpToolRef = { server: 'local', tool: 'add' };
const SLOW: McpToolRef = { server: 'local', tool: 'slow' };
const REFS = [ADD, SLOW];
/** the function names the host sends the server tools under (and the page maps calls back with) */
const NAMES = new Map([...mcpFunctionNames([], REFS)].map(([name, ref]) => [ref.tool, name]));
const nameOf = (ref: McpToolRef) => NAMES.get(ref.tool)!;

let t = freshStore();
let h: ReturnType<typeof compareHost>;
/** the host's "always run" lists by conversation */
let hostAlways: Record<string, McpToolRef[]>;
/** replies to tool results call again (the simulator's [[keep-calling]]) */
let keepCalling: boolean;
/** calls to the slow tool waiting for an abort */
let slowCalls: Map<string, () => void>;
let callSeq: number;

type Send = OperationInput<'sendMessage'>;

/** A reply that calls `ref` when the prompt names it (or, keeping on, after results); else it answers. */
function replyTo(input: Send) {
  const results = input.toolResults ?? [];
  const wanted = input.text.includes('[[slow]]') ? SLOW : input.text.includes('[[call]]') ? ADD : undefined;
  const again = results.length > 0 && keepCalling ? ADD : undefined;
  const ref = wanted ?? again;
  const name = input.text.includes('[[typed]]') ? 'get_weather' : ref && nameOf(ref);
  const reply = name
    ? turn('assistant', '', {
        toolCalls: [{ id: `k${++callSeq}`, name, arguments: '{"a":1,"b":2}' }],
        finishReason: 'tool_calls',
      })
    : turn('assistant', `answered: ${results.map((r) => r.content).join(', ')}`);
  return ok({
    userTurn: turn('user', input.text, results.length ? { toolResults: results } : {}),
    reply,
    totals: {},
  });
}

beforeEach(() => {
  t = freshStore();
  hostAlways = {};
  keepCalling = false;
  slowCalls = new Map();
  callSeq = 0;
  h = compareHost(t, {
    sendMessage: async (input) => replyTo(input),
    getMcpAlways: ({ conversationId }) => ok(hostAlways[conversationId] ?? []),
    setMcpAlways: ({ conversationId, tools }) => ok((hostAlways[conversationId] = tools)),
    denyMcpTool: (input) =>
      ok({
        id: crypto.randomUUID(),
        conversationId: input.run.conversationId,
        server: input.server,
        tool: input.tool,
        status: 'denied' as const,
        startedAt: 1,
        ms: 0,
      }),
    callMcpTool: (input) => {
      const result = (ms: number): McpCallResult => ({
        server: input.server,
        tool: input.tool,
        content: [{ type: 'text', text: '3' }],
        isError: false,
        truncated: false,
        ms,
      });
      if (input.tool !== SLOW.tool) return ok(result(input.run?.callId === 'k1' ? 40 : 7));
      return new Promise((resolve) =>
        slowCalls.set(input.requestId ?? '', () =>
          resolve({ ok: false, error: { kind: 'aborted', message: 'stopped' } }),
        ),
      );
    },
    abortRequest: ({ requestId }) => {
      slowCalls.get(requestId)?.();
      return ok({ aborted: true });
    },
  });
});
afterEach(() => h.stopRouting());

/** Four columns, one per format, sharing a set with the server tools switched on. */
function fourColumns(extra: { mcpStepLimit?: number; params?: Partial<Params> } = {}) {
  setUpColumns(t, FORMATS, {
    ...(extra.mcpStepLimit !== undefined ? { mcpStepLimit: extra.mcpStepLimit } : {}),
    compareParams: { mcpTools: REFS, ...extra.params },
  });
}

const columns = () => t.store.getState().compareColumns;
/** The call state waiting in column `i` (its last reply's one call). */
function callOf(i: number) {
  const col = columns()[i]!;
  const reply = col.turns.at(-1);
  const call = reply?.toolCalls?.[0];
  if (!reply || !call) return undefined;
  const key = mcpCallKey(reply.id, call.id);
  const state = t.store.getState().mcpCalls[key];
  return state && { key, ...state };
}
const statuses = () => columns().map((_, i) => callOf(i)?.status);
const lastTexts = () => columns().map((c) => c.turns.at(-1)?.text);
const resultSends = () => h.inputs('sendMessage').filter((i) => i['toolResults'] !== undefined);
const figures = (col: CompareColumn) => columnToolFigures(col, t.store.getState());

async function ask(prompt: string): Promise<void> {
  t.store.getState().setComparePrompt(prompt);
  expect(await t.store.getState().sendCompare()).toBe(true);
}

describe('server tools in every column', () => {
  it('each column asks, runs on its own Run and answers its conversation with the result', async () => {
    fourColumns();
    await ask('Add. [[call]]');
    await expect.poll(statuses).toEqual(['asking', 'asking', 'asking', 'asking']);
    expect(h.inputs('callMcpTool')).toHaveLength(0);

    // the second column is run alone: only its conversation gets a result and goes on
    t.store.getState().runMcpCall(callOf(1)!.key);
    await expect.poll(() => lastTexts()[1]).toBe('answered: 3');
    expect(statuses()).toEqual(['asking', undefined, 'asking', 'asking']);
    expect(resultSends().map((i) => i['conversationId'])).toEqual([columns()[1]!.conversationId]);

    for (const i of [0, 2, 3]) t.store.getState().runMcpCall(callOf(i)!.key);
    await expect.poll(lastTexts).toEqual(['answered: 3', 'answered: 3', 'answered: 3', 'answered: 3']);
    // every run recorded with its own column's conversation, reply and call
    const runs = h.inputs('callMcpTool').map((i) => (i['run'] as { conversationId: string }).conversationId);
    expect(new Set(runs)).toEqual(new Set(columns().map((c) => c.conversationId)));
    expect(columns().map((c) => figures(c)?.steps)).toEqual([1, 1, 1, 1]);
  });

  it('a denied column gets the reason as its result; the others are untouched', async () => {
    fourColumns();
    await ask('Add. [[call]]');
    await expect.poll(statuses).toEqual(['asking', 'asking', 'asking', 'asking']);
    t.store.getState().denyMcpCall(callOf(2)!.key, 'not in this column');
    await expect
      .poll(() => lastTexts()[2])
      .toBe('answered: The user denied this tool call. Reason: not in this column.');
    expect(statuses()).toEqual(['asking', 'asking', undefined, 'asking']);
    expect(h.inputs('denyMcpTool')).toHaveLength(1);
    expect(h.inputs('callMcpTool')).toHaveLength(0);
  });

  it('"always in this comparison" runs the tool in every column now and later, kept per conversation', async () => {
    fourColumns();
    await ask('Add. [[call]]');
    await expect.poll(statuses).toEqual(['asking', 'asking', 'asking', 'asking']);
    await t.store.getState().alwaysRunMcpInComparison(callOf(3)!.key);
    await expect.poll(lastTexts).toEqual(['answered: 3', 'answered: 3', 'answered: 3', 'answered: 3']);
    for (const c of columns()) expect(hostAlways[c.conversationId!]).toEqual([ADD]);

    // the next prompt's calls run without asking in every column
    await ask('Again. [[call]]');
    await expect.poll(() => resultSends()).toHaveLength(8);
    expect(h.inputs('callMcpTool')).toHaveLength(8);
  });

  it('"always" in one column leaves the other columns asking', async () => {
    fourColumns();
    await ask('Add. [[call]]');
    await expect.poll(statuses).toEqual(['asking', 'asking', 'asking', 'asking']);
    t.store.getState().alwaysRunMcp(callOf(0)!.key);
    await expect.poll(() => lastTexts()[0]).toBe('answered: 3');
    expect(statuses()).toEqual([undefined, 'asking', 'asking', 'asking']);
    expect(Object.keys(hostAlways)).toEqual([columns()[0]!.conversationId]);
  });

  it('each column stops at the step limit on its own and says so in its figures', async () => {
    fourColumns({ mcpStepLimit: 2 });
    keepCalling = true;
    await ask('Add. [[call]]');
    await expect.poll(statuses).toEqual(['asking', 'asking', 'asking', 'asking']);
    await t.store.getState().alwaysRunMcpInComparison(callOf(0)!.key);
    // a prompt and two rounds of results per column, then the third reply's calls wait for the user
    await expect.poll(() => columns().map((c) => figures(c)?.limitReached)).toEqual([true, true, true, true]);
    expect(resultSends()).toHaveLength(8);
    expect(columns().map((c) => figures(c)?.steps)).toEqual([2, 2, 2, 2]);
    for (const c of columns())
      expect(t.store.getState().autoStopped[c.conversationId!]).toMatch(/Stopped after 2 tool steps/);
    // tool time: each round's call, summed (the first column's first call took 40 ms, the rest 7)
    expect(columns().map((c) => figures(c)?.toolMs)).toEqual([47, 14, 14, 14]);
  });

  it('Stop ends every column’s running calls, and nothing is sent after them', async () => {
    fourColumns();
    await ask('Slow. [[slow]]');
    await expect.poll(statuses).toEqual(['asking', 'asking', 'asking', 'asking']);
    for (let i = 0; i < 4; i++) t.store.getState().runMcpCall(callOf(i)!.key);
    await expect.poll(() => slowCalls.size).toBe(4);
    expect(statuses()).toEqual(['running', 'running', 'running', 'running']);
    expect(selectCompareBusy(t.store.getState())).toBe(true);

    await t.store.getState().stopCompare();
    expect(statuses()).toEqual(['stopped', 'stopped', 'stopped', 'stopped']);
    expect(h.inputs('abortRequest')).toHaveLength(4);
    expect(selectCompareBusy(t.store.getState())).toBe(false);
    expect(resultSends()).toHaveLength(0);
  });

  it('a call to a function typed by hand is left to the column’s results form, as before', async () => {
    fourColumns({
      params: { tools: [{ name: 'get_weather', description: '', parameters: '{"type":"object"}' }] },
    });
    await ask('Weather. [[typed]]');
    await expect
      .poll(() => columns().map((c) => c.turns.at(-1)?.toolCalls?.[0]?.name))
      .toEqual(FORMATS.map(() => 'get_weather'));
    expect(Object.keys(t.store.getState().mcpCalls)).toHaveLength(0);
    expect(resultSends()).toHaveLength(0);
    expect(selectCompareBusy(t.store.getState())).toBe(false);
  });

  it('switching a column’s server tools makes its conversation ask again', async () => {
    fourColumns();
    await ask('Add. [[call]]');
    await expect.poll(statuses).toEqual(['asking', 'asking', 'asking', 'asking']);
    await t.store.getState().alwaysRunMcpInComparison(callOf(0)!.key);
    await expect.poll(lastTexts).toEqual(['answered: 3', 'answered: 3', 'answered: 3', 'answered: 3']);
    t.store.getState().setCompareParams('all', { ...t.store.getState().compareParams, mcpTools: [ADD] });
    for (const c of columns()) expect(t.store.getState().mcpAlways[c.conversationId!]).toEqual([]);
  });

  it('the server tools are kept with the comparison: in the settings and in each column’s conversation', async () => {
    setUpColumns(t, FORMATS);
    // switched on in the shared set, as the Tools section does
    t.store.getState().setCompareParams('all', { ...t.store.getState().compareParams, mcpTools: REFS });
    await expect.poll(() => h.settings.compareParams?.mcpTools, { timeout: 5_000 }).toEqual(REFS);
    await ask('Hello');
    const created = h.inputs('createConversation') as { params: Params }[];
    expect(created.map((c) => c.params.mcpTools)).toEqual(FORMATS.map(() => REFS));

    // opened again later (another page, the same host): every column has them again
    const other = freshStore();
    other.setBridge(h.bridge);
    const convs = columns().map((c) => h.conversations.get(c.conversationId!)!);
    other.store.setState({ comparisons: [comparisonOf('cmp', convs)], settings: h.settings });
    expect(await other.store.getState().openComparison('cmp')).toBe(true);
    const reopened = other.store.getState();
    expect(reopened.compareSameParams).toBe(true);
    expect(reopened.compareParams.mcpTools).toEqual(REFS);
  });
});
