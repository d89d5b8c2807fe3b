import type { TurnImage } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { getBridge } from '../../bridge/index.ts';
import { IconButton } from '../../components/IconButton.tsx';
import { t } from '../../i18n/active.ts';
import { useStore } from '../../store/index.ts';
import '../../styles/reply-images.css';

/**
 * The images a reply made, in order after its text: each loaded by URL from the gallery (its bytes never
 * in the page's state), at its own aspect ratio, with the revised prompt and the settings the service
 * used, and the gallery's actions: save, copy, open in the gallery, ask about it.
 */
export function ReplyImages(props: { images: readonly TurnImage[]; format: TextFormat }) {
  const saveImages = useStore((s) => s.saveImages);
  const copyImage = useStore((s) => s.copyImage);
  const askAboutImage = useStore((s) => s.askAboutImage);
  const setTab = useStore((s) => s.setTab);
  const loadImages = useStore((s) => s.loadImages);
  const openImageDetail = useStore((s) => s.openImageDetail);
  const openInGallery = async (id: string) => {
    setTab('images');
    await loadImages();
    openImageDetail(id);
  };
  return (
    <div className="reply-images" data-testid="reply-images">
      {props.images.map((img) => (
        <figure key={img.id} className="reply-image" data-testid="reply-image" data-image-id={img.id}>
          <img
            src={getBridge().imageUrl(img.id, 'full')}
            width={img.width}
            height={img.height}
            alt={img.revisedPrompt ?? t('chat.image.alt')}
            loading="lazy"
            decoding="async"
          />
          <figcaption>
            {img.revisedPrompt ? (
              <span className="reply-image-prompt" data-testid="reply-image-prompt">
                <span className="faint">{t('chat.image.revised')}</span>{' '}
                <span translate="no">{img.revisedPrompt}</span>
              </span>
            ) : null}
            <span className="reply-image-settings" data-testid="reply-image-settings">
              <span className="badge" translate="no">
                {img.width}×{img.height}
              </span>
              {Object.entries(img.settings ?? {}).map(([k, v]) => (
                <span key={k} className="badge" translate="no" title={k}>
                  {k}: {String(v)}
                </span>
              ))}
            </span>
            <span className="reply-image-actions">
              <IconButton
                icon="download"
                size="s"
                label={t('chat.image.save')}
                onClick={() => void saveImages([img.id])}
                data-testid="reply-image-save"
              />
              <IconButton
                icon="copy"
                size="s"
                label={t('chat.image.copy')}
                onClick={() => void copyImage(img.id)}
                data-testid="reply-image-copy"
              />
              <IconButton
                icon="image"
                size="s"
                label={t('chat.image.gallery')}
                onClick={() => void openInGallery(img.id)}
                data-testid="reply-image-gallery"
              />
              <IconButton
                icon="message"
                size="s"
                label={t('chat.image.ask')}
                onClick={() => void askAboutImage(img.id, props.format)}
                data-testid="reply-image-ask"
              />
            </span>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
