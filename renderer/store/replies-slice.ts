import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { Bridge } from '../../shared/contract.ts';
import type { Conversation } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { titleFrom } from '../../shared/titles.ts';
import { compact } from '../../shared/compact.ts';
import {
  applyResult,
  draftKey,
  selectInvalidParam,
  selectTabConnection,
  selectTabModel,
  selectTabParams,
  summaryOf,
  upsertSummary,
  type PendingSend,
} from './chat-helpers.ts';
import { conversationSaves, messageTooLong } from './composer-slice.ts';
import { withoutRun } from './runs-slice.ts';
import type { StoreRuntime } from './runtime.ts';
import { pairingProblem, type ToolResult } from '../../shared/tools.ts';
import { t } from '../i18n/active.ts';
import { sharedProblemText } from '../i18n/problem-text.ts';

/** Sending in the chat tabs: a message, a regeneration, stopping one. */
export interface RepliesSlice {
  /** the send or regeneration running in each conversation, by conversation id */
  pending: Record<string, PendingSend>;
  /**
   * Reply turn id -> the request that streamed it in this session. The message list keys such a reply's
   * row by its request, as it keyed the streaming row, so finishing a reply keeps its DOM.
   */
  streamedReplies: Record<string, string>;
  /**
   * Sends the text, with the composer's files, in the tab's open conversation (creating it first when
   * new). With editTurnId the text becomes a new version of that message (its files stay).
   */
  send(format: TextFormat, text: string, options?: { editTurnId?: string }): Promise<boolean>;
  /**
   * Sends results answering the function calls of the conversation's last reply (or, with editTurnId, a
   * new version of a results turn, answering the reply before it). Refused with a notice when they do
   * not pair with the calls one to one.
   */
  sendToolResults(
    conversationId: string,
    results: ToolResult[],
    options?: { editTurnId?: string; auto?: boolean },
  ): Promise<boolean>;
  /** Asks again for a reply (`turnId`, or the last one); the old reply stays as another version. */
  regenerate(conversationId: string, turnId?: string): Promise<void>;
  stop(conversationId: string): Promise<void>;
}

