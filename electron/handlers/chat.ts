// Sending a turn: the user turn is committed before any request, so it is never lost; the reply is
// stored whatever happens (complete, partial with what arrived, or an error), and both come back.
// Branches: a new message follows the branch on screen; an edit is a new version beside the edited
// message (same parent) and a regenerate a new version beside the reply, so nothing is ever replaced,
// except a failed reply without text. The history sent is the branch down to the user turn.
import { storeReplyImages } from './reply-images.ts';
import { randomUUID } from 'node:crypto';
import type { SendResult } from '../../shared/contract.ts';
import {
  filesOfTurn,
  isUsableModelId,
  MAX_FINISH_REASON_CHARS,
  type Turn,
} from '../../shared/conversation.ts';
import type { ToolResult } from '../../shared/tools.ts';
import type { AppError } from '../../shared/errors.ts';
import { ApiError, validateTurnInput, type ServiceClient, type TurnReply } from '../core/index.ts';
import { messageAttachmentsProblem } from '../../shared/attachments.ts';
import {
  pathFrom,
  toAttachmentRecord,
  type AttachmentRow,
  type ConversationRow,
  type StoredTurn,
} from '../store/index.ts';
import { readAttachment } from './attachment-files.ts';
import { toolImageIds, withStoredToolImages } from './tool-result-images.ts';
import {
  madeElsewhere,
  requireConversation,
  requireTurn,
  storedPath,
  withDetails,
} from './conversation-view.ts';
import { withoutServiceBound } from '../../shared/service-bound.ts';
import { totalsOf } from '../../shared/usage.ts';
import { DEFAULT_TITLE, titleFrom } from '../../shared/titles.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, localFailure, notFound } from './errors.ts';
import { runRequest } from './requests.ts';
import { requireRoom } from './turn-room.ts';
import { readSettings } from './settings.ts';
import { streamedReplyWriter } from './streamed-reply.ts';
import { MAX_REPLY_CHARS } from '../../shared/limits.ts';
import { endReasonOfError, endReasonOfReply } from '../../shared/end-reason.ts';
import { connectionClient, connectionOfConversation, emitSafely, type Services } from './services.ts';
import type { CallContext } from './types.ts';
import { compact } from '../../shared/compact.ts';
import { nextTurn } from '../core/give-way.ts';
import { withMcpTools } from './mcp.ts';

type Prepare =
  | {
      kind: 'send';
      text: string;
      attachmentIds?: string[] | undefined;
      editTurnId?: string | undefined;
      toolResults?: ToolResult[] | undefined;
    }
  | { kind: 'regenerate'; turnId?: string | undefined };

const STOPPED_MESSAGE = 'You stopped the reply before it was complete.';

/** A reply from another service as it may go to this one (shared/service-bound.ts). */
function withBoundLeftOut(turn: Turn): Turn {
  const { raw, ...rest } = turn;
  const kept = raw !== undefined ? withoutServiceBound(raw) : undefined;
  return kept !== undefined ? { ...rest, raw: kept } : rest;
}

/** What a send or a regenerate will do, worked out (and checked) before anything is stored. */
interface Plan {
  /** the user turn to answer: new (to be stored under `parentId`) or already stored */
  userTurn: Turn;
  isNew: boolean;
  parentId: string | null;
  /** the new user turn's files */
  attachments: AttachmentRow[];
  /** a failed reply without text that the new one replaces instead of standing beside */
  replaces?: string | undefined;
  /** the branch before the user turn, first to last */
  before: StoredTurn[];
}

/** The attachments by id, in order; a clear error for one that is gone. */
function attachmentsOf(s: Services, ids: readonly string[]): AttachmentRow[] {
  return ids.map((id, i) => {
    const row = s.store.attachments.get(id);
    if (!row) {
      throw invalid(
        'An attached file is no longer stored (it may have been removed); attach it again.',
        `attachmentIds.${i}`,
      );
    }
    return row;
  });
}

