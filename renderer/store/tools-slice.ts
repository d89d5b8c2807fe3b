import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { Turn } from '../../shared/conversation.ts';
import type { ToolCall, ToolDef, ToolResult } from '../../shared/tools.ts';
import type { StoreRuntime } from './runtime.ts';
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
}

/** Where a reply that may be answered automatically lives. */
export interface AutoAnswerAt {
  /** the reply is the last turn of the conversation on screen */
  last: boolean;
  tools: readonly ToolDef[] | undefined;
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

const without = <T>(map: Record<string, T>, key: string): Record<string, T> => {
  if (!(key in map)) return map;
  const next = { ...map };
  delete next[key];
  return next;
};

export const createToolsSlice =
  (_rt: StoreRuntime): StateCreator<StoreState, [], [], ToolsSlice> =>
  (set, get) => ({
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
        send: (results) => void get().sendToolResults(conversationId, results, { auto: true }),
      });
    },
    autoAnswer(conversationId, reply, afterAuto, at) {
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
