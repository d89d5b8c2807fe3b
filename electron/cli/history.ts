import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Conversation, Params } from '../../shared/conversation.ts';
import { parseConversationFile, toConversationFile } from '../../shared/export.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { UsageError } from './args.ts';
import { replaceFileAtomic } from '../store/atomic-write.ts';
import { titleFrom } from '../../shared/titles.ts';

/** The conversation in `path`, or undefined when there is no such file yet. A bad file is a usage error. */
export async function loadHistory(path: string): Promise<Conversation | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`cannot read the history file ${path}: ${(e as Error).message}`);
  }
  const parsed = parseConversationFile(text);
  if (!parsed.ok) throw new UsageError(`${path}: ${parsed.message} The file was left as it is.`);
  return parsed.conversation;
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

export async function saveHistory(path: string, conversation: Conversation): Promise<void> {
  // conversations are private: a new history file is 0600; an existing one keeps its mode
  await replaceFileAtomic(path, `${JSON.stringify(toConversationFile(conversation), null, 2)}\n`, 0o600);
}
