import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { filesOfTurn, type Conversation, type Params } from '../../shared/conversation.ts';
import { parseConversationFile, toConversationFile, type EmbeddedFile } from '../../shared/export.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { UsageError } from './args.ts';
import { replaceFileAtomic } from '../store/atomic-write.ts';
import { titleFrom } from '../../shared/titles.ts';
import type { ToolRunFile } from '../../shared/tool-runs.ts';
import { imagesToFiles, readImageFiles, type ImagePaths } from './reply-images.ts';

/**
 * A history file: the conversation (its replies' images read back from their files) and the bytes of its
 * attachments by attachment id, with the image files it names by their SHA-256.
 */
export interface History {
  conversation: Conversation;
  files: Map<string, Uint8Array>;
  imagePaths: ImagePaths;
  /** the app's tool runs an exported conversation carries: written back as read (the CLI records none) */
  toolRuns: ToolRunFile[];
}

/**
 * The conversation in `path` (version 1 to 3), or undefined when there is no such file yet. A bad file is
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
  const parsed = parseConversationFile(text, { imageFiles: 'keep' });
  if (!parsed.ok) throw new UsageError(`${path}: ${parsed.message} The file was left as it is.`);
  const files = new Map<string, Uint8Array>();
  for (const f of parsed.files) files.set(f.id, new Uint8Array(Buffer.from(f.base64, 'base64')));
  const imagePaths: ImagePaths = new Map();
  const refs = parsed.imageFiles ?? [];
  const read = parsed.conversation;
  const conversation: Conversation =
    refs.length === 0
      ? read
      : {
          ...read,
          turns: await readImageFiles(path, read.turns, refs, imagePaths),
          ...(read.branches ? { branches: await readImageFiles(path, read.branches, refs, imagePaths) } : {}),
        };
  return { conversation, files, imagePaths, toolRuns: parsed.toolRuns };
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

/**
 * Writes the conversation with the bytes of every attachment its turns refer to (the current file version),
 * the tool runs it was read with, its replies' images as files (those in `imagePaths` where they are, any other into `imageDir`).
 */
export async function saveHistory(
  path: string,
  whole: Conversation,
  files: ReadonlyMap<string, Uint8Array>,
  images: { dir: string; paths: ImagePaths },
  toolRuns: readonly ToolRunFile[] = [],
): Promise<void> {
  const { conversation, imageFiles } = await imagesToFiles(path, whole, images.dir, images.paths);
  const turns = [...conversation.turns, ...(conversation.branches ?? [])];
  const ids = [...new Set(turns.flatMap(filesOfTurn).map((a) => a.id))];
  const embedded: EmbeddedFile[] = ids.flatMap((id) => {
    const bytes = files.get(id);
    return bytes
      ? [{ id, base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') }]
      : [];
  });
  const file = toConversationFile(conversation, embedded, imageFiles, [...toolRuns]);
  // conversations are private: a new history file is 0600; an existing one keeps its mode
  await replaceFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, 0o600);
}
