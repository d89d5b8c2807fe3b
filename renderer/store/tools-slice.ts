import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { Turn } from '../../shared/conversation.ts';
import type { McpToolRef, ToolCall, ToolDef, ToolResult } from '../../shared/tools.ts';
import type { StoreRuntime } from './runtime.ts';
import { defaultParams } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import {
  boundedToolDrafts,
  type FunctionDraft,
  type ToolDrafts,
  type ToolsDraft,
} from '../../shared/tool-drafts.ts';
import { keptDraftProblem } from './tool-drafts.ts';
import { t } from '../i18n/active.ts';

/**
 * Two models whose functions all answer with fixed results could call each other forever: after this
 * many automatic answers in a row the app stops and asks the user.
 */
export const MAX_AUTO_ROUNDS = 5;

/** One result as typed in the form under a reply with calls. */
export interface ToolResultDraft {
  content: string;
  isError: boolean;
}

/**
 * Function calls in the chat tabs and Compare's columns: the results being typed (kept in the store, so a
 * form scrolled out of the virtual list loses nothing), and automatic answers where every called function
 * has a fixed result. Sending itself is the replies slice's (`sendToolResults`) or the compare slice's
 * (`answerColumnCalls`), so it runs and streams like any send.
 */
export interface ToolsSlice {
  /** results typed so far, by reply turn id, then call id */
  toolDrafts: Record<string, Record<string, ToolResultDraft>>;
  setToolDraft(replyId: string, callId: string, draft: ToolResultDraft): void;
  clearToolDrafts(replyId: string): void;
  /** automatic answers sent in a row, by conversation id */
  autoRounds: Record<string, number>;
  /** why automatic answers stopped in a conversation (shown with the results form) */
  autoStopped: Record<string, string>;
  /**
   * Called when a reply has arrived: answers its calls when every called function has a fixed result,
   * up to MAX_AUTO_ROUNDS in a row (`afterAuto`: the reply answered an automatic send).
   */
  afterReply(conversationId: string, reply: Turn, afterAuto: boolean): void;
  /**
   * The same for a reply kept elsewhere (a Compare column): `at` says whether the reply still ends its
   * conversation, the functions on screen, and how to send the results (as an automatic answer).
   */
  autoAnswer(conversationId: string, reply: Turn, afterAuto: boolean, at: AutoAnswerAt): void;

  /**
   * Functions typed in the Tools section that do not all pass the checks yet, by scope (a conversation id,
   * or `new:<format>`): changed this session (null: none any more); the rest come from the settings, where
   * they are kept across restarts. Read them with `selectToolsDraft`.
   */
  toolsDrafts: Record<string, ToolsDraft | null>;
  /** Keeps (or, with null, forgets) the scope's draft, and saves all drafts with the settings shortly. */
  setToolsDraft(scope: string, functions: readonly FunctionDraft[] | null): void;
  /**
   * A tab's next conversation starts again from the defaults: the system prompt, functions and other
   * parameters remembered from earlier work are dropped (the model stays), with any functions draft.
   */
  resetNewConversation(format: TextFormat): void;
}

/** Where a reply that may be answered automatically lives. */
export interface AutoAnswerAt {
  /** the reply is the last turn of the conversation on screen */
  last: boolean;
  tools: readonly ToolDef[] | undefined;
  /** the conversation's server tools (their calls are asked for and run: mcp-slice.ts) */
  mcpTools?: readonly McpToolRef[] | undefined;
  send(results: ToolResult[]): void;
}

/** The function's "return this JSON every time" result, if it has one. */
export function fixedResultOf(tools: readonly ToolDef[] | undefined, name: string): string | undefined {
  return tools?.find((t) => t.name === name)?.fixedResult;
}

/** Results for every call from the functions' fixed results; undefined when one has none. */
export function fixedResults(
  calls: readonly ToolCall[],
  tools: readonly ToolDef[] | undefined,
): ToolResult[] | undefined {
  const results: ToolResult[] = [];
  for (const c of calls) {
    const content = fixedResultOf(tools, c.name);
    if (content === undefined) return undefined;
    results.push({ callId: c.id, name: c.name, content });
  }
  return results.length > 0 ? results : undefined;
}

/** Where the Tools section of a tab's open conversation (or its next one) keeps its draft. */
export const toolsScope = (format: TextFormat, conversationId: string | null): string =>
  conversationId ?? `new:${format}`;

/** The scope's functions draft: one typed this session, else one kept from before; null when none. */
export function selectToolsDraft(s: StoreState, scope: string): ToolsDraft | null {
  if (scope in s.toolsDrafts) return s.toolsDrafts[scope] ?? null;
  return s.settings?.toolDrafts?.[scope] ?? null;
}

