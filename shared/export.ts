import { z } from 'zod';
import { ConversationSchema, filesOfTurn, type Conversation } from './conversation.ts';
import { FolderNameSchema } from './organise.ts';
import { withCheckedPayload } from './provider-payload.ts';
import { MAX_CONVERSATION_TURNS, MAX_EXPORTED_TOOL_RUNS } from './limits.ts';
import { isImageSlot } from './payload-images.ts';
import { ToolRunFileSchema, type ToolRunFile } from './tool-runs.ts';

/**
 * The JSON file format of a conversation: the app's export/import and the CLI's `--history FILE`.
 * Versioned so a file from a newer Quartet is refused with a clear message instead of being misread.
 * Version 2 added attachments (turns describe them; `files` carries their bytes) and branches
 * (`conversation.branches`, turns with `parentId`); version 3 added the conversation's tool runs
 * (`toolRuns`, the inspector's records of its MCP calls). A version 1 or 2 file reads as it always did.
 */
export const CONVERSATION_FILE_VERSION = 3;

/** The bytes of an attachment a turn of the file refers to (by the attachment's id). */
export const EmbeddedFileSchema = z.object({
  id: z.string().min(1).max(100),
  base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64.'),
});
export type EmbeddedFile = z.infer<typeof EmbeddedFileSchema>;

/**
 * An image a reply's payload holds, kept as a file beside a CLI history file instead of base64 in it: the
 * payload's place for it (shared/payload-images.ts: an item's `result`, a part's `inlineData.data`) is left
 * empty, and the CLI puts the file's base64 back (checked by its SHA-256) before the next request, so a
 * signed image part goes back byte for byte. The app cannot reach such files: its import sends those
 * replies back as their text (the payload dropped, and the turn says so).
 */
export const ImageFileRefSchema = z.object({
  /** the assistant turn whose payload holds the image */
  turn: z.string().min(1).max(100),
  /** the index of the output item or part */
  slot: z.number().int().min(0).max(100_000),
  /** where the file is: relative to the history file's folder, or absolute */
  path: z.string().min(1).max(4096),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Not a SHA-256 in hex.'),
});
export type ImageFileRef = z.infer<typeof ImageFileRefSchema>;

export const ConversationFileSchema = z.object({
  quartet: z.literal('conversation'),
  version: z.number().int(),
  conversation: ConversationSchema,
  files: z.array(EmbeddedFileSchema).optional(),
  imageFiles: z.array(ImageFileRefSchema).max(MAX_CONVERSATION_TURNS).optional(),
  toolRuns: z
    .array(ToolRunFileSchema)
    .max(MAX_EXPORTED_TOOL_RUNS, `A conversation file carries at most ${MAX_EXPORTED_TOOL_RUNS} tool runs.`)
    .optional(),
});
export type ConversationFile = z.infer<typeof ConversationFileSchema>;

/**
 * The conversation as a file carries it: its connection by name only (an id means nothing in another data
 * folder; the import matches the name), without what only the page is told.
 */
export function exportable(conversation: Conversation): Conversation {
  const { connection, boundElsewhere: _b, ...rest } = conversation;
  return connection !== undefined ? { ...rest, connection: { name: connection.name } } : rest;
}

export function toConversationFile(
  conversation: Conversation,
  files?: EmbeddedFile[],
  imageFiles?: ImageFileRef[],
  toolRuns?: ToolRunFile[],
): ConversationFile {
  return {
    quartet: 'conversation',
    version: CONVERSATION_FILE_VERSION,
    conversation: exportable(conversation),
    ...(files !== undefined && files.length > 0 ? { files } : {}),
    ...(imageFiles !== undefined && imageFiles.length > 0 ? { imageFiles } : {}),
    ...(toolRuns !== undefined && toolRuns.length > 0 ? { toolRuns } : {}),
  };
}

export type ParseFileResult =
  | {
      ok: true;
      conversation: Conversation;
      files: EmbeddedFile[];
      imageFiles?: ImageFileRef[];
      /** the conversation's tool runs, each of a reply the file holds (none in a file before version 3) */
      toolRuns: ToolRunFile[];
    }
  | { ok: false; message: string };

