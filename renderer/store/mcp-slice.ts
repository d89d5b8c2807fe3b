import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { StoreRuntime } from './runtime.ts';
import type { Turn } from '../../shared/conversation.ts';
import { MCP_DENY_REASON_CHARS, MCP_STEP_LIMIT } from '../../shared/limits.ts';
import {
  mcpFunctionNames,
  mcpResultImages,
  mcpResultText,
  MCP_RESULT_WORDS,
  type McpCallResult,
  type McpOverview,
  type McpToolRef,
} from '../../shared/mcp.ts';
import type { ToolCall, ToolResult } from '../../shared/tools.ts';
import { t } from '../i18n/active.ts';

/** One call of a reply to a server's tool, from asking to its result. */
export interface McpCallState {
  conversationId: string;
  replyId: string;
  call: ToolCall;
  ref: McpToolRef;
  status: 'asking' | 'running' | 'done' | 'denied' | 'stopped';
  requestId?: string;
  result?: McpCallResult;
  /** why the user denied it */
  reason?: string;
}

/**
 * Per conversation, whether a server tool call waits for the user (asking) or runs; asking wins. What a
 * Compare column says on its tab, and why "Send to all" waits.
 */
export function mcpCallsByConversation(
  calls: Record<string, McpCallState>,
): Map<string, 'asking' | 'running'> {
  const by = new Map<string, 'asking' | 'running'>();
  for (const c of Object.values(calls))
    if (c.status === 'asking' || (c.status === 'running' && !by.has(c.conversationId)))
      by.set(c.conversationId, c.status);
  return by;
}

/** Where the results of a reply go once every call has one (the chat tab's send or a Compare column's). */
export interface McpAnswerAt {
  send(results: ToolResult[]): void;
  /** the fixed results of the reply's other calls, by call id */
  fixed: Record<string, string>;
}

/**
 * Tools of the servers in mcp.json: the host's list (Settings, the Tools section), and the calls a reply
 * makes to them. Each call waits for the user's Run (or runs at once when the user chose "always" for that
 * tool in that conversation), runs in the host, and when every call of the reply has a result they go back
 * as one automatic answer, up to the step limit in a row (a setting).
 */
export interface McpSlice {
  mcp: McpOverview | null;
  mcpLoading: boolean;
  loadMcp(start?: boolean): Promise<void>;
  reloadMcp(): Promise<void>;
  setMcpEnabled(name: string, enabled: boolean): Promise<void>;
  /** by `${replyId}:${callId}` */
  mcpCalls: Record<string, McpCallState>;
  /**
   * The server tools the user lets run without asking, by conversation: kept by the host with the
   * conversation (cleared when its tools change), read the first time a reply there calls one.
   */
  mcpAlways: Record<string, McpToolRef[]>;
  /** automatic answers with server results in a row, by conversation */
  mcpSteps: Record<string, number>;
  /**
   * The reply whose calls were left to the user because the step limit was reached, by conversation (a
   * Compare column's figures say so while it is the column's last reply).
   */
  mcpLimitReached: Record<string, string>;
  /**
   * A reply arrived with calls: starts what it can (asking first) and returns true when some call goes to
   * a server tool, so the fixed-results path leaves the reply alone.
   */
  beginMcpCalls(
    conversationId: string,
    reply: Turn,
    refs: readonly McpToolRef[] | undefined,
    ownNames: readonly string[],
    afterAuto: boolean,
    at: McpAnswerAt,
  ): boolean;
  runMcpCall(key: string): void;
  denyMcpCall(key: string, reason: string): void;
  alwaysRunMcp(key: string): void;
  /**
   * Lets the tool run without asking in the conversation from now on (kept by the host with it), and runs
   * its calls there that wait to be asked. What "always" does for one conversation, and for every column
   * of a comparison in turn.
   */
  allowMcpTool(conversationId: string, ref: McpToolRef): Promise<void>;
  /** The tools panel: every tool of the conversation asks again. */
  clearMcpAlways(conversationId: string): Promise<void>;
  /** Reads the conversation's "always" list from the host, once (the tools panel, a reply's calls). */
  loadMcpAlways(conversationId: string): Promise<McpToolRef[]>;
  /** The conversation's server tools changed: the host forgets its "always" list, and so does the page. */
  mcpToolsChanged(conversationId: string): void;
  /** Stop: ends the conversation's running calls (their results say they were stopped; nothing is sent) */
  stopMcpCalls(conversationId: string): void;
}

const sameRef = (a: McpToolRef, b: McpToolRef) => a.server === b.server && a.tool === b.tool;

const without = <T>(map: Record<string, T>, key: string): Record<string, T> => {
  if (!(key in map)) return map;
  const next = { ...map };
  delete next[key];
  return next;
};

/** Where the host records the call's run: its conversation, reply and call. */
const placeOf = (state: McpCallState) => ({
  conversationId: state.conversationId,
  replyId: state.replyId,
  callId: state.call.id,
});

export const mcpCallKey = (replyId: string, callId: string) => `${replyId}:${callId}`;

