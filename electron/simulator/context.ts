// What a request handler receives and returns. Handlers are plain functions from a parsed request to
// a reply description; the server does the HTTP, the faults and the quirks.
import type { SignatureBook } from './signatures.ts';
import type { KeptImage } from './tools/image-generation.ts';
import type { SimModel } from './models.ts';
import type { Fault, SimFamily, SimQuirks } from './types.ts';
import type { SseEvent as WireSseEvent } from '../../shared/wire.ts';

/** Who called: the key and what its groups may use. */
export interface Caller {
  key: string;
  families: ReadonlySet<SimFamily>;
  models: SimModel[];
}

/** A function call a stored response made: a follow-up that continues it must answer it. */
export interface StoredCall {
  id: string;
  name: string;
}

export interface StoredResponse {
  /** User turns in the conversation up to and including this response. */
  turns: number;
  /** Tokens of the whole conversation so far, counted as input by a follow-up. */
  contextTokens: number;
  /** The function calls of this response (call ids), which a follow-up must answer. */
  calls?: StoredCall[];
  /** the id of the last image this response made (responses image_generation tool) */
  imageId?: string;
}

/** State that lives as long as one simulator. */
export interface SimState {
  readonly signatures: SignatureBook;
  readonly responses: Map<string, StoredResponse>;
  /** images the responses image tool made, by item id, for a later turn that names one (bounded) */
  readonly images: Map<string, KeptImage>;
  quirks: SimQuirks;
  readonly imageSizeAdjust: boolean;
}

export interface HandlerContext {
  body: Record<string, unknown>;
  stream: boolean;
  caller: Caller;
  state: SimState;
  /** The fault this request took, for handlers that shape their data by it (images). */
  fault: Fault | undefined;
  /** generate content: the model from the path, already URL-decoded. */
  pathModel: string | undefined;
}

/** One server-sent event to send; `data` is serialised as JSON unless it is a string (e.g. '[DONE]'). */
export interface SseEvent extends Omit<WireSseEvent, 'data'> {
  data: unknown;
}

export type HandlerReply =
  | { type: 'json'; body: unknown }
  | {
      type: 'sse';
      events: SseEvent[];
      /** What the errorEvent fault sends after `sent` events, instead of the rest of the stream. */
      errorEvents: (sent: number) => SseEvent[];
      /** generate content ends lines with CRLF, as the real service does. */
      lineEnd?: '\n' | '\r\n';
    };
