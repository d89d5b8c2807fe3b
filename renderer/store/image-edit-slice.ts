// Editing images (the images endpoint's edits): what is being edited (gallery images or picked files,
// uploaded at once so the page keeps ids, never bytes), the edit's prompt and settings, the request in
// flight; the versions of the image on screen (its lineage); the gallery's source filter; and the way
// back from an image to the conversation and turn it came from.
import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { EditReference, ImageRecord } from '../../shared/contract.ts';
import type { ImageSource } from '../../shared/gallery.ts';
import type { AppError } from '../../shared/errors.ts';
import { IMAGE_EDIT_LIMITS, imageCountProblem } from '../../shared/limits.ts';
import { compact } from '../../shared/compact.ts';
import type { StoreRuntime } from './runtime.ts';
import { base64Of } from './attachments-slice.ts';
import { selectImageForm, type ImageQuality, type OutputFormat } from './images-slice.ts';
import { t } from '../i18n/active.ts';

/** An image to edit, as the editor draws it: where its pixels load from and their size. */
export interface EditImage {
  ref: EditReference;
  name: string;
  url: string;
  width: number;
  height: number;
}

export const EDIT_SIZES = ['auto', '1024x1024', '1536x1024', '1024x1536'] as const;
export type EditSize = (typeof EDIT_SIZES)[number];
export const FIDELITIES = ['low', 'high'] as const;
export type InputFidelity = (typeof FIDELITIES)[number];

export interface EditForm {
  prompt: string;
  size: EditSize;
  quality: ImageQuality;
  n: number;
  outputFormat: OutputFormat;
  inputFidelity: InputFidelity;
}

const DEFAULT_EDIT_FORM: EditForm = {
  prompt: '',
  size: 'auto',
  quality: 'auto',
  n: 1,
  outputFormat: 'png',
  inputFidelity: 'low',
};

export interface ImageEditSlice {
  /** the images of the open editor, the first the one edited and masked; null when it is closed */
  editImages: EditImage[] | null;
  editForm: EditForm;
  /** the request in flight */
  editRequestId: string | null;
  editError: AppError | null;
  /** "Edit" on a gallery image */
  startEdit(imageId: string): void;
  /** "Edit" on picked files: each uploaded (and checked by the host) first */
  startEditFromFiles(files: readonly File[]): Promise<void>;
  /** adds a gallery image as one more reference of the open editor */
  addEditReference(imageId: string): void;
  removeEditReference(index: number): void;
  setEditForm(patch: Partial<EditForm>): void;
  closeEdit(): void;
  /** sends the edit with the painted mask (a PNG as base64), or none; the results open in the viewer */
  runEdit(maskPngBase64: string | undefined): Promise<void>;
  cancelEdit(): Promise<void>;

  /** the versions of one image (its lineage), oldest first */
  versions: { id: string; items: ImageRecord[] } | null;
  loadVersions(imageId: string): Promise<void>;

  /** the gallery shows only this source's images; null for all */
  imageSource: ImageSource | null;
  setImageSource(source: ImageSource | null): Promise<void>;

  /** opens the conversation (at the turn) an image came from */
  openImageConversation(imageId: string): Promise<void>;
}

function galleryEditImage(url: string, img: ImageRecord): EditImage {
  return {
    ref: { kind: 'gallery', id: img.id },
    name: img.prompt,
    url,
    width: img.width,
    height: img.height,
  };
}

