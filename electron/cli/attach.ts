// The files of `quartet ask --attach FILE`: read, described from their bytes (an image must decode and keep
// the pixel cap) and checked against the format's limits, with the same rules and words as the app; with
// --fit-images an image past the format's limits is fitted to them first, as the app's "Fit" does.
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  ATTACHMENT_LIMITS,
  classifyFile,
  fileProblem,
  formatBytes,
  FORMAT_IMAGE_LIMITS,
  imageFits,
  isFittable,
  messageAttachmentsRefusal,
  refusalText,
  type Attachment,
} from '../../shared/attachments.ts';
import { compact } from '../../shared/compact.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { inspectFile } from '../core/index.ts';
import { fitImage, fittedName } from '../core/images/raster.ts';
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
  const described = await inspectFile(name, '', bytes);
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

/** What --fit-images did to a file, for a note on stderr. */
export interface FitNote {
  from: Attachment;
  to: Attachment;
}

/** The image fitted to `format`'s limits, described again from the new bytes (a tool's images too). */
export async function fitted(
  a: Attachment,
  bytes: Uint8Array,
  format: TextFormat,
): Promise<{ attachment: Attachment; bytes: Uint8Array }> {
  let out;
  try {
    out = await fitImage(bytes, FORMAT_IMAGE_LIMITS[format]);
  } catch (e) {
    throw new UsageError(`"${a.name}" could not be fitted: ${(e as Error).message}`);
  }
  const attachment: Attachment = compact({
    id: randomUUID(),
    name: fittedName(a.name, out.mimeType),
    mimeType: out.mimeType,
    kind: 'image' as const,
    bytes: out.bytes.length,
    width: out.width,
    height: out.height,
  });
  return { attachment, bytes: out.bytes };
}

/** "1700x1600 PNG, 7.8 MB" */
export function imageSummary(a: Attachment): string {
  const type = a.mimeType.replace('image/', '').toUpperCase();
  return `${a.width ?? '?'}x${a.height ?? '?'} ${type}, ${formatBytes(a.bytes)}`;
}

/**
 * Reads every `--attach` file; a file that cannot go in `format` is a usage error naming it. With `fit`,
 * an image past the format's limits goes as a copy fitted to them (the notes say what changed).
 */
export async function readAttachments(
  paths: readonly string[],
  format: TextFormat,
  options: { fit?: boolean } = {},
): Promise<AttachedFiles & { notes: FitNote[] }> {
  const attachments: Attachment[] = [];
  const files = new Map<string, Uint8Array>();
  const notes: FitNote[] = [];
  if (paths.length > ATTACHMENT_LIMITS.count) {
    throw new UsageError(
      `a message may carry at most ${ATTACHMENT_LIMITS.count} files; --attach was given ${paths.length}`,
    );
  }
  for (const path of paths) {
    let { attachment, bytes } = await readAttachment(path);
    if (
      options.fit === true &&
      attachment.kind === 'image' &&
      !imageFits(FORMAT_IMAGE_LIMITS[format], attachment)
    ) {
      const small = await fitted(attachment, bytes, format);
      notes.push({ from: attachment, to: small.attachment });
      ({ attachment, bytes } = small);
    }
    attachments.push(attachment);
    files.set(attachment.id, bytes);
  }
  const refusal = messageAttachmentsRefusal(format, attachments);
  if (refusal !== undefined) {
    const advice = isFittable(refusal) ? ' Add --fit-images to send a copy fitted to it.' : '';
    throw new UsageError(refusalText(refusal) + advice);
  }
  return { attachments, files, notes };
}
