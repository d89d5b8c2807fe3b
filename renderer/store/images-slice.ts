import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { ImageRecord, Settings } from '../../shared/contract.ts';
import type { AppError } from '../../shared/errors.ts';
import { groupModels } from './models-slice.ts';
import {
  IMAGE_COUNT,
  IMAGE_SIDE,
  imageCountProblem,
  imageSizeProblem,
  parseImageSize,
} from '../../shared/limits.ts';
import { compact } from '../../shared/compact.ts';
import type { StoreRuntime } from './runtime.ts';
import { t } from '../i18n/active.ts';

export const SIZE_PRESETS = ['auto', '1024x1024', '1536x1024', '1024x1536'] as const;
export type SizePreset = (typeof SIZE_PRESETS)[number] | 'custom';
export const QUALITIES = ['auto', 'low', 'medium', 'high'] as const;
export type ImageQuality = (typeof QUALITIES)[number];
export const OUTPUT_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface ImageForm {
  model: string;
  prompt: string;
  sizePreset: SizePreset;
  /** free WIDTHxHEIGHT when sizePreset is 'custom' */
  customSize: string;
  n: number;
  quality: ImageQuality;
  outputFormat: OutputFormat;
}

export type GenerationPhase = 'sending' | 'waiting' | 'decoding' | 'saving';
export interface ImageGeneration {
  requestId: string;
  phase: GenerationPhase;
  startedAt: number;
  n: number;
}

export type ImageFormErrors = Partial<Record<'model' | 'prompt' | 'size' | 'n', string>>;

/** Makes a small WebP of an image in the page; returns its base64. Replaceable in tests. */
export type ThumbnailMaker = (url: string, width: number) => Promise<string>;

const PAGE = 60;
const THUMB_WIDTH = 320;
const THUMB_CONCURRENCY = 2;

export const DEFAULT_IMAGE_FORM: ImageForm = {
  model: '',
  prompt: '',
  sizePreset: 'auto',
  customSize: '',
  n: 1,
  quality: 'auto',
  outputFormat: 'png',
};

export interface ImagesSlice {
  /** the gallery, newest first */
  images: ImageRecord[];
  imagesTotal: number;
  imagesLoaded: boolean;
  imagesLoading: boolean;
  imagesError: AppError | null;
  loadImages(): Promise<void>;
  loadMoreImages(): Promise<void>;

  imageForm: ImageForm;
  imageFormHydrated: boolean;
  /** Fills the form from the remembered settings once they are known. */
  hydrateImageForm(memory: Settings['images']): void;
  setImageForm(patch: Partial<ImageForm>): void;

  generation: ImageGeneration | null;
  generationError: AppError | null;
  /** ids of the latest batch, for a short highlight in the gallery */
  lastBatchIds: string[];
  generateImages(): Promise<void>;
  cancelGeneration(): Promise<void>;
  imageProgressArrived(requestId: string, phase: 'waiting' | 'decoding' | 'saving'): void;
  /** Fills the form with an image's prompt and settings and generates again. */
  rerunImage(id: string): Promise<void>;

  /** thumbnails being made in the page, or that could not be made (the gallery then shows the full image) */
  thumbState: Record<string, 'pending' | 'failed'>;
  ensureThumbnail(id: string): void;

  detailImageId: string | null;
  openImageDetail(id: string | null): void;
  deleteImage(id: string): Promise<boolean>;
  saveImages(ids: string[]): Promise<void>;
  copyImage(id: string): Promise<void>;
}

/** The size the form asks for, or undefined when it is not valid. */
export function formSize(form: ImageForm): string | undefined {
  if (form.sizePreset !== 'custom') return form.sizePreset;
  const m = /^\s*(\d+)\s*[xX×*]\s*(\d+)\s*$/.exec(form.customSize);
  if (!m) return undefined;
  return `${Number(m[1])}x${Number(m[2])}`;
}

/**
 * The form as it will be sent: a model field left empty takes the first image model of the list, as
 * the chat tabs take the first model that suits them.
 */
