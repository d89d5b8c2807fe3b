// The page's side of a reply's calls to server tools: asked for first, run on Run (or at once once always
// allowed in the conversation), denied with a reason, stopped, and answered automatically only up to the
// step limit in a row.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Turn } from '../../shared/conversation.ts';
import { DEFAULT_SETTINGS } from '../../shared/default-settings.ts';
import type { McpCallResult, McpToolRef } from '../../shared/mcp.ts';
import type { ToolResult } from '../../shared/tools.ts';
import type { AppStore } from '../../renderer/store/index.ts';
import { mcpCallKey } from '../../renderer/store/mcp-slice.ts';
import { fakeBridge, freshStore, ok } from './fake-bridge.ts';

const REFS = [{ server: 'local', tool: 'add' }];

function reply(id: string, calls: [string, string][]): Turn {
  return {
    id,
    role: 'assistant',
    text: '',
    status: 'complete',
    model: 'm',
    createdAt: 1,
    toolCalls: calls.map(([callId, name]) => ({ id: callId, name, arguments: '{"a":1,"b":2}' })),
  } as Turn;
}

let store: AppStore;
let fake: ReturnType<typeof fakeBridge>;
let sent: ToolResult[][];
let release: (() => void) | undefined;
/** the host's "always run" lists, by conversation: kept across the page's stores as across reloads */
let hostAlways: Record<string, McpToolRef[]>;
const at = { send: (r: ToolResult[]) => sent.push(r), fixed: {} };

function fakeHost() {
  return fakeBridge({
    getMcpAlways: async ({ conversationId }) => ok(hostAlways[conversationId] ?? []),
    setMcpAlways: async ({ conversationId, tools }) => {
      hostAlways[conversationId] = tools;
      return ok(tools);
    },
    denyMcpTool: async (input) =>
      ok({
        id: 'run1',
        conversationId: input.run.conversationId,
        server: input.server,
        tool: input.tool,
        status: 'denied' as const,
        startedAt: 1,
        ms: 0,
      }),
    callMcpTool: async (input) => {
      if (input.requestId && release === undefined && input.arguments.includes('"slow"')) {
        await new Promise<void>((resolve) => (release = resolve));
      }
      const result: McpCallResult = {
        server: input.server,
        tool: input.tool,
        content: input.tool === 'chart' ? [{ type: 'image', image: CHART }] : [{ type: 'text', text: '3' }],
        isError: false,
        truncated: false,
        ms: 5,
      };
      return ok(result);
    },
    abortRequest: () => ok({ aborted: true }),
  });
}

/** A tool's image as the host answers with it: a stored file's description, never its bytes. */
const CHART = {
  id: 'att-chart',
  name: 'local-chart-1.png',
  mimeType: 'image/png',
  kind: 'image' as const,
  bytes: 120,
  width: 64,
  height: 64,
};

beforeEach(() => {
  const t = freshStore();
  store = t.store;
  sent = [];
  hostAlways = {};
  fake = fakeHost();
  t.setBridge(fake.bridge);
  release = undefined;
});

const status = (replyId: string, callId: string) =>
  store.getState().mcpCalls[mcpCallKey(replyId, callId)]?.status;

