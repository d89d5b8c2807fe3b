import type { Params, ProviderPayload, Turn, Usage } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import type { SseEvent } from '../sse/read-events.ts';
import type { TurnFiles } from './attachments.ts';
import type { ToolCall, ToolDelta } from '../../../shared/tools.ts';

/** What a reply says, independent of how it arrived (one JSON body or a stream). */
export interface ReplyParts {
  text: string;
  thoughts?: string;
  raw: ProviderPayload;
  model?: string;
  finishReason?: string;
  /** the service marked the reply as a refusal (a chat `refusal`, a responses refusal part) */
  refused?: boolean;
  /** the service's own words on why the reply ended (a refusal's text, `stop_details`, `finishMessage`) */
  endDetail?: string;
  usage?: Usage;
  /** the reply's function calls, in order */
  toolCalls?: ToolCall[];
  /** the images the reply made, in order (responses image_generation_call items, generate image parts) */
  images?: ReplyImage[];
}

/** An image a reply holds, as base64 (the handler stores it as a file; it never goes to the page whole). */
export interface ReplyImage {
  mimeType: string;
  base64: string;
  /** responses: the prompt the service drew from */
  revisedPrompt?: string;
  /** the settings the service says it used (responses: size, quality, output_format, background) */
  settings?: Record<string, string>;
}

/** A partial image of a streamed reply (responses `partial_image`): shown until the final one arrives. */
export interface PartialImage {
  /** which image of the reply (its order among the reply's image items) */
  image: number;
  /** partial_image_index, from 0 */
  partial: number;
  mimeType: string;
  base64: string;
}

export interface Delta {
  text?: string;
  thought?: string;
  /** pieces of function calls: a call's id and name when they first arrive, then argument text */
  tools?: ToolDelta[];
  /** a partial image that just arrived */
  partialImage?: PartialImage;
}

/** A problem found inside a 2xx reply (an error event, malformed JSON); becomes kind 'stream'. */
export class StreamProblem extends Error {
  readonly vendorType?: string;
  readonly vendorCode?: string;
  readonly status?: number;
  constructor(message: string, extra: { vendorType?: string; vendorCode?: string; status?: number } = {}) {
    super(message);
    this.name = 'StreamProblem';
    if (extra.vendorType !== undefined) this.vendorType = extra.vendorType;
    if (extra.vendorCode !== undefined) this.vendorCode = extra.vendorCode;
    if (extra.status !== undefined) this.status = extra.status;
  }
}

/** A 2xx body that is not the reply we expected; becomes kind 'invalid-response'. */
export class ReplyShapeProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplyShapeProblem';
  }
}

/** Folds the events of one streamed reply into deltas and, at the end, the whole reply. */
export interface StreamReducer {
  /** Takes one event; returns what the user should see now. Throws StreamProblem on error events. */
  push(event: SseEvent): Delta | undefined;
  /** true once the format's final event arrived */
  readonly finished: boolean;
  /** the reply so far (for a failed stream) */
  partial(): { text: string; thoughts?: string; raw?: ProviderPayload; toolCalls?: ToolCall[] };
  /** the complete reply; only after `finished` */
  result(): ReplyParts;
}

export interface FormatAdapter {
  readonly format: TextFormat;
  /**
   * The request body (without model in the URL for generate content). Pure. `files` holds the bytes of the
   * turns' attachments by id; a missing one throws an 'invalid-input' ApiError naming the file.
   */
  buildBody(
    model: string,
    history: Turn[],
    params: Params,
    stream: boolean,
    files?: TurnFiles,
  ): Record<string, unknown>;
  /** A non-streamed reply body (already JSON-parsed). Throws ReplyShapeProblem. */
  parseReply(data: unknown): ReplyParts;
  createReducer(): StreamReducer;
}
