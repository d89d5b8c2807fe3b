import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { Settings } from '../../shared/contract.ts';
import type { Params, Turn } from '../../shared/conversation.ts';
import type { AppError } from '../../shared/errors.ts';
import type { Attachment } from '../../shared/attachments.ts';
import { pairingProblem, type ToolResult } from '../../shared/tools.ts';
import { columnParams, sameJson, sameParams, wholeParams } from './compare-params.ts';
import { titleFrom } from '../../shared/titles.ts';
import { withoutRun } from './runs-slice.ts';
import { upsertSummary } from './chat-helpers.ts';
import { compact } from '../../shared/compact.ts';
import { FORMAT_LABELS, familyOf, type TextFormat } from '../../shared/formats.ts';
import type { StoreRuntime } from './runtime.ts';
import { mcpCallKey } from './mcp-slice.ts';
import { t } from '../i18n/active.ts';

export const MIN_COLUMNS = 2;
export const MAX_COLUMNS = 4;
/** the save queue's key for the compare settings */
const SETTINGS_SAVE = 'compare:settings';

/** A request running in one column; its timing, stopping and text are in the runs slice. */
export interface ColumnRun {
  requestId: string;
  /** the user's text, shown above the streaming reply until the host hands back the stored turn */
  text: string;
  /** the files going with it, shown with it */
  attachments?: Attachment[];
  /** results answering the column's last reply's calls, shown as the Results bubble until stored */
  toolResults?: ToolResult[];
  /** sent without asking (every call had a fixed result): counts toward MAX_AUTO_ROUNDS */
  auto?: boolean;
}

/** What one column's request carries: the prompt with its files, or results answering function calls. */
type ColumnInput = Pick<ColumnRun, 'text' | 'toolResults' | 'auto'> & { files: Attachment[] };

/** One column: a (format, model) pair with its own conversation (origin 'compare'). */
export interface CompareColumn {
  key: string;
  /** the connection the column goes through; undefined: the active one */
  connectionId?: string | undefined;
  format: TextFormat;
  model: string;
  conversationId: string | null;
  /** the model the conversation was last sent with, to notice a change */
  conversationModel: string | null;
  /** the column's own parameters, shown and sent while "same for all" is off */
  params: Params;
  /** the parameters the conversation was last saved with, to notice a change */
  conversationParams: Params | null;
  turns: Turn[];
  run: ColumnRun | null;
  /** a failure before any reply existed (no model, conversation not created, invalid input) */
  error: AppError | null;
  /** what the failed request carried, so Retry can send it again (nothing of it was stored) */
  failedInput?: ColumnInput;
}

/** Which parameters an editor shows: the set every column shares, or one column's own (by its key). */
export type ParamsScope = 'all' | string;

