import path from 'node:path';
import type { SaveResult } from '../../shared/contract.ts';
import { MEDIA_ID } from '../host/assets.ts';

/** What the app core hands to `saveImages`; `id` when the core provides it. */
export interface ImageToSave {
  path: string;
  suggestedName: string;
  mime: string;
  id?: string;
}

/**
 * The browser host's `saveImages`: a browser cannot be handed files, so the page gets one URL per image
 * (`/media/image/<id>`) with the name the core suggested (unique within the call), and saves each through
 * a link's `download` attribute. No `?download=1`: its Content-Disposition names the image alone (every
 * image of a batch the same) and would win over the attribute. Without an explicit id, the id is the
 * stored file's name (`images/<id>.<ext>`, the store's layout).
 */
export async function webSaveImages(files: ImageToSave[]): Promise<SaveResult> {
  const urls = files.map((file) => {
    const id = file.id ?? path.basename(file.path, path.extname(file.path));
    if (!MEDIA_ID.test(id)) throw new Error(`Cannot offer ${path.basename(file.path)} as a download.`);
    return `/media/image/${id}`;
  });
  return { kind: 'download', urls, names: files.map((file) => file.suggestedName) };
}
