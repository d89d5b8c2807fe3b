import { z } from 'zod';
import { ConversationSchema, type Conversation } from './conversation.ts';

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

export function toConversationFile(conversation: Conversation, files?: EmbeddedFile[]): ConversationFile {
  return {
    quartet: 'conversation',
    version: CONVERSATION_FILE_VERSION,
    conversation,
    ...(files !== undefined && files.length > 0 ? { files } : {}),
  };
}

export type ParseFileResult =
  { ok: true; conversation: Conversation; files: EmbeddedFile[] } | { ok: false; message: string };

/** Parses an exported conversation, explaining what is wrong when it is not one. */
export function parseConversationFile(text: string): ParseFileResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The file is not valid JSON (${(e as Error).message}).` };
  }
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
      message: `The conversation file is malformed at ${first?.path.join('.') || '(root)'}: ${first?.message ?? 'invalid'}.`,
    };
  }
  const files = parsed.data.files ?? [];
  const present = new Set(files.map((f) => f.id));
  const turns = [...parsed.data.conversation.turns, ...(parsed.data.conversation.branches ?? [])];
  const missing = turns.flatMap((t) => t.attachments ?? []).find((a) => !present.has(a.id));
  if (missing !== undefined) {
    return { ok: false, message: `The conversation file refers to "${missing.name}" but does not carry it.` };
  }
  return { ok: true, conversation: parsed.data.conversation, files };
}