export interface CompareSlice {
  compareColumns: CompareColumn[];
  compareHydrated: boolean;
  comparePrompt: string;
  /** the comparison the columns' conversations belong to; null until the first send of a new one */
  comparisonId: string | null;
  /** whether every column uses `compareParams` */
  compareSameParams: boolean;
  /** the set every column uses while "same for all" is on */
  compareParams: Params;
  /** the parameters editor on screen, if any */
  compareParamsOpen: ParamsScope | null;
  /** fields whose text is not a valid value, per scope, as sentences: Send waits for them */
  compareInvalid: Record<ParamsScope, Record<string, string>>;
  setCompareSameParams(on: boolean): void;
  /** Sets the shared set ('all') or a column's own; saved in settings once input is quiet. */
  setCompareParams(scope: ParamsScope, params: Params): void;
  setCompareParamsOpen(scope: ParamsScope | null): void;
  setCompareInvalid(scope: ParamsScope, field: string, message: string | null): void;
  /** Builds the columns from the remembered (format, model) pairs, once, when settings are known. */
  hydrateCompare(settings: Settings | null): void;
  setComparePrompt(text: string): void;
  addCompareColumn(): void;
  removeCompareColumn(key: string): void;
  /** Changing the format starts that column over (its history is in another format). */
  setCompareColumn(key: string, patch: { format?: TextFormat; model?: string; connectionId?: string }): void;
  /** The main use: the same model through every format. */
  setModelInAllColumns(model: string): void;
  /** Sends the prompt to every column at once; false when nothing was sent. */
  sendCompare(): Promise<boolean>;
  stopCompare(): Promise<void>;
  /** Forgets the columns' conversations (they stay stored) and starts fresh with the same columns. */
  newComparison(): Promise<void>;
  /**
   * Moves a column's conversation to its format's tab and opens it there, to go on with it as a normal
   * conversation; the column starts over. False when it could not be moved (said in a notice).
   */
  continueInTab(key: string): Promise<boolean>;
  /**
   * Sends results answering the function calls that end the column's conversation, into that
   * conversation alone (the other columns go on as they are); refused with a notice when they do not
   * pair with the calls. `auto`: every call had a fixed result and nobody was asked.
   */
  answerColumnCalls(key: string, results: ToolResult[], options?: { auto?: boolean }): Promise<boolean>;
  /**
   * "Always in this comparison": the call's server tool runs without asking in every column that has it
   * switched on (kept with each column's conversation), and the calls to it waiting there run now.
   */
  alwaysRunMcpInComparison(callKey: string): Promise<void>;
  /**
   * Asks the column again after a failure: its failed or cut-off last reply again (the old one stays as
   * another version, a failed one without text is replaced), or the request that failed before anything
   * was stored, sent again. The other columns are left as they are. False when there was nothing to retry.
   */
  retryColumn(key: string): Promise<boolean>;
}

/** What Retry would do in a column now: ask for its last reply again, send its failed request again, or nothing. */
export function retryOf(col: CompareColumn): 'regenerate' | 'resend' | null {
  if (col.run) return null;
  if (col.error && col.failedInput) return 'resend';
  const last = col.turns.at(-1);
  if (col.conversationId !== null && last?.role === 'assistant')
    return last.status === 'error' || last.status === 'partial' ? 'regenerate' : null;
  return null;
}

export function newColumn(
  format: TextFormat,
  model: string,
  params: Params,
  connectionId?: string,
): CompareColumn {
  return {
    key: crypto.randomUUID(),
    ...(connectionId !== undefined ? { connectionId } : {}),
    format,
    model,
    conversationId: null,
    conversationModel: null,
    params,
    conversationParams: null,
    turns: [],
    run: null,
    error: null,
  };
}

/** The same column with no conversation: what "New comparison" and moving a conversation away leave. */
export function emptiedColumn(c: CompareColumn): CompareColumn {
  return { ...newColumn(c.format, c.model, c.params, c.connectionId), key: c.key };
}

/** The parameters a column shows and sends: the shared set or its own, with only its format's fields. */
export function selectColumnParams(
  s: Pick<CompareSlice, 'compareSameParams' | 'compareParams'>,
  col: Pick<CompareColumn, 'format' | 'params'>,
): Params {
  return columnParams(col.format, s.compareSameParams ? s.compareParams : col.params);
}

/** The composer key of the files that go with the compare prompt (see attachments-slice.ts). */
export const COMPARE_FILES = 'compare';

/**
 * The files every column will carry, or why they cannot go: one still uploading or refused, or a column
 * whose format does not take one (named, with the column's number).
 */
export function selectCompareFiles(s: StoreState): { attachments: Attachment[] } | { problem: string } {
  let attachments: Attachment[] = [];
  for (const [i, col] of s.compareColumns.entries()) {
    const r = s.filesToSend(COMPARE_FILES, col.format);
    if ('problem' in r)
      return {
        problem: t('compare.columnProblem', {
          n: i + 1,
          format: FORMAT_LABELS[col.format],
          problem: r.problem,
        }),
      };
    attachments = r.attachments;
  }
  return { attachments };
}

