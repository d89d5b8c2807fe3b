import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import type { ImageRecord } from '../../shared/contract.ts';
import { sniffImage, type GeneratedImage, type ImageResult, type ServiceClient } from '../core/index.ts';
import type { ImageSettings, ImageSource } from '../../shared/gallery.ts';
import type { CallContext } from './types.ts';
import { readMask, readReferences, requestOf, settingsOf } from './image-edit-inputs.ts';
import { writeFileAtomic } from '../store/atomic-write.ts';
import { toImageRecord, type ImageRow } from '../store/index.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, localFailure, notFound } from './errors.ts';
import { fileSlug } from './export-markdown.ts';
import { fileStamp } from '../../shared/file-stamp.ts';
import { IMAGE_EXT, IMAGE_MIME, imageRelPath, resolveInData, thumbRelPath } from './image-files.ts';
import { runRequest } from './requests.ts';
import { chosenConnection, connectionClient, emitSafely, type Services } from './services.ts';
import { compact } from '../../shared/compact.ts';

type ImageOps =
  | 'generateImages'
  | 'editImages'
  | 'listImages'
  | 'imageVersions'
  | 'deleteImage'
  | 'saveImages'
  | 'putThumbnail';

/** What a batch of images shares: the request that made them and where they belong in the gallery. */
interface Batch {
  batchId: string;
  /** a Compare image comparison's images-endpoint column */
  comparisonId?: string | undefined;
  prompt: string;
  model: string;
  quality?: string | undefined;
  createdAt: number;
  source: ImageSource;
  parentId?: string | undefined;
  settings?: ImageSettings | undefined;
}

function fileOf(s: Services, rel: string): string {
  const file = resolveInData(s.paths, rel);
  if (file === null) throw localFailure(`A stored image path points outside the data folder: ${rel}`);
  return file;
}

/**
 * A name for the user's downloads folder that says what and when: quartet-<date>-<time>-<prompt start>
 * (-<n> within a batch).<ext>, the date and time local to this machine.
 */
export function suggestedImageName(
  image: Pick<ImageRow, 'prompt' | 'createdAt' | 'format'>,
  n?: number,
): string {
  const when = fileStamp(image.createdAt);
  const index = n === undefined ? '' : `-${n}`;
  return `quartet-${when}-${fileSlug(image.prompt, 'image', 40)}${index}.${IMAGE_EXT[image.format]}`;
}

/**
 * Names that differ from each other, ignoring case as the file systems of macOS and Windows do: a name seen
 * before gets -2, -3... before its extension (the same id asked for twice, or two batches of one prompt made
 * in the same minute).
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let out = name;
    for (let k = 2; taken.has(out.toLowerCase()); k++) out = `${stem}-${k}${ext}`;
    taken.add(out.toLowerCase());
    return out;
  });
}

/**
 * The page's records of gallery rows: an image a Compare column's conversation made links back to its
 * comparison too, as the images endpoint column's images do (each conversation looked up once).
 */
function withComparisons(s: Services, rows: readonly ImageRow[]): ImageRecord[] {
  const comparisonOf = new Map<string, string | undefined>();
  return rows.map((row) => {
    const record = toImageRecord(row);
    const conversationId = record.conversationId;
    if (record.comparisonId !== undefined || conversationId === undefined) return record;
    if (!comparisonOf.has(conversationId)) {
      const conversation = s.store.conversations.get(conversationId);
      // one continued in its tab is the tab's now
      comparisonOf.set(
        conversationId,
        conversation?.origin === 'compare' ? conversation.comparisonId : undefined,
      );
    }
    const comparisonId = comparisonOf.get(conversationId);
    return comparisonId === undefined ? record : { ...record, comparisonId };
  });
}