export const createRepliesSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], RepliesSlice> =>
  (set, get) => {
    /** A parameter on screen is not a valid value: say so and send nothing (what is shown is what is sent). */
    const refusedForInvalidParams = (format: TextFormat): boolean => {
      const invalid = selectInvalidParam(get(), format);
      if (invalid === null) return false;
      get().notify(t('notices.notSent.invalidParam', { problem: invalid }), 'warning');
      return true;
    };

    /**
     * Runs one send or regenerate as a run (its text streams into runTexts), then stores the result.
     * `created`: the creation of the conversation the send made, which the result waits for (the view it
     * goes into comes with it); when it failed, its notice says why and nothing more is said.
     */
    const run = async (
      conversationId: string,
      pending: PendingSend,
      call: () => ReturnType<Bridge['sendMessage']>,
      restoreDraft: string | null,
      created?: Promise<boolean>,
    ): Promise<boolean> => {
      const { requestId } = pending;
      set((s) => ({ pending: { ...s.pending, [conversationId]: pending } }));
      get().beginRun(requestId);
      let r: Awaited<ReturnType<typeof call>>;
      let exists = true;
      try {
        r = await call();
        if (created) exists = await created;
      } finally {
        get().finishRun(requestId);
      }
      set((s) => {
        const pendingMap = { ...s.pending };
        delete pendingMap[conversationId];
        const done = { pending: pendingMap, ...withoutRun(s, requestId) };
        if (!r.ok) return done;
        const conv = s.loaded[conversationId];
        const next = conv ? applyResult(conv, pending, r.value) : undefined;
        return {
          ...done,
          streamedReplies: { ...s.streamedReplies, [r.value.reply.id]: requestId },
          ...(next
            ? {
                loaded: { ...s.loaded, [conversationId]: next },
                conversations: upsertSummary(s.conversations, {
                  ...(s.conversations.find((c) => c.id === conversationId) ?? summaryOf(next)),
                  turnCount: next.turns.length,
                  updatedAt: next.updatedAt,
                }),
              }
            : {}),
        };
      });
      // An edit or a new answer added a version: the host's view of the turns' versions is read again.
      if (r.ok && (pending.kind === 'regenerate' || pending.editTurnId))
        void get().refreshConversation(conversationId);
      // a reply calling only functions with fixed results is answered without asking (tools-slice.ts)
      if (r.ok) get().afterReply(conversationId, r.value.reply, pending.auto === true);
      if (!r.ok && !exists) return false;
      if (!r.ok) {
        // Nothing reached the service (or the host failed): give the text back so nothing is lost. (A
        // conversation that was never created never took it from its composer.)
        const conv = get().loaded[conversationId];
        if (restoreDraft !== null && conv) {
          const key = draftKey(conv.format, conversationId);
          if ((get().drafts[key] ?? '').trim() === '') get().setDraft(key, restoreDraft);
        }
        get().notify(r.error.message, 'error');
        return false;
      }
      return true;
    };

    /**
     * Everything before a send's request: the files and parameters checked, the conversation asked for
     * when new (or its pending saves flushed). Null when nothing is to be sent (the reason already shown).
     * What the page shows of it (the new conversation, the composer emptied) is left to `show`, which the
     * caller runs in the same task as the request: a change to the store draws the page before the code
     * after an await runs, and that drawing (15-25 ms for a new conversation) held the request back.
     * A new conversation's id is chosen here, so the request follows its creation at once instead of
     * waiting for the host's answer (10-20 ms): the host runs calls in the order they come, so the
     * conversation exists when the request is read. `created` settles with that answer.
     */
    const prepareSend = async (
      format: TextFormat,
      text: string,
      options: { editTurnId?: string },
      activeId: string | null,
      key: string,
    ) => {
      let conversationId = activeId;
      // Checked before anything is created: a refused send never leaves an empty conversation behind.
      const tooLong = messageTooLong(text);
      if (tooLong !== null) {
        get().notify(t('notices.notSent', { problem: tooLong }), 'warning');
        return null;
      }
      // An edit keeps the edited message's files; a new message takes the composer's.
      const files = options.editTurnId ? { ids: [], attachments: [] } : get().filesToSend(key, format);
      if ('problem' in files) {
        get().notify(t('notices.notSent', { problem: files.problem }), 'warning');
        return null;
      }
      if (text.trim() === '' && files.ids.length === 0) return null;
      if (refusedForInvalidParams(format)) return null;
      const bridge = rt.bridge();
      let show = () => {};
      let created: Promise<boolean> | undefined;
      if (conversationId === null) {
        const model = selectTabModel(get(), format);
        if (model === '') {
          get().notify(t('notices.chooseModel'), 'warning');
          return null;
        }
        const params = selectTabParams(get(), format);
        const id = crypto.randomUUID();
        const creating = bridge.createConversation({
          id,
          format,
          model,
          title: titleFrom(text.trim() === '' ? (files.attachments[0]?.name ?? text) : text),
          params,
          origin: 'chat',
          ...compact({ connectionId: selectTabConnection(get(), format) ?? undefined }),
        });
        conversationId = id;
        const showConversation = (conv: Conversation) =>
          set((s) => {
            const drafts = { ...s.drafts };
            delete drafts[key];
            const draftModel = { ...s.draftModel };
            delete draftModel[format];
            const draftParams = { ...s.draftParams };
            delete draftParams[format];
            const draftConnection = { ...s.draftConnection };
            delete draftConnection[format];
            return {
              loaded: { ...s.loaded, [conv.id]: conv },
              conversations: upsertSummary(s.conversations, summaryOf(conv)),
              activeConversation: { ...s.activeConversation, [format]: conv.id },
              drafts,
              draftModel,
              draftParams,
              draftConnection,
            };
          });
        // shown once both have come: the caller's go-ahead (with the request) and the host's answer
        let answer: Conversation | undefined;
        let wanted = false;
        created = creating.then((r) => {
          if (!r.ok) {
            get().notify(t('notices.start.failed', { message: r.error.message }), 'error');
            return false;
          }
          answer = r.value;
          if (wanted) showConversation(answer);
          return true;
        });
        show = () => {
          wanted = true;
          if (answer) showConversation(answer);
        };
      } else {
        // A model or parameter picked a moment ago is still waiting to be saved: save it first, so the
        // request is built from what is on screen.
        if (!(await rt.saves.flush(conversationSaves(conversationId)))) return null;
        if (get().pending[conversationId]) {
          get().notify(t('notices.notSent.replyRunning'), 'warning');
          return null;
        }
        if (!options.editTurnId) show = () => get().setDraft(key, '');
      }
      // The files leave the composer with the text (they show in the message at once) and come back
      // with it if the send fails before reaching the service.
      const held = options.editTurnId ? [] : (get().composerFiles[key] ?? []);
      const showConversation = show;
      return {
        id: conversationId,
        files,
        held,
        created,
        show() {
          showConversation();
          if (held.length === 0) return;
          const clear = () => set((s) => ({ composerFiles: { ...s.composerFiles, [key]: [] } }));
          if (created) void created.then((ok) => ok && clear());
          else clear();
        },
      };
    };

    return {
      pending: {},
      streamedReplies: {},
      async send(format, text, options = {}) {
        const conversationId = get().activeConversation[format];
        const key = draftKey(format, conversationId);
        // One outcome per press, visible: a send while this conversation's reply is running, or while this
        // composer's send is still being prepared, is refused with why (the text stays in the box), never
        // held back and sent later.
        if (conversationId && get().pending[conversationId]) {
          get().notify(t('notices.notSent.replyRunning'), 'warning');
          return false;
        }
        if (rt.preparing.has(key)) {
          get().notify(t('notices.notSent.alreadySending'), 'info');
          return false;
        }
        rt.preparing.add(key);
        let ready: Awaited<ReturnType<typeof prepareSend>> = null;
        try {
          ready = await prepareSend(format, text, options, conversationId, key);
        } finally {
          // a new conversation is this composer's send until the host has answered its creation: a
          // second press meanwhile is refused, never a second conversation
          if (ready?.created) void ready.created.finally(() => rt.preparing.delete(key));
          else rt.preparing.delete(key);
        }
        if (ready === null) return false;
        const { id, files, held, created } = ready;
        const bridge = rt.bridge();
        const requestId = crypto.randomUUID();
        // no await between showing the send and making its request (see prepareSend)
        ready.show();
        const sent = await run(
          id,
          {
            requestId,
            kind: 'send',
            text,
            editTurnId: options.editTurnId ?? null,
            attachments: files.attachments,
          },
          () =>
            bridge.sendMessage(
              compact({
                requestId,
                conversationId: id,
                text,
                attachmentIds: files.ids.length > 0 ? files.ids : undefined,
                editTurnId: options.editTurnId || undefined,
              }),
            ),
          text,
          created,
        );
        // a conversation that could not be created kept its composer, files and all (its notice is shown)
        if (held.length > 0 && (await (created ?? true))) {
          if (sent) get().clearFiles(key);
          else {
            // a conversation created for this send is the tab's now: its composer gets them back
            const back = draftKey(format, id);
            if ((get().composerFiles[back] ?? []).length === 0)
              set((s) => ({ composerFiles: { ...s.composerFiles, [back]: held } }));
          }
        }
        return sent;
      },
      async sendToolResults(conversationId, results, options = {}) {
        const conv = get().loaded[conversationId];
        if (!conv || get().pending[conversationId]) return false;
        // the reply answered: the last turn, or the one before the results turn being edited
        const at = options.editTurnId
          ? conv.turns.findIndex((t) => t.id === options.editTurnId) - 1
          : conv.turns.length - 1;
        const answered = conv.turns[at];
        const calls = answered?.role === 'assistant' ? (answered.toolCalls ?? []) : [];
        const pairing = calls.length === 0 ? undefined : pairingProblem(calls, results);
        const problem =
          calls.length === 0 ? t('notices.notSent.noCalls') : pairing && sharedProblemText(pairing);
        if (problem) {
          get().notify(t('notices.notSent', { problem }), 'warning');
          return false;
        }
        if (refusedForInvalidParams(conv.format)) return false;
        if (!(await rt.saves.flush(conversationSaves(conversationId)))) return false;
        if (get().pending[conversationId]) return false;
        const requestId = crypto.randomUUID();
        return run(
          conversationId,
          compact({
            requestId,
            kind: 'send' as const,
            text: '',
            editTurnId: options.editTurnId ?? null,
            toolResults: results,
            auto: options.auto || undefined,
          }),
          () =>
            rt.bridge().sendMessage(
              compact({
                requestId,
                conversationId,
                text: '',
                toolResults: results,
                editTurnId: options.editTurnId,
              }),
            ),
          null,
        );
      },
      async regenerate(conversationId, turnId) {
        if (get().pending[conversationId]) return;
        const format = get().loaded[conversationId]?.format;
        if (format && refusedForInvalidParams(format)) return;
        if (!(await rt.saves.flush(conversationSaves(conversationId)))) return;
        if (get().pending[conversationId]) return;
        const requestId = crypto.randomUUID();
        await run(
          conversationId,
          {
            requestId,
            kind: 'regenerate',
            text: null,
            editTurnId: null,
            turnId: turnId ?? null,
          },
          () => rt.bridge().regenerate(compact({ requestId, conversationId, turnId })),
          null,
        );
      },
      async stop(conversationId) {
        const p = get().pending[conversationId];
        if (p) await get().stopRun(p.requestId);
      },
    };
  };