/** Why the columns cannot be sent as they are (a field's text is not a valid value), or null. */
export function selectCompareInvalid(s: CompareSlice): string | null {
  const scopes = s.compareSameParams ? ['all'] : s.compareColumns.map((c) => c.key);
  for (const scope of scopes) {
    const first = Object.values(s.compareInvalid[scope] ?? {})[0];
    if (first) return first;
  }
  return null;
}

/** The same for one column: the set it sends (the shared one or its own) has a field that is not valid. */
export function selectColumnInvalid(s: CompareSlice, key: string): string | null {
  return Object.values(s.compareInvalid[s.compareSameParams ? 'all' : key] ?? {})[0] ?? null;
}

/** Whether anything of the comparison runs: a column's request, or a server tool's call in a column. */
export function selectCompareBusy(s: StoreState): boolean {
  if (s.compareColumns.some((c) => c.run !== null)) return true;
  const ids = new Set(s.compareColumns.flatMap((c) => (c.conversationId === null ? [] : [c.conversationId])));
  if (ids.size === 0) return false;
  for (const call of Object.values(s.mcpCalls))
    if (call.status === 'running' && ids.has(call.conversationId)) return true;
  return false;
}

/** The function calls that end a column's conversation, waiting for results; undefined when none do. */
export function pendingCalls(col: Pick<CompareColumn, 'turns' | 'run'>): Turn | undefined {
  const last = col.turns.at(-1);
  return !col.run && last?.role === 'assistant' && last.toolCalls?.length ? last : undefined;
}

/** First run: the same question through three formats, each with the model last used in its tab. */
export function defaultColumns(settings: Settings | null): Settings['compareColumns'] {
  const remembered = settings?.compareColumns ?? [];
  const model = (f: TextFormat) => settings?.tabs[f]?.model ?? '';
  // a column without a model takes its tab's; else its key family's list gives it one (ColumnHeader)
  if (remembered.length >= MIN_COLUMNS)
    return remembered
      .slice(0, MAX_COLUMNS)
      .map((c) => (c.model === '' ? { ...c, model: model(c.format) } : c));
  return [
    { format: 'chat', model: model('chat') },
    { format: 'messages', model: model('messages') },
    { format: 'generate', model: model('generate') },
  ];
}

function invalid(message: string): AppError {
  return { kind: 'invalid-input', message };
}

