import { useEffect } from 'react';
import { useStore } from '../../store/index.ts';
import { ImageForm } from './ImageForm.tsx';
import { Gallery } from './Gallery.tsx';
import { ImageDetail } from './ImageDetail.tsx';
import { ImageEditor } from './ImageEditor.tsx';
import { GalleryTools } from './GalleryTools.tsx';
import './images.css';
import { t } from '../../i18n/active.ts';

/** Images: the form on the left, the gallery of everything generated on the right. */
export function ImagesTab() {
  const settings = useStore((s) => s.settings);
  const hydrate = useStore((s) => s.hydrateImageForm);
  const total = useStore((s) => s.imagesTotal);

  useEffect(() => {
    if (settings) hydrate(settings.images);
  }, [settings, hydrate]);

  return (
    <div className="images" data-testid="images">
      <aside className="images-side" aria-label={t('images.side')}>
        <h2 className="images-heading">{t('images.generate')}</h2>
        <ImageForm />
      </aside>
      <section className="images-main" aria-labelledby="gallery-title">
        <div className="images-main-head">
          <h2 id="gallery-title" className="images-heading">
            {t('images.gallery')}
          </h2>
          <span className="faint tabular" data-testid="gallery-count">
            {t('images.count', { count: total })}
          </span>
          <GalleryTools />
        </div>
        <Gallery />
      </section>
      <ImageDetail />
      <ImageEditor />
    </div>
  );
}
