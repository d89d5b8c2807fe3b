import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import {
  classifyFile,
  fileRefusal,
  imageFits,
  imageLimitsFor,
  isFittable,
  messageAttachmentsRefusal,
  safeFileName,
  type Attachment,
} from '../../shared/attachments.ts';
import type { TextFormat } from '../../shared/formats.ts';
import type { StoreRuntime } from './runtime.ts';
import { compact } from '../../shared/compact.ts';
import { t } from '../i18n/active.ts';
import { hostFileProblem, refusalMessage } from '../i18n/file-problem-text.ts';
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
  /**
   * the copy fitted to the message's formats (`for`, their names joined), sent instead while the message's
   * "fit" is on; the host makes it (fitAttachment), the page never decodes the image
   */
  fitted?: { for: string } & (
    { status: 'working' } | { status: 'ready'; attachment: Attachment } | { status: 'failed'; error: string }
  );
  error?: string;
}

/** Whether an attached image is past the limits of one of `formats`, so fitting it would change it. */
export function needsFit(a: Attachment | undefined, formats: readonly TextFormat[]): a is Attachment {
  return a?.kind === 'image' && formats.length > 0 && !imageFits(imageLimitsFor(formats), a);
}

export interface AttachmentsSlice {
  /** files in the composer, per draft key (conversation id, or `new:<format>`) */
  composerFiles: Record<string, ComposerFile[]>;
  /** the formats a draft key's images are fitted to while its message's "fit" is on (absent: off) */
  fit: Record<string, readonly TextFormat[]>;
  /** Uploads picked, dropped or pasted files; a refused one becomes a chip saying why. */
  addFiles(key: string, files: readonly File[]): Promise<void>;
  /** Adds a file the host already holds (a gallery image). */
  addAttachment(key: string, attachment: Attachment): void;
  removeFile(key: string, localId: string): void;
  /**
   * Turns fitting on for `formats` (the images past their limits get a fitted copy, made again when the
   * formats change) or off (null).
   */
  setFit(key: string, formats: readonly TextFormat[] | null): Promise<void>;
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
export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  }
  return btoa(parts.join(''));
}

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

    const makeFitted = async (key: string, file: ComposerFile, formats: readonly TextFormat[]) => {
      const a = file.attachment;
      if (!needsFit(a, formats)) return;
      const forKey = formats.join(',');
      update(key, file.localId, { fitted: { for: forKey, status: 'working' } });
      const r = await rt.bridge().fitAttachment({ id: a.id, formats: [...formats] });
      // turned off, or on for other formats, meanwhile: this copy is not wanted any more
      if (get().fit[key]?.join(',') !== forKey) return;
      update(key, file.localId, {
        fitted: r.ok
          ? { for: forKey, status: 'ready', attachment: r.value }
          : { for: forKey, status: 'failed', error: hostFileProblem(r.error.message) },
      });
    };

    return {
      composerFiles: {},
      fit: {},
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
              const r = await upload(entry.name, file.type, file);
              if (!r.ok) {
                update(key, entry.localId, { status: 'failed', error: r.message });
                return;
              }
              update(key, entry.localId, { status: 'ready', attachment: r.attachment });
              const now = get().composerFiles[key]?.find((f) => f.localId === entry.localId);
              const formats = get().fit[key];
              if (now && formats) await makeFitted(key, now, formats);
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
        set((s) => ({
          composerFiles: {
            ...s.composerFiles,
            [key]: (s.composerFiles[key] ?? []).filter((f) => f.localId !== localId),
          },
        }));
      },
      async setFit(key, formats) {
        set((s) => {
          const fit = { ...s.fit };
          if (formats === null) delete fit[key];
          else fit[key] = formats;
          return { fit };
        });
        if (formats === null) return;
        const forKey = formats.join(',');
        const waiting = (get().composerFiles[key] ?? []).filter(
          (f) => f.status === 'ready' && f.fitted?.for !== forKey,
        );
        await Promise.all(waiting.map((f) => makeFitted(key, f, formats)));
      },
      clearFiles(key) {
        set((s) => {
          const composerFiles = { ...s.composerFiles };
          delete composerFiles[key];
          const fit = { ...s.fit };
          delete fit[key];
          return { composerFiles, fit };
        });
      },
      filesToSend(key, format) {
        const files = get().composerFiles[key] ?? [];
        const fitFor = get().fit[key]?.join(',');
        const fitting = fitFor !== undefined;
        const attachments: Attachment[] = [];
        for (const f of files) {
          if (f.status === 'uploading') return { problem: t('notices.file.adding', { name: f.name }) };
          if (f.status === 'failed' || !f.attachment) {
            const problem = f.error ?? t('notices.file.notAdded', { name: f.name });
            return { problem: t('notices.file.removeToSend', { problem }) };
          }
          // a copy made for other formats (a Compare column changed) is not this message's
          const fitted = fitting && f.fitted?.for === fitFor ? f.fitted : undefined;
          if (fitted?.status === 'working') return { problem: t('notices.file.fitting', { name: f.name }) };
          if (fitted?.status === 'failed')
            return { problem: t('notices.file.removeToSend', { problem: fitted.error }) };
          attachments.push(fitted?.status === 'ready' ? fitted.attachment : f.attachment);
        }
        const refusal = messageAttachmentsRefusal(format, attachments);
        if (refusal === undefined) return { ids: attachments.map((a) => a.id), attachments };
        // the advice names the box below the files, which shows whenever an image is past a limit
        const advice = isFittable(refusal) && !fitting ? ` ${t('files.fitAdvice')}` : '';
        return { problem: refusalMessage(refusal) + advice };
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