export const createImageEditSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], ImageEditSlice> =>
  (set, get) => ({
    editImages: null,
    editForm: DEFAULT_EDIT_FORM,
    editRequestId: null,
    editError: null,
    startEdit(imageId) {
      const img =
        get().images.find((x) => x.id === imageId) ?? get().versions?.items.find((x) => x.id === imageId);
      if (!img) return;
      set({
        detailImageId: null,
        editImages: [galleryEditImage(rt.bridge().imageUrl(img.id, 'full'), img)],
        editForm: { ...get().editForm, prompt: '' },
        editError: null,
      });
    },
    async startEditFromFiles(files) {
      const picked = files.slice(0, IMAGE_EDIT_LIMITS.references);
      const out: EditImage[] = [];
      for (const file of picked) {
        let dataBase64: string;
        try {
          dataBase64 = await base64Of(file);
        } catch (e) {
          get().notify(
            t('notices.file.unreadable', { name: file.name, message: (e as Error).message }),
            'error',
          );
          return;
        }
        const r = await rt.bridge().putAttachment({ name: file.name, mimeType: file.type, dataBase64 });
        if (!r.ok) {
          get().notify(t('images.edit.notTaken', { name: file.name, message: r.error.message }), 'error');
          return;
        }
        const a = r.value;
        if (a.kind !== 'image' || a.width === undefined || a.height === undefined) {
          get().notify(t('images.edit.notImage', { name: file.name }), 'error');
          return;
        }
        out.push({
          ref: { kind: 'attachment', id: a.id },
          name: a.name,
          url: rt.bridge().attachmentUrl(a.id),
          width: a.width,
          height: a.height,
        });
      }
      if (out.length === 0) return;
      set({ editImages: out, editError: null });
    },
    addEditReference(imageId) {
      const img = get().images.find((x) => x.id === imageId);
      const current = get().editImages;
      if (!img || !current || current.length >= IMAGE_EDIT_LIMITS.references) return;
      if (current.some((x) => x.ref.kind === 'gallery' && x.ref.id === imageId)) return;
      set({ editImages: [...current, galleryEditImage(rt.bridge().imageUrl(img.id, 'full'), img)] });
    },
    removeEditReference(index) {
      const current = get().editImages;
      // the first is the image edited: removing it closes the editor
      if (!current || index === 0) return;
      set({ editImages: current.filter((_, i) => i !== index) });
    },
    setEditForm(patch) {
      set((s) => ({ editForm: { ...s.editForm, ...patch } }));
    },
    closeEdit() {
      if (get().editRequestId !== null) return;
      set({ editImages: null, editError: null });
    },
    async runEdit(maskPngBase64) {
      const images = get().editImages;
      const form = get().editForm;
      if (!images || get().editRequestId !== null) return;
      if (form.prompt.trim() === '' || imageCountProblem(form.n) !== undefined) return;
      const model = selectImageForm(get()).model.trim();
      if (model === '') {
        set({ editError: { kind: 'invalid-input', message: t('images.form.noModel') } });
        return;
      }
      const requestId = crypto.randomUUID();
      set({ editRequestId: requestId, editError: null });
      const r = await rt.bridge().editImages(
        compact({
          requestId,
          model,
          prompt: form.prompt,
          references: images.map((x) => x.ref),
          mask:
            maskPngBase64 === undefined ? undefined : { kind: 'painted' as const, pngBase64: maskPngBase64 },
          size: form.size,
          n: form.n,
          quality: form.quality,
          outputFormat: form.outputFormat,
          inputFidelity: form.inputFidelity,
        }),
      );
      if (get().editRequestId !== requestId) return;
      if (!r.ok) {
        const cancelled = r.error.kind === 'aborted';
        set({ editRequestId: null, editError: cancelled ? null : r.error });
        if (cancelled) get().notify(t('images.cancelled'), 'info');
        return;
      }
      const fresh = r.value.images;
      const source = get().imageSource;
      set((s) => {
        const shown = source === null || source === 'edit' ? fresh : [];
        const ids = new Set(shown.map((x) => x.id));
        return {
          editRequestId: null,
          editImages: null,
          images: [...shown, ...s.images.filter((x) => !ids.has(x.id))],
          imagesTotal: s.imagesTotal + shown.length,
          lastBatchIds: fresh.map((x) => x.id),
        };
      });
      for (const img of fresh) if (!img.hasThumbnail) get().ensureThumbnail(img.id);
      const first = fresh[0];
      if (first) {
        await get().loadVersions(first.id);
        get().openImageDetail(first.id);
      }
    },
    async cancelEdit() {
      const id = get().editRequestId;
      if (id !== null) await rt.bridge().abortRequest({ requestId: id });
    },

    versions: null,
    async loadVersions(imageId) {
      const r = await rt.bridge().imageVersions({ id: imageId });
      if (!r.ok) return; // the strip is extra: the viewer still shows the image
      set({ versions: { id: imageId, items: r.value.items } });
    },

    imageSource: null,
    async setImageSource(source) {
      if (get().imageSource === source) return;
      set({ imageSource: source, images: [], imagesTotal: 0, imagesLoaded: false });
      await get().loadImages();
    },

    async openImageConversation(imageId) {
      const img =
        get().images.find((x) => x.id === imageId) ?? get().versions?.items.find((x) => x.id === imageId);
      const conversationId = img?.conversationId;
      if (conversationId === undefined) return;
      const r = await rt.bridge().getConversation(compact({ id: conversationId, turnId: img?.messageId }));
      if (!r.ok) {
        get().notify(t('images.detail.conversationGone', { message: r.error.message }), 'error');
        return;
      }
      const format = r.value.format;
      get().openImageDetail(null);
      get().setTab(format);
      await get().openConversation(format, conversationId);
      if (img?.messageId !== undefined) {
        set({ scrollRequest: { conversationId, turnId: img.messageId, nonce: rt.nextId() } });
      }
    },
  });
