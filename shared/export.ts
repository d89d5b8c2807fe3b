import { z } from 'zod';
import { ConversationSchema, type Conversation } from './conversation.ts';
import { FolderNameSchema } from './organise.ts';
import { withCheckedPayload } from './provider-payload.ts';

/**
 * The JSON file format of a conversation: the app's export/import and the CLI's `--history FILE`.
 * Versioned so a file from a newer Quartet is refused with a clear message instead of being misread.
 * Version 2 added attachments (turns describe them; `files` carries their bytes) and branches
 * (`conversation.branches`, turns with `parentId`); a version 1 file reads as it always did.
 */
export const CONVERSATION_FILE_VERSION = 2;

/** The bytes of an attachment a turn of the file refers to (by the attachment's id). */
export const EmbeddedFileSchema = z.object({
  id: z.string().min(1).max(100),
  base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64.'),
});
export type EmbeddedFile = z.infer<typeof EmbeddedFileSchema>;

export const ConversationFileSchema = z.object({
  quartet: z.literal('conversation'),
  version: z.number().int(),
  conversation: ConversationSchema,
  files: z.array(EmbeddedFileSchema).optional(),
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

export function toConversationFile(conversation: Conversation, files?: EmbeddedFile[]): ConversationFile {
  return {
    quartet: 'conversation',
    version: CONVERSATION_FILE_VERSION,
    conversation: exportable(conversation),
    ...(files !== undefined && files.length > 0 ? { files } : {}),
  };
}

export type ParseFileResult =
  { ok: true; conversation: Conversation; files: EmbeddedFile[] } | { ok: false; message: string };

/** A message as one sentence: its own full stop, or one added. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Parses an exported conversation, explaining what is wrong when it is not one. */
export function parseConversationFile(text: string): ParseFileResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The file is not valid JSON (${(e as Error).message}).` };
  }
  return readConversationFile(data);
}

/** An exported conversation already parsed from JSON (a whole file, or one conversation of a bundle). */
export function readConversationFile(data: unknown): ParseFileResult {
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
  const missing = turns.flatMap((t) => t.attachments ?? []).find((a) => !present.has(a.id));
  if (missing !== undefined) {
    return { ok: false, message: `The conversation file refers to "${missing.name}" but does not carry it.` };
  }
  return { ok: true, conversation, files };
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
  | { ok: true; conversation: Conversation; files: EmbeddedFile[]; organise?: EntryOrganise }
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