export function imageHandlers(s: Services): Pick<Handlers, ImageOps> {
  /** File first, row second: a crash in between leaves an orphan file the next start-up sweeps. */
  async function saveOne(
    image: GeneratedImage,
    batch: Batch,
    extra: {
      usage?: Record<string, unknown> | undefined;
      reportedQuality?: string | undefined;
      exchangeId: string;
      tookMs: number;
    },
  ): Promise<ImageRecord> {
    const id = randomUUID();
    const filePath = imageRelPath(id, image.format);
    const row: ImageRow = compact({
      id,
      batchId: batch.batchId,
      filePath,
      prompt: batch.prompt,
      model: batch.model,
      format: image.format,
      requestedSize: image.requestedSize,
      reportedSize: image.reportedSize,
      width: image.width,
      height: image.height,
      sizeAdjusted: image.sizeAdjusted,
      bytes: image.bytes.byteLength,
      quality: batch.quality,
      reportedQuality: extra.reportedQuality,
      usage: extra.usage,
      exchangeId: extra.exchangeId,
      createdAt: batch.createdAt,
      source: batch.source,
      parentId: batch.parentId,
      settings: batch.settings,
      comparisonId: batch.comparisonId,
      tookMs: extra.tookMs,
    });
    try {
      await writeFileAtomic(fileOf(s, filePath), image.bytes, 0o600);
      s.store.images.insert(row);
    } catch (e) {
      throw await s.unsavedImages.keep(row, image.bytes, e); // a full disk: kept to be saved later
    }
    return toImageRecord(row);
  }

  /**
   * One images call, stoppable, with its progress as `imageProgress` events (waiting, decoding, saving),
   * and its images saved to the gallery as one batch.
   */
  async function runImageCall(
    requestId: string,
    ctx: CallContext,
    call: (client: ServiceClient, signal: AbortSignal) => Promise<ImageResult>,
    batchOf: () => Omit<Batch, 'batchId' | 'createdAt'>,
    connectionId?: string,
  ): Promise<{ images: ImageRecord[]; exchangeId: string }> {
    return runRequest(s.requests, requestId, async (signal) => {
      let decoding = false;
      const started = performance.now();
      const client = await connectionClient(s, chosenConnection(s, connectionId), {
        ctx,
        requestId,
        // Headers of a success are in: what remains is the (large, base64) body and its decoding.
        onResponse: (response) => {
          if (!response.ok || decoding) return;
          decoding = true;
          emitSafely(s, ctx, 'imageProgress', { requestId, phase: 'decoding' });
        },
      });
      emitSafely(s, ctx, 'imageProgress', { requestId, phase: 'waiting' });
      const result = await call(client, signal);
      const tookMs = Math.round(performance.now() - started);
      // The reply is in and decoded; from here on the images are the user's, so a stop no longer applies.
      emitSafely(s, ctx, 'imageProgress', { requestId, phase: 'saving' });
      const batch: Batch = { ...batchOf(), batchId: randomUUID(), createdAt: s.now() };
      const images: ImageRecord[] = [];
      let failed: unknown; // the others of the batch are still saved (or kept) after one fails
      for (const image of result.images) {
        try {
          images.push(
            await saveOne(image, batch, {
              usage: result.usage,
              reportedQuality: result.quality,
              exchangeId: result.exchange.id,
              tookMs,
            }),
          );
        } catch (e) {
          failed ??= e;
        }
      }
      if (failed !== undefined) throw failed;
      return { images, exchangeId: result.exchange.id };
    });
  }

  return {
    async generateImages(input, ctx) {
      const request = requestOf(input);
      return runImageCall(
        input.requestId,
        ctx,
        (client, signal) => client.generateImages(request, { signal }),
        () => ({
          prompt: input.prompt,
          model: input.model,
          quality: input.quality,
          source: 'images',
          settings: settingsOf(input),
          comparisonId: input.comparisonId,
        }),
        input.connectionId,
      );
    },

    async editImages(input, ctx) {
      // every image that comes in is checked before anything is sent
      const references = await readReferences(s, input.references);
      const first = references[0];
      const mask = input.mask && (await readMask(s, input.mask, first));
      const request = {
        ...requestOf(input),
        ...compact({ inputFidelity: input.inputFidelity, mask }),
        images: references.map((r) => r.file),
      };
      return runImageCall(
        input.requestId,
        ctx,
        (client, signal) => client.editImages(request, { signal }),
        () => ({
          prompt: input.prompt,
          model: input.model,
          quality: input.quality,
          source: 'edit',
          // a gallery image deleted while the edit ran leaves its children unlinked (the store's rule)
          parentId: first?.galleryId,
          settings: {
            ...settingsOf(input),
            ...compact({ input_fidelity: input.inputFidelity }),
            references: references.length,
            mask: mask !== undefined,
          },
        }),
      );
    },

    async listImages({ offset, limit, source }) {
      const items = withComparisons(s, s.store.images.list(offset ?? 0, limit ?? 100, { source }));
      return { items, total: s.store.images.count({ source }) };
    },

    async imageVersions({ id }) {
      return { items: withComparisons(s, s.store.images.lineage(id)) };
    },

    /** Row first, files second: a crash in between leaves orphan files, never a row without its file. */
    async deleteImage({ id }) {
      const row = s.store.images.get(id);
      if (!row) return { deleted: false };
      s.store.images.delete(id);
      for (const rel of [row.filePath, row.thumbPath]) {
        if (rel !== undefined) await rm(fileOf(s, rel), { force: true });
      }
      return { deleted: true };
    },

    async saveImages({ ids }) {
      const rows = ids.map((id) => {
        const row = s.store.images.get(id);
        if (!row) throw notFound('One of the images no longer exists.');
        return row;
      });
      const names = uniqueNames(
        rows.map((row, i) => suggestedImageName(row, ids.length > 1 ? i + 1 : undefined)),
      );
      const files = rows.map((row, i) => ({
        path: fileOf(s, row.filePath),
        suggestedName: names[i] ?? suggestedImageName(row),
        mime: IMAGE_MIME[row.format],
      }));
      if (!s.deps.saveImages) return { kind: 'download', urls: [], names: [] };
      return s.deps.saveImages(files);
    },

    async putThumbnail({ id, webpBase64 }) {
      const bytes = Buffer.from(webpBase64, 'base64');
      if (sniffImage(bytes)?.format !== 'webp') {
        throw invalid('The thumbnail is not a WebP image.', 'webpBase64');
      }
      if (!s.store.images.get(id)) throw notFound('This image no longer exists.');
      const rel = thumbRelPath(id);
      await writeFileAtomic(fileOf(s, rel), bytes, 0o600);
      s.store.images.setThumb(id, rel);
      return { ok: true };
    },
  };
}

/** The file behind an image for the hosts' media routes; null when unknown. */
export async function imageFileOf(
  s: Services,
  id: string,
  variant: 'full' | 'thumb',
): Promise<{ path: string; mime: string; downloadName: string } | null> {
  const row = s.store.images.get(id);
  if (!row) return null;
  const rel = variant === 'full' ? row.filePath : row.thumbPath;
  if (rel === undefined) return null;
  const path = resolveInData(s.paths, rel);
  if (path === null) return null;
  try {
    if (!(await stat(path)).isFile()) return null;
  } catch {
    return null; // removed meanwhile
  }
  return {
    path,
    mime: variant === 'full' ? IMAGE_MIME[row.format] : IMAGE_MIME.webp,
    downloadName: suggestedImageName(row),
  };
}
