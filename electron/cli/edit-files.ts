// The files of `quartet image --edit FILE [--edit FILE2] [--mask FILE]`: read, checked from their bytes as
// the app checks them (inspectFile; the images endpoint edits PNG, JPEG and WebP), the mask a whole PNG of
// the first image's size with transparent pixels.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { IMAGE_EDIT_LIMITS } from '../../shared/limits.ts';
import { inspectFile, type EditFile } from '../core/index.ts';
import { maskProblem } from '../core/images/raster.ts';
import { UsageError } from './args.ts';

const EDITABLE = new Set(['image/png', 'image/jpeg', 'image/webp']);

async function readBounded(option: string, path: string, max: number): Promise<Uint8Array> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UsageError(`${option} ${path}: not a file`);
    // refused before reading: a huge file must not fill the memory just to be turned away
    if (info.size > max) throw new UsageError(`${option} ${path}: larger than ${max / (1024 * 1024)} MB`);
    return new Uint8Array(await readFile(path));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new UsageError(`${option} ${path}: cannot read it (${why})`);
  }
}

export interface EditInputs {
  images: EditFile[];
  mask?: EditFile;
}

/** The images to edit (the first is the one edited) and the mask, each read and checked. */
export async function readEditFiles(
  paths: readonly string[],
  maskPath: string | undefined,
): Promise<EditInputs> {
  if (paths.length > IMAGE_EDIT_LIMITS.references) {
    throw new UsageError(`--edit: at most ${IMAGE_EDIT_LIMITS.references} images can be edited together`);
  }
  const images: EditFile[] = [];
  let first: { width: number; height: number } | undefined;
  for (const path of paths) {
    const bytes = await readBounded('--edit', path, IMAGE_EDIT_LIMITS.referenceBytes);
    const name = basename(path);
    const described = await inspectFile(name, '', bytes);
    if ('problem' in described) throw new UsageError(described.problem);
    if (described.kind !== 'image' || !EDITABLE.has(described.mimeType)) {
      throw new UsageError(`--edit ${path}: the images endpoint edits PNG, JPEG and WebP images`);
    }
    first ??= { width: described.width ?? 0, height: described.height ?? 0 };
    images.push({ bytes, name, mime: described.mimeType });
  }
  if (maskPath === undefined) return { images };
  const bytes = await readBounded('--mask', maskPath, IMAGE_EDIT_LIMITS.maskBytes);
  const described = await inspectFile(basename(maskPath), 'image/png', bytes);
  if ('problem' in described) throw new UsageError(described.problem);
  if (described.kind !== 'image' || described.mimeType !== 'image/png') {
    throw new UsageError(`--mask ${maskPath}: the mask must be a PNG image`);
  }
  if (first && (described.width !== first.width || described.height !== first.height)) {
    throw new UsageError(
      `--mask ${maskPath}: the mask is ${described.width}x${described.height} but the image to edit is ${first.width}x${first.height}; they must be the same size`,
    );
  }
  const problem = await maskProblem(bytes);
  if (problem !== undefined) throw new UsageError(`--mask ${maskPath}: ${problem}`);
  return { images, mask: { bytes, name: basename(maskPath), mime: 'image/png' } };
}