export const createCompareSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], CompareSlice> =>
  (set, get) => {
    /** Saves the columns and parameters in settings: at once, or (typing) once input is quiet. */
    const persist = (when: 'now' | 'quiet' = 'now') => {
      rt.saves.debounce(SETTINGS_SAVE, async () => {
        const s = get();
        return get().updateSettings({
          compareColumns: s.compareColumns.map((c) =>
            compact({ connectionId: c.connectionId, format: c.format, model: c.model, params: c.params }),
          ),
          compareSameParams: s.compareSameParams,
          compareParams: s.compareParams,
        });
      });
      if (when === 'now') void rt.saves.flush(SETTINGS_SAVE);
    };
    const patchColumn = (key: string, patch: Partial<CompareColumn>) =>
      set((s) => ({ compareColumns: s.compareColumns.map((c) => (c.key === key ? { ...c, ...patch } : c)) }));
    const column = (key: string) => get().compareColumns.find((c) => c.key === key);

    /**
     * Makes sure the column has a conversation in the comparison, with the model and parameters it shows
     * now (what is on screen is what is sent); returns its id and `show`, which puts it in the column, or
     * an error. The caller shows it in the same task as the request: a store change is drawn in a
     * microtask, and the request would otherwise wait for that drawing (as in Chat's send).
     */
    const ensureConversation = async (
      col: CompareColumn,
      text: string,
      comparisonId: string,
    ): Promise<{ id: string; show: () => void } | AppError> => {
      const bridge = rt.bridge();
      const params = selectColumnParams(get(), col);
      if (col.conversationId === null) {
        const r = await bridge.createConversation({
          ...compact({ connectionId: col.connectionId }),
          format: col.format,
          model: col.model,
          origin: 'compare',
          comparisonId,
          title: titleFrom(text),
          params,
        });
        if (!r.ok) return r.error;
        const id = r.value.id;
        return {
          id,
          show: () =>
            patchColumn(col.key, {
              conversationId: id,
              conversationModel: col.model,
              conversationParams: params,
            }),
        };
      }
      const modelChanged = col.conversationModel !== col.model;
      const paramsChanged = col.conversationParams === null || !sameParams(col.conversationParams, params);
      if (modelChanged || paramsChanged) {
        const r = await bridge.updateConversation({
          id: col.conversationId,
          ...(modelChanged ? { model: col.model } : {}),
          ...(paramsChanged ? { params } : {}),
        });
        if (!r.ok) return r.error;
        return {
          id: col.conversationId,
          show: () => patchColumn(col.key, { conversationModel: col.model, conversationParams: params }),
        };
      }
      return { id: col.conversationId, show: () => {} };
    };

    /**
     * One column's request, as a run (its text and calls stream into runTexts), then the turns it stored;
     * a reply calling only functions with fixed results is answered without asking (tools-slice.ts).
     */
    const runColumn = async (
      col: CompareColumn,
      input: ColumnInput,
      comparisonId: string,
    ): Promise<boolean> => {
      const { text, files, toolResults } = input;
      const requestId = crypto.randomUUID();
      // the run first, so that whatever shows the column's run finds its timing
      get().beginRun(requestId);
      patchColumn(col.key, {
        run: compact({ requestId, text, attachments: files, toolResults, auto: input.auto || undefined }),
        error: null,
      });
      const ensured = await ensureConversation(col, text || (files[0]?.name ?? ''), comparisonId);
      if (!('id' in ensured)) {
        finish(col.key, requestId, { error: ensured, input });
        return false;
      }
      const conversationId = ensured.id;
      // no await between showing the conversation and making the request (see ensureConversation)
      ensured.show();
      // Stopped while the conversation was being created: do not start the request at all.
      if (get().runs[requestId]?.stopping) {
        finish(col.key, requestId, { error: { kind: 'aborted', message: t('compare.stoppedBeforeSent') } });
        return false;
      }
      let r: Awaited<ReturnType<ReturnType<StoreRuntime['bridge']>['sendMessage']>>;
      try {
        r = await rt.bridge().sendMessage({
          requestId,
          conversationId,
          text,
          ...(files.length > 0 ? { attachmentIds: files.map((a) => a.id) } : {}),
          ...(toolResults ? { toolResults } : {}),
        });
      } catch (e) {
        finish(col.key, requestId, {
          error: {
            kind: 'internal',
            message: t('compare.sendFailed', { message: e instanceof Error ? e.message : String(e) }),
          },
          input,
        });
        return false;
      }
      if (r.ok) {
        finish(col.key, requestId, { turns: [r.value.userTurn, r.value.reply] });
        autoAnswer(col.key, conversationId, r.value.reply, input.auto === true);
        return true;
      }
      finish(col.key, requestId, { error: r.error, input });
      return false;
    };

    /**
     * Asks again for the column's last reply: the turn it answers shows with the reply streaming under it,
     * and the stored pair (the new version on screen) replaces the old one when it is done.
     */
    const regenerateColumn = async (col: CompareColumn, conversationId: string): Promise<boolean> => {
      const at = col.turns.findLastIndex((x) => x.role === 'user');
      const asked = col.turns[at];
      if (!asked) return false;
      const kept = col.turns.slice(0, at);
      const removed = col.turns.slice(at);
      const requestId = crypto.randomUUID();
      get().beginRun(requestId);
      patchColumn(col.key, {
        turns: kept,
        run: compact({
          requestId,
          text: asked.text,
          attachments: asked.attachments,
          toolResults: asked.toolResults,
        }),
        error: null,
      });
      let r: Awaited<ReturnType<ReturnType<StoreRuntime['bridge']>['regenerate']>>;
      try {
        r = await rt.bridge().regenerate({ requestId, conversationId });
      } catch (e) {
        r = {
          ok: false,
          error: {
            kind: 'internal',
            message: t('compare.sendFailed', { message: e instanceof Error ? e.message : String(e) }),
          },
        };
      }
      // The turns come back: the new pair when it went, the old one when nothing was asked.
      finish(
        col.key,
        requestId,
        r.ok ? { turns: [r.value.userTurn, r.value.reply] } : { turns: removed, error: r.error },
      );
      if (r.ok) autoAnswer(col.key, conversationId, r.value.reply, false);
      return r.ok;
    };

    /** Answers the column's new reply when every call has a fixed result (the chat tab's rule and limit). */
    const autoAnswer = (key: string, conversationId: string, reply: Turn, afterAuto: boolean) => {
      const col = column(key);
      get().autoAnswer(conversationId, reply, afterAuto, {
        // still this conversation, still ending with this reply (not moved away or started over meanwhile)
        last: col?.conversationId === conversationId && col.turns.at(-1)?.id === reply.id,
        tools: col ? selectColumnParams(get(), col).tools : undefined,
        // the column's server tools: each call is asked for in the column and run there, its own loop
        mcpTools: col ? selectColumnParams(get(), col).mcpTools : undefined,
        send: (results) => void get().answerColumnCalls(key, results, { auto: true }),
      });
    };

    const finish = (
      key: string,
      requestId: string,
      outcome: { turns?: Turn[]; error?: AppError; input?: ColumnInput },
    ) => {
      get().finishRun(requestId);
      set((s) => ({
        ...withoutRun(s, requestId),
        compareColumns: s.compareColumns.map((c) => {
          if (c.key !== key || c.run?.requestId !== requestId) return c;
          const { failedInput: _old, ...rest } = c;
          return {
            ...rest,
            run: null,
            turns: outcome.turns ? [...c.turns, ...outcome.turns] : c.turns,
            error: outcome.error ?? null,
            // a request stopped on purpose is not offered again
            ...(outcome.error && outcome.input && outcome.error.kind !== 'aborted'
              ? { failedInput: outcome.input }
              : {}),
          };
        }),
      }));
    };

    return {
      compareColumns: [],
      compareHydrated: false,
      comparePrompt: '',
      comparisonId: null,
      compareSameParams: true,
      compareParams: wholeParams(undefined),
      compareParamsOpen: null,
      compareInvalid: {},

      hydrateCompare(settings) {
        if (get().compareHydrated) return;
        get().hydrateImageCompare(settings);
        const shared = wholeParams(settings?.compareParams);
        set({
          compareHydrated: true,
          compareSameParams: settings?.compareSameParams ?? true,
          compareParams: shared,
          compareColumns: defaultColumns(settings).map((c) =>
            newColumn(c.format, c.model, c.params ? wholeParams(c.params) : shared, c.connectionId),
          ),
        });
      },
      setCompareSameParams(on) {
        const s = get();
        if (s.compareSameParams === on) return;
        set({
          compareSameParams: on,
          // Turned off, every column starts from the set it was using, so nothing it sends changes.
          ...(on ? {} : { compareColumns: s.compareColumns.map((c) => ({ ...c, params: s.compareParams })) }),
          // An open editor follows: one column's becomes the shared one and back.
          compareParamsOpen:
            s.compareParamsOpen === null ? null : on ? 'all' : (s.compareColumns[0]?.key ?? null),
        });
        persist();
      },
      setCompareParams(scope, params) {
        const s = get();
        const before = scope === 'all' ? s.compareParams : column(scope)?.params;
        if (scope === 'all') set({ compareParams: params });
        else patchColumn(scope, { params });
        // the host forgets a conversation's "always run" tools when its tools change (at the column's next
        // send); the page at once, so nothing runs unasked meanwhile
        if (!sameJson(before?.mcpTools ?? [], params.mcpTools ?? []))
          for (const c of s.compareColumns)
            if (c.conversationId !== null && (scope === 'all' ? s.compareSameParams : c.key === scope))
              s.mcpToolsChanged(c.conversationId);
        persist('quiet');
      },
      setCompareParamsOpen(scope) {
        set({ compareParamsOpen: scope });
      },
      setCompareInvalid(scope, field, message) {
        const current = get().compareInvalid[scope] ?? {};
        if ((current[field] ?? null) === message) return;
        const next = { ...current };
        if (message === null) delete next[field];
        else next[field] = message;
        set((s) => ({ compareInvalid: { ...s.compareInvalid, [scope]: next } }));
      },
      setComparePrompt(text) {
        set({ comparePrompt: text });
      },
      addCompareColumn() {
        const cols = get().compareColumns;
        if (cols.length >= MAX_COLUMNS) return;
        const used = new Set(cols.map((c) => c.format));
        const format =
          (['chat', 'responses', 'messages', 'generate'] as const).find((f) => !used.has(f)) ?? 'chat';
        const last = cols.at(-1);
        // the last column's model unless the new column's key family's list lacks it (then it gives one)
        const list = get().models[familyOf(format)];
        const listed = list?.status !== 'ready' || list.items.some((m) => m.id === last?.model);
        set({
          compareColumns: [
            ...cols,
            newColumn(
              format,
              listed ? (last?.model ?? '') : '',
              last?.params ?? get().compareParams,
              last?.connectionId,
            ),
          ],
        });
        persist();
      },
      removeCompareColumn(key) {
        const cols = get().compareColumns;
        if (cols.length <= MIN_COLUMNS) return;
        const col = cols.find((c) => c.key === key);
        if (col?.run) void get().stopRun(col.run.requestId);
        if (col?.conversationId) get().stopMcpCalls(col.conversationId);
        set((s) => ({
          compareColumns: cols.filter((c) => c.key !== key),
          compareParamsOpen: s.compareParamsOpen === key ? null : s.compareParamsOpen,
        }));
        persist();
      },
      setCompareColumn(key, patch) {
        const col = column(key);
        if (!col || col.run) return;
        // another format or connection is another conversation: the column starts afresh
        const formatChanged =
          (patch.format !== undefined && patch.format !== col.format) ||
          ('connectionId' in patch && patch.connectionId !== col.connectionId);
        patchColumn(key, {
          ...patch,
          ...(formatChanged
            ? {
                conversationId: null,
                conversationModel: null,
                conversationParams: null,
                turns: [],
                error: null,
              }
            : {}),
        });
        persist();
      },
      setModelInAllColumns(model) {
        if (get().compareColumns.some((c) => c.run)) return;
        set((s) => ({ compareColumns: s.compareColumns.map((c) => ({ ...c, model })) }));
        persist();
      },

      async sendCompare() {
        const text = get().comparePrompt;
        const cols = get().compareColumns;
        const hasFiles = (get().composerFiles[COMPARE_FILES] ?? []).length > 0;
        if (
          (text.trim() === '' && !hasFiles) ||
          cols.some((c) => c.run) ||
          selectCompareInvalid(get()) !== null ||
          // a text after calls without results is refused by every service: the column's form comes first
          cols.some((c) => pendingCalls(c)?.status === 'complete')
        )
          return false;
        // The same files to every column, each checked against its own format's limits first.
        const files = selectCompareFiles(get());
        if ('problem' in files) {
          get().notify(t('compare.notSent', { problem: files.problem }), 'warning');
          return false;
        }
        const ready = cols.filter((c) => c.model.trim() !== '');
        for (const c of cols) {
          if (c.model.trim() === '') patchColumn(c.key, { error: invalid(t('compare.column.chooseModel')) });
        }
        if (ready.length === 0) return false;
        const comparisonId = get().comparisonId ?? crypto.randomUUID();
        const held = get().composerFiles[COMPARE_FILES] ?? [];
        set((s) => ({
          comparePrompt: '',
          comparisonId,
          composerFiles: { ...s.composerFiles, [COMPARE_FILES]: [] },
        }));
        // Every column at once: the point is to see them side by side, in the same moment.
        const results = await Promise.all(
          ready.map((c) => runColumn(c, { text, files: files.attachments }, comparisonId)),
        );
        // the files went with the prompt; when nothing was sent they come back with it
        if (results.some(Boolean)) get().clearFiles(COMPARE_FILES);
        else if ((get().composerFiles[COMPARE_FILES] ?? []).length === 0)
          set((s) => ({ composerFiles: { ...s.composerFiles, [COMPARE_FILES]: held } }));
        // the list shows this comparison as it now is (its title, its newest activity)
        if (get().comparisonsLoaded) void get().loadComparisons();
        // Nothing reached the service: give the text back so it is not lost.
        if (!results.some(Boolean) && get().comparePrompt === '') {
          const anyStored = get().compareColumns.some((c) =>
            c.turns.some((t) => t.role === 'user' && t.text === text),
          );
          if (!anyStored) set({ comparePrompt: text });
        }
        return true;
      },
      async stopCompare() {
        const cols = get().compareColumns;
        // every column's tool calls first: a call ending now sends nothing, so no loop goes on
        for (const c of cols) if (c.conversationId !== null) get().stopMcpCalls(c.conversationId);
        const running = cols.flatMap((c) => (c.run ? [c.run.requestId] : []));
        await Promise.all(running.map((requestId) => get().stopRun(requestId)));
      },
      async continueInTab(key) {
        const col = column(key);
        if (!col || col.run || col.conversationId === null) return false;
        const id = col.conversationId;
        const r = await rt.bridge().updateConversation({ id, origin: 'chat' });
        if (!r.ok) {
          get().notify(
            t('compare.continueFailed', { format: FORMAT_LABELS[col.format], message: r.error.message }),
            'error',
          );
          return false;
        }
        set((s) => {
          // fetched again when opened: the tab may hold an older copy
          const loaded = { ...s.loaded };
          delete loaded[id];
          return {
            loaded,
            conversations: upsertSummary(s.conversations, r.value),
            compareColumns: s.compareColumns.map((c) => (c.key === key ? emptiedColumn(c) : c)),
          };
        });
        get().setTab(col.format);
        await get().openConversation(col.format, id);
        return true;
      },
      async answerColumnCalls(key, results, options = {}) {
        const col = column(key);
        const comparisonId = get().comparisonId;
        const reply = col && pendingCalls(col);
        if (!col || !reply || col.conversationId === null || comparisonId === null) return false;
        const problem = pairingProblem(reply.toolCalls ?? [], results) ?? selectColumnInvalid(get(), key);
        if (problem) {
          get().notify(t('compare.notSent', { problem }), 'warning');
          return false;
        }
        return runColumn(
          col,
          { text: '', files: [], toolResults: results, auto: options.auto === true },
          comparisonId,
        );
      },
      async alwaysRunMcpInComparison(callKey) {
        const call = get().mcpCalls[callKey];
        if (!call) return;
        const s = get();
        const on = (c: CompareColumn) =>
          (selectColumnParams(s, c).mcpTools ?? []).some(
            (r) => r.server === call.ref.server && r.tool === call.ref.tool,
          );
        const conversations = s.compareColumns.flatMap((c) =>
          c.conversationId !== null && on(c) ? [c.conversationId] : [],
        );
        // the call's own conversation even when its column changed meanwhile
        if (!conversations.includes(call.conversationId)) conversations.push(call.conversationId);
        await Promise.all(conversations.map((id) => get().allowMcpTool(id, call.ref)));
      },
      async retryColumn(key) {
        const col = column(key);
        if (!col) return false;
        const how = retryOf(col);
        if (how === null) return false;
        if (selectColumnInvalid(get(), key) !== null) return false;
        if (how === 'regenerate' && col.conversationId !== null)
          return regenerateColumn(col, col.conversationId);
        const input = col.failedInput;
        if (!input) return false;
        const comparisonId = get().comparisonId ?? crypto.randomUUID();
        if (get().comparisonId === null) set({ comparisonId });
        return runColumn(col, input, comparisonId);
      },
      async newComparison() {
        if (get().compareColumns.some((c) => c.run)) await get().stopCompare();
        set((s) => ({ comparisonId: null, compareColumns: s.compareColumns.map(emptiedColumn) }));
      },
    };
  };

