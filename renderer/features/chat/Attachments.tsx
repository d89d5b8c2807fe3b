import { useRef, useState, type ClipboardEvent } from 'react';
import { useStore } from '../../store/index.ts';
import type { ComposerFile } from '../../store/attachments-slice.ts';
import {
  canDownscale,
  downscaledSize,
  formatBytes,
  IMAGE_MIME_TYPES,
  PDF_MIME_TYPE,
  type Attachment,
} from '../../../shared/attachments.ts';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Dialog } from '../../components/Dialog.tsx';
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
          <img src={url(a.id)} alt={displayName(a.name)} />
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
  const thumb = file.status === 'ready' && a?.kind === 'image';
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

/** The composer's files, and the per-message choice to downscale very large images. */
export function ComposerFiles(props: { draftKey: string }) {
  const files = useStore((s) => s.composerFiles[props.draftKey]);
  const downscale = useStore((s) => s.downscale[props.draftKey] === true);
  const removeFile = useStore((s) => s.removeFile);
  const setDownscale = useStore((s) => s.setDownscale);
  if (!files || files.length === 0) return null;
  const large = files.filter((f) => f.status === 'ready' && f.attachment && canDownscale(f.attachment));
  return (
    <div className="composer-files">
      <ul className="file-chips" aria-label={t('attachments.toSend')}>
        {files.map((f) => (
          <ComposerChip key={f.localId} file={f} onRemove={() => removeFile(props.draftKey, f.localId)} />
        ))}
      </ul>
      {large.length > 0 ? (
        <label className="downscale" data-testid="downscale">
          <input
            type="checkbox"
            checked={downscale}
            onChange={(e) => void setDownscale(props.draftKey, e.target.checked)}
          />
          <span>
            {t('attachments.downscale')}
            {large.map((f) => {
              const a = f.attachment as Attachment;
              const to = downscaledSize(a.width as number, a.height as number);
              const small = f.downscaled?.status === 'ready' ? f.downscaled.attachment : null;
              return (
                <span key={f.localId} className="faint downscale-size" data-testid="downscale-size">
                  {' '}
                  · {a.width}×{a.height}, {formatBytes(a.bytes)} → {to.width}×{to.height}
                  {downscale
                    ? f.downscaled?.status === 'working'
                      ? `, ${t('attachments.downscale.working')}`
                      : small
                        ? `, ${formatBytes(small.bytes)}`
                        : f.downscaled?.status === 'failed'
                          ? ` (${f.downscaled.error})`
                          : ''
                    : ''}
                </span>
              );
            })}
          </span>
        </label>
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
                <img src={url(a.id)} alt={displayName(a.name)} loading="lazy" />
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
