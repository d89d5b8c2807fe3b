import { useEffect, useRef, useState, type ClipboardEvent } from 'react';
import { useStore } from '../../store/index.ts';
import { needsFit, type ComposerFile } from '../../store/attachments-slice.ts';
import {
  formatBytes,
  IMAGE_MIME_TYPES,
  PDF_MIME_TYPE,
  type Attachment,
} from '../../../shared/attachments.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { MAX_IMAGE_PIXELS } from '../../../shared/limits.ts';
import { Icon } from '../Icon.tsx';
import { IconButton } from '../IconButton.tsx';
import { Spinner } from '../Spinner.tsx';
import { Dialog } from '../Dialog.tsx';
import { t } from '../../i18n/active.ts';
import { displayName } from '../../../shared/display.ts';

/** What the file picker offers: the types Quartet attaches (shared/attachments.ts decides). */
export const ACCEPTED_FILES = [
  ...IMAGE_MIME_TYPES,
  PDF_MIME_TYPE,
  'text/*',
  '.md,.csv,.tsv,.json,.jsonl,.xml,.yaml,.yml,.toml,.log,.ts,.tsx,.js,.jsx,.py,.rb,.go,.rs,.java,.kt,.swift,.c,.h,.cpp,.cs,.php,.sh,.sql,.html,.css',
].join(',');

function describe(a: Pick<Attachment, 'kind' | 'bytes' | 'width' | 'height'>): string {
  const size = formatBytes(a.bytes);
  return a.kind === 'image' && a.width !== undefined && a.height !== undefined
    ? `${a.width}×${a.height} · ${size}`
    : size;
}

/**
 * Whether the page may draw an image: the host checked every stored image against the pixel cap, and this
 * holds for any described before that check (a 16000x16000 PNG costs a browser over 1 GB to decode).
 */
function drawable(a: Attachment): boolean {
  return a.width !== undefined && a.height !== undefined && a.width * a.height <= MAX_IMAGE_PIXELS;
}

/** "1700×1600 PNG, 7.8 MB": what the fit line shows of an image before and after. */
function imageLine(a: Attachment): string {
  return `${a.width ?? '?'}×${a.height ?? '?'} ${a.mimeType.replace('image/', '').toUpperCase()}, ${formatBytes(a.bytes)}`;
}

function FileGlyph(props: { kind: Attachment['kind'] | undefined }) {
  return <Icon name={props.kind === 'image' ? 'image' : 'file'} size={16} />;
}

/** A full-size look at an attached image. */
function ImageViewer(props: { attachment: Attachment | null; onClose(): void }) {
  const url = useStore((s) => s.attachmentUrl);
  const a = props.attachment;
  return (
    <Dialog
      open={a !== null}
      title={a ? displayName(a.name) : ''}
      onClose={props.onClose}
      size="l"
      className="attachment-viewer"
      testId="attachment-viewer"
    >
      {a ? (
        <figure className="attachment-viewer-figure">
          {drawable(a) ? <img src={url(a.id)} alt={displayName(a.name)} /> : null}
          <figcaption className="faint">{describe(a)}</figcaption>
        </figure>
      ) : null}
    </Dialog>
  );
}

/** One chip of the composer: a thumbnail or a file, its state, and remove. */
function ComposerChip(props: { file: ComposerFile; onRemove(): void }) {
  const { file } = props;
  const url = useStore((s) => s.attachmentUrl);
  const a = file.attachment;
  // drawn only once the host has accepted it: it decoded the image and held it to the pixel cap
  const thumb = file.status === 'ready' && a?.kind === 'image' && drawable(a);
  return (
    <li
      className={`file-chip is-${file.status}`}
      data-testid="composer-file"
      data-status={file.status}
      title={file.error ?? (a ? `${displayName(a.name)} · ${describe(a)}` : displayName(file.name))}
    >
      {thumb ? (
        <img className="file-chip-thumb" src={url(a.id)} alt="" />
      ) : (
        <span className="file-chip-icon">
          {file.status === 'uploading' ? <Spinner size={12} /> : <FileGlyph kind={a?.kind} />}
        </span>
      )}
      <span className="file-chip-text">
        <span className="file-chip-name" dir="auto">
          {displayName(file.name)}
        </span>
        <span className="file-chip-detail">
          {file.status === 'failed'
            ? (file.error ?? t('attachments.notAdded'))
            : a
              ? describe(a)
              : formatBytes(file.bytes)}
        </span>
      </span>
      <IconButton
        icon="x"
        size="s"
        label={t('attachments.remove', { name: displayName(file.name) })}
        onClick={props.onRemove}
        data-testid="remove-file"
      />
    </li>
  );
}

/**
 * The composer's files, and the per-message choice to fit images to the formats they go in (`formats`: the
 * conversation's, or every Compare column's), shown whenever an image is past one of their limits.
 */
