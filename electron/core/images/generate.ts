import { endpointUrl } from '../../../shared/endpoints.ts';
import type { Exchange } from '../../../shared/exchange.ts';
import { ApiError, invalidInput } from '../errors/api-error.ts';
import { asArray, asRecord, asString, type Json } from '../formats/util.ts';
import { compact } from '../../../shared/compact.ts';
import { authorise, requireKey, type Keys } from '../http/auth.ts';
import type { BodyIO, Transport } from '../http/transport.ts';
import { modelIdProblem } from '../turn/validate.ts';
import { decodeBase64Strict } from './base64.ts';
import {
  imageCountProblem,
  imageSizeProblem,
  MAX_IMAGE_PIXELS,
  parseImageSize,
} from '../../../shared/limits.ts';
import type { Lookup } from './address-guard.ts';
import { downloadBytes } from './download.ts';
import type { PinnedFetch } from './pinned-fetch.ts';
import { IMAGE_MIME, imageLooksComplete, sniffImage, type ImageFormat } from './sniff.ts';
import { isRecord } from '../../../shared/wire.ts';

export interface ImageRequest {
  model: string;
  prompt: string;
  /** `WxH` or `auto` */
  size?: string;
  /** 1..10 */
  n?: number;
  quality?: string;
  outputFormat?: ImageFormat;
  background?: string;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  /** the real format, read from the bytes */
  format: ImageFormat;
  mime: string;
  /** the real dimensions, read from the bytes */
  width: number;
  height: number;
  requestedSize?: string;
  /** what the service said (`data[i].size`, else the top-level `size`) */
  reportedSize?: string;
  /** the real size differs from the requested WxH */
  sizeAdjusted: boolean;
}

export interface ImageResult {
  images: GeneratedImage[];
  /** the quality the service said it used (`quality` of the reply) */
  quality?: string;
  usage?: Record<string, unknown>;
  created?: number;
  exchange: Exchange;
}

export interface ImagesContext {
  root: string;
  keys: Keys;
  transport: Transport;
  fetch: typeof fetch;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  /** resolves host names for the image-URL address check; the system resolver when absent */
  lookup?: Lookup;
  /** fetches an image URL from the address that was checked; node's http/https when absent */
  pinnedFetch?: PinnedFetch;
}

const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

/** `WxH` as numbers, or undefined for `auto` and anything else. */
export function parseSize(size: string | undefined): { width: number; height: number } | undefined {
  return size === undefined ? undefined : parseImageSize(size);
}

export function validateImageRequest(req: ImageRequest): ApiError | undefined {
  const issues: { path: string; message: string }[] = [];
  const modelProblem = modelIdProblem(req.model);
  if (modelProblem) issues.push({ path: 'model', message: modelProblem });
  if (req.prompt.trim() === '') issues.push({ path: 'prompt', message: 'Describe the image first.' });
  const countProblem = req.n === undefined ? undefined : imageCountProblem(req.n);
  if (countProblem) issues.push({ path: 'n', message: countProblem });
  const sizeProblem = req.size === undefined ? undefined : imageSizeProblem(req.size);
  if (sizeProblem) issues.push({ path: 'size', message: sizeProblem });
  if (issues.length === 0) return undefined;
  return invalidInput(issues.map((i) => i.message).join(' '), issues);
}

/** The request body of POST /v1/images/generations; only the fields that are set. Pure. */
export function buildImageBody(req: ImageRequest): Json {
  return compact({
    model: req.model,
    prompt: req.prompt,
    size: req.size,
    n: req.n,
    quality: req.quality,
    output_format: req.outputFormat,
    background: req.background,
  });
}

