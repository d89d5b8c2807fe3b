// What the chat slices and views share: the pending send of a conversation, which turns to show while it
// runs, how a finished one changes the conversation, and the tab's model and parameters.
import type { ConversationSummary, SendResult } from '../../shared/contract.ts';
import type { Attachment } from '../../shared/attachments.ts';
import type { ToolResult } from '../../shared/tools.ts';
import { defaultParams, type Conversation, type Params, type Turn } from '../../shared/conversation.ts';
import { TEXT_FORMATS, familyOf, type KeyFamily, type TextFormat } from '../../shared/formats.ts';
import { groupModels } from './models-slice.ts';
import { compact } from '../../shared/compact.ts';
import type { StoreState } from './types.ts';
import { selectToolsDraftProblem } from './tools-slice.ts';
import { t } from '../i18n/active.ts';

/**
 * A send or regeneration running for one conversation: what chat needs beyond the run itself (its timing,
 * stopping and text live in the runs slice under `requestId`).
 */
export interface PendingSend {
  requestId: string;
  kind: 'send' | 'regenerate';
  /** the user's text while it is on its way (shown at once, before the host stores it) */
  text: string | null;
  /** editing: the user turn getting a new version; it and everything after it are hidden meanwhile */
  editTurnId: string | null;
  /** the files going with the user's text, shown with it at once */
  attachments?: Attachment[];
  /** answering again: the reply getting a new version (null: the last one) */
  turnId?: string | null;
  /** results answering the last reply's function calls, shown at once like the text */
  toolResults?: ToolResult[];
  /** sent by the app itself (every called function has a fixed result), not by the user */
  auto?: boolean;
}

export const perFormat = <T>(make: () => T): Record<TextFormat, T> =>
  Object.fromEntries(TEXT_FORMATS.map((f) => [f, make()])) as Record<TextFormat, T>;

export function draftKey(format: TextFormat, conversationId: string | null): string {
  return conversationId ?? `new:${format}`;
}

/** Where the turn being replaced on screen starts: the edited message, or the reply asked for again. */
function replacedFrom(
  turns: readonly Turn[],
  pending: Pick<PendingSend, 'kind' | 'editTurnId' | 'turnId'>,
): number {
  if (pending.kind === 'send') {
    return pending.editTurnId ? turns.findIndex((t) => t.id === pending.editTurnId) : -1;
  }
  if (pending.turnId) return turns.findIndex((t) => t.id === pending.turnId);
  return turns.at(-1)?.role === 'assistant' ? turns.length - 1 : -1;
}

/**
 * The turns to show while a request runs: an edit hides the edited turn onward, answering again hides
 * that reply onward (they stay stored as the other version).
 */
export function visibleTurns(turns: readonly Turn[], pending: PendingSend | undefined): readonly Turn[] {
  if (!pending) return turns;
  const i = replacedFrom(turns, pending);
  return i >= 0 ? turns.slice(0, i) : turns;
}

/** The conversation after a finished send or regenerate, as the host stored it. */
export function applyResult(
  conversation: Conversation,
  pending: Pick<PendingSend, 'kind' | 'editTurnId' | 'turnId'>,
  result: SendResult,
): Conversation {
  let turns: Turn[] = conversation.turns.slice();
  const i = replacedFrom(turns, pending);
  if (i >= 0) turns = turns.slice(0, i);
  if (pending.kind === 'send') {
    turns.push(result.userTurn, result.reply);
  } else {
    const u = turns.findIndex((t) => t.id === result.userTurn.id);
    if (u >= 0) turns = [...turns.slice(0, u), result.userTurn];
    else turns.push(result.userTurn);
    turns.push(result.reply);
  }
  return { ...conversation, turns, updatedAt: Math.max(conversation.updatedAt, result.reply.createdAt) };
}