function planSend(s: Services, conversation: ConversationRow, how: Extract<Prepare, { kind: 'send' }>): Plan {
  let parentId: string | null;
  let attachments: AttachmentRow[];
  if (how.editTurnId !== undefined) {
    const edited = requireTurn(s, conversation.id, how.editTurnId, 'editTurnId');
    if (edited.role !== 'user') throw invalid('Only your own messages can be edited.', 'editTurnId');
    parentId = edited.parentId ?? null;
    attachments =
      how.attachmentIds !== undefined
        ? attachmentsOf(s, how.attachmentIds)
        : (s.store.attachments.ofMessages([edited.id]).get(edited.id) ?? []);
  } else {
    parentId = s.store.messages.leaf(conversation.id) ?? null;
    attachments = attachmentsOf(s, how.attachmentIds ?? []);
  }
  const results = how.toolResults ?? [];
  if (how.text.trim() === '' && attachments.length === 0 && results.length === 0) {
    throw invalid('Write a message first.', 'text');
  }
  const problem =
    attachments.length > 0 ? messageAttachmentsProblem(conversation.format, attachments) : undefined;
  if (problem !== undefined) throw invalid(problem, 'attachmentIds');
  const userTurn: Turn = compact({
    id: randomUUID(),
    role: 'user' as const,
    text: how.text,
    status: 'complete' as const,
    attachments: attachments.length > 0 ? attachments.map(toAttachmentRecord) : undefined,
    toolResults: results.length > 0 ? results : undefined,
    parentId: parentId ?? undefined,
    createdAt: s.now(),
  });
  return {
    userTurn,
    isNew: true,
    parentId,
    attachments,
    before: storedPath(s, conversation.id, parentId ?? undefined),
  };
}

function planRegenerate(s: Services, conversation: ConversationRow, turnId: string | undefined): Plan {
  const { messages } = s.store;
  let old: StoredTurn | undefined;
  let user: StoredTurn | undefined;
  if (turnId !== undefined) {
    old = requireTurn(s, conversation.id, turnId);
    if (old.role !== 'assistant') throw invalid('Only a reply can be asked for again.', 'turnId');
    user = old.parentId !== undefined ? messages.get(old.parentId) : undefined;
  } else {
    const last = storedPath(s, conversation.id, messages.leaf(conversation.id)).at(-1);
    if (last?.role === 'assistant') {
      old = last;
      user = last.parentId !== undefined ? messages.get(last.parentId) : undefined;
    } else {
      user = last;
    }
  }
  if (user?.role !== 'user') throw invalid('There is no message to answer again.', 'conversationId');
  const tree = messages.tree(conversation.id);
  const replaces =
    old !== undefined && old.status === 'error' && old.text === '' && !tree.some((n) => n.parentId === old.id)
      ? old.id
      : undefined;
  const path = storedPath(s, conversation.id, user.id);
  const [userTurn] = withDetails(s, path.slice(-1));
  if (!userTurn) throw invalid('There is no message to answer again.', 'conversationId');
  return {
    userTurn,
    isNew: false,
    parentId: user.parentId ?? null,
    attachments: [],
    replaces,
    before: path.slice(0, -1),
  };
}

/**
 * Stores the new user turn (or drops the failed reply a regenerate replaces) in one transaction, on disk
 * before the request goes out; its sync runs off the event loop (store.durable).
 */
function commitUserTurn(s: Services, conversation: ConversationRow, plan: Plan): Promise<void> {
  const { messages, conversations, attachments } = s.store;
  return s.store.durable(() => {
    // Re-read inside the transaction: the conversation may have been deleted while the client started.
    if (!conversations.get(conversation.id)) throw notFound('This conversation no longer exists.');
    const now = s.now();
    if (plan.isNew) {
      messages.insert(conversation.id, plan.userTurn, plan.parentId);
      attachments.link(
        plan.userTurn.id,
        plan.attachments.map((a) => a.id),
      );
      attachments.linkToolImages(plan.userTurn.id, toolImageIds(plan.userTurn.toolResults));
      messages.setLeaf(conversation.id, plan.userTurn.id);
    } else if (
      plan.replaces !== undefined &&
      !messages.tree(conversation.id).some((n) => n.parentId === plan.replaces)
    ) {
      messages.delete(plan.replaces);
    }
    // The first user message names a conversation that still has the default title.
    const retitle =
      conversation.title === DEFAULT_TITLE && plan.isNew && !plan.before.some((t) => t.role === 'user');
    conversations.update(
      conversation.id,
      compact({ title: retitle ? titleFrom(plan.userTurn.text) : undefined, updatedAt: now }),
    );
  });
}

/**
 * The bytes of every file the history's user turns carry (attached, and the images of their tool
 * results), read from the data folder, by attachment id.
 */
