// The images a `quartet ask` reply holds (the responses image tool's items, generate content's image
// parts): saved as files, and kept by file in a history file rather than as base64 in its JSON.
import { createHash } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Conversation, ProviderPayload, Turn } from '../../shared/conversation.ts';
import type { ImageFileRef } from '../../shared/export.ts';
import { MAX_HISTORY_IMAGE_FILE_BYTES } from '../../shared/limits.ts';
import { payloadImages, withPayloadImage } from '../../shared/payload-images.ts';
import { decodeBase64Strict } from '../core/images/base64.ts';
import { sniffImage } from '../core/images/sniff.ts';
import { writeFileAtomic } from '../store/atomic-write.ts';
import { UsageError } from './args.ts';
import { freePath, imageExtension } from './image-files.ts';

/** An image of a reply, saved. */
export interface SavedImage {
  path: string;
  mimeType: string;
  /** from the bytes (undefined: a type the CLI cannot read the size of) */
  width?: number;
  height?: number;
  thought: boolean;
  /** which output item or part held it */
  slot: number;
}

/** Image files by the SHA-256 of their bytes: an image already on disk is referred to, not written again. */
export type ImagePaths = Map<string, string>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The images of `raw` written into `dir` as `<base>[-n].<ext>`, in the payload's order. */
export async function saveReplyImages(
  raw: ProviderPayload,
  dir: string,
  base: string,
  known: ImagePaths,
): Promise<SavedImage[]> {
  const images = payloadImages(raw);
  if (images.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const saved: SavedImage[] = [];
  for (const [i, img] of images.entries()) {
    const bytes = decodeBase64Strict(img.base64);
    // not well-formed base64: nothing to save; it stays in the payload as the service sent it
    if (bytes === null) continue;
    const name = images.length > 1 ? `${base}-${i + 1}` : base;
    const path = await freePath(dir, img.thought ? `${name}-thought` : name, imageExtension(img.mimeType));
    await writeFileAtomic(path, bytes, 0o644);
    known.set(sha256(bytes), path);
    const size = sniffImage(bytes);
    saved.push({
      path,
      mimeType: img.mimeType,
      ...(size ? { width: size.width, height: size.height } : {}),
      thought: img.thought,
      slot: img.slot,
    });
  }
  return saved;
}

/** Where a history file keeps its images when no --out is given: `<name>-images/` beside it. */
export function defaultImageDir(historyPath: string): string {
  const abs = resolve(historyPath);
  return `${abs.replace(/\.json$/i, '')}-images`;
}

/** A path as the history file writes it: relative to its folder when inside it, else absolute. */
function refPath(historyPath: string, file: string): string {
  const rel = relative(dirname(resolve(historyPath)), file);
  return rel.startsWith('..') || isAbsolute(rel) ? resolve(file) : rel.split(sep).join('/');
}

async function readImageFile(
  historyPath: string,
  ref: ImageFileRef,
): Promise<{ path: string; bytes: Uint8Array }> {
  const path = resolve(dirname(resolve(historyPath)), ref.path);
  const where = `${historyPath}: the image file ${ref.path}`;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UsageError(`${where} is not a file`);
    if (info.size > MAX_HISTORY_IMAGE_FILE_BYTES) {
      throw new UsageError(`${where} is larger than ${MAX_HISTORY_IMAGE_FILE_BYTES / (1024 * 1024)} MB`);
    }
    return { path, bytes: new Uint8Array(await readFile(path)) };
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'is missing' : `cannot be read (${(e as Error).message})`;
    throw new UsageError(`${where} ${why}; the reply's image goes back from it. The file was left as it is.`);
  }
}

/**
 * The turns with their images read back from the files the history names, each checked against the
 * SHA-256 it was saved with: a service takes an edited image back only as it made it (a signed image part
 * byte for byte), so a changed file is refused rather than sent.
 */
export async function readImageFiles(
  historyPath: string,
  turns: readonly Turn[],
  refs: readonly ImageFileRef[],
  known: ImagePaths,
): Promise<Turn[]> {
  const byTurn = new Map<string, ImageFileRef[]>();
  for (const ref of refs) byTurn.set(ref.turn, [...(byTurn.get(ref.turn) ?? []), ref]);
  const out: Turn[] = [];
  for (const turn of turns) {
    let raw = turn.raw;
    for (const ref of byTurn.get(turn.id) ?? []) {
      if (raw === undefined) break;
      const { path, bytes } = await readImageFile(historyPath, ref);
      if (sha256(bytes) !== ref.sha256) {
        throw new UsageError(
          `${historyPath}: the image file ${ref.path} changed since the reply was saved; the service takes its image back only unchanged. The file was left as it is.`,
        );
      }
      known.set(ref.sha256, path);
      raw = withPayloadImage(raw, ref.slot, Buffer.from(bytes).toString('base64'));
    }
    out.push(raw === turn.raw ? turn : { ...turn, raw: raw as NonNullable<Turn['raw']> });
  }
  return out;
}

/**
 * The conversation as its history file keeps it: every image of a payload moved to a file (one already
 * saved is referred to by path; another is written into `imageDir`) and named in `imageFiles`. An image
 * whose base64 a file could not give back exactly (not canonical) stays in the payload.
 */
export async function imagesToFiles(
  historyPath: string,
  conversation: Conversation,
  imageDir: string,
  known: ImagePaths,
): Promise<{ conversation: Conversation; imageFiles: ImageFileRef[] }> {
  const imageFiles: ImageFileRef[] = [];
  const moved = async (turn: Turn): Promise<Turn> => {
    let raw = turn.raw;
    if (raw === undefined) return turn;
    for (const img of payloadImages(raw)) {
      const bytes = decodeBase64Strict(img.base64);
      if (bytes === null) continue;
      const hash = sha256(bytes);
      let path = known.get(hash);
      if (path === undefined) {
        await mkdir(imageDir, { recursive: true });
        path = await freePath(imageDir, `image-${hash.slice(0, 12)}`, imageExtension(img.mimeType));
        await writeFileAtomic(path, bytes, 0o644);
        known.set(hash, path);
      }
      imageFiles.push({ turn: turn.id, slot: img.slot, path: refPath(historyPath, path), sha256: hash });
      raw = withPayloadImage(raw, img.slot, '');
    }
    return { ...turn, raw };
  };
  const turns = [];
  for (const t of conversation.turns) turns.push(await moved(t));
  const branches = [];
  for (const t of conversation.branches ?? []) branches.push(await moved(t));
  return {
    conversation: { ...conversation, turns, ...(conversation.branches ? { branches } : {}) },
    imageFiles,
  };
}