describe('calls to server tools on the page', () => {
  it("sends a tool's images back by reference, with a line of text when the tool said nothing else", async () => {
    const refs = [{ server: 'local', tool: 'chart' }];
    store.getState().beginMcpCalls('c1', reply('r9', [['k9', 'local__chart']]), refs, [], false, at);
    store.getState().runMcpCall(mcpCallKey('r9', 'k9'));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual([
      { callId: 'k9', name: 'local__chart', content: '(The tool returned an image.)', images: [CHART] },
    ]);
  });

  it('asks first, runs on Run and sends the result back', async () => {
    expect(
      store.getState().beginMcpCalls('c1', reply('r1', [['k1', 'local__add']]), REFS, [], false, at),
    ).toBe(true);
    expect(status('r1', 'k1')).toBe('asking');
    expect(fake.calls.filter((c) => c.op === 'callMcpTool')).toHaveLength(0);
    store.getState().runMcpCall(mcpCallKey('r1', 'k1'));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual([{ callId: 'k1', name: 'local__add', content: '3' }]);
    expect(fake.calls.find((c) => c.op === 'callMcpTool')?.input).toMatchObject({
      server: 'local',
      tool: 'add',
      arguments: '{"a":1,"b":2}',
      // recorded with its conversation, reply and call (the inspector's tool run)
      run: { conversationId: 'c1', replyId: 'r1', callId: 'k1' },
    });
  });

  it('sends a denial with its reason, and leaves a call to another function alone', () => {
    expect(
      store
        .getState()
        .beginMcpCalls('c1', reply('r1', [['k1', 'get_weather']]), REFS, ['get_weather'], false, at),
    ).toBe(false);
    store.getState().beginMcpCalls('c1', reply('r2', [['k2', 'local__add']]), REFS, [], false, at);
    store.getState().denyMcpCall(mcpCallKey('r2', 'k2'), 'not now');
    expect(sent).toEqual([
      [
        {
          callId: 'k2',
          name: 'local__add',
          content: 'The user denied this tool call. Reason: not now.',
          isError: true,
        },
      ],
    ]);
    expect(fake.calls.find((c) => c.op === 'denyMcpTool')?.input).toMatchObject({
      reason: 'not now',
      run: { conversationId: 'c1', replyId: 'r2', callId: 'k2' },
    });
  });

  it('runs a tool always allowed in the conversation without asking, there only', async () => {
    store.getState().beginMcpCalls('c1', reply('r1', [['k1', 'local__add']]), REFS, [], false, at);
    store.getState().alwaysRunMcp(mcpCallKey('r1', 'k1'));
    await expect.poll(() => sent.length).toBe(1);
    store.getState().beginMcpCalls('c1', reply('r2', [['k2', 'local__add']]), REFS, [], true, at);
    await expect.poll(() => sent.length).toBe(2);
    store.getState().beginMcpCalls('c2', reply('r3', [['k3', 'local__add']]), REFS, [], false, at);
    await expect.poll(() => store.getState().mcpAlways['c2']).toEqual([]);
    expect(status('r3', 'k3')).toBe('asking');
  });

  it('"always" is kept by the host: a reloaded page runs the tool without asking, until asked again', async () => {
    store.getState().beginMcpCalls('c1', reply('r1', [['k1', 'local__add']]), REFS, [], false, at);
    store.getState().alwaysRunMcp(mcpCallKey('r1', 'k1'));
    await expect.poll(() => hostAlways['c1']).toEqual(REFS);
    await expect.poll(() => sent.length).toBe(1);

    // a reload: a new page with nothing in memory, the same host
    const reloaded = freshStore();
    const again = fakeHost();
    reloaded.setBridge(again.bridge);
    reloaded.store.getState().beginMcpCalls('c1', reply('r2', [['k2', 'local__add']]), REFS, [], false, at);
    await expect.poll(() => sent.length).toBe(2);
    expect(again.calls.some((c) => c.op === 'getMcpAlways')).toBe(true);

    await reloaded.store.getState().clearMcpAlways('c1');
    expect(hostAlways['c1']).toEqual([]);
    reloaded.store.getState().beginMcpCalls('c1', reply('r3', [['k3', 'local__add']]), REFS, [], false, at);
    expect(reloaded.store.getState().mcpCalls[mcpCallKey('r3', 'k3')]?.status).toBe('asking');
  });

  it('stops answering by itself at the step limit and says so', async () => {
    store.setState({ settings: { ...DEFAULT_SETTINGS, mcpStepLimit: 2 } });
    store.getState().beginMcpCalls('c1', reply('r1', [['k1', 'local__add']]), REFS, [], false, at);
    store.getState().alwaysRunMcp(mcpCallKey('r1', 'k1'));
    await expect.poll(() => sent.length).toBe(1);
    store.getState().beginMcpCalls('c1', reply('r2', [['k2', 'local__add']]), REFS, [], true, at);
    await expect.poll(() => sent.length).toBe(2);
    store.getState().beginMcpCalls('c1', reply('r3', [['k3', 'local__add']]), REFS, [], true, at);
    expect(status('r3', 'k3')).toBeUndefined();
    expect(sent).toHaveLength(2);
    expect(store.getState().autoStopped['c1']).toMatch(/Stopped after 2 tool steps/);
  });

  it('Stop ends a running call in the host and sends nothing', async () => {
    const r = reply('r1', [['k1', 'local__add']]);
    r.toolCalls![0]!.arguments = '{"slow":true}';
    store.getState().beginMcpCalls('c1', r, REFS, [], false, at);
    store.getState().runMcpCall(mcpCallKey('r1', 'k1'));
    expect(status('r1', 'k1')).toBe('running');
    store.getState().stopMcpCalls('c1');
    expect(status('r1', 'k1')).toBe('stopped');
    expect(fake.calls.some((c) => c.op === 'abortRequest')).toBe(true);
    release?.();
    await expect.poll(() => fake.calls.filter((c) => c.op === 'callMcpTool').length).toBe(1);
    expect(sent).toEqual([]);
  });
});
