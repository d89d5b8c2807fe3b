import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import {
  canDownscale,
  classifyFile,
  downscaledSize,
  fileRefusal,
  messageAttachmentsRefusal,
  safeFileName,
  type Attachment,
} from '../../shared/attachments.ts';
import type { TextFormat } from '../../shared/formats.ts';
import type { StoreRuntime } from './runtime.ts';
import { compact } from '../../shared/compact.ts';
import { t } from '../i18n/active.ts';
import { hostFileProblem, refusalMessage } from '../features/chat/file-text.ts';
import { draftKey } from './chat-helpers.ts';

/**
 * A file in the composer. It is uploaded to the host as soon as it is added, so the page holds only its
 * description and id (never its bytes in state); a failed one stays as a chip that says why.
 */
export interface ComposerFile {
  localId: string;
  name: string;
  bytes: number;
  status: 'uploading' | 'ready' | 'failed';
  attachment?: Attachment;
  /** the smaller copy sent instead while the message's "downscale" is on */
  downscaled?:
    { status: 'working' } | { status: 'ready'; attachment: Attachment } | { status: 'failed'; error: string };
  error?: string;
}

/** Makes a smaller copy of an image (page-only code: tests give a fake). */
export type Downscaler = (
  blob: Blob,
  mimeType: string,
  size: { width: number; height: number },
) => Promise<Blob>;

export interface AttachmentsSlice {
  /** files in the composer, per draft key (conversation id, or `new:<format>`) */
  composerFiles: Record<string, ComposerFile[]>;
  /** whether the message of a draft key sends downscaled copies of its very large images */
  downscale: Record<string, boolean>;
  /** Uploads picked, dropped or pasted files; a refused one becomes a chip saying why. */
  addFiles(key: string, files: readonly File[]): Promise<void>;
  /** Adds a file the host already holds (a gallery image). */
  addAttachment(key: string, attachment: Attachment): void;
  removeFile(key: string, localId: string): void;
  setDownscale(key: string, on: boolean): Promise<void>;
  /** Forgets a draft's files once they were sent. */
  clearFiles(key: string): void;
  /**
   * What the draft's message will carry: the ids to send, or why it cannot be sent yet (a file still
   * uploading, one that failed, limits of the format).
   */
  filesToSend(
    key: string,
    format: TextFormat,
  ): { ids: string[]; attachments: Attachment[] } | { problem: string };
  /** where the page loads an attachment's bytes */
  attachmentUrl(id: string): string;
  /** "Ask about this image": the gallery image goes into a new conversation's composer in a text tab, which opens. */
  askAboutImage(imageId: string, format: TextFormat): Promise<void>;
}

/** base64 of a blob; btoa over 32 KiB chunks (one string per chunk, not one per byte). */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  }
  return btoa(parts.join(''));
}

/** The canvas path: decode at the new size, encode in the same type (GIF is never downscaled). */
export const canvasDownscaler: Downscaler = async (blob, mimeType, size) => {
  const bitmap = await createImageBitmap(blob, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: 'high',
  });
  try {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this page cannot draw images');
    ctx.drawImage(bitmap, 0, 0);
    return await canvas.convertToBlob({ type: mimeType, quality: 0.9 });
  } finally {
    bitmap.close();
  }
};