// ---------- figures across columns ----------

export interface ColumnFigures {
  ttftMs?: number | undefined;
  totalMs?: number | undefined;
  input?: number | undefined;
  output?: number | undefined;
  finish?: string | undefined;
  status?: Turn['status'] | undefined;
  exchangeId?: string | undefined;
}

/** The figures of a column's last reply. */
export function lastReplyFigures(col: Pick<CompareColumn, 'turns'>): ColumnFigures | null {
  const reply = col.turns.findLast((t) => t.role === 'assistant');
  if (!reply) return null;
  return {
    ttftMs: reply.timings?.firstTokenMs,
    totalMs: reply.timings?.totalMs,
    input: reply.usage?.input,
    output: reply.usage?.output,
    finish: reply.finishReason,
    status: reply.status,
    exchangeId: reply.exchangeId ?? reply.error?.exchangeId,
  };
}

/** What a column's tools did for its last prompt: rounds of calls answered, time in server tools, the limit. */
export interface ColumnToolFigures {
  /** rounds of tool calls answered since the last prompt (a request carrying results is one) */
  steps: number;
  /**
   * the server tools' time: each round's longest call (a round's calls run side by side), summed;
   * undefined when none ran this session
   */
  toolMs: number | undefined;
  /** the column stopped at the step limit: its last reply's calls wait for the user */
  limitReached: boolean;
}

