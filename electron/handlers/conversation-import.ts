// Importing an exported conversation (file version 1 to 3): the tree of turns is checked before anything
// is stored, the embedded files are stored like uploads (new ids), and every turn is stored under a new id
// with its parent and files mapped, so importing the same file twice never collides. The file's tool runs
// (version 3) are stored after the turns, each under a new id and linked to its reply's new id.
import { randomUUID } from 'node:crypto';
import { filesOfTurn, type Conversation, type Turn } from '../../shared/conversation.ts';
import type { EmbeddedFile } from '../../shared/export.ts';
import { toolRunChars, type ToolRunFile, type ToolRunPart } from '../../shared/tool-runs.ts';
import { DEFAULT_TITLE } from '../../shared/titles.ts';
import { MAX_TURN_VERSIONS } from '../../shared/limits.ts';
import { toAttachmentRecord, type AttachmentRow } from '../store/index.ts';
import { storeAttachment } from './attachment-files.ts';
import { toolImageIds } from './tool-result-images.ts';
import { invalid } from './errors.ts';
import { nextTurn } from '../core/give-way.ts';
import { parseImportOffLoop } from './import-parse.ts';
import { activeConnectionId, type Services } from './services.ts';
import { payloadReplyImages } from '../core/formats/reply-images.ts';
import { storeReplyImages } from './reply-images.ts';

interface Node {
  turn: Turn;
  parentId: string | undefined;
}

const broken = (why: string) => invalid(`The conversation file is broken: ${why}.`, 'content');

/**
 * Every turn of the file with the turn it follows, parents before children. A turn of the branch on screen
 * without a parentId follows the one before it (version 1 files have no parentId at all).
 */
export function orderedTree(conversation: Conversation): Node[] {
  const nodes: Node[] = [
    ...conversation.turns.map((turn, i) => ({
      turn,
      parentId: turn.parentId ?? (i > 0 ? conversation.turns[i - 1]?.id : undefined),
    })),
    ...(conversation.branches ?? []).map((turn) => ({ turn, parentId: turn.parentId })),
  ];
  const ids = new Set<string>();
  for (const { turn } of nodes) {
    if (ids.has(turn.id)) throw broken(`two turns have the id "${turn.id.slice(0, 80)}"`);
    ids.add(turn.id);
  }
  const missing = nodes.find((n) => n.parentId !== undefined && !ids.has(n.parentId));
  if (missing) {
    throw broken(`a turn follows "${String(missing.parentId).slice(0, 80)}", which the file does not hold`);
  }
  // Parents first; what never gets placed follows itself round a cycle. Versions of a turn keep the order
  // they were made in (the file lists the branch on screen first).
  const ordered: Node[] = [];
  const placed = new Set<string>();
  const children = new Map<string | undefined, Node[]>();
  const byAge = nodes.map((node, i) => ({ node, i }));
  byAge.sort((a, b) => a.node.turn.createdAt - b.node.turn.createdAt || a.i - b.i);
  // Linear: each list grows in place and the queue is read by position (copying a turn's versions for
  // each version, and shift(), made 100,000 versions of one turn take 84 s).
  for (const { node } of byAge) {
    const list = children.get(node.parentId);
    if (list) list.push(node);
    else children.set(node.parentId, [node]);
  }
  // versions of one turn are the turns that follow the same one (the first turns: versions of the first)
  for (const list of children.values()) {
    if (list.length > MAX_TURN_VERSIONS) {
      throw broken(
        `a turn has ${list.length.toLocaleString('en')} versions; Quartet keeps at most ${MAX_TURN_VERSIONS.toLocaleString('en')}`,
      );
    }
  }
  const queue: Node[] = [];
  for (const root of children.get(undefined) ?? []) queue.push(root);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as Node;
    ordered.push(node);
    placed.add(node.turn.id);
    for (const child of children.get(node.turn.id) ?? []) queue.push(child);
  }
  if (ordered.length !== nodes.length) throw broken('some turns follow each other in a circle');
  return ordered;
}

