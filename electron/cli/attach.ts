// The files of `quartet ask --attach FILE`: read, described from their bytes and checked against the
// format's limits, with the same rules and words as the app.
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  ATTACHMENT_LIMITS,
  classifyFile,
  fileProblem,
  messageAttachmentsProblem,
  type Attachment,
} from '../../shared/attachments.ts';
import { compact } from '../../shared/compact.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { describeFile } from '../core/index.ts';
import { UsageError } from './args.ts';

export interface AttachedFiles {
  attachments: Attachment[];
  /** the bytes by attachment id */
  files: Map<string, Uint8Array>;
}

async function readAttachment(path: string): Promise<{ attachment: Attachment; bytes: Uint8Array }> {
  const name = basename(path);
  let bytes: Uint8Array;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UsageError(`--attach ${path}: not a file`);
    // Refused before reading: a huge file must not fill the memory just to be turned away.
    if (info.size > ATTACHMENT_LIMITS.fileBytes) {
      const kind = classifyFile(name, '')?.kind ?? 'image';
      throw new UsageError(fileProblem(name, kind, info.size) ?? `"${name}" is too large.`);
    }
    bytes = new Uint8Array(await readFile(path));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new UsageError(`--attach ${path}: cannot read it (${why})`);
  }
  const described = describeFile(name, '', bytes);
  if ('problem' in described) throw new UsageError(described.problem);
  const attachment: Attachment = compact({
    id: randomUUID(),
    name,
    mimeType: described.mimeType,
    kind: described.kind,
    bytes: bytes.length,
    width: described.width,
    height: described.height,
  });
  return { attachment, bytes };
}

/** Reads every `--attach` file; a file that cannot go in `format` is a usage error naming it. */
export async function readAttachments(paths: readonly string[], format: TextFormat): Promise<AttachedFiles> {
  const attachments: Attachment[] = [];
  const files = new Map<string, Uint8Array>();
  if (paths.length > ATTACHMENT_LIMITS.count) {
    throw new UsageError(
      `a message may carry at most ${ATTACHMENT_LIMITS.count} files; --attach was given ${paths.length}`,
    );
  }
  for (const path of paths) {
    const { attachment, bytes } = await readAttachment(path);
    attachments.push(attachment);
    files.set(attachment.id, bytes);
  }
  const problem = messageAttachmentsProblem(format, attachments);
  if (problem !== undefined) throw new UsageError(problem);
  return { attachments, files };
}