/**
 * The tool figures of a column, read backwards from its last turn to the prompt that started the rounds
 * (one pass over that stretch); null when the column has no turns. A column's run that carries results
 * is a round on its way and counts.
 */
export function columnToolFigures(
  col: Pick<CompareColumn, 'turns' | 'run' | 'conversationId'>,
  s: Pick<StoreState, 'mcpCalls' | 'mcpLimitReached'>,
): ColumnToolFigures | null {
  const last = col.turns.at(-1);
  if (!last && !col.run) return null;
  // a new prompt on its way: its rounds have not begun
  if (col.run && !col.run.toolResults) return { steps: 0, toolMs: undefined, limitReached: false };
  let steps = col.run ? 1 : 0;
  let toolMs: number | undefined;
  for (let i = col.turns.length - 1; i >= 0; i--) {
    const turn = col.turns[i]!;
    if (turn.role === 'user') {
      if (!turn.toolResults?.length) break;
      steps++;
      continue;
    }
    let longest: number | undefined;
    for (const call of turn.toolCalls ?? []) {
      const state = s.mcpCalls[mcpCallKey(turn.id, call.id)];
      if (state?.status === 'done' && state.result) longest = Math.max(longest ?? 0, state.result.ms);
    }
    if (longest !== undefined) toolMs = (toolMs ?? 0) + longest;
  }
  const limitReached =
    !col.run &&
    last !== undefined &&
    col.conversationId !== null &&
    s.mcpLimitReached[col.conversationId] === last.id;
  return { steps, toolMs, limitReached };
}

export type Rank = 'best' | 'worst' | undefined;

/** Marks the lowest value 'best' and the highest 'worst', when at least two differ. */
export function rankLowest(values: readonly (number | undefined)[]): Rank[] {
  const known = values.filter((v): v is number => v !== undefined && Number.isFinite(v));
  if (known.length < 2) return values.map(() => undefined);
  const min = Math.min(...known);
  const max = Math.max(...known);
  if (min === max) return values.map(() => undefined);
  return values.map((v) =>
    v === undefined ? undefined : v === min ? 'best' : v === max ? 'worst' : undefined,
  );
}
