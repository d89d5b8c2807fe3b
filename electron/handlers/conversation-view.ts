// Store rows as the contract's values, and the few rules about conversations shared by several handlers.
import { toTurnImage } from './reply-images.ts';
import { MAX_TURN_IMAGES } from '../../shared/conversation.ts';
import { MAX_REPLY_CHARS } from '../../shared/limits.ts';
import type { ConversationSummary } from '../../shared/contract.ts';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import {
  descend,
  pathFrom,
  toAttachmentRecord,
  type ConversationListRow,
  type ConversationRow,
  type StoredTurn,
  type TreeNode,
} from '../store/index.ts';
import { ApiError } from '../core/index.ts';
import { notFound } from './errors.ts';
import type { Services } from './services.ts';
import { compact } from '../../shared/compact.ts';

export function toTurn(stored: StoredTurn): Turn {
  const { conversationId: _c, seq: _s, ...turn } = stored;
  return turn;
}

export function toSummary(row: ConversationListRow): ConversationSummary {
  return compact({
    id: row.id,
    format: row.format,
    model: row.model,
    title: row.title,
    origin: row.origin,
    comparisonId: row.comparisonId,
    pinned: row.pinned,
    folderId: row.folderId,
    turnCount: row.turnCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
}

export function requireConversation(s: Services, id: string): ConversationRow {
  const row = s.store.conversations.get(id);
  if (!row) throw notFound('This conversation no longer exists.');
  return row;
}

/** A turn of this conversation, or a clear error. */
export function requireTurn(
  s: Services,
  conversationId: string,
  turnId: string,
  path = 'turnId',
): StoredTurn {
  const turn = s.store.messages.get(turnId);
  if (!turn || turn.conversationId !== conversationId) {
    throw new ApiError({
      kind: 'not-found',
      message: 'That message is not in this conversation (it may have been deleted).',
      issues: [{ path, message: 'not in this conversation' }],
    });
  }
  return turn;
}

/** Each turn's versions (itself and its siblings: same parent, same role), oldest first, when more than one. */
export function versionsOf(tree: readonly TreeNode[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const node of tree) {
    const key = `${node.parentId ?? ''}\u0000${node.role}`;
    const group = groups.get(key);
    if (group) group.push(node.id);
    else groups.set(key, [node.id]);
  }
  const result = new Map<string, string[]>();
  for (const ids of groups.values()) if (ids.length > 1) for (const id of ids) result.set(id, ids);
  return result;
}

/** Shows the branch through `turnId`: from it, the newest reply or follow-up at each step. Returns the leaf. */
export function showBranch(s: Services, conversationId: string, turnId: string): string {
  requireTurn(s, conversationId, turnId);
  const leaf = descend(s.store.messages.tree(conversationId), turnId);
  s.store.messages.setLeaf(conversationId, leaf);
  return leaf;
}

/** Stored turns as the contract's turns: their files described, and their versions when they have any. */
export function withDetails(s: Services, stored: readonly StoredTurn[], tree?: readonly TreeNode[]): Turn[] {
  const files = s.store.attachments.ofMessages(stored.filter((t) => t.role === 'user').map((t) => t.id));
  const versions = tree ? versionsOf(tree) : new Map<string, string[]>();
  // only replies in a format that makes images can have some in the gallery
  const images = s.store.images.ofMessages(
    stored.filter((t) => t.raw?.format === 'responses' || t.raw?.format === 'generate').map((t) => t.id),
  );
  // most turns have neither files nor versions: they are passed on as they are (10,000-turn conversations)
  return stored.map((t) => {
    const turn = toTurn(t);
    const attachments = files.get(t.id);
    if (attachments !== undefined) turn.attachments = attachments.map(toAttachmentRecord);
    const made = images.get(t.id);
    if (made !== undefined) turn.images = made.slice(0, MAX_TURN_IMAGES).map(toTurnImage);
    const ids = versions.get(t.id);
    if (ids !== undefined) turn.versions = ids;
    return turn;
  });
}

/** The branch from the first turn to `leafId`, as stored turns. */
export function storedPath(s: Services, conversationId: string, leafId: string | undefined): StoredTurn[] {
  return leafId === undefined ? [] : s.store.messages.pathTo(conversationId, leafId);
}

export interface LoadOptions {
  /** the branch through this turn instead of the one on screen (which it becomes) */
  turnId?: string | undefined;
  /** with 'all', `branches` holds every turn that is not on the branch */
  branches?: 'current' | 'all' | undefined;
}

export function loadConversation(s: Services, id: string, options: LoadOptions = {}): Conversation {
  const row = requireConversation(s, id);
  if (options.turnId !== undefined) showBranch(s, id, options.turnId);
  // One read of every turn: the tree, the branch on screen and the other branches all come from it
  // (a 10,000-turn conversation opens in one query, not one per turn).
  const all = s.store.messages.list(id);
  const start = s.store.messages.leafStart(id);
  const path = start === undefined ? [] : pathFrom(all, descend(all, start));
  const onPath = new Set(path.map((t) => t.id));
  const tree = all;
  const others = options.branches === 'all' ? all.filter((t) => !onPath.has(t.id)) : undefined;
  return compact({
    id: row.id,
    format: row.format,
    model: row.model,
    title: row.title,
    params: row.params,
    turns: withDetails(s, path, tree),
    branches: others && others.length > 0 ? withDetails(s, others) : undefined,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
}

/**
 * The most characters of one turn that go to the page. Replies are capped when they arrive
 * (MAX_REPLY_CHARS), but a conversation stored by an earlier release may hold a turn of hundreds of MB:
 * sent whole it cannot cross the bridge ("The result could not be sent") or crashes the tab. The host
 * keeps the whole turn and sends it back in history.
 */
export const VIEW_TURN_CHARS = 2 * MAX_REPLY_CHARS.default;

function viewTurn(turn: Turn): Turn {
  const long = turn.text.length > VIEW_TURN_CHARS;
  const longThoughts = (turn.thoughts?.length ?? 0) > VIEW_TURN_CHARS;
  if (!long && !longThoughts) return turn;
  const cut = (text: string) =>
    `${text.slice(0, VIEW_TURN_CHARS)}\n\n[… ${(text.length - VIEW_TURN_CHARS).toLocaleString('en')} more characters are kept but not shown]`;
  // the raw payload holds the text again; the page needs it only for display hints
  const { raw: _raw, ...rest } = turn;
  return {
    ...rest,
    text: long ? cut(turn.text) : turn.text,
    ...compact({
      thoughts: longThoughts && turn.thoughts !== undefined ? cut(turn.thoughts) : turn.thoughts,
    }),
  };
}

/** The conversation as the page gets it: the branch on screen, each turn within VIEW_TURN_CHARS. */
export function viewConversation(s: Services, id: string, turnId?: string): Conversation {
  const conversation = loadConversation(s, id, { turnId });
  return { ...conversation, turns: conversation.turns.map(viewTurn) };
}
