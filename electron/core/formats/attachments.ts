// The files of a user turn, made ready for the wire. Every format puts them the same way round: the files
// first, in the order the user attached them, then the message's text. The messages and generate content
// guides both recommend images (and long documents) before the question; chat and responses accept either
// order, so one order everywhere keeps the four bodies comparable in the inspector.
import type { Attachment } from '../../../shared/attachments.ts';
import type { Turn } from '../../../shared/conversation.ts';
import type { ToolResult } from '../../../shared/tools.ts';
import { invalidInput } from '../errors/api-error.ts';

/** The bytes of attachments by attachment id (the host reads them from the data folder, the CLI from a file). */
export type TurnFiles = ReadonlyMap<string, Uint8Array>;

/** One attached file with what each format needs of it. */
export interface WireFile {
  attachment: Attachment;
  /** the bytes as base64 (images and PDFs) */
  base64: () => string;
  /** the bytes read as UTF-8 text (text files) */
  text: () => string;
}

function wireFile(attachment: Attachment, files: TurnFiles | undefined, whose: string): WireFile {
  const bytes = files?.get(attachment.id);
  if (bytes === undefined) {
    throw invalidInput(`The file ${attachment.name} ${whose} is missing from the data folder.`, [
      { path: 'attachments', message: `missing: ${attachment.name}` },
    ]);
  }
  return {
    attachment,
    base64: () => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    text: () => new TextDecoder().decode(bytes),
  };
}

function whoseFiles(turn: Turn, history: readonly Turn[]): string {
  return turn === history[history.length - 1] ? 'of this message' : 'of an earlier message';
}

/**
 * The files of `turn` in order, or an 'invalid-input' ApiError naming the first whose bytes are missing.
 * `history` is the whole conversation: its last turn is the message being sent, worded apart.
 */
export function wireFiles(turn: Turn, files: TurnFiles | undefined, history: readonly Turn[]): WireFile[] {
  if (turn.role !== 'user' || turn.attachments === undefined) return [];
  return turn.attachments.map((a) => wireFile(a, files, whoseFiles(turn, history)));
}

/**
 * The images of a tool result, read from `files` like a turn's attachments (the host reads both from the
 * data folder; the CLI keeps a tool's images in memory), or the same error naming the missing one.
 */
export function wireToolImages(result: ToolResult, files: TurnFiles | undefined): WireFile[] {
  return (result.images ?? []).map((a) => wireFile(a, files, `of the result of ${result.name}`));
}

/** Whether a turn carries files: a turn without them keeps its exact earlier shape on the wire. */
export function hasFiles(turn: Turn): boolean {
  return turn.role === 'user' && (turn.attachments?.length ?? 0) > 0;
}

export function dataUrl(mimeType: string, base64: string): string {
  return `data:${mimeType};base64,${base64}`;
}

/**
 * A text file as prompt text: its name, then its content in a code fence longer than any run of backticks
 * inside it, so a file that itself holds ``` cannot close the fence early.
 */
export function fencedText(name: string, content: string): string {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < content.length; i++) {
    if (content.charCodeAt(i) === 96) longest = Math.max(longest, ++run);
    else run = 0;
  }
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = content.endsWith('\n') ? content : `${content}\n`;
  return `${name}:\n${fence}\n${body}${fence}`;
}
