// What an image edit sends, read and checked on the host: the reference images (gallery images or uploaded
// files) and the mask (painted on the page, or uploaded). Every one goes through inspectFile, as every
// image that comes in does; the mask also needs transparency and the first image's size.
import type { z } from 'zod';
import { compact } from '../../shared/compact.ts';
import type { EditReference, ImageEditInputSchema, ImageGenerateInputSchema } from '../../shared/contract.ts';
import type { ImageSettings } from '../../shared/gallery.ts';
import { inspectFile, type EditFile } from '../core/index.ts';
import { decodeBase64Strict } from '../core/images/base64.ts';
import { maskProblem } from '../core/images/raster.ts';
import { readAttachment } from './attachment-files.ts';
import { invalid, notFound } from './errors.ts';
import { IMAGE_EXT, IMAGE_MIME } from './image-files.ts';
import type { Services } from './services.ts';

/** The types the images endpoint edits (its reference: PNG, JPEG, WebP). */
const EDITABLE = new Set(['image/png', 'image/jpeg', 'image/webp']);

export interface Reference {
  file: EditFile;
  width: number;
  height: number;
  /** the gallery image it is, which the results are children of */
  galleryId?: string;
}

async function checked(name: string, declared: string, bytes: Uint8Array, path: string): Promise<Reference> {
  const described = await inspectFile(name, declared, bytes);
  if ('problem' in described) throw invalid(described.problem, path);
  if (described.kind !== 'image' || !EDITABLE.has(described.mimeType)) {
    throw invalid(`"${name}" cannot be edited: the images endpoint edits PNG, JPEG and WebP images.`, path);
  }
  return {
    file: { bytes, name, mime: described.mimeType },
    width: described.width ?? 0,
    height: described.height ?? 0,
  };
}

async function readReference(s: Services, ref: EditReference, path: string): Promise<Reference> {
  if (ref.kind === 'gallery') {
    const row = s.store.images.get(ref.id);
    if (!row) throw notFound('An image to edit is no longer in the gallery.');
    // the name the form sends it under (the service sees no prompt in it)
    const name = `image-${row.id.slice(0, 8)}.${IMAGE_EXT[row.format]}`;
    const bytes = await readAttachment(s, { name, filePath: row.filePath });
    return { ...(await checked(name, IMAGE_MIME[row.format], bytes, path)), galleryId: row.id };
  }
  const row = s.store.attachments.get(ref.id);
  if (!row) throw notFound('A file to edit is no longer uploaded; pick it again.');
  return checked(row.name, row.mimeType, await readAttachment(s, row), path);
}

/** The images to edit, in order, each read and checked. */
export async function readReferences(s: Services, refs: readonly EditReference[]): Promise<Reference[]> {
  const out: Reference[] = [];
  for (const [i, ref] of refs.entries()) out.push(await readReference(s, ref, `references.${i}`));
  return out;
}

type MaskInput = NonNullable<z.output<typeof ImageEditInputSchema>['mask']>;

/**
 * The mask as a file of the form: a whole PNG (inspectFile), with transparent pixels, of the first
 * image's size (the service refuses another size; said here first, in the user's terms).
 */
export async function readMask(
  s: Services,
  mask: MaskInput,
  first: Reference | undefined,
): Promise<EditFile> {
  let bytes: Uint8Array;
  if (mask.kind === 'painted') {
    const decoded = decodeBase64Strict(mask.pngBase64);
    if (decoded === null)
      throw invalid('The mask did not arrive whole (its data is not valid base64).', 'mask');
    bytes = decoded;
  } else {
    const row = s.store.attachments.get(mask.id);
    if (!row) throw notFound('The mask file is no longer uploaded; pick it again.');
    bytes = await readAttachment(s, row);
  }
  const described = await inspectFile('mask.png', 'image/png', bytes);
  if ('problem' in described) throw invalid(described.problem, 'mask');
  if (described.kind !== 'image' || described.mimeType !== 'image/png') {
    throw invalid('The mask must be a PNG image.', 'mask');
  }
  if (first && (described.width !== first.width || described.height !== first.height)) {
    throw invalid(
      `The mask is ${described.width}x${described.height} pixels but the image to edit is ${first.width}x${first.height}; they must be the same size.`,
      'mask',
    );
  }
  const problem = await maskProblem(bytes);
  if (problem !== undefined) throw invalid(problem, 'mask');
  return { bytes, name: 'mask.png', mime: 'image/png' };
}

/** The settings a generation or an edit asked for, as the gallery shows them (wire names). */
/** The request fields a generation and an edit share, as the service client takes them. */
export function requestOf(input: z.output<typeof ImageGenerateInputSchema>) {
  return compact({
    model: input.model,
    prompt: input.prompt,
    size: input.size,
    n: input.n,
    quality: input.quality,
    outputFormat: input.outputFormat,
    background: input.background,
  });
}

export function settingsOf(input: z.output<typeof ImageGenerateInputSchema>): ImageSettings | undefined {
  const settings: ImageSettings = compact({
    size: input.size,
    quality: input.quality,
    output_format: input.outputFormat,
    background: input.background,
    n: input.n,
  });
  return Object.keys(settings).length > 0 ? settings : undefined;
}
