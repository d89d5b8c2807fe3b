// An export too large to travel to the page in one message (the bridge carries about 60 MB, and one
// string of hundreds of MB cannot even be built) is written by the host into the data folder, one turn
// (and one attached file) at a time, and the page is told where it is.
import { constants } from 'node:fs';
import { copyFile, mkdir, open } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Attachment } from '../../shared/attachments.ts';
import { filesOfTurn, type Conversation } from '../../shared/conversation.ts';
import { CONVERSATION_FILE_VERSION, exportable, type EmbeddedFile } from '../../shared/export.ts';
import { MAX_EXPORTED_TOOL_RUNS } from '../../shared/limits.ts';
import { toolRunChars, toToolRunFile, type ToolRunFile } from '../../shared/tool-runs.ts';
import { attachmentPath, readAttachment } from './attachment-files.ts';
import { localFailure } from './errors.ts';
import { attachmentFileName, markdownPieces } from './export-markdown.ts';
import type { Services } from './services.ts';

/** Above this many characters, an export is written to a file instead of sent to the page. */
export const INLINE_EXPORT_MAX_CHARS = 20_000_000;

/** Every file the conversation's turns use (attached, tool results' images), once each, in order. */
export function attachmentsOf(conversation: Conversation): Attachment[] {
  const seen = new Map<string, Attachment>();
  for (const turn of [...conversation.turns, ...(conversation.branches ?? [])]) {
    for (const a of filesOfTurn(turn)) if (!seen.has(a.id)) seen.set(a.id, a);
  }
  return [...seen.values()];
}

/**
 * The conversation's tool runs as its JSON export carries them: oldest first, those of the replies the
 * export holds (an export of the branch on screen leaves the others' out), at most MAX_EXPORTED_TOOL_RUNS.
 */
export function toolRunsOf(s: Services, conversation: Conversation): ToolRunFile[] {
  const replies = new Set<string>();
  for (const t of [...conversation.turns, ...(conversation.branches ?? [])]) {
    if (t.role === 'assistant') replies.add(t.id);
  }
  const runs: ToolRunFile[] = [];
  for (const run of s.store.toolRuns.ofConversation(conversation.id)) {
    if (runs.length >= MAX_EXPORTED_TOOL_RUNS) break;
    if (replies.has(run.replyId)) runs.push(toToolRunFile(run));
  }
  return runs;
}

/**
 * Characters an export of the conversation holds, about: each turn's text twice (raw payloads repeat it),
 * and for JSON each attached file in base64 and its tool runs.
 */
export function exportSizeOf(
  conversation: Conversation,
  as: 'json' | 'markdown' = 'json',
  toolRuns: readonly ToolRunFile[] = [],
): number {
  const turns = [...conversation.turns, ...(conversation.branches ?? [])];
  const text = turns.reduce((n, t) => n + 2 * (t.text.length + (t.thoughts?.length ?? 0)), 0);
  if (as === 'markdown') return text;
  const files = attachmentsOf(conversation).reduce((n, a) => n + Math.ceil(a.bytes / 3) * 4, 0);
  return text + files + toolRuns.reduce((n, r) => n + toolRunChars(r), 0);
}

/** An attachment's bytes as the file carries them. */
export async function embeddedFile(s: Services, a: Attachment): Promise<EmbeddedFile> {
  const row = s.store.attachments.get(a.id);
  if (!row) throw localFailure(`The attached file "${a.name}" is no longer stored.`);
  return { id: a.id, base64: Buffer.from(await readAttachment(s, row)).toString('base64') };
}

/**
 * The same document as toConversationFile, written a turn (and a file) at a time; `extra` fields go before
 * the conversation (a bundle entry's organise).
 */
export async function* jsonPieces(
  s: Services,
  conversation: Conversation,
  extra: Record<string, unknown> = {},
): AsyncGenerator<string> {
  const { turns, branches, ...rest } = exportable(conversation);
  const head = JSON.stringify({
    quartet: 'conversation',
    version: CONVERSATION_FILE_VERSION,
    ...extra,
    conversation: rest,
  });
  yield `${head.slice(0, -2)},"turns":[`;
  for (const [i, turn] of turns.entries()) yield `${i > 0 ? ',' : ''}\n${JSON.stringify(turn)}`;
  yield '\n]';
  if (branches !== undefined && branches.length > 0) {
    yield ',"branches":[';
    for (const [i, turn] of branches.entries()) yield `${i > 0 ? ',' : ''}\n${JSON.stringify(turn)}`;
    yield '\n]';
  }
  yield '}';
  const files = attachmentsOf(conversation);
  if (files.length > 0) {
    yield ',"files":[';
    for (const [i, a] of files.entries()) {
      yield `${i > 0 ? ',' : ''}\n${JSON.stringify(await embeddedFile(s, a))}`;
    }
    yield '\n]';
  }
  const runs = toolRunsOf(s, conversation);
  if (runs.length > 0) {
    yield ',"toolRuns":[';
    for (const [i, run] of runs.entries()) yield `${i > 0 ? ',' : ''}\n${JSON.stringify(run)}`;
    yield '\n]';
  }
  yield '}\n';
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
    const pieces = as === 'json' ? jsonPieces(s, conversation) : markdownPieces(conversation);
    for await (const piece of pieces) await file.write(piece);
    await file.sync();
  } finally {
    await file.close();
  }
  return path;
}

/**
 * A Markdown export whose turns carry files: a folder in `<data>/exports/` holding the Markdown and an
 * `attachments/` folder beside it, where its links point. Returns the Markdown file's path.
 */
export async function writeMarkdownBundle(
  s: Services,
  conversation: Conversation,
  filename: string,
): Promise<string> {
  const stamp = new Date(s.now()).toISOString().replace(/[:.]/g, '-');
  const dir = join(s.paths.dataDir, 'exports', filename.replace(/\.md$/, `-${stamp}`));
  const filesDir = join(dir, 'attachments');
  await mkdir(filesDir, { recursive: true, mode: 0o700 });
  for (const a of attachmentsOf(conversation)) {
    const row = s.store.attachments.get(a.id);
    const from = row ? attachmentPath(s.paths, row) : null;
    if (from === null) throw localFailure(`The attached file "${a.name}" is no longer stored.`);
    // the file named by id and type, checked to stay in its folder, never written over
    const to = resolve(filesDir, attachmentFileName(a));
    if (dirname(to) !== resolve(filesDir))
      throw localFailure(`The attached file "${a.name}" has no safe name.`);
    try {
      await copyFile(from, to, constants.COPYFILE_EXCL);
    } catch (e) {
      // the same attachment in two turns is one file
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const path = join(dir, filename);
  const file = await open(path, 'wx', 0o600);
  try {
    for (const piece of markdownPieces(conversation, { filesBeside: true })) await file.write(piece);
    await file.sync();
  } finally {
    await file.close();
  }
  return path;
}