function bytesOf(file: EmbeddedFile, name: string): Uint8Array {
  const buffer = Buffer.from(file.base64, 'base64');
  // the schema checked the alphabet; a canonical encoding reads back the same
  if (buffer.toString('base64') !== file.base64) {
    throw invalid(
      `The conversation file carries "${name}" damaged (its data is not valid base64).`,
      'content',
    );
  }
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Stores the file's conversation (read off the event loop); returns the new conversation's id. */
export async function importConversationFile(
  s: Services,
  content: string,
  titleFor: (title: string, format: Conversation['format']) => string,
): Promise<string> {
  const parsed = await parseImportOffLoop(content);
  if (!parsed.ok) throw invalid(parsed.message, 'content');
  const entry = parsed.entries[0];
  if (parsed.kind !== 'conversation' || !entry?.ok) {
    throw invalid('The file is not a Quartet conversation export.', 'content');
  }
  return importConversation(s, entry, titleFor);
}

/**
 * How much one task of an import stores: this many turns, or fewer when their text is long. Between two
 * tasks the event loop takes its turn, so a conversation at the limits never holds it for long.
 */
export const IMPORT_TURNS_PER_TASK = 200;
export const IMPORT_CHARS_PER_TASK = 4_000_000;

/** The nodes in runs of at most IMPORT_TURNS_PER_TASK turns and about IMPORT_CHARS_PER_TASK characters. */
function tasksOf(nodes: readonly Node[]): Node[][] {
  const tasks: Node[][] = [];
  let task: Node[] = [];
  let chars = 0;
  for (const node of nodes) {
    const size = node.turn.text.length + (node.turn.thoughts?.length ?? 0);
    if (task.length > 0 && (task.length >= IMPORT_TURNS_PER_TASK || chars + size > IMPORT_CHARS_PER_TASK)) {
      tasks.push(task);
      task = [];
      chars = 0;
    }
    task.push(node);
    chars += size;
  }
  if (task.length > 0) tasks.push(task);
  return tasks;
}

/**
 * The connection an imported conversation goes through: the one of this data folder with the file's name
 * (the same name first, then without regard to case). A name that is not here is kept as asked for: the
 * page asks the user to pick a connection, never invents one. A file of an earlier release names none and
 * takes the active connection, as its import always did.
 */
export function connectionOnImport(
  s: Services,
  name: string | undefined,
): { connectionId?: string; wantedConnection?: string } {
  if (name === undefined) {
    const active = activeConnectionId(s);
    return active !== null ? { connectionId: active } : {};
  }
  const all = s.store.connections.list();
  const found =
    all.find((c) => c.name === name) ?? all.find((c) => c.name.toLowerCase() === name.toLowerCase());
  return found ? { connectionId: found.id } : { wantedConnection: name };
}

/** Stores a conversation read from a file (alone, or one of a bundle); returns the new conversation's id. */
export async function importConversation(
  s: Services,
  parsed: {
    conversation: Conversation;
    files: readonly EmbeddedFile[];
    toolRuns?: readonly ToolRunFile[];
  },
  titleFor: (title: string, format: Conversation['format']) => string,
): Promise<string> {
  const source = parsed.conversation;
  const nodes = orderedTree(source);

  // The files first (checked from their bytes like an upload); a refusal names the file.
  const described = new Map<string, { name: string; mimeType: string }>();
  for (const { turn } of nodes) for (const a of filesOfTurn(turn)) described.set(a.id, a);
  const stored = new Map<string, AttachmentRow>();
  for (const file of parsed.files) {
    const meta = described.get(file.id);
    if (!meta || stored.has(file.id)) continue; // carried but used by no turn, or carried twice
    stored.set(
      file.id,
      await storeAttachment(s, meta.name, meta.mimeType, bytesOf(file, meta.name), 'content'),
    );
  }

  const id = randomUUID();
  const newIds = new Map(nodes.map((n) => [n.turn.id, randomUUID()]));
  const store = (node: Node) => {
    const { turn, parentId } = node;
    // Exchange records belong to the database that made them; here they would point nowhere.
    const { exchangeId: _x, attachments, versions: _v, parentId: _p, toolResults, ...rest } = turn;
    // a result's images are the files stored above, described as stored (their new ids)
    const results = toolResults?.map((r) => {
      if (!r.images) return r;
      const { images, ...text } = r;
      const kept = images.flatMap((a) => {
        const row = stored.get(a.id);
        return row && row.kind === 'image' ? [toAttachmentRecord(row)] : [];
      });
      return kept.length > 0 ? { ...text, images: kept } : text;
    });
    const copy: Turn = {
      ...rest,
      ...(results ? { toolResults: results } : {}),
      id: newIds.get(turn.id) as string,
    };
    if (copy.error?.exchangeId !== undefined) {
      const { exchangeId: _e, ...error } = copy.error;
      copy.error = error;
    }
    s.store.messages.insert(id, copy, parentId !== undefined ? (newIds.get(parentId) ?? null) : null);
    s.store.attachments.link(
      copy.id,
      (attachments ?? []).flatMap((a) => stored.get(a.id)?.id ?? []),
    );
    s.store.attachments.linkToolImages(copy.id, toolImageIds(copy.toolResults));
  };
  // The turns in short tasks, parents first (each task whole: a tree that only lacks its later turns).
  // One that fails half-way is taken out again, so a refused import leaves nothing behind.
  const tasks = tasksOf(nodes);
  s.store.transaction(() => {
    s.store.conversations.insert({
      id,
      format: source.format,
      model: source.model,
      title: titleFor(source.title.trim() || DEFAULT_TITLE, source.format),
      origin: 'chat',
      params: source.params,
      ...connectionOnImport(s, source.connection?.name),
      createdAt: source.createdAt,
      updatedAt: s.now(),
    });
  });
  try {
    for (const task of tasks) {
      await nextTurn();
      s.store.transaction(() => task.forEach(store));
    }
    const last = source.turns.at(-1);
    s.store.messages.setLeaf(id, last ? (newIds.get(last.id) ?? null) : null);
    await storeToolRuns(s, id, parsed.toolRuns ?? [], newIds, stored);
  } catch (e) {
    s.store.transaction(() => s.store.conversations.delete(id));
    throw e;
  }
  await galleryOfImport(s, id, source, nodes, newIds);
  return id;
}

/**
 * Tool runs stored per task: this many, or fewer when their texts are long (a run keeps up to
 * MCP_LIMITS.resultChars of arguments and of each part), as the turns are.
 */
export const TOOL_RUNS_PER_TASK = 100;

/**
 * The file's tool runs as records of the new conversation, in short tasks; the file's reader checked that
 * each names a reply of the file, so each links to a turn just stored (the inspector lists them, and they
 * go with the conversation when it is deleted).
 */
async function storeToolRuns(
  s: Services,
  conversationId: string,
  runs: readonly ToolRunFile[],
  newIds: ReadonlyMap<string, string>,
  files: ReadonlyMap<string, AttachmentRow>,
): Promise<void> {
  let task: ToolRunFile[] = [];
  let chars = 0;
  const flush = async () => {
    await nextTurn();
    const batch = task;
    task = [];
    chars = 0;
    s.store.transaction(() => {
      for (const run of batch) {
        const replyId = newIds.get(run.replyId);
        if (replyId === undefined) throw broken('a tool run names a reply the file does not hold');
        s.store.toolRuns.put({
          ...run,
          content: run.content.map((part) => withImportedFile(part, files)),
          id: randomUUID(),
          conversationId,
          replyId,
        });
      }
    });
  };
  for (const run of runs) {
    const size = toolRunChars(run);
    if (task.length > 0 && (task.length >= TOOL_RUNS_PER_TASK || chars + size > IMPORT_CHARS_PER_TASK)) {
      await flush();
    }
    task.push(run);
    chars += size;
  }
  if (task.length > 0) await flush();
}

/**
 * A run's image names its file by the id it had where it was exported: here it is the file the import
 * stored from the same bytes (a result's image the file carried), or none (the record keeps type and size).
 */
function withImportedFile(part: ToolRunPart, files: ReadonlyMap<string, AttachmentRow>): ToolRunPart {
  if (part.type !== 'image' || part.id === undefined) return part;
  const { id, ...rest } = part;
  const row = files.get(id);
  return row ? { ...rest, id: row.id } : rest;
}

/** How far up its branch an imported reply looks for its prompt and the image it edited. */
const IMAGE_CONTEXT_TURNS = 120;

/**
 * The images the imported replies hold join the gallery as those made in the app do: linked to the new
 * conversation and reply, with the prompt, the settings and the branch's image before as parent (parents
 * come first, so it is already there). Each branch is looked up a bounded way, so the pass stays linear.
 */
async function galleryOfImport(
  s: Services,
  conversationId: string,
  source: Conversation,
  nodes: readonly Node[],
  newIds: ReadonlyMap<string, string>,
): Promise<void> {
  const byId = new Map(nodes.map((n) => [n.turn.id, n]));
  for (const { turn } of nodes) {
    if (turn.role !== 'assistant' || turn.raw === undefined) continue;
    const images = payloadReplyImages(turn.raw);
    if (images.length === 0) continue;
    const history: Turn[] = [];
    for (let up = byId.get(turn.id)?.parentId; up !== undefined && history.length < IMAGE_CONTEXT_TURNS;) {
      const node = byId.get(up);
      if (!node) break;
      history.unshift({ ...node.turn, id: newIds.get(up) as string });
      up = node.parentId;
    }
    await storeReplyImages(s, images, {
      format: source.format,
      conversationId,
      messageId: newIds.get(turn.id) as string,
      model: turn.model ?? source.model,
      params: source.params,
      history,
      exchangeId: undefined,
    });
  }
}