export function ComposerFiles(props: { draftKey: string; formats: readonly TextFormat[] }) {
  const { draftKey, formats } = props;
  const files = useStore((s) => s.composerFiles[draftKey]);
  const fitFor = useStore((s) => s.fit[draftKey]?.join(','));
  const removeFile = useStore((s) => s.removeFile);
  const setFit = useStore((s) => s.setFit);
  const formatsKey = formats.join(',');
  // Compare's columns may change format while fitting is on: the copies are made again for the new ones
  useEffect(() => {
    if (fitFor !== undefined && fitFor !== formatsKey && formatsKey !== '') {
      void setFit(draftKey, formatsKey.split(',') as TextFormat[]);
    }
  }, [draftKey, fitFor, formatsKey, setFit]);
  if (!files || files.length === 0) return null;
  const large = files.filter((f) => f.status === 'ready' && needsFit(f.attachment, formats));
  const on = fitFor !== undefined;
  return (
    <div className="composer-files">
      <ul className="file-chips" aria-label={t('attachments.toSend')}>
        {files.map((f) => (
          <ComposerChip key={f.localId} file={f} onRemove={() => removeFile(draftKey, f.localId)} />
        ))}
      </ul>
      {large.length > 0 ? (
        <div className="fit-images" data-testid="fit-images">
          <label>
            <input
              type="checkbox"
              checked={on}
              onChange={(e) => void setFit(draftKey, e.target.checked ? formats : null)}
              data-testid="fit-images-toggle"
            />
            <span>{t('attachments.fit')}</span>
          </label>
          <ul className="fit-images-list faint">
            {large.map((f) => {
              const a = f.attachment as Attachment;
              const fitted = on && f.fitted?.for === fitFor ? f.fitted : undefined;
              return (
                <li key={f.localId} data-testid="fit-size" data-status={fitted?.status ?? 'off'}>
                  {displayName(a.name)}: {imageLine(a)}
                  {fitted?.status === 'working'
                    ? ` → ${t('attachments.fit.working')}`
                    : fitted?.status === 'ready'
                      ? ` → ${imageLine(fitted.attachment)}`
                      : fitted?.status === 'failed'
                        ? ` (${fitted.error})`
                        : ''}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The files of a sent message: images as thumbnails (click for full size), other files as chips. */
export function TurnAttachments(props: { attachments: readonly Attachment[] }) {
  const url = useStore((s) => s.attachmentUrl);
  const [viewing, setViewing] = useState<Attachment | null>(null);
  return (
    <>
      <ul className="turn-files" aria-label={t('attachments.sent')}>
        {props.attachments.map((a) =>
          a.kind === 'image' ? (
            <li key={a.id}>
              <button
                type="button"
                className="turn-file-image"
                onClick={() => setViewing(a)}
                title={t('attachments.viewFullSize', { name: displayName(a.name), details: describe(a) })}
                data-testid="turn-file"
              >
                {drawable(a) ? (
                  <img src={url(a.id)} alt={displayName(a.name)} loading="lazy" />
                ) : (
                  <FileGlyph kind={a.kind} />
                )}
              </button>
            </li>
          ) : (
            <li key={a.id}>
              <a
                className="file-chip turn-file"
                href={url(a.id)}
                download={a.name}
                title={t('attachments.save', { name: displayName(a.name) })}
                data-testid="turn-file"
              >
                <span className="file-chip-icon">
                  <FileGlyph kind={a.kind} />
                </span>
                <span className="file-chip-text">
                  <span className="file-chip-name" dir="auto">
                    {displayName(a.name)}
                  </span>
                  <span className="file-chip-detail">
                    {a.kind === 'pdf' ? 'PDF' : t('attachments.kind.text')} · {describe(a)}
                  </span>
                </span>
              </a>
            </li>
          ),
        )}
      </ul>
      <ImageViewer attachment={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

/** The attach button and its hidden file picker: the files go to the composer of `draftKey`. */
export function AttachButton(props: { draftKey: string; label: string; size?: 's' | 'm'; testId: string }) {
  const addFiles = useStore((s) => s.addFiles);
  const pickerRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={pickerRef}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = ''; // the same file can be picked again
          if (files.length > 0) void addFiles(props.draftKey, files);
        }}
        data-testid={`${props.testId}-picker`}
      />
      <IconButton
        icon="paperclip"
        size={props.size ?? 'm'}
        label={props.label}
        className="composer-attach"
        onClick={() => pickerRef.current?.click()}
        data-testid={props.testId}
      />
    </>
  );
}

/** A pasted screenshot or file is attached to `draftKey`'s composer; pasted text stays text. */
export function usePasteFiles(draftKey: string) {
  const addFiles = useStore((s) => s.addFiles);
  return (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(e.clipboardData.files);
    if (files.length === 0) return;
    if (e.clipboardData.getData('text/plain') === '') e.preventDefault();
    void addFiles(draftKey, files);
  };
}
