// An export too large to travel to the page in one message (the bridge carries about 60 MB, and one
// string of hundreds of MB cannot even be built) is written by the host into the data folder, one turn
// at a time, and the page is told where it is.
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Conversation } from '../../shared/conversation.ts';
import { CONVERSATION_FILE_VERSION } from '../../shared/export.ts';
import { markdownPieces } from './export-markdown.ts';
import type { Services } from './services.ts';

/** Above this many characters of turn text, an export is written to a file instead of sent to the page. */
export const INLINE_EXPORT_MAX_CHARS = 20_000_000;

/** Characters an export of the conversation holds, about: each turn's text twice (raw payloads repeat it). */
export function exportSizeOf(conversation: Conversation): number {
  return conversation.turns.reduce((n, t) => n + 2 * (t.text.length + (t.thoughts?.length ?? 0)), 0);
}

function* jsonPieces(conversation: Conversation): Generator<string> {
  const { turns, ...rest } = conversation;
  // the same document as toConversationFile, written a turn at a time
  const head = JSON.stringify({
    quartet: 'conversation',
    version: CONVERSATION_FILE_VERSION,
    conversation: rest,
  });
  yield `${head.slice(0, -2)},"turns":[`;
  for (const [i, turn] of turns.entries()) yield `${i > 0 ? ',' : ''}\n${JSON.stringify(turn)}`;
  yield '\n]}}\n';
}

/** Writes the export into `<data>/exports/` and returns its path. */
export async function writeExportFile(
  s: Services,
  conversation: Conversation,
  as: 'json' | 'markdown',
  filename: string,
): Promise<string> {
  const dir = join(s.paths.dataDir, 'exports');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date(s.now()).toISOString().replace(/[:.]/g, '-');
  const path = join(dir, filename.replace(/(\.\w+)$/, `-${stamp}$1`));
  const file = await open(path, 'wx', 0o600);
  try {
    for (const piece of as === 'json' ? jsonPieces(conversation) : markdownPieces(conversation)) {
      await file.write(piece);
    }
    await file.sync();
  } finally {
    await file.close();
  }
  return path;
}