export function selectImageForm(s: StoreState): ImageForm {
  const form = s.imageForm;
  if (form.model.trim() !== '') return form;
  const list = s.models.bearer;
  const suggested = list ? groupModels(list.items, 'images').suggested[0]?.id : undefined;
  return suggested === undefined ? form : { ...form, model: suggested };
}

/** Inline messages for the form; empty when it can be sent. */
export function validateImageForm(form: ImageForm): ImageFormErrors {
  const errors: ImageFormErrors = {};
  if (form.model.trim() === '') errors.model = t('images.form.noModel');
  if (form.prompt.trim() === '') errors.prompt = t('images.form.noPrompt');
  if (form.sizePreset === 'custom') {
    const size = formSize(form);
    // The page reads "1280 x 720" too; the range is the one every other layer applies (the shared rules
    // decide, the page says it in its language).
    if (size === undefined || parseImageSize(size) === undefined) errors.size = t('images.form.sizeShape');
    else if (imageSizeProblem(size) !== undefined)
      errors.size = t('images.form.sizeRange', { ...IMAGE_SIDE });
  }
  if (imageCountProblem(form.n) !== undefined) errors.n = t('images.form.countRange', { ...IMAGE_COUNT });
  return errors;
}

/** A remembered size back into preset + free text. */
export function sizeToForm(size: string | undefined): Pick<ImageForm, 'sizePreset' | 'customSize'> {
  if (size === undefined) return { sizePreset: 'auto', customSize: '' };
  if ((SIZE_PRESETS as readonly string[]).includes(size))
    return { sizePreset: size as SizePreset, customSize: '' };
  return { sizePreset: 'custom', customSize: size };
}

// ---------- thumbnails: made in the page, two at a time ----------

async function blobToBase64(blob: Blob): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
  return url.slice(url.indexOf(',') + 1);
}

const makeThumbnailInPage: ThumbnailMaker = async (url, width) => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  const bitmap = await createImageBitmap(blob, { resizeWidth: width, resizeQuality: 'medium' });
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0);
    const webp = await canvas.convertToBlob({ type: 'image/webp', quality: 0.82 });
    return await blobToBase64(webp);
  } finally {
    bitmap.close();
  }
};

// ---------- downloads and clipboard (page-only helpers) ----------

/** One link per image, each with its own name (the host made them unique: "Save all" of a batch). */
function triggerDownloads(urls: string[], names: string[]): void {
  for (const [i, url] of urls.entries()) {
    const a = document.createElement('a');
    a.href = url;
    a.download = names[i] ?? '';
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  }
}

async function imageAsPng(url: string): Promise<Blob> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(t('images.readFailed', { status: String(res.status) }));
  const blob = await res.blob();
  if (blob.type === 'image/png') return blob;
  // The clipboard takes PNG everywhere; other formats are redrawn.
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    return await canvas.convertToBlob({ type: 'image/png' });
  } finally {
    bitmap.close();
  }
}

