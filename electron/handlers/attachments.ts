// Files for a message: uploaded by the page (base64 over the bridge, checked from their bytes) or taken
// from the gallery. They are stored at once and referred to by id from then on.
import { stat } from 'node:fs/promises';
import { imageLimitsFor, type AttachmentKind } from '../../shared/attachments.ts';
import { decodeBase64Strict } from '../core/index.ts';
import { fitImage, fittedName } from '../core/images/raster.ts';
import { toAttachmentRecord } from '../store/index.ts';
import { attachmentPath, readAttachment, storeAttachment } from './attachment-files.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, localFailure, notFound } from './errors.ts';
import { IMAGE_MIME } from './image-files.ts';
import { suggestedImageName } from './images.ts';
import type { Services } from './services.ts';

export function attachmentHandlers(
  s: Services,
): Pick<Handlers, 'putAttachment' | 'attachImage' | 'fitAttachment'> {
  return {
    async putAttachment({ name, mimeType, dataBase64 }) {
      const bytes = decodeBase64Strict(dataBase64);
      if (bytes === null) {
        // decodeBase64Strict refuses empty text too: say what the user can act on
        if (dataBase64 === '') throw invalid(`"${name}" is empty.`, 'dataBase64');
        throw invalid(`"${name}" did not arrive whole (its data is not valid base64).`, 'dataBase64');
      }
      return toAttachmentRecord(await storeAttachment(s, name, mimeType, bytes));
    },

    async attachImage({ imageId }) {
      const image = s.store.images.get(imageId);
      if (!image) throw notFound('This image is no longer in the gallery.');
      // A copy through the same path as an upload: the gallery may delete its image, the message keeps it
      // (identical bytes share one file, so the copy costs a row).
      const bytes = await readAttachment(s, { name: suggestedImageName(image), filePath: image.filePath });
      return toAttachmentRecord(
        await storeAttachment(s, suggestedImageName(image), IMAGE_MIME[image.format], bytes, 'imageId'),
      );
    },

    async fitAttachment({ id, formats }) {
      const row = s.store.attachments.get(id);
      if (!row) throw notFound('This file is no longer attached.');
      if (row.kind !== 'image') throw invalid(`"${row.name}" is not an image.`, 'id');
      const bytes = await readAttachment(s, row);
      let fitted;
      try {
        fitted = await fitImage(bytes, imageLimitsFor(formats));
      } catch (e) {
        throw localFailure(`"${row.name}" could not be fitted: ${(e as Error).message}.`, e);
      }
      if (!fitted.changed) return toAttachmentRecord(row);
      // stored like an upload (checked again from its bytes): the original stays, the message picks one
      const name = fittedName(row.name, fitted.mimeType);
      return toAttachmentRecord(await storeAttachment(s, name, fitted.mimeType, fitted.bytes, 'id'));
    },
  };
}

/** How the media route serves each kind: never as something the page's origin would run. */
export function servedType(kind: AttachmentKind, mimeType: string): { mime: string; inline: boolean } {
  if (kind === 'image' && /^image\/(png|jpeg|webp|gif)$/.test(mimeType))
    return { mime: mimeType, inline: true };
  // Text (HTML, SVG and scripts included) is shown as plain text, whatever its name says.
  if (kind === 'text') return { mime: 'text/plain; charset=utf-8', inline: true };
  if (kind === 'pdf') return { mime: 'application/pdf', inline: false };
  return { mime: 'application/octet-stream', inline: false };
}

/** The file behind an attachment, for the hosts' media routes; null when unknown or gone. */
export async function attachmentFileOf(
  s: Services,
  id: string,
): Promise<{ path: string; mime: string; inline: boolean; downloadName: string } | null> {
  const row = s.store.attachments.get(id);
  if (!row) return null;
  const path = attachmentPath(s.paths, row);
  if (path === null) return null;
  try {
    if (!(await stat(path)).isFile()) return null;
  } catch {
    return null;
  }
  return { path, ...servedType(row.kind, row.mimeType), downloadName: row.name };
}