export function summaryOf(c: Conversation, origin: 'chat' | 'compare' = 'chat'): ConversationSummary {
  return {
    id: c.id,
    format: c.format,
    model: c.model,
    title: c.title,
    origin,
    ...compact({
      connectionId: c.connection?.id,
      wantedConnection: c.connection && c.connection.id === undefined ? c.connection.name : undefined,
    }),
    turnCount: c.turns.length,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export function upsertSummary(list: ConversationSummary[], s: ConversationSummary): ConversationSummary[] {
  const previous = list.find((c) => c.id === s.id);
  const rest = list.filter((c) => c.id !== s.id);
  // a summary made from a loaded conversation knows nothing of its pin and folder: they stay as they were
  const next = previous ? { ...s, ...compact({ pinned: previous.pinned, folderId: previous.folderId }) } : s;
  return [next, ...rest].sort((a, b) => b.updatedAt - a.updatedAt);
}

/** The model the tab uses now: its open conversation's, else the tab's draft, last-used or first suggested one. */
/**
 * The connection of the tab's open conversation (null while it asks for one that is not here), else of
 * its next one: picked for it, else the tab's last one (while it exists), else the active connection.
 */
export function selectTabConnection(s: StoreState, format: TextFormat): string | null {
  const id = s.activeConversation[format];
  const conv = id ? s.loaded[id] : undefined;
  if (conv) return conv.connection ? (conv.connection.id ?? null) : s.activeConnectionId;
  const exists = (c: string | undefined) => c !== undefined && s.connections.some((x) => x.id === c);
  const draft = s.draftConnection[format];
  if (exists(draft)) return draft ?? null;
  const remembered = s.settings?.tabs[format]?.connectionId;
  if (exists(remembered)) return remembered ?? null;
  return s.activeConnectionId;
}

/**
 * The connection a list row names (a sidebar row, an all-conversations row, a search hit): its saved
 * connection's name when several connections exist or it is not the active one, the name it asks for when
 * that connection is not here; undefined when there is nothing to tell apart.
 */
export function rowConnectionName(
  s: Pick<StoreState, 'connections' | 'activeConnectionId'>,
  row: { connectionId?: string; wantedConnection?: string },
): string | undefined {
  if (row.connectionId === undefined) {
    return row.wantedConnection === undefined
      ? undefined
      : t('connection.wanted.option', { name: row.wantedConnection });
  }
  if (s.connections.length < 2 && row.connectionId === s.activeConnectionId) return undefined;
  return s.connections.find((c) => c.id === row.connectionId)?.name;
}

/** A connection's model list for a key family, as fetched so far. */
export function selectModelList(s: StoreState, connectionId: string | null, family: KeyFamily) {
  if (connectionId === null || connectionId === s.activeConnectionId) return s.models[family];
  return s.modelsByConnection[connectionId]?.[family];
}

export function selectTabModel(s: StoreState, format: TextFormat): string {
  const id = s.activeConversation[format];
  const conv = id ? s.loaded[id] : undefined;
  if (conv) return conv.model;
  const remembered = s.draftModel[format] ?? s.settings?.tabs[format]?.model;
  if (remembered) return remembered;
  const list = selectModelList(s, selectTabConnection(s, format), familyOf(format));
  return list ? (groupModels(list.items, format).suggested[0]?.id ?? '') : '';
}

/**
 * The first parameter field of the tab whose text is not a valid value, as a sentence; else the problem of
 * a functions draft kept for the tab's conversation (also while the panel is closed); null when none.
 */
export function selectInvalidParam(s: StoreState, format: TextFormat): string | null {
  return Object.values(s.invalidParams[format])[0] ?? selectToolsDraftProblem(s, format);
}

/** The parameters the tab uses now (open conversation, else the new conversation's). */
export function selectTabParams(s: StoreState, format: TextFormat): Params {
  const id = s.activeConversation[format];
  const conv = id ? s.loaded[id] : undefined;
  if (conv) return conv.params;
  const draft = s.draftParams[format];
  if (draft) return draft;
  return { ...defaultParams(format), ...(s.settings?.tabs[format]?.params ?? {}) } as Params;
}

/** Imported conversations that ask for a connection this data folder lacks: their ids by the name asked for. */
export function missingConnections(list: readonly ConversationSummary[]): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const c of list) {
    if (c.connectionId === undefined && c.wantedConnection !== undefined) {
      const known = ids.get(c.wantedConnection);
      if (known) known.push(c.id);
      else ids.set(c.wantedConnection, [c.id]);
    }
  }
  return ids;
}
