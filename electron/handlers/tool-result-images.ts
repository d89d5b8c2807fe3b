// The images of a message's tool results as the host sends them: each must be a file this host stored
// (a tool's image, kept when its call finished); its description is the stored one, never the page's;
// and one past the format's image limits is fitted as a user's attachment would be ("Fit images to the
// format": fitImage, stored as a copy), since no one is there to press the button between the steps.
import { FORMAT_IMAGE_LIMITS, imageFits } from '../../shared/attachments.ts';
import type { TextFormat } from '../../shared/formats.ts';
import type { ToolImage, ToolResult } from '../../shared/tools.ts';
import { fitImage, fittedName } from '../core/images/raster.ts';
import { toAttachmentRecord } from '../store/index.ts';
import { readAttachment, storeAttachment } from './attachment-files.ts';
import { invalid } from './errors.ts';
import type { Services } from './services.ts';

/** The ids of the results' images, in order, each once (the links the user turn keeps). */
export function toolImageIds(results: readonly ToolResult[] | undefined): string[] {
  return [...new Set((results ?? []).flatMap((r) => (r.images ?? []).map((i) => i.id)))];
}

async function storedImage(
  s: Services,
  format: TextFormat,
  result: ToolResult,
  image: ToolImage,
  at: string,
): Promise<ToolImage> {
  const row = s.store.attachments.get(image.id);
  if (!row || row.kind !== 'image') {
    throw invalid(`An image of the result of ${result.name} is no longer stored; run the tool again.`, at);
  }
  const limits = FORMAT_IMAGE_LIMITS[format];
  if (imageFits(limits, row)) return toAttachmentRecord(row);
  let fitted;
  try {
    fitted = await fitImage(await readAttachment(s, row), limits);
  } catch (e) {
    throw invalid(
      `The image "${row.name}" of ${result.name}'s result could not be fitted: ${(e as Error).message}.`,
      at,
    );
  }
  if (!fitted.changed) return toAttachmentRecord(row);
  const copy = await storeAttachment(
    s,
    fittedName(row.name, fitted.mimeType),
    fitted.mimeType,
    fitted.bytes,
    at,
  );
  return toAttachmentRecord(copy);
}

/** The results with their images as stored (and fitted to `format`); results without images as they were. */
export async function withStoredToolImages(
  s: Services,
  format: TextFormat,
  results: readonly ToolResult[] | undefined,
): Promise<ToolResult[] | undefined> {
  if (results === undefined) return undefined;
  const out: ToolResult[] = [];
  for (const [i, r] of results.entries()) {
    if (!r.images || r.images.length === 0) {
      out.push(r);
      continue;
    }
    const images: ToolImage[] = [];
    for (const [k, image] of r.images.entries())
      images.push(await storedImage(s, format, r, image, `toolResults.${i}.images.${k}`));
    out.push({ ...r, images });
  }
  return out;
}
