import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Conversation, Params } from '../../shared/conversation.ts';
import { parseConversationFile, toConversationFile, type EmbeddedFile } from '../../shared/export.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { UsageError } from './args.ts';
import { replaceFileAtomic } from '../store/atomic-write.ts';
import { titleFrom } from '../../shared/titles.ts';

/** A history file: the conversation and the bytes of its attachments by attachment id. */
export interface History {
  conversation: Conversation;
  files: Map<string, Uint8Array>;
}

/**
 * The conversation in `path` (version 1 or 2), or undefined when there is no such file yet. A bad file is
 * a usage error.
 */
export async function loadHistory(path: string): Promise<History | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`cannot read the history file ${path}: ${(e as Error).message}`);
  }
  const parsed = parseConversationFile(text);
  if (!parsed.ok) throw new UsageError(`${path}: ${parsed.message} The file was left as it is.`);
  const files = new Map<string, Uint8Array>();
  for (const f of parsed.files) files.set(f.id, new Uint8Array(Buffer.from(f.base64, 'base64')));
  return { conversation: parsed.conversation, files };
}

export function newConversation(
  format: TextFormat,
  model: string,
  firstPrompt: string,
  params: Params,
): Conversation {
  const now = Date.now();
  const title = titleFrom(firstPrompt);
  return { id: randomUUID(), format, model, title, params, turns: [], createdAt: now, updatedAt: now };
}

/** Writes the conversation with the bytes of every attachment its turns refer to (file version 2). */
export async function saveHistory(
  path: string,
  conversation: Conversation,
  files: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  const turns = [...conversation.turns, ...(conversation.branches ?? [])];
  const ids = [...new Set(turns.flatMap((t) => t.attachments ?? []).map((a) => a.id))];
  const embedded: EmbeddedFile[] = ids.flatMap((id) => {
    const bytes = files.get(id);
    return bytes
      ? [{ id, base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') }]
      : [];
  });
  const file = toConversationFile(conversation, embedded);
  // conversations are private: a new history file is 0600; an existing one keeps its mode
  await replaceFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, 0o600);
}