export const createAttachmentsSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], AttachmentsSlice> =>
  (set, get) => {
    const update = (key: string, localId: string, patch: Partial<ComposerFile>) =>
      set((s) => {
        const list = s.composerFiles[key];
        if (!list?.some((f) => f.localId === localId)) return {}; // removed meanwhile
        return {
          composerFiles: {
            ...s.composerFiles,
            [key]: list.map((f) => (f.localId === localId ? { ...f, ...patch } : f)),
          },
        };
      });

    const upload = async (name: string, mimeType: string, blob: Blob) => {
      let base64: string;
      try {
        base64 = await base64Of(blob);
      } catch (e) {
        return {
          ok: false as const,
          message: t('notices.file.unreadable', { name, message: (e as Error).message }),
        };
      }
      // a name with a separator, a control character or a direction mark is stored with "_" there
      const r = await rt.bridge().putAttachment({ name: safeFileName(name), mimeType, dataBase64: base64 });
      return r.ok
        ? { ok: true as const, attachment: r.value }
        : { ok: false as const, message: hostFileProblem(r.error.message) };
    };

    const makeDownscaled = async (key: string, file: ComposerFile) => {
      const a = file.attachment;
      const blob = rt.composerBlobs.get(file.localId);
      if (!a || !blob || !canDownscale(a) || a.width === undefined || a.height === undefined) return;
      update(key, file.localId, { downscaled: { status: 'working' } });
      try {
        const small = await (rt.downscaler ?? canvasDownscaler)(
          blob,
          a.mimeType,
          downscaledSize(a.width, a.height),
        );
        const r = await upload(a.name, a.mimeType, small);
        update(key, file.localId, {
          downscaled: r.ok
            ? { status: 'ready', attachment: r.attachment }
            : { status: 'failed', error: r.message },
        });
      } catch (e) {
        update(key, file.localId, {
          downscaled: {
            status: 'failed',
            error: t('notices.file.notDownscaled', { name: a.name, message: (e as Error).message }),
          },
        });
      }
    };

    return {
      composerFiles: {},
      downscale: {},
      async addFiles(key, files) {
        const added = files.map((file) => {
          const localId = `f${rt.nextId()}`;
          const kind = classifyFile(file.name, file.type)?.kind;
          const name = file.name || t('notices.pastedFile');
          const refusal = fileRefusal(name, kind, file.size);
          const problem = refusal && refusalMessage(refusal);
          const entry: ComposerFile = compact({
            localId,
            name,
            bytes: file.size,
            status: problem === undefined ? 'uploading' : 'failed',
            error: problem,
          });
          return { file, entry };
        });
        set((s) => ({
          composerFiles: {
            ...s.composerFiles,
            [key]: [...(s.composerFiles[key] ?? []), ...added.map((a) => a.entry)],
          },
        }));
        await Promise.all(
          added
            .filter((a) => a.entry.status === 'uploading')
            .map(async ({ file, entry }) => {
              rt.composerBlobs.set(entry.localId, file);
              const r = await upload(entry.name, file.type, file);
              if (!r.ok) {
                rt.composerBlobs.delete(entry.localId);
                update(key, entry.localId, { status: 'failed', error: r.message });
                return;
              }
              update(key, entry.localId, { status: 'ready', attachment: r.attachment });
              const now = get().composerFiles[key]?.find((f) => f.localId === entry.localId);
              if (now && get().downscale[key]) await makeDownscaled(key, now);
            }),
        );
      },
      addAttachment(key, attachment) {
        const entry: ComposerFile = {
          localId: `f${rt.nextId()}`,
          name: attachment.name,
          bytes: attachment.bytes,
          status: 'ready',
          attachment,
        };
        set((s) => ({
          composerFiles: { ...s.composerFiles, [key]: [...(s.composerFiles[key] ?? []), entry] },
        }));
      },
      removeFile(key, localId) {
        rt.composerBlobs.delete(localId);
        set((s) => ({
          composerFiles: {
            ...s.composerFiles,
            [key]: (s.composerFiles[key] ?? []).filter((f) => f.localId !== localId),
          },
        }));
      },
      async setDownscale(key, on) {
        set((s) => ({ downscale: { ...s.downscale, [key]: on } }));
        if (!on) return;
        const waiting = (get().composerFiles[key] ?? []).filter(
          (f) =>
            f.status === 'ready' &&
            f.attachment &&
            canDownscale(f.attachment) &&
            f.downscaled?.status !== 'ready',
        );
        await Promise.all(waiting.map((f) => makeDownscaled(key, f)));
      },
      clearFiles(key) {
        for (const f of get().composerFiles[key] ?? []) rt.composerBlobs.delete(f.localId);
        set((s) => {
          const composerFiles = { ...s.composerFiles };
          delete composerFiles[key];
          const downscale = { ...s.downscale };
          delete downscale[key];
          return { composerFiles, downscale };
        });
      },
      filesToSend(key, format) {
        const files = get().composerFiles[key] ?? [];
        const small = get().downscale[key] === true;
        const attachments: Attachment[] = [];
        for (const f of files) {
          if (f.status === 'uploading') return { problem: t('notices.file.adding', { name: f.name }) };
          if (f.status === 'failed' || !f.attachment) {
            const problem = f.error ?? t('notices.file.notAdded', { name: f.name });
            return { problem: t('notices.file.removeToSend', { problem }) };
          }
          if (small && f.downscaled?.status === 'working')
            return { problem: t('notices.file.downscaling', { name: f.name }) };
          attachments.push(
            small && f.downscaled?.status === 'ready' ? f.downscaled.attachment : f.attachment,
          );
        }
        const refusal = messageAttachmentsRefusal(format, attachments);
        if (refusal !== undefined) return { problem: refusalMessage(refusal) };
        return { ids: attachments.map((a) => a.id), attachments };
      },
      attachmentUrl: (id) => rt.bridge().attachmentUrl(id),
      async askAboutImage(imageId, format) {
        const r = await rt.bridge().attachImage({ imageId });
        if (!r.ok) {
          get().notify(t('notices.image.notAttached', { message: r.error.message }), 'error');
          return;
        }
        // A question about a gallery image starts a conversation of its own: the one last open in that
        // tab is about something else (its own draft stays where it was).
        await get().openConversation(format, null);
        get().addAttachment(draftKey(format, null), r.value);
        get().setTab(format);
      },
    };
  };