async function filesOf(s: Services, history: readonly Turn[], rows: readonly AttachmentRow[]) {
  const files = new Map<string, Uint8Array>();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const needed = history.flatMap((t) => (t.role === 'user' ? filesOfTurn(t) : []));
  const stored = s.store.attachments;
  for (const a of needed) {
    if (files.has(a.id)) continue;
    const row = byId.get(a.id) ?? stored.get(a.id);
    if (!row) throw localFailure(`The attached file "${a.name}" is no longer stored.`);
    files.set(a.id, await readAttachment(s, row));
  }
  return files;
}

function replyTurn(reply: TurnReply, conversation: ConversationRow, now: number): Turn {
  const endReason = endReasonOfReply(conversation.format, reply);
  return compact({
    id: randomUUID(),
    role: 'assistant',
    text: reply.text,
    thoughts: reply.thoughts || undefined,
    raw: reply.raw,
    status: 'complete',
    // the service's words are kept as a stored conversation keeps them (an export imports back)
    model: isUsableModelId(reply.model) ? reply.model : conversation.model,
    finishReason: reply.finishReason?.slice(0, MAX_FINISH_REASON_CHARS),
    endReason,
    endDetail: endReason !== undefined ? reply.endDetail : undefined,
    usage: reply.usage,
    timings: reply.timings,
    toolCalls: reply.toolCalls,
    exchangeId: reply.exchange.id,
    createdAt: now,
  });
}

/** The failed reply: what arrived is kept (status 'partial'), otherwise status 'error'; both carry why. */
function failedTurn(s: Services, e: unknown, stopped: boolean, conversation: ConversationRow): Turn {
  let error: AppError;
  if (e instanceof ApiError) {
    error = e.info;
  } else {
    s.log.error('sendTurn failed unexpectedly', e);
    error = { kind: 'internal', message: 'Something went wrong inside Quartet; the details are in its log.' };
  }
  if (stopped && error.kind !== 'aborted') error = { ...error, kind: 'aborted', message: STOPPED_MESSAGE };
  else if (error.kind === 'aborted') error = { ...error, message: STOPPED_MESSAGE };
  const partial = e instanceof ApiError ? e.partial : undefined;
  const endReason = partial?.endReason ?? endReasonOfError(error);
  const exchangeId = (e instanceof ApiError ? e.exchange?.id : undefined) ?? error.exchangeId;
  return compact({
    id: randomUUID(),
    role: 'assistant',
    text: partial?.text ?? '',
    thoughts: partial?.thoughts || undefined,
    raw: partial?.raw,
    // a reply with too many calls keeps its end notice even without text: it says why it cannot be answered
    status:
      partial !== undefined && (partial.text !== '' || partial.endReason === 'too-many-calls')
        ? 'partial'
        : 'error',
    error,
    endReason,
    model: conversation.model,
    exchangeId,
    createdAt: s.now(),
  });
}