/**
 * Why the functions draft of the tab's open conversation (or next one) cannot be sent: it is not sent while
 * it has problems, and Send waits, whether or not the parameters panel is open. Null when there is none.
 */
export function selectToolsDraftProblem(s: StoreState, format: TextFormat): string | null {
  const draft = selectToolsDraft(s, toolsScope(format, s.activeConversation[format]));
  const problem = draft ? keptDraftProblem(draft) : null;
  return problem === null ? null : t('tools.draft.blocked', { problem });
}

const without = <T>(map: Record<string, T>, key: string): Record<string, T> => {
  if (!(key in map)) return map;
  const next = { ...map };
  delete next[key];
  return next;
};

export const createToolsSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], ToolsSlice> =>
  (set, get) => ({
    toolsDrafts: {},
    setToolsDraft(scope, functions) {
      if (functions === null && selectToolsDraft(get(), scope) === null) return;
      const draft = functions && { functions: [...functions], updatedAt: Date.now() };
      set((s) => ({ toolsDrafts: { ...s.toolsDrafts, [scope]: draft } }));
      // Typing goes quiet before the settings are written: one save per pause, not per key.
      rt.saves.debounce('toolDrafts', async () => {
        const s = get();
        if (!s.settings) return true;
        const merged: ToolDrafts = { ...s.settings.toolDrafts };
        for (const [key, d] of Object.entries(s.toolsDrafts)) {
          if (d) merged[key] = d;
          else delete merged[key];
        }
        // only drafts of conversations that still exist (a deleted one's goes with it) and of new ones
        const known = new Set(s.conversations.map((c) => c.id));
        const keep = (key: string) =>
          key.startsWith('new:') || s.conversationsStatus !== 'ready' || known.has(key);
        return get().updateSettings({ toolDrafts: boundedToolDrafts(merged, keep) });
      });
    },
    resetNewConversation(format) {
      if (get().activeConversation[format] !== null) return;
      get().setToolsDraft(toolsScope(format, null), null);
      get().setParams(format, defaultParams(format));
      // the panel's fields start again from the defaults, as after applying a preset
      set((s) => ({
        invalidParams: { ...s.invalidParams, [format]: {} },
        presetRevision: { ...s.presetRevision, [format]: s.presetRevision[format] + 1 },
      }));
    },
    toolDrafts: {},
    setToolDraft(replyId, callId, draft) {
      set((s) => ({
        toolDrafts: { ...s.toolDrafts, [replyId]: { ...s.toolDrafts[replyId], [callId]: draft } },
      }));
    },
    clearToolDrafts(replyId) {
      set((s) => ({ toolDrafts: without(s.toolDrafts, replyId) }));
    },
    autoRounds: {},
    autoStopped: {},
    afterReply(conversationId, reply, afterAuto) {
      const conv = get().loaded[conversationId];
      get().autoAnswer(conversationId, reply, afterAuto, {
        last: conv?.turns.at(-1)?.id === reply.id,
        tools: conv?.params.tools,
        mcpTools: conv?.params.mcpTools,
        send: (results) => void get().sendToolResults(conversationId, results, { auto: true }),
      });
    },
    autoAnswer(conversationId, reply, afterAuto, at) {
      // calls to server tools are asked for and run first; their results then go back by `at.send`
      if (reply.status === 'complete' && at.last && reply.toolCalls) {
        const fixed: Record<string, string> = {};
        for (const c of reply.toolCalls) {
          const content = fixedResultOf(at.tools, c.name);
          if (content !== undefined) fixed[c.id] = content;
        }
        const own = (at.tools ?? []).map((d) => d.name);
        if (get().beginMcpCalls(conversationId, reply, at.mcpTools, own, afterAuto, { send: at.send, fixed }))
          return;
      }
      const rounds = afterAuto ? (get().autoRounds[conversationId] ?? 0) : 0;
      // only a finished reply still at the end of the branch on screen (a stopped one is the user's call)
      const results =
        reply.status === 'complete' && at.last && reply.toolCalls
          ? fixedResults(reply.toolCalls, at.tools)
          : undefined;
      if (!results) {
        set((s) => ({
          autoRounds: without(s.autoRounds, conversationId),
          autoStopped: without(s.autoStopped, conversationId),
        }));
        return;
      }
      if (rounds >= MAX_AUTO_ROUNDS) {
        set((s) => ({
          autoRounds: without(s.autoRounds, conversationId),
          autoStopped: {
            ...s.autoStopped,
            [conversationId]: t('notices.tools.autoStopped', { max: MAX_AUTO_ROUNDS }),
          },
        }));
        return;
      }
      set((s) => ({
        autoRounds: { ...s.autoRounds, [conversationId]: rounds + 1 },
        autoStopped: without(s.autoStopped, conversationId),
      }));
      at.send(results);
    },
  });
