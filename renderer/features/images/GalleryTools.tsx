import { useId, useRef } from 'react';
import { useStore } from '../../store/index.ts';
import { IMAGE_SOURCES, type ImageSource } from '../../../shared/gallery.ts';
import { IMAGE_EDIT_LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/Button.tsx';
import { t } from '../../i18n/active.ts';
import { SOURCE_KEYS } from './VersionsStrip.tsx';

/** The gallery's head: which source it shows, and "Edit a file" (one or more picked reference images). */
export function GalleryTools() {
  const source = useStore((s) => s.imageSource);
  const setSource = useStore((s) => s.setImageSource);
  const editFiles = useStore((s) => s.startEditFromFiles);
  const picker = useRef<HTMLInputElement>(null);
  const uid = useId();
  return (
    <div className="gallery-tools">
      <label htmlFor={`${uid}-source`} className="visually-hidden">
        {t('images.source.filter')}
      </label>
      <select
        id={`${uid}-source`}
        className="select select--s"
        value={source ?? ''}
        data-testid="gallery-source"
        onChange={(e) => void setSource(e.target.value === '' ? null : (e.target.value as ImageSource))}
      >
        <option value="">{t('images.source.all')}</option>
        {IMAGE_SOURCES.map((s) => (
          <option key={s} value={s}>
            {t(SOURCE_KEYS[s])}
          </option>
        ))}
      </select>
      <Button size="s" icon="pencil" onClick={() => picker.current?.click()} data-testid="edit-file">
        {t('images.edit.file')}
      </Button>
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        multiple
        hidden
        data-testid="edit-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])].slice(0, IMAGE_EDIT_LIMITS.references);
          e.target.value = '';
          if (files.length > 0) void editFiles(files);
        }}
      />
    </div>
  );
}
