// Sending a turn: the user turn is committed before any request, so it is never lost; the reply is
// stored whatever happens (complete, partial with what arrived, or an error), and both come back.
import { randomUUID } from 'node:crypto';
import type { SendResult } from '../../shared/contract.ts';
import type { Turn } from '../../shared/conversation.ts';
import type { AppError } from '../../shared/errors.ts';
import { ApiError, validateTurnInput, type ServiceClient, type TurnReply } from '../core/index.ts';
import type { ConversationRow } from '../store/index.ts';
import { requireConversation, toTurn } from './conversation-view.ts';
import { totalsOf } from '../../shared/usage.ts';
import { DEFAULT_TITLE, titleFrom } from '../../shared/titles.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, notFound } from './errors.ts';
import { runRequest } from './requests.ts';
import { readSettings } from './settings.ts';
import { streamedReplyWriter } from './streamed-reply.ts';
import { MAX_REPLY_CHARS } from '../../shared/limits.ts';
import { endReasonOfError, endReasonOfReply } from '../../shared/end-reason.ts';
import { activeClient, emitSafely, type Services } from './services.ts';
import type { CallContext } from './types.ts';
import { compact } from '../../shared/compact.ts';

type Prepare = { kind: 'send'; text: string; editTurnId?: string | undefined } | { kind: 'regenerate' };

const STOPPED_MESSAGE = 'You stopped the reply before it was complete.';

/** Writes the user turn (new, edited or the one to answer again) in one transaction; returns it. */
function prepareUserTurn(s: Services, conversation: ConversationRow, how: Prepare): Turn {
  const { messages, conversations } = s.store;
  return s.store.transaction(() => {
    // Re-read inside the transaction: the conversation may have been deleted while the client started.
    if (!conversations.get(conversation.id)) throw notFound('This conversation no longer exists.');
    const now = s.now();
    let userTurn: Turn;
    if (how.kind === 'regenerate') {
      const last = messages.last(conversation.id);
      if (last?.role === 'assistant') messages.delete(last.id);
      const lastUser = messages.last(conversation.id);
      if (lastUser?.role !== 'user') throw invalid('There is no message to answer again.', 'conversationId');
      userTurn = toTurn(lastUser);
    } else if (how.editTurnId !== undefined) {
      const edited = messages.get(how.editTurnId);
      if (!edited || edited.conversationId !== conversation.id) {
        throw notFound('The message to edit is not in this conversation.');
      }
      if (edited.role !== 'user') throw invalid('Only your own messages can be edited.', 'editTurnId');
      messages.updateText(edited.id, how.text);
      messages.deleteAfter(conversation.id, edited.seq);
      userTurn = { ...toTurn(edited), text: how.text };
    } else {
      userTurn = { id: randomUUID(), role: 'user', text: how.text, status: 'complete', createdAt: now };
      messages.append(conversation.id, userTurn);
    }
    // The first user message names a conversation that still has the default title.
    const retitle =
      conversation.title === DEFAULT_TITLE &&
      messages.list(conversation.id).find((t) => t.role === 'user')?.id === userTurn.id;
    conversations.update(
      conversation.id,
      compact({ title: retitle ? titleFrom(userTurn.text) : undefined, updatedAt: now }),
    );
    return userTurn;
  });
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
    model: reply.model ?? conversation.model,
    finishReason: reply.finishReason,
    endReason,
    endDetail: endReason !== undefined ? reply.endDetail : undefined,
    usage: reply.usage,
    timings: reply.timings,
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
    status: partial !== undefined && partial.text !== '' ? 'partial' : 'error',
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
        // Checked before anything is stored: a bad model or parameters are the user's to fix, not a turn.
        const text =
          how.kind === 'send'
            ? how.text
            : s.store.messages.list(conversationId).findLast((t) => t.role === 'user')?.text;
        const problem =
          text === undefined
            ? undefined // nothing to answer: prepareUserTurn says so
            : validateTurnInput({
                format: conversation.format,
                model: conversation.model,
                history: [{ id: 'check', role: 'user', text, status: 'complete', createdAt: 0 }],
                params: conversation.params,
              });
        if (problem) throw new ApiError(problem);
        // The client next: no connection or an unreadable vault fails before anything is stored.
        const client: ServiceClient = await activeClient(s, { ctx, requestId });
        const userTurn = prepareUserTurn(s, conversation, how);
        const history = s.store.messages
          .list(conversationId)
          .filter((t) => t.status !== 'error')
          .map(toTurn);
        let reply: Turn;
        const live = streamedReplyWriter(s, conversationId, conversation.model);
        try {
          const result = await client.sendTurn({
            format: conversation.format,
            model: conversation.model,
            history,
            params: conversation.params,
            signal,
            onDelta: (d) => {
              emitSafely(s, ctx, 'delta', { requestId, ...d });
              if (d.text) live.text(d.text);
            },
            onRetry: (r) => emitSafely(s, ctx, 'retry', { requestId, ...r }),
            maxReplyChars: readSettings(s).maxReplyChars ?? MAX_REPLY_CHARS.default,
          });
          reply = replyTurn(result, conversation, s.now());
        } catch (e) {
          reply = failedTurn(s, e, signal.aborted, conversation);
        }
        const turns = s.store.transaction(() => {
          if (!s.store.conversations.get(conversationId)) {
            throw notFound('The conversation was deleted while its reply was running.');
          }
          live.finish(reply, conversationId);
          s.store.conversations.update(conversationId, { updatedAt: s.now() });
          return s.store.messages.list(conversationId).map(toTurn);
        });
        return { userTurn, reply: { ...reply, id: live.id }, totals: totalsOf(turns) };
      });
    } finally {
      busy.delete(conversationId);
    }
  }

  return {
    async sendMessage({ requestId, conversationId, text, editTurnId }, ctx) {
      if (text.trim() === '') throw invalid('Write a message first.', 'text');
      return send(requestId, conversationId, { kind: 'send', text, editTurnId }, ctx);
    },
    async regenerate({ requestId, conversationId }, ctx) {
      return send(requestId, conversationId, { kind: 'regenerate' }, ctx);
    },
    async abortRequest({ requestId }) {
      return { aborted: s.requests.abort(requestId) };
    },
  };
}