/** The result a call's state sends back, or undefined while it has none. */
export function mcpToolResult(state: McpCallState): ToolResult | undefined {
  const base = { callId: state.call.id, name: state.call.name };
  if (state.status === 'done' && state.result) {
    const text = mcpResultText(state.result);
    // images by reference: the host reads their files when it builds the request
    const images = mcpResultImages(state.result);
    const none = images.length > 0 ? MCP_RESULT_WORDS.imagesOnly(images.length) : MCP_RESULT_WORDS.empty;
    return {
      ...base,
      content: text === '' ? none : text,
      ...(state.result.isError ? { isError: true } : {}),
      ...(images.length > 0 ? { images } : {}),
    };
  }
  if (state.status === 'denied') {
    return {
      ...base,
      content: MCP_RESULT_WORDS.denied(state.reason ?? ''),
      isError: true,
    };
  }
  if (state.status === 'stopped') return { ...base, content: MCP_RESULT_WORDS.stopped, isError: true };
  return undefined;
}

export const createMcpSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], McpSlice> =>
  (set, get) => {
    /** Replies whose calls are being answered: where their results go. Not state: nothing draws it. */
    const answering = new Map<string, { conversationId: string; calls: ToolCall[]; at: McpAnswerAt }>();

    const patch = (key: string, next: Partial<McpCallState>) =>
      set((s) => {
        const cur = s.mcpCalls[key];
        return cur ? { mcpCalls: { ...s.mcpCalls, [key]: { ...cur, ...next } } } : {};
      });

    /** Sends the reply's results once every call has one; a stopped call leaves them to the user. */
    const settle = (replyId: string) => {
      const pending = answering.get(replyId);
      if (!pending) return;
      const results: ToolResult[] = [];
      for (const c of pending.calls) {
        const state = get().mcpCalls[mcpCallKey(replyId, c.id)];
        if (state?.status === 'stopped') {
          answering.delete(replyId);
          return;
        }
        const r = state
          ? mcpToolResult(state)
          : pending.at.fixed[c.id] !== undefined
            ? { callId: c.id, name: c.name, content: pending.at.fixed[c.id]! }
            : undefined;
        if (!r) return;
        results.push(r);
      }
      answering.delete(replyId);
      // what the user sees in the results form too, should the send not go
      for (const r of results)
        get().setToolDraft(replyId, r.callId, { content: r.content, isError: r.isError === true });
      pending.at.send(results);
    };

    return {
      mcp: null,
      mcpLoading: false,
      async loadMcp(start) {
        set({ mcpLoading: true });
        const r = await rt.bridge().listMcpServers(start ? { start: true } : {});
        set({ mcpLoading: false });
        if (r.ok) set({ mcp: r.value });
        else get().notify(t('mcp.notices.listFailed', { message: r.error.message }), 'error');
      },
      async reloadMcp() {
        set({ mcpLoading: true });
        const r = await rt.bridge().reloadMcpConfig({});
        set({ mcpLoading: false });
        if (r.ok) set({ mcp: r.value });
        else get().notify(t('mcp.notices.listFailed', { message: r.error.message }), 'error');
      },
      async setMcpEnabled(name, enabled) {
        const r = await rt.bridge().setMcpServerEnabled({ name, enabled });
        if (!r.ok) {
          get().notify(r.error.message, 'error');
          return;
        }
        set((s) =>
          s.mcp
            ? { mcp: { ...s.mcp, servers: s.mcp.servers.map((x) => (x.name === name ? r.value : x)) } }
            : {},
        );
      },
      mcpCalls: {},
      mcpAlways: {},
      mcpSteps: {},
      mcpLimitReached: {},
      beginMcpCalls(conversationId, reply, refs, ownNames, afterAuto, at) {
        const calls = reply.toolCalls ?? [];
        if (!refs || refs.length === 0 || calls.length === 0) return false;
        const names = mcpFunctionNames(ownNames, refs);
        if (!calls.some((c) => names.has(c.name))) return false;
        const steps = afterAuto ? (get().mcpSteps[conversationId] ?? 0) : 0;
        const limit = get().settings?.mcpStepLimit ?? MCP_STEP_LIMIT.default;
        if (steps >= limit) {
          set((s) => ({
            mcpSteps: { ...s.mcpSteps, [conversationId]: 0 },
            mcpLimitReached: { ...s.mcpLimitReached, [conversationId]: reply.id },
            autoStopped: { ...s.autoStopped, [conversationId]: t('mcp.notices.stepLimit', { max: limit }) },
          }));
          return true;
        }
        set((s) => ({
          mcpSteps: { ...s.mcpSteps, [conversationId]: steps + 1 },
          mcpLimitReached: without(s.mcpLimitReached, conversationId),
        }));
        const added: Record<string, McpCallState> = {};
        for (const call of calls) {
          const ref = names.get(call.name);
          if (ref)
            added[mcpCallKey(reply.id, call.id)] = {
              conversationId,
              replyId: reply.id,
              call,
              ref,
              status: 'asking',
            };
        }
        set((s) => ({ mcpCalls: { ...s.mcpCalls, ...added } }));
        answering.set(reply.id, { conversationId, calls, at });
        // parallel calls run at once, each on its own: those of tools always allowed here without asking
        const runAllowed = (always: readonly McpToolRef[]) => {
          for (const [key, state] of Object.entries(added))
            if (always.some((r) => sameRef(r, state.ref))) get().runMcpCall(key);
        };
        const known = get().mcpAlways[conversationId];
        if (known) runAllowed(known);
        else void get().loadMcpAlways(conversationId).then(runAllowed);
        return true;
      },
      runMcpCall(key) {
        const state = get().mcpCalls[key];
        if (!state || (state.status !== 'asking' && state.status !== 'stopped')) return;
        const requestId = crypto.randomUUID();
        patch(key, { status: 'running', requestId });
        void rt
          .bridge()
          .callMcpTool({
            requestId,
            server: state.ref.server,
            tool: state.ref.tool,
            arguments: state.call.arguments,
            run: placeOf(state),
          })
          .then((r) => {
            if (get().mcpCalls[key]?.status !== 'running') return; // stopped meanwhile
            if (r.ok) patch(key, { status: 'done', result: r.value });
            else if (r.error.kind === 'aborted') patch(key, { status: 'stopped' });
            else
              patch(key, {
                status: 'done',
                result: {
                  server: state.ref.server,
                  tool: state.ref.tool,
                  content: [{ type: 'text', text: r.error.message }],
                  isError: true,
                  truncated: false,
                  ms: 0,
                },
              });
            settle(state.replyId);
          });
      },
      denyMcpCall(key, reason) {
        const state = get().mcpCalls[key];
        if (!state || state.status !== 'asking') return;
        patch(key, { status: 'denied', reason: reason.trim() });
        // the inspector's record of it, asked for before the results go (so it is listed before their
        // request); the denial itself does not wait for it
        void rt
          .bridge()
          .denyMcpTool({
            server: state.ref.server,
            tool: state.ref.tool,
            arguments: state.call.arguments,
            reason: reason.trim().slice(0, MCP_DENY_REASON_CHARS),
            run: placeOf(state),
          })
          .then((r) => {
            if (!r.ok) get().notify(t('mcp.notices.notRecorded', { message: r.error.message }), 'error');
          });
        settle(state.replyId);
      },
      alwaysRunMcp(key) {
        const state = get().mcpCalls[key];
        if (state) void get().allowMcpTool(state.conversationId, state.ref);
      },
      async allowMcpTool(conversationId, ref) {
        // the list the host keeps is added to, never replaced by a page that has not read it yet
        const before = get().mcpAlways[conversationId] ?? (await get().loadMcpAlways(conversationId));
        const next = before.some((r) => sameRef(r, ref)) ? before : [...before, ref];
        set((s) => ({ mcpAlways: { ...s.mcpAlways, [conversationId]: next } }));
        // the calls to the same tool that wait to be asked in a reply being answered there run too
        for (const [k, other] of Object.entries(get().mcpCalls)) {
          if (
            other.conversationId === conversationId &&
            sameRef(other.ref, ref) &&
            answering.has(other.replyId)
          )
            get().runMcpCall(k);
        }
        // kept with the conversation, so a reload or restart still runs it without asking
        const r = await rt.bridge().setMcpAlways({ conversationId, tools: next });
        if (r.ok) set((s) => ({ mcpAlways: { ...s.mcpAlways, [conversationId]: r.value } }));
        else get().notify(t('mcp.notices.alwaysNotKept', { message: r.error.message }), 'error');
      },
      async clearMcpAlways(conversationId) {
        const r = await rt.bridge().setMcpAlways({ conversationId, tools: [] });
        if (r.ok) set((s) => ({ mcpAlways: { ...s.mcpAlways, [conversationId]: r.value } }));
        else get().notify(t('mcp.notices.alwaysNotKept', { message: r.error.message }), 'error');
      },
      async loadMcpAlways(conversationId) {
        const known = get().mcpAlways[conversationId];
        if (known) return known;
        const r = await rt.bridge().getMcpAlways({ conversationId });
        // a conversation not stored yet (or gone) allows nothing without asking
        const refs = r.ok ? r.value : [];
        const now = get().mcpAlways[conversationId];
        if (now) return now; // the user chose meanwhile: that wins
        set((s) => ({ mcpAlways: { ...s.mcpAlways, [conversationId]: refs } }));
        return refs;
      },
      mcpToolsChanged(conversationId) {
        set((s) => ({ mcpAlways: { ...s.mcpAlways, [conversationId]: [] } }));
      },
      stopMcpCalls(conversationId) {
        for (const [key, state] of Object.entries(get().mcpCalls)) {
          if (state.conversationId !== conversationId || state.status !== 'running') continue;
          patch(key, { status: 'stopped' });
          if (state.requestId) void rt.bridge().abortRequest({ requestId: state.requestId });
          answering.delete(state.replyId);
        }
      },
    };
  };