/** Whether each tool run belongs to a reply of the file (as the host records only runs of its replies). */
function toolRunsProblem(conversation: Conversation, runs: readonly ToolRunFile[]): string | undefined {
  if (runs.length === 0) return undefined;
  const replies = new Set<string>();
  for (const t of [...conversation.turns, ...(conversation.branches ?? [])]) {
    if (t.role === 'assistant') replies.add(t.id);
  }
  const stray = runs.find((r) => !replies.has(r.replyId));
  return stray === undefined
    ? undefined
    : `The conversation file has a tool run (${stray.server} / ${stray.tool.slice(0, 80)}) of a reply it does not hold.`;
}

/** Whether a file's turns say what they are (and where their image files go) consistently. */
function imageFilesProblem(conversation: Conversation, refs: readonly ImageFileRef[]): string | undefined {
  const byId = new Map([...conversation.turns, ...(conversation.branches ?? [])].map((t) => [t.id, t]));
  const seen = new Set<string>();
  for (const ref of refs) {
    const raw = byId.get(ref.turn)?.raw;
    if (raw === undefined || !isImageSlot(raw, ref.slot)) {
      return `The conversation file names an image file (${ref.path}) for a reply or place that holds no image.`;
    }
    const key = `${ref.turn}#${ref.slot}`;
    if (seen.has(key)) return `The conversation file names two image files for one image (${ref.path}).`;
    seen.add(key);
  }
  return undefined;
}

/** The turn without a payload whose images are files this reader cannot reach (it goes back as its text). */
function withoutImageFilePayload(turn: Conversation['turns'][number], turns: ReadonlySet<string>) {
  if (!turns.has(turn.id) || turn.raw === undefined) return turn;
  const { raw: _files, ...rest } = turn;
  return turn.status === 'complete' ? { ...rest, payloadDropped: true as const } : rest;
}