function hexStart(bytes: Uint8Array): string {
  return [...bytes.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

/**
 * Reads an images reply (a generation's or an edit's: the same shape): every image's bytes from b64_json
 * or its URL, each checked to be a whole PNG, JPEG or WebP within the pixel cap.
 */
export function imageReplyReader(
  ctx: ImagesContext,
  requestedSize: string | undefined,
): (res: Response, io: BodyIO) => Promise<Omit<ImageResult, 'exchange'>> {
  const requested = parseSize(requestedSize);
  return async function consume(_res: Response, io: BodyIO): Promise<Omit<ImageResult, 'exchange'>> {
    const text = await io.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError({
        kind: 'invalid-response',
        message:
          text.trim() === ''
            ? 'the image service answered 200 with an empty body'
            : `the image reply is not complete JSON (${text.length} characters received)`,
      });
    }
    const body = asRecord(data);
    const items = asArray(body['data']).filter(isRecord);
    if (items.length === 0)
      throw new ApiError({ kind: 'invalid-response', message: 'the image reply has no images in data[]' });
    const images: GeneratedImage[] = [];
    for (const [i, item] of items.entries()) {
      const which = `image ${i + 1} of ${items.length}`;
      let bytes: Uint8Array | null;
      const b64 = asString(item['b64_json']);
      const link = asString(item['url']);
      if (b64 !== undefined) {
        bytes = decodeBase64Strict(b64);
        if (!bytes)
          throw new ApiError({ kind: 'invalid-response', message: `${which}: b64_json is not valid base64` });
      } else if (link !== undefined) {
        bytes = await downloadBytes(link, {
          fetch: ctx.fetch,
          headersTimeoutMs: ctx.headersTimeoutMs,
          idleTimeoutMs: ctx.idleTimeoutMs,
          signal: io.signal,
          maxBytes: MAX_IMAGE_BYTES,
          // internal addresses only on the connection's own origin (a local service's own image links)
          serviceOrigin: new URL(ctx.root).origin,
          ...compact({ lookup: ctx.lookup, pinnedFetch: ctx.pinnedFetch }),
        });
      } else {
        throw new ApiError({ kind: 'invalid-response', message: `${which} has neither b64_json nor url` });
      }
      const sniffed = sniffImage(bytes);
      if (!sniffed) {
        throw new ApiError({
          kind: 'invalid-response',
          message: `${which} is not a PNG, JPEG or WebP image (${bytes.length} bytes starting ${hexStart(bytes) || 'with nothing'})`,
        });
      }
      if (sniffed.width * sniffed.height > MAX_IMAGE_PIXELS) {
        throw new ApiError({
          kind: 'invalid-response',
          message: `${which} declares ${sniffed.width}x${sniffed.height} pixels (${Math.round((sniffed.width * sniffed.height) / 1e6)} megapixels), more than Quartet decodes (${MAX_IMAGE_PIXELS / 1e6} megapixels); it was not stored`,
        });
      }
      if (!imageLooksComplete(bytes, sniffed.format)) {
        throw new ApiError({
          kind: 'invalid-response',
          message: `${which} is cut short: the ${sniffed.format.toUpperCase()} data stops after ${bytes.length} bytes, before the end of the image`,
        });
      }
      const reportedSize = asString(item['size']) ?? asString(body['size']);
      images.push(
        compact({
          bytes,
          format: sniffed.format,
          mime: IMAGE_MIME[sniffed.format],
          width: sniffed.width,
          height: sniffed.height,
          requestedSize,
          reportedSize,
          sizeAdjusted:
            requested !== undefined &&
            (requested.width !== sniffed.width || requested.height !== sniffed.height),
        }),
      );
    }
    const usage = body['usage'];
    const created = body['created'];
    return compact({
      images,
      quality: asString(body['quality']),
      usage: isRecord(usage) ? usage : undefined,
      created: typeof created === 'number' ? created : undefined,
    });
  };
}

export async function generateImages(
  ctx: ImagesContext,
  req: ImageRequest,
  opts: { signal?: AbortSignal } = {},
): Promise<ImageResult> {
  const invalid = validateImageRequest(req);
  if (invalid) throw invalid;
  const key = requireKey(ctx.keys, 'bearer');
  const { url, headers } = authorise('bearer', key, endpointUrl(ctx.root, 'images'), {
    'Content-Type': 'application/json',
  });
  const { value, exchange } = await ctx.transport.call({
    interface: 'images',
    method: 'POST',
    url,
    headers,
    body: JSON.stringify(buildImageBody(req)),
    streamed: false,
    signal: opts.signal,
    consume: imageReplyReader(ctx, req.size),
  });
  return { ...value, exchange };
}