export function chatHandlers(s: Services): Pick<Handlers, 'sendMessage' | 'regenerate' | 'abortRequest'> {
  // One reply at a time per conversation: two would interleave their turns.
  const busy = new Set<string>();

  async function send(
    requestId: string,
    conversationId: string,
    how: Prepare,
    ctx: CallContext,
  ): Promise<SendResult> {
    const conversation = requireConversation(s, conversationId);
    if (busy.has(conversationId)) {
      throw invalid(
        'A reply is still running in this conversation; wait for it or stop it.',
        'conversationId',
      );
    }
    busy.add(conversationId);
    try {
      return await runRequest(s.requests, requestId, async (signal) => {
        // Checked before anything is stored: a bad model, parameters or files are the user's to fix.
        // A tool's images are the host's own files, fitted to the format's limits where they exceed them.
        const plan =
          how.kind === 'send'
            ? planSend(s, conversation, {
                ...how,
                toolResults: await withStoredToolImages(s, conversation.format, how.toolResults),
              })
            : planRegenerate(s, conversation, how.turnId);
        // a new user turn and its reply, or one more reply (none when it replaces a failed one)
        if (plan.isNew) requireRoom(s, conversation.id, plan.parentId, 2);
        else requireRoom(s, conversation.id, plan.userTurn.id, plan.replaces !== undefined ? 0 : 1);
        const problem = validateTurnInput({
          format: conversation.format,
          model: conversation.model,
          // the turn before too: tool results are checked against its calls
          history: [...plan.before.slice(-1), plan.userTurn],
          params: conversation.params,
        });
        if (problem) throw new ApiError(problem);
        // The client first: no connection or an unreadable vault fails before anything is stored.
        const connection = connectionOfConversation(s, conversation);
        // The history is the branch down to the user turn; failed replies never go back, and a reply made
        // through another connection goes without what only its own service takes back (its signatures).
        const elsewhere = new Set(plan.before.filter((t) => madeElsewhere(conversation, t)).map((t) => t.id));
        const history = [...withDetails(s, plan.before), plan.userTurn]
          .filter((t) => t.status !== 'error')
          .map((t) => (t.raw !== undefined && elsewhere.has(t.id) ? withBoundLeftOut(t) : t));
        const files = await filesOf(s, history, plan.attachments);
        const client: ServiceClient = await connectionClient(s, connection, { ctx, requestId });
        const params = await withMcpTools(s, conversation.params);
        await commitUserTurn(s, conversation, plan);
        const userTurn = plan.userTurn;
        let reply: Turn;
        const live = streamedReplyWriter(s, conversationId, conversation.model, userTurn.id);
        try {
          const result = await client.sendTurn({
            format: conversation.format,
            model: conversation.model,
            history,
            params,
            signal,
            ...(files.size > 0 ? { files } : {}),
            onDelta: ({ partialImage, ...d }) => {
              if (partialImage) {
                emitSafely(s, ctx, 'partialImage', { requestId, ...partialImage });
                return;
              }
              emitSafely(s, ctx, 'delta', { requestId, ...d });
              if (d.text) live.text(d.text);
            },
            onRetry: (r) => emitSafely(s, ctx, 'retry', { requestId, ...r }),
            maxReplyChars: readSettings(s).maxReplyChars ?? MAX_REPLY_CHARS.default,
          });
          reply = replyTurn(result, conversation, s.now());
          await storeReplyImages(s, result.images ?? [], {
            format: conversation.format,
            conversationId,
            messageId: live.id,
            model: reply.model ?? conversation.model,
            params: conversation.params,
            history,
            exchangeId: result.exchange.id,
          });
        } catch (e) {
          reply = failedTurn(s, e, signal.aborted, conversation);
        }
        // the stream's end (its record stored) and the reply's storing are two tasks, each short
        await nextTurn();
        // on disk before the page is told it is done; the sync runs off the loop, which other streams share
        await s.store.durable(() => {
          if (!s.store.conversations.get(conversationId)) {
            throw notFound('The conversation was deleted while its reply was running.');
          }
          live.finish(reply, conversationId);
          s.store.messages.setLeaf(conversationId, live.id);
          s.store.conversations.update(conversationId, { updatedAt: s.now() });
        });
        // the reply is stored: what the page is answered with is read in a task of its own (one read of
        // the turns: the branch up to the reply, and the versions of its turns)...
        await nextTurn();
        const all = s.store.messages.list(conversationId);
        const stored = withDetails(s, pathFrom(all, live.id), all);
        // ...and the answer, as large as the reply, is written to the page in another. The reply is taken
        // into the search index (up to 30 ms) once no request has run for a while, so that it never shares
        // the loop with a stream the user waits for; a search before then takes it in first.
        await nextTurn();
        s.store.indexLater(live.id, (index) => s.requests.whenQuiet(index));
        const byId = new Map(stored.map((t) => [t.id, t]));
        return {
          userTurn: byId.get(userTurn.id) ?? userTurn,
          reply: byId.get(live.id) ?? { ...reply, id: live.id, parentId: userTurn.id },
          totals: totalsOf(stored),
        };
      });
    } finally {
      busy.delete(conversationId);
    }
  }

  return {
    async sendMessage({ requestId, conversationId, text, attachmentIds, editTurnId, toolResults }, ctx) {
      return send(
        requestId,
        conversationId,
        { kind: 'send', text, attachmentIds, editTurnId, toolResults },
        ctx,
      );
    },
    async regenerate({ requestId, conversationId, turnId }, ctx) {
      return send(requestId, conversationId, { kind: 'regenerate', turnId }, ctx);
    },
    async abortRequest({ requestId }) {
      return { aborted: s.requests.abort(requestId) };
    },
  };
}
