import { useEffect } from 'react';
import { useStore } from '../../store/index.ts';
import { getBridge } from '../../bridge/index.ts';
import type { ImageRecord } from '../../../shared/contract.ts';
import type { ImageSource } from '../../../shared/gallery.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';
import { t } from '../../i18n/active.ts';

export const SOURCE_KEYS = {
  images: 'images.source.images',
  responses: 'images.source.responses',
  generate: 'images.source.generate',
  edit: 'images.source.edit',
} as const satisfies Record<ImageSource, MessageKey>;

/**
 * The versions of one image: the first of its lineage and every image edited from it, oldest first, as
 * thumbnails (files from the host's media routes). The one on screen is marked; the others open.
 */
export function VersionsStrip({ img }: { img: ImageRecord }) {
  const versions = useStore((s) => s.versions);
  const load = useStore((s) => s.loadVersions);
  const open = useStore((s) => s.openImageDetail);
  const known = versions?.items.some((x) => x.id === img.id) ?? false;

  useEffect(() => {
    if (!known) void load(img.id);
  }, [img.id, known, load]);

  const items = known ? (versions?.items ?? []) : [];
  if (items.length < 2) return null;
  const bridge = getBridge();
  const byId = new Map(items.map((x) => [x.id, x]));
  return (
    <nav
      className="versions"
      aria-label={t('images.versions.label', { count: items.length })}
      data-testid="versions"
    >
      <span className="field-label">{t('images.versions')}</span>
      <ol className="versions-list">
        {items.map((v, i) => {
          const current = v.id === img.id;
          const depth = depthOf(v, byId);
          return (
            <li key={v.id}>
              <button
                type="button"
                className={`version${current ? ' is-current' : ''}`}
                aria-current={current ? 'true' : undefined}
                title={v.prompt}
                onClick={() => open(v.id)}
                data-testid="version"
                data-id={v.id}
              >
                <img
                  src={bridge.imageUrl(v.id, v.hasThumbnail ? 'thumb' : 'full')}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  decoding="async"
                />
                <span className="visually-hidden">
                  {t('images.versions.item', { n: i + 1, prompt: v.prompt.slice(0, 60) })}
                </span>
                {depth > 0 ? (
                  <span className="version-depth" aria-hidden="true">
                    {'›'.repeat(Math.min(depth, 3))}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** How many edits an image is from the first of its lineage (within the strip's items). */
function depthOf(img: ImageRecord, byId: ReadonlyMap<string, ImageRecord>): number {
  let depth = 0;
  let at = img.parentId;
  while (at !== undefined && depth < byId.size) {
    depth++;
    at = byId.get(at)?.parentId;
  }
  return depth;
}
