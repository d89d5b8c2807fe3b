import { t } from '../i18n/active.ts';
import '../styles/reply-images.css';

/**
 * A partial image while a reply or an image column streams: blurred and marked, replaced by the next and
 * by the final image. Its `src` is the one image on screen that the page holds as data.
 */
export function PartialImage(props: { src: string; partial: number; testId: string }) {
  const label = t('chat.image.partial', { n: props.partial + 1 });
  return (
    <div className="reply-images">
      <figure className="reply-image is-partial" data-testid={props.testId} data-partial={props.partial}>
        <img src={props.src} decoding="async" alt={label} />
        <figcaption>
          <span className="badge badge--info">{label}</span>
        </figcaption>
      </figure>
    </div>
  );
}
