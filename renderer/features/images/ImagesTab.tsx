import { useEffect } from 'react';
import { useStore } from '../../store/index.ts';
import { countOf } from '../../components/format.ts';
import { ImageForm } from './ImageForm.tsx';
import { Gallery } from './Gallery.tsx';
import { ImageDetail } from './ImageDetail.tsx';
import './images.css';

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
      <aside className="images-side" aria-label="Image generation">
        <h2 className="images-heading">Generate</h2>
        <ImageForm />
      </aside>
      <section className="images-main" aria-labelledby="gallery-title">
        <div className="images-main-head">
          <h2 id="gallery-title" className="images-heading">
            Gallery
          </h2>
          <span className="faint tabular" data-testid="gallery-count">
            {countOf(total, 'image', 'images')}
          </span>
        </div>
        <Gallery />
      </section>
      <ImageDetail />
    </div>
  );
}
