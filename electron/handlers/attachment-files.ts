// Attached files on disk: stored once per content (uploads of identical bytes share the file of the first),
// written before their row (a crash leaves at most an orphan file, which the start-up sweep removes), read
// back asynchronously when a turn goes out, and deleted once no row refers to them.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isSafeFileName, UNSAFE_FILE_NAME, type Attachment } from '../../shared/attachments.ts';
import { inspectFile } from '../core/index.ts';
import { isTempFile, writeFileAtomic } from '../store/atomic-write.ts';
import type { AttachmentRow, Store } from '../store/index.ts';
import { invalid, localFailure } from './errors.ts';
import { resolveInData } from './image-files.ts';
import type { Paths, Services } from './services.ts';

/** A file uploaded this long ago that no message uses is a draft the user abandoned. */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

function absolute(paths: Paths, rel: string): string {
  const file = resolveInData(paths, rel);
  if (file === null) throw localFailure(`A stored attachment path points outside the data folder: ${rel}`);
  return file;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * Checks the bytes (inspectFile: the bytes decide the type, an image must decode and keep the pixel cap; a
 * refusal names the file and why), writes the file unless identical bytes are already stored, and records
 * the row. Returns it. Every way in (upload, gallery, import, a fitted copy) comes through here.
 */
export async function storeAttachment(
  s: Services,
  name: string,
  declaredType: string,
  bytes: Uint8Array,
  path = 'dataBase64',
): Promise<AttachmentRow> {
  // names are shown and exported as link text, never used as paths; what could mislead is refused here too
  if (!isSafeFileName(name)) throw invalid(UNSAFE_FILE_NAME, 'name');
  const described = await inspectFile(name, declaredType, bytes);
  if ('problem' in described) throw invalid(described.problem, path);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const id = randomUUID();
  const same = s.store.attachments.byHash(sha256);
  const filePath = same?.filePath ?? `attachments/${id}`;
  // A new file is written before its row; a shared one is claimed by the row first, so a deletion running
  // meanwhile sees it in use, then checked (and written again if it went before the claim).
  if (same === undefined) await writeFileAtomic(absolute(s.paths, filePath), bytes, 0o600);
  const row: AttachmentRow = {
    id,
    name,
    mimeType: described.mimeType,
    kind: described.kind,
    bytes: bytes.byteLength,
    ...(described.width !== undefined ? { width: described.width } : {}),
    ...(described.height !== undefined ? { height: described.height } : {}),
    sha256,
    filePath,
    createdAt: s.now(),
  };
  s.store.attachments.insert(row);
  if (same !== undefined && !(await isFile(absolute(s.paths, filePath)))) {
    await writeFileAtomic(absolute(s.paths, filePath), bytes, 0o600);
  }
  return row;
}

/** The bytes of an attachment; a clear error when its file is gone. */
export async function readAttachment(s: Services, row: Pick<Attachment, 'name'> & { filePath: string }) {
  try {
    return new Uint8Array(await readFile(absolute(s.paths, row.filePath)));
  } catch (e) {
    throw localFailure(`The attached file "${row.name}" is missing from the data folder.`, e);
  }
}

/** The absolute path of an attachment's file, or null when the path would leave the data folder. */
export function attachmentPath(paths: Paths, row: AttachmentRow): string | null {
  return resolveInData(paths, row.filePath);
}

/** Deletes files (relative paths) that no row refers to any more; a failure only leaves an orphan. */
export async function deleteAttachmentFiles(s: Services, relPaths: readonly string[]): Promise<void> {
  for (const rel of relPaths) {
    const file = resolveInData(s.paths, rel);
    if (file !== null) await rm(file, { force: true }).catch(() => undefined);
  }
}

/**
 * At start-up: forgets drafts (uploaded more than DRAFT_TTL_MS ago, used by no message), and removes temp
 * files and files no row refers to. `keepUnreferenced` as for images: a set-aside database may still use them.
 */
export async function sweepAttachments(
  store: Store,
  paths: Paths,
  now: number,
  options: { keepUnreferenced?: boolean } = {},
): Promise<number> {
  // The rows go here; their files are among those no row refers to, removed below.
  store.transaction(() => store.attachments.deleteUnused({ uploadedBefore: now - DRAFT_TTL_MS }));
  const referenced = new Set(
    [...store.attachments.filePaths()].map((rel) => resolveInData(paths, rel)).filter((p) => p !== null),
  );
  let removed = 0;
  const names = await readdir(paths.attachments).catch(() => [] as string[]);
  for (const name of names) {
    const file = resolve(join(paths.attachments, name));
    if (!isTempFile(name) && (referenced.has(file) || options.keepUnreferenced === true)) continue;
    await rm(file, { force: true }).then(
      () => (removed += 1),
      () => undefined,
    );
  }
  return removed;
}