/** A message as one sentence: its own full stop, or one added. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Parses an exported conversation, explaining what is wrong when it is not one. */
export function parseConversationFile(
  text: string,
  opts: { imageFiles?: 'keep' | 'drop' } = {},
): ParseFileResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The file is not valid JSON (${(e as Error).message}).` };
  }
  return readConversationFile(data, opts);
}

/**
 * An exported conversation already parsed from JSON (a whole file, or one conversation of a bundle). A CLI
 * history file's image files (`imageFiles`) are handed to a caller that can read them (`imageFiles: 'keep'`:
 * the CLI puts them back); any other reader drops the payloads that need them.
 */
export function readConversationFile(
  data: unknown,
  opts: { imageFiles?: 'keep' | 'drop' } = {},
): ParseFileResult {
  const head = z.object({ quartet: z.literal('conversation'), version: z.number().int() }).safeParse(data);
  if (!head.success) return { ok: false, message: 'The file is not a Quartet conversation export.' };
  if (head.data.version > CONVERSATION_FILE_VERSION) {
    return {
      ok: false,
      message: `The file is from a newer Quartet (format version ${head.data.version}; this one reads up to ${CONVERSATION_FILE_VERSION}).`,
    };
  }
  const parsed = ConversationFileSchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return {
      ok: false,
      message: `The conversation file is malformed at ${first?.path.join('.') || '(root)'}: ${sentence(first?.message ?? 'invalid')}`,
    };
  }
  const files = parsed.data.files ?? [];
  const present = new Set(files.map((f) => f.id));
  // A payload goes back on the next request as it is: kept only where it says what the turn shows.
  const read = parsed.data.conversation;
  const conversation: Conversation = {
    ...read,
    turns: read.turns.map((t) => withCheckedPayload(t, read.format)),
    ...(read.branches ? { branches: read.branches.map((t) => withCheckedPayload(t, read.format)) } : {}),
  };
  const turns = [...conversation.turns, ...(conversation.branches ?? [])];
  const missing = turns.flatMap(filesOfTurn).find((a) => !present.has(a.id));
  if (missing !== undefined) {
    return { ok: false, message: `The conversation file refers to "${missing.name}" but does not carry it.` };
  }
  const toolRuns = parsed.data.toolRuns ?? [];
  const runsProblem = toolRunsProblem(conversation, toolRuns);
  if (runsProblem !== undefined) return { ok: false, message: runsProblem };
  const refs = parsed.data.imageFiles ?? [];
  if (refs.length === 0) return { ok: true, conversation, files, toolRuns };
  const problem = imageFilesProblem(conversation, refs);
  if (problem !== undefined) return { ok: false, message: problem };
  if (opts.imageFiles === 'keep') return { ok: true, conversation, files, imageFiles: refs, toolRuns };
  const held = new Set(refs.map((r) => r.turn));
  return {
    ok: true,
    conversation: {
      ...conversation,
      turns: conversation.turns.map((t) => withoutImageFilePayload(t, held)),
      ...(conversation.branches
        ? { branches: conversation.branches.map((t) => withoutImageFilePayload(t, held)) }
        : {}),
    },
    files,
    toolRuns,
  };
}

// ---------- many conversations in one file ----------

/**
 * A file of many conversations (the all-conversations view's export): each entry is a whole conversation
 * file as above, with the pin and folder it had, so importing it elsewhere files it the same way. A JSON
 * bundle rather than a zip of Markdown: it imports back, and one conversation's Markdown is a menu away.
 */
export const BUNDLE_FILE_VERSION = 1;

/** How an entry was organised: its folder by name (matched without case on import, else created). */
export const EntryOrganiseSchema = z.object({
  pinned: z.boolean().optional(),
  folder: z.object({ name: FolderNameSchema, color: z.string().max(40).optional() }).optional(),
});
export type EntryOrganise = z.infer<typeof EntryOrganiseSchema>;

export interface BundleEntry extends ConversationFile {
  organise?: EntryOrganise;
}

export interface ConversationsBundle {
  quartet: 'conversations';
  version: number;
  conversations: BundleEntry[];
}

export function toBundle(entries: BundleEntry[]): ConversationsBundle {
  return { quartet: 'conversations', version: BUNDLE_FILE_VERSION, conversations: entries };
}

/** One conversation of an import: read, or why not (with what title it had, when that much is legible). */
export type ImportEntry =
  | {
      ok: true;
      conversation: Conversation;
      files: EmbeddedFile[];
      toolRuns: ToolRunFile[];
      organise?: EntryOrganise;
    }
  | { ok: false; title: string; message: string };

export type ParseImportResult =
  { ok: true; kind: 'conversation' | 'bundle'; entries: ImportEntry[] } | { ok: false; message: string };

/** The title an unreadable entry shows under, when it has a legible one. */
function titleOf(entry: unknown): string {
  const title = (entry as { conversation?: { title?: unknown } } | null)?.conversation?.title;
  return typeof title === 'string' && title.trim() !== '' ? title.trim().slice(0, 200) : '';
}

/**
 * Reads what the Import button was given: one conversation (all or nothing, as before), or a bundle whose
 * conversations are each read alone, so one damaged conversation does not cost the others.
 */
export function parseImportFile(text: string): ParseImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The file is not valid JSON (${(e as Error).message}).` };
  }
  const head = z.object({ quartet: z.literal('conversations'), version: z.number().int() }).safeParse(data);
  if (!head.success) {
    const single = readConversationFile(data);
    return single.ok
      ? { ok: true, kind: 'conversation', entries: [single] }
      : { ok: false, message: single.message };
  }
  if (head.data.version > BUNDLE_FILE_VERSION) {
    return {
      ok: false,
      message: `The file is from a newer Quartet (bundle version ${head.data.version}; this one reads up to ${BUNDLE_FILE_VERSION}).`,
    };
  }
  const list = (data as { conversations?: unknown }).conversations;
  if (!Array.isArray(list)) return { ok: false, message: 'The file holds no list of conversations.' };
  if (list.length === 0) return { ok: false, message: 'The file holds no conversations.' };
  const entries = list.map((entry: unknown): ImportEntry => {
    const read = readConversationFile(entry);
    if (!read.ok) return { ok: false, title: titleOf(entry), message: read.message };
    const organise = EntryOrganiseSchema.safeParse((entry as { organise?: unknown }).organise ?? {});
    return organise.success && (organise.data.pinned !== undefined || organise.data.folder !== undefined)
      ? { ...read, organise: organise.data }
      : read;
  });
  return { ok: true, kind: 'bundle', entries };
}