export const createImagesSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], ImagesSlice> =>
  (set, get) => {
    const pumpThumbnails = () => {
      while (rt.thumbsRunning < THUMB_CONCURRENCY && rt.thumbQueue.length > 0) {
        const id = rt.thumbQueue.shift();
        if (id === undefined) break;
        const record = get().images.find((x) => x.id === id);
        if (!record || record.hasThumbnail) {
          clearThumbState(id);
          continue;
        }
        rt.thumbsRunning += 1;
        void makeOne(record).finally(() => {
          rt.thumbsRunning -= 1;
          pumpThumbnails();
        });
      }
    };

    const clearThumbState = (id: string) =>
      set((s) => {
        if (!(id in s.thumbState)) return {};
        const thumbState = { ...s.thumbState };
        delete thumbState[id];
        return { thumbState };
      });

    const makeOne = async (record: ImageRecord) => {
      const bridge = rt.bridge();
      try {
        const webpBase64 = await (rt.thumbnailMaker ?? makeThumbnailInPage)(
          bridge.imageUrl(record.id, 'full'),
          Math.min(THUMB_WIDTH, record.width),
        );
        const r = await bridge.putThumbnail({ id: record.id, webpBase64 });
        if (!r.ok) throw new Error(r.error.message);
        set((s) => ({
          images: s.images.map((x) => (x.id === record.id ? { ...x, hasThumbnail: true } : x)),
        }));
        clearThumbState(record.id);
      } catch {
        // The gallery falls back to the full image for this one; nothing else depends on it.
        set((s) => ({ thumbState: { ...s.thumbState, [record.id]: 'failed' } }));
      }
    };

    return {
      images: [],
      imagesTotal: 0,
      imagesLoaded: false,
      imagesLoading: false,
      imagesError: null,
      async loadImages() {
        set({ imagesLoading: true });
        const source = get().imageSource ?? undefined;
        const r = await rt.bridge().listImages(compact({ offset: 0, limit: PAGE, source }));
        if (source !== (get().imageSource ?? undefined)) return; // the filter changed meanwhile
        if (!r.ok) {
          set({ imagesLoading: false, imagesError: r.error });
          return;
        }
        set({
          images: r.value.items,
          imagesTotal: r.value.total,
          imagesLoaded: true,
          imagesLoading: false,
          imagesError: null,
        });
      },
      async loadMoreImages() {
        const { images, imagesTotal, imagesLoading } = get();
        if (imagesLoading || images.length >= imagesTotal) return;
        set({ imagesLoading: true });
        const source = get().imageSource ?? undefined;
        const r = await rt.bridge().listImages(compact({ offset: images.length, limit: PAGE, source }));
        if (source !== (get().imageSource ?? undefined)) return;
        if (!r.ok) {
          set({ imagesLoading: false, imagesError: r.error });
          return;
        }
        set((s) => {
          const seen = new Set(s.images.map((x) => x.id));
          return {
            images: [...s.images, ...r.value.items.filter((x) => !seen.has(x.id))],
            imagesTotal: r.value.total,
            imagesLoading: false,
            imagesError: null,
          };
        });
      },

      imageForm: DEFAULT_IMAGE_FORM,
      imageFormHydrated: false,
      hydrateImageForm(memory) {
        if (get().imageFormHydrated) return;
        const m = memory ?? {};
        set((s) => ({
          imageFormHydrated: true,
          imageForm: {
            ...s.imageForm,
            ...sizeToForm(m.size),
            ...compact({
              model: m.model,
              n: m.n,
              quality: QUALITIES.find((q) => q === m.quality),
              outputFormat: m.outputFormat,
            }),
          },
        }));
      },
      setImageForm(patch) {
        set((s) => ({ imageForm: { ...s.imageForm, ...patch } }));
      },

      generation: null,
      generationError: null,
      lastBatchIds: [],
      async generateImages() {
        if (get().generation) return;
        const form = selectImageForm(get());
        const errors = validateImageForm(form);
        const size = formSize(form);
        if (Object.keys(errors).length > 0 || size === undefined) return;
        const requestId = crypto.randomUUID();
        set({
          generation: { requestId, phase: 'sending', startedAt: Date.now(), n: form.n },
          generationError: null,
        });
        // Remember the choices (not the prompt) for next time; failure to save is not worth blocking on.
        void get().updateSettings({
          images: {
            model: form.model.trim(),
            size,
            n: form.n,
            quality: form.quality,
            outputFormat: form.outputFormat,
          },
        });
        const r = await rt.bridge().generateImages({
          requestId,
          model: form.model.trim(),
          prompt: form.prompt,
          size,
          n: form.n,
          quality: form.quality,
          outputFormat: form.outputFormat,
        });
        if (get().generation?.requestId !== requestId) return;
        if (!r.ok) {
          const cancelled = r.error.kind === 'aborted';
          set({ generation: null, generationError: cancelled ? null : r.error });
          if (cancelled) get().notify(t('images.cancelled'), 'info');
          return;
        }
        const fresh = r.value.images;
        set((s) => {
          const ids = new Set(fresh.map((x) => x.id));
          return {
            generation: null,
            generationError: null,
            images: [...fresh, ...s.images.filter((x) => !ids.has(x.id))],
            imagesTotal: s.imagesTotal + fresh.length,
            lastBatchIds: fresh.map((x) => x.id),
          };
        });
        for (const img of fresh) if (!img.hasThumbnail) get().ensureThumbnail(img.id);
        const adjusted = fresh.find((x) => x.sizeAdjusted);
        if (adjusted) {
          get().notify(
            t('images.detail.sizeChanged', {
              asked: adjusted.requestedSize ?? 'auto',
              size: `${adjusted.width}x${adjusted.height}`,
            }),
            'warning',
            { sticky: false },
          );
        }
      },
      async cancelGeneration() {
        const g = get().generation;
        if (g) await rt.bridge().abortRequest({ requestId: g.requestId });
      },
      imageProgressArrived(requestId, phase) {
        set((s) => (s.generation?.requestId === requestId ? { generation: { ...s.generation, phase } } : {}));
      },
      async rerunImage(id) {
        const img = get().images.find((x) => x.id === id);
        if (!img || get().generation) return;
        const batchSize = get().images.filter((x) => x.batchId === img.batchId).length;
        set((s) => ({
          detailImageId: null,
          imageForm: {
            ...s.imageForm,
            model: img.model,
            prompt: img.prompt,
            ...sizeToForm(img.requestedSize),
            n: Math.min(10, Math.max(1, batchSize)),
            quality:
              img.quality !== undefined && (QUALITIES as readonly string[]).includes(img.quality)
                ? (img.quality as ImageQuality)
                : s.imageForm.quality,
            outputFormat: img.format,
          },
        }));
        await get().generateImages();
      },

      thumbState: {},
      ensureThumbnail(id) {
        const s = get();
        if (id in s.thumbState) return;
        const record = s.images.find((x) => x.id === id);
        if (!record || record.hasThumbnail) return;
        set({ thumbState: { ...s.thumbState, [id]: 'pending' } });
        rt.thumbQueue.push(id);
        pumpThumbnails();
      },

      detailImageId: null,
      openImageDetail(id) {
        set({ detailImageId: id });
      },
      async deleteImage(id) {
        const r = await rt.bridge().deleteImage({ id });
        if (!r.ok) {
          get().notify(t('images.deleteFailed', { message: r.error.message }), 'error');
          return false;
        }
        set((s) => {
          const idx = s.images.findIndex((x) => x.id === id);
          const images = s.images.filter((x) => x.id !== id);
          // Stay in the viewer on the neighbour, so deleting through a batch is quick.
          const neighbour = images[Math.min(idx, images.length - 1)];
          return {
            images,
            imagesTotal: Math.max(0, s.imagesTotal - (idx === -1 ? 0 : 1)),
            detailImageId: s.detailImageId === id ? (neighbour?.id ?? null) : s.detailImageId,
          };
        });
        return true;
      },
      async saveImages(ids) {
        const r = await rt.bridge().saveImages({ ids });
        if (!r.ok) {
          get().notify(t('images.notSaved', { message: r.error.message }), 'error');
          return;
        }
        const v = r.value;
        if (v.kind === 'download') triggerDownloads(v.urls, v.names);
        else if (v.kind === 'saved') {
          get().notify(
            v.paths.length === 1
              ? t('images.savedTo', { path: v.paths[0] ?? '' })
              : t('images.savedMany', { count: v.paths.length }),
            'success',
          );
        }
      },
      async copyImage(id) {
        try {
          // The item takes a promise, so write() runs while the click still counts as a user gesture.
          const png = imageAsPng(rt.bridge().imageUrl(id, 'full'));
          await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
          get().notify(t('images.copied'), 'success');
        } catch (e) {
          get().notify(t('images.copyFailed', { message: (e as Error).message }), 'error');
        }
      },
    };
  };
