// The images a reply made (the responses image tool, generate-content image parts) join the gallery as
// files in the data folder, linked to the conversation and the reply, with the settings used and the
// image the turn edited (the branch's last image before it) as parent. The page loads them by URL from
// the hosts' media routes; their base64 stays in the reply's provider payload, which goes back verbatim.
import { randomUUID } from 'node:crypto';
import type { ReplyImage } from '../core/formats/types.ts';
import { sniffImage } from '../core/index.ts';
import { writeFileAtomic } from '../store/atomic-write.ts';
import type { ImageRow } from '../store/index.ts';
import type { TextFormat } from '../../shared/formats.ts';
import type { Params, Turn, TurnImage } from '../../shared/conversation.ts';
import { MAX_TURN_IMAGES } from '../../shared/conversation.ts';
import type { ImageSettings } from '../../shared/gallery.ts';
import { compact } from '../../shared/compact.ts';
import { imageRelPath, resolveInData } from './image-files.ts';
import { nextTurn } from '../core/give-way.ts';
import type { Services } from './services.ts';

/** How many replies back the parent of an edited image is looked for. */
const PARENT_LOOKBACK = 50;
const REVISED_PROMPT = 'revised_prompt';

export interface ReplyImageContext {
  format: TextFormat;
  conversationId: string;
  /** the reply's turn id */
  messageId: string;
  model: string;
  params: Params;
  /** the branch before the reply: its last image is what this one was edited from */
  history: readonly Turn[];
  exchangeId: string | undefined;
}

/** The settings the request asked for, by the wire names of the format (what the gallery shows). */
function requestedSettings(format: TextFormat, params: Params): ImageSettings {
  if (format === 'generate') {
    return compact({ aspectRatio: params.aspectRatio, imageSize: params.imageResolution }) as ImageSettings;
  }
  return compact({
    size: params.imageSize,
    quality: params.imageQuality,
    output_format: params.imageFormat,
    background: params.imageBackground,
    partial_images: params.partialImages,
  }) as ImageSettings;
}

/** The last gallery image of the branch's recent replies, if any. */
function parentImage(s: Services, history: readonly Turn[]): string | undefined {
  const replies = history.filter((t) => t.role === 'assistant').slice(-PARENT_LOOKBACK);
  const images = s.store.images.ofMessages(replies.map((t) => t.id));
  for (let i = replies.length - 1; i >= 0; i--) {
    const list = images.get(replies[i]?.id ?? '');
    const last = list?.[list.length - 1];
    if (last) return last.id;
  }
  return undefined;
}

/**
 * Stores the reply's images; one that is not a PNG, JPEG or WebP, or that the data folder cannot take,
 * is left out (the payload still holds it) and logged, never failing the reply. Each image is a task of
 * its own: decoding a large base64 and writing it.
 */
export async function storeReplyImages(
  s: Services,
  images: readonly ReplyImage[],
  ctx: ReplyImageContext,
): Promise<void> {
  if (images.length === 0) return;
  const prompt = [...ctx.history].reverse().find((t) => t.role === 'user')?.text ?? '';
  let parentId = parentImage(s, ctx.history);
  const requested = requestedSettings(ctx.format, ctx.params);
  for (const image of images.slice(0, MAX_TURN_IMAGES)) {
    await nextTurn();
    const bytes = Buffer.from(image.base64, 'base64');
    const sniffed = sniffImage(bytes);
    if (sniffed === null) {
      s.log.error('a reply image is not a PNG, JPEG or WebP image; it stays in the reply only');
      continue;
    }
    const id = randomUUID();
    const filePath = imageRelPath(id, sniffed.format);
    const settings: ImageSettings = {
      ...requested,
      ...image.settings,
      ...(image.revisedPrompt ? { [REVISED_PROMPT]: image.revisedPrompt.slice(0, 1000) } : {}),
    };
    const row: ImageRow = compact({
      id,
      batchId: ctx.messageId,
      filePath,
      prompt: prompt.slice(0, 32_000),
      model: ctx.model,
      format: sniffed.format,
      requestedSize: image.settings?.['size'] ?? ctx.params.imageSize,
      reportedSize: image.settings?.['size'],
      width: sniffed.width,
      height: sniffed.height,
      sizeAdjusted: false,
      bytes: bytes.byteLength,
      exchangeId: ctx.exchangeId,
      createdAt: s.now(),
      source: ctx.format === 'generate' ? ('generate' as const) : ('responses' as const),
      conversationId: ctx.conversationId,
      messageId: ctx.messageId,
      parentId,
      settings: Object.keys(settings).length > 0 ? settings : undefined,
    });
    const file = resolveInData(s.paths, filePath);
    if (file === null) continue;
    try {
      await writeFileAtomic(file, bytes, 0o600);
      s.store.images.insert(row);
      parentId = id;
    } catch (e) {
      s.log.error('a reply image could not be stored in the gallery', e);
    }
  }
}

/** The page's view of a stored reply image. */
export function toTurnImage(row: ImageRow): TurnImage {
  const { [REVISED_PROMPT]: revised, ...settings } = row.settings ?? {};
  return compact({
    id: row.id,
    mimeType: row.format === 'jpeg' ? 'image/jpeg' : `image/${row.format}`,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    revisedPrompt: typeof revised === 'string' ? revised : undefined,
    settings: Object.keys(settings).length > 0 ? settings : undefined,
  });
}
