import { z } from 'zod';
import { ConversationSchema, type Conversation } from './conversation.ts';

/**
 * The JSON file format of a conversation: the app's export/import and the CLI's `--history FILE`.
 * Versioned so a file from a newer Quartet is refused with a clear message instead of being misread.
 */
export const CONVERSATION_FILE_VERSION = 1;

export const ConversationFileSchema = z.object({
  quartet: z.literal('conversation'),
  version: z.number().int(),
  conversation: ConversationSchema,
});
export type ConversationFile = z.infer<typeof ConversationFileSchema>;

export function toConversationFile(conversation: Conversation): ConversationFile {
  return { quartet: 'conversation', version: CONVERSATION_FILE_VERSION, conversation };
}

export type ParseFileResult = { ok: true; conversation: Conversation } | { ok: false; message: string };

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
  return { ok: true, conversation: parsed.data.conversation };
}
