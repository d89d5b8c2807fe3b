import { allEndpoints, normaliseBaseUrl } from '../../shared/endpoints.ts';
import type { Exchange } from '../../shared/exchange.ts';
import type { Interface, KeyFamily, KeySlot } from '../../shared/formats.ts';
import { invalidInput } from './errors/api-error.ts';
import { createRedactor } from './http/redact.ts';
import type { Lookup } from './images/address-guard.ts';
import type { PinnedFetch } from './images/pinned-fetch.ts';
import { createTransport, type TransportConfig } from './http/transport.ts';
import { generateImages, type ImageRequest, type ImageResult } from './images/generate.ts';
import { editImages, type ImageEditRequest } from './images/edit.ts';
import { listModels, type ModelInfo } from './models.ts';
import { sendTurn, type SendTurnRequest, type TurnReply } from './turn/send-turn.ts';
import { compact } from '../../shared/compact.ts';

export interface ClientOptions {
  /** resolves host names for the image-URL address check (tests inject one; the system resolver otherwise) */
  lookup?: Lookup;
  /** as the user typed it; an invalid address throws ApiError kind 'invalid-input' */
  baseUrl: string;
  /** a family's own key wins over 'default' */
  keys: Partial<Record<KeySlot, string>>;
  fetch?: typeof fetch;
  /** fetches an image URL from the address its check resolved (tests inject one; node's http/https otherwise) */
  imageFetch?: PinnedFetch;
  /** wait for response headers, per attempt (default 60 s) */
  headersTimeoutMs?: number;
  /** longest silence between body chunks / stream events (default 60 s) */
  idleTimeoutMs?: number;
  /** default 2 */
  maxRetries?: number;
  /** first backoff (default 500 ms), doubled per retry up to retryMaxMs (default 8 s), with jitter */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** called once per call when its record is final (success or failure) */
  onExchange?: (x: Exchange) => void;
  /** waits between attempts (tests) */
  sleep?: TransportConfig['sleep'];
}

export interface ServiceClient {
  readonly root: string;
  /** every interface's final address, for the settings preview */
  endpoints(model?: string): Record<Interface, string>;
  listModels(opts?: {
    family?: KeyFamily;
    signal?: AbortSignal;
  }): Promise<{ models: ModelInfo[]; exchange: Exchange }>;
  sendTurn(req: SendTurnRequest): Promise<TurnReply>;
  generateImages(req: ImageRequest, opts?: { signal?: AbortSignal }): Promise<ImageResult>;
  /** POST /v1/images/edits: reference images, an optional mask and a prompt, as a multipart form */
  editImages(req: ImageEditRequest, opts?: { signal?: AbortSignal }): Promise<ImageResult>;
}

export function createServiceClient(opts: ClientOptions): ServiceClient {
  const base = normaliseBaseUrl(opts.baseUrl);
  if (!base.ok) throw invalidInput(base.message, [{ path: 'baseUrl', message: base.message }]);
  const root = base.root;
  // Trimmed once, so the key on the wire is exactly the string the redactor hides.
  const keys: Partial<Record<KeySlot, string>> = {};
  for (const [slot, key] of Object.entries(opts.keys) as [KeySlot, string | undefined][]) {
    if (key !== undefined && key.trim() !== '') keys[slot] = key.trim();
  }
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const headersTimeoutMs = opts.headersTimeoutMs ?? 60_000;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
  const redact = createRedactor(Object.values(keys));
  const transport = createTransport({
    fetch: fetchImpl,
    headersTimeoutMs,
    idleTimeoutMs,
    retry: {
      maxRetries: opts.maxRetries ?? 2,
      baseMs: opts.retryBaseMs ?? 500,
      maxMs: opts.retryMaxMs ?? 8000,
    },
    redact,
    onExchange: opts.onExchange,
    ...compact({ sleep: opts.sleep }),
  });
  const ctx = { root, keys, transport, redact };
  const imagesCtx = {
    ...ctx,
    fetch: fetchImpl,
    headersTimeoutMs,
    idleTimeoutMs,
    ...compact({ lookup: opts.lookup, pinnedFetch: opts.imageFetch }),
  };
  return {
    root,
    endpoints: (model) => allEndpoints(root, model),
    listModels: (o) => listModels(ctx, o),
    sendTurn: (req) => sendTurn(ctx, req),
    generateImages: (req, o) => generateImages(imagesCtx, req, o),
    editImages: (req, o) => editImages(imagesCtx, req, o),
  };
}
