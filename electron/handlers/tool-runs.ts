// Tool runs as part of a conversation's record: each call a reply made to a server's tool, recorded when
// it ends (answered, failed, stopped) or when the user denies it, announced to the page as a `toolRun`
// event, listed by the inspector beside the exchanges; and the conversation's "always run" tools.
import { MCP_RESULT_WORDS, type McpCallResult, type McpToolRef } from '../../shared/mcp.ts';
import {
  toolRunArguments,
  toolRunContent,
  toolRunSummary,
  type ToolRun,
  type ToolRunStatus,
  type ToolRunSummary,
} from '../../shared/tool-runs.ts';
import type { Handlers } from './dispatch.ts';
import { requireConversation, requireTurn } from './conversation-view.ts';
import { localFailure, notFound } from './errors.ts';
import { emitSafely, type Services } from './services.ts';
import type { CallContext } from './types.ts';

export interface ToolRunPlace {
  conversationId: string;
  replyId: string;
  callId: string;
}

export interface ToolRunFacts {
  server: string;
  tool: string;
  arguments: string;
  status: ToolRunStatus;
  result?: McpCallResult;
  /** a failure with no result (a refusal, the server gone): said as the run's text */
  error?: string;
  reason?: string;
  startedAt: number;
  ms: number;
}

/** Whether the place names a reply of a conversation that exists (a run of nothing is not recorded). */
export function checkPlace(s: Services, place: ToolRunPlace): void {
  requireConversation(s, place.conversationId);
  requireTurn(s, place.conversationId, place.replyId, 'run.replyId');
}

/** Stores the run and tells the caller's page; a failure to store is logged, never the call's failure. */
export function recordToolRun(
  s: Services,
  ctx: CallContext | undefined,
  place: ToolRunPlace,
  facts: ToolRunFacts,
): ToolRunSummary | undefined {
  const args = toolRunArguments(facts.arguments);
  const fromResult = facts.result
    ? toolRunContent(facts.result)
    : {
        content: facts.error === undefined ? [] : [{ type: 'text' as const, text: facts.error }],
        truncated: false,
      };
  const stopped =
    facts.status === 'stopped' ? [{ type: 'text' as const, text: MCP_RESULT_WORDS.stopped }] : [];
  const run: ToolRun = {
    id: crypto.randomUUID(),
    ...place,
    server: facts.server,
    tool: facts.tool,
    arguments: args.text,
    status: facts.status,
    content: [...fromResult.content, ...stopped],
    truncated: fromResult.truncated || args.cut,
    ...(facts.reason === undefined ? {} : { reason: facts.reason }),
    startedAt: facts.startedAt,
    ms: Math.max(0, Math.min(86_400_000, Math.round(facts.ms))),
  };
  try {
    s.store.toolRuns.put(run);
  } catch (e) {
    s.log.error(`mcp: the run of ${facts.server}/${facts.tool} could not be recorded`, e);
    return undefined;
  }
  const summary = toolRunSummary(run);
  emitSafely(s, ctx, 'toolRun', { summary });
  return summary;
}

/** The tools still switched on in the conversation, in the order asked, each once. */
function keptRefs(s: Services, conversationId: string, refs: readonly McpToolRef[]): McpToolRef[] {
  const on = requireConversation(s, conversationId).params.mcpTools ?? [];
  const key = (r: McpToolRef) => `${r.server}\u0000${r.tool}`;
  const allowed = new Set(on.map(key));
  const seen = new Set<string>();
  return refs.filter((r) => {
    const k = key(r);
    if (!allowed.has(k) || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function toolRunHandlers(
  s: Services,
): Pick<Handlers, 'listToolRuns' | 'getToolRun' | 'denyMcpTool' | 'getMcpAlways' | 'setMcpAlways'> {
  return {
    async listToolRuns({ limit, before }) {
      return s.store.toolRuns.list({ limit: limit ?? 100, before });
    },
    async getToolRun({ id }) {
      const run = s.store.toolRuns.get(id);
      if (!run) throw notFound('This tool run is no longer kept (it goes with its conversation).');
      return run;
    },
    async denyMcpTool({ server, tool, arguments: text, reason, run: place }, ctx) {
      checkPlace(s, place);
      s.log.info(`mcp: ${server}/${tool} denied by the user`);
      const summary = recordToolRun(s, ctx, place, {
        server,
        tool,
        arguments: text,
        status: 'denied',
        reason: reason.trim(),
        startedAt: s.now(),
        ms: 0,
      });
      if (!summary) throw localFailure('The denial could not be recorded in the data folder.');
      return summary;
    },
    async getMcpAlways({ conversationId }) {
      return keptRefs(s, conversationId, s.store.mcpAlways.get(conversationId));
    },
    async setMcpAlways({ conversationId, tools }) {
      const kept = keptRefs(s, conversationId, tools);
      s.store.mcpAlways.set(conversationId, kept);
      return kept;
    },
  };
}
