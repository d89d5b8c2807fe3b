import type { Params, Timings, Turn, Usage } from '../../../shared/conversation.ts';
import { endpointUrl } from '../../../shared/endpoints.ts';
import type { Exchange } from '../../../shared/exchange.ts';
import { familyOf, type TextFormat } from '../../../shared/formats.ts';
import { ApiError, type PartialReply } from '../errors/api-error.ts';
import { parseVendorError } from '../errors/error-body.ts';
import { FORMATS } from '../formats/index.ts';
import { deltaOf } from '../formats/util.ts';
import {
  ReplyShapeProblem,
  StreamProblem,
  type Delta,
  type PartialImage,
  type ReplyParts,
  type StreamReducer,
} from '../formats/types.ts';
import { authorise, requireKey, type Keys } from '../http/auth.ts';
import { createStreamRedactor, redactDeep, type Redactor } from '../http/redact.ts';
import { BodyTooLarge } from '../http/body.ts';
import type { BodyIO, RetryNotice, Transport } from '../http/transport.ts';
import { readEventBatches, type SseEvent } from '../sse/read-events.ts';
import { MAX_REPLY_CHARS, MAX_TOOL_CALLS } from '../../../shared/limits.ts';
import { MAX_JSON_DEPTH } from '../../../shared/extra-body.ts';
import { plainJson } from '../formats/plain-json.ts';
import { validateTurnInput } from './validate.ts';
import { isRecord } from '../../../shared/wire.ts';
import { compact } from '../../../shared/compact.ts';
import { ToolCallSchema, type ToolCall, type ToolDelta } from '../../../shared/tools.ts';

export interface SendTurnRequest {
  format: TextFormat;
  model: string;
  /** the whole conversation including the new user turn last; failed assistant turns are skipped */
  history: Turn[];
  params: Params;
  signal?: AbortSignal;
  /** streaming deltas as they arrive (a function call's pieces one per call: id and name, then arguments) */
  onDelta?: (d: { text?: string; thought?: string; tool?: ToolDelta; partialImage?: PartialImage }) => void;
  /** a failed attempt will be followed by another */
  onRetry?: (r: RetryNotice) => void;
  /** the most characters (text and thoughts) one reply may hold; past it reading stops (MAX_REPLY_CHARS) */
  maxReplyChars?: number;
  /**
   * The bytes of every attachment the history's user turns carry, by attachment id (the host reads them
   * from the data folder, the CLI from the history file and --attach). A missing one is 'invalid-input'.
   */
  files?: ReadonlyMap<string, Uint8Array>;
}

/** A reply that passed the size cap: reading stopped, the first part is kept. */
function tooLarge(limit: number): ApiError {
  return new ApiError({
    kind: 'invalid-response',
    message: `the reply passed ${limit.toLocaleString('en')} characters, the size limit in Settings; Quartet stopped reading it and kept the first ${limit.toLocaleString('en')}`,
  });
}

/**
 * A reply that asked for more function calls than a reply may make: no results message could answer it
 * (the contract, the store and an import all stop at MAX_TOOL_CALLS), so it is not kept as answerable.
 */
function tooManyCalls(count: number | undefined): ApiError {
  const many = count === undefined ? `more than ${MAX_TOOL_CALLS}` : count.toLocaleString('en');
  return new ApiError({
    kind: 'invalid-response',
    message: `the reply asked for ${many} function calls at once; Quartet answers at most ${MAX_TOOL_CALLS} in one reply`,
  });
}

export interface TurnReply extends ReplyParts {
  timings: Timings;
  exchange: Exchange;
}

export interface TurnContext {
  root: string;
  keys: Keys;
  transport: Transport;
  /** hides a key the service echoes back, in the live deltas and in everything the reply stores */
  redact?: Redactor;
}

/** A 2xx body that does not parse as JSON, as the user will read it. */
function notJson(body: string): ApiError {
  const shown = body.trim().replace(/\s+/g, ' ').slice(0, 80);
  return new ApiError(
    compact({
      kind: 'invalid-response',
      message:
        body.trim() === ''
          ? 'the service answered 200 with an empty body'
          : `the reply is not JSON: '${shown}'`,
      snippet: shown || undefined,
    }),
  );
}

/**
 * A service's own words about a broken stream as the person reads them: on one line, never a screenful,
 * and never a bare "x" (a proxy's error event may carry any message, or an empty one).
 */
export function streamProblemText(words: string): string {
  const said = words.replace(/\s+/g, ' ').trim();
  const shown = said.length > 1_000 ? `${said.slice(0, 1_000)}…` : said;
  return shown.length > 3 ? shown : `the stream reported an error${shown ? ` ("${shown}")` : ''}`;
}

const TOO_DEEP = `the reply nests deeper than ${MAX_JSON_DEPTH} levels, beyond what Quartet reads`;

function shapeError(e: unknown): ApiError | undefined {
  if (e instanceof ReplyShapeProblem) return new ApiError({ kind: 'invalid-response', message: e.message });
  // Reading a reply can only overflow the stack on a reply nested absurdly deep: the reply's fault.
  if (e instanceof RangeError && /call stack/i.test(e.message))
    return new ApiError({ kind: 'invalid-response', message: TOO_DEEP });
  if (e instanceof StreamProblem) {
    return new ApiError(
      compact({
        kind: 'stream',
        message: streamProblemText(e.message),
        vendorType: e.vendorType,
        vendorCode: e.vendorCode,
      }),
    );
  }
  return undefined;
}

/** Whether the contract can carry `call` back (an id, a name and id of at most 200 characters). */
const carriable = (call: ToolCall): boolean => ToolCallSchema.safeParse(call).success;

/** Token counts as a count can be: a whole number from 0 up (a proxy sent 1e308, -4 and sums to Infinity). */
function countedUsage(usage: Usage): Usage | undefined {
  const kept = Object.entries(usage).filter(([, n]) => Number.isSafeInteger(n) && (n as number) >= 0);
  return kept.length > 0 ? (Object.fromEntries(kept) as Usage) : undefined;
}

/**
 * The reply as it can be stored, shown, exported and imported back. A reply whose calls the contract could
 * not carry is a reply-shape problem: stored, it could never be shown again or answered (a proxy once sent
 * a call with no id, another a name of 2,000 characters). Counts that are no counts are left out.
 */
function storableReply(read: ReplyParts): ReplyParts {
  let reply = read;
  if (reply.usage !== undefined) {
    const { usage: _all, ...rest } = reply;
    const usage = countedUsage(reply.usage);
    reply = usage ? { ...rest, usage } : rest;
  }
  // A payload kept to go back verbatim must also be storable, showable and exportable.
  const raw = plainJson(reply.raw, MAX_JSON_DEPTH);
  if (raw === undefined) throw new ApiError({ kind: 'invalid-response', message: TOO_DEEP });
  const calls = reply.toolCalls ?? [];
  const bad = calls.findIndex((c) => !carriable(c));
  if (bad === -1) return raw === reply.raw ? reply : { ...reply, raw };
  const call = calls[bad] as ToolCall;
  const why = call.id === '' ? 'has no id' : 'has a name or id longer than 200 characters';
  throw new ApiError({
    kind: 'invalid-response',
    message: `the reply's function call ${bad + 1} of ${calls.length} ${why}, so it could not be answered`,
  });
}

function textStream(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
}

/** One conversation turn in any of the four formats, streamed or not. */
export async function sendTurn(ctx: TurnContext, req: SendTurnRequest): Promise<TurnReply> {
  const invalid = validateTurnInput(req);
  if (invalid) throw new ApiError(invalid);
  const adapter = FORMATS[req.format];
  const stream = req.params.stream;
  const family = familyOf(req.format);
  const key = requireKey(ctx.keys, family);
  const body = JSON.stringify(adapter.buildBody(req.model, req.history, req.params, stream, req.files));
  const { url, headers } = authorise(
    family,
    key,
    endpointUrl(ctx.root, req.format, { model: req.model, stream }),
    {
      'Content-Type': 'application/json',
    },
  );

  const started = performance.now();
  let firstTokenMs: number | undefined;
  let firstImageMs: number | undefined;
  let delivered = false;
  let reducer: StreamReducer | undefined;

  const limit = req.maxReplyChars ?? MAX_REPLY_CHARS.default;
  let received = 0;
  let overLimit = false;
  /** the streamed calls so far, by their index; past MAX_TOOL_CALLS reading stops */
  const callIndexes = new Set<number>();
  /** what the reply said before it asked for too many calls: kept as text, its calls not kept */
  let overCalls: PartialReply | undefined;
  const redact = ctx.redact;
  const shownText = redact ? createStreamRedactor(redact) : undefined;
  const shownThought = redact ? createStreamRedactor(redact) : undefined;

  function show(d: Delta): void {
    if (!d.text && !d.thought && !d.tools) return;
    firstTokenMs ??= Math.round(performance.now() - started);
    delivered = true;
    const { tools, ...shown } = d;
    if (shown.text || shown.thought) req.onDelta?.(shown);
    for (const tool of tools ?? []) {
      req.onDelta?.({ tool: redact && tool.args ? { ...tool, args: redact(tool.args) } : tool });
    }
  }

  function deliver(d: Delta | undefined): void {
    if (d?.partialImage) {
      // an image in progress: shown until the final one arrives, never counted as reply text
      firstImageMs ??= Math.round(performance.now() - started);
      delivered = true;
      req.onDelta?.({ partialImage: d.partialImage });
      return;
    }
    if (!d || (!d.text && !d.thought && !d.tools)) return;
    received += (d.text?.length ?? 0) + (d.thought?.length ?? 0);
    for (const t of d.tools ?? []) {
      received += t.args?.length ?? 0;
      callIndexes.add(t.index);
    }
    if (callIndexes.size > MAX_TOOL_CALLS) {
      const p = reducer?.partial();
      overCalls = compact({
        text: p?.text ?? '',
        thoughts: p?.thoughts || undefined,
        endReason: 'too-many-calls' as const,
      });
      throw tooManyCalls(undefined);
    }
    if (received > limit) {
      // Stop reading: the reducer already holds this delta, so the kept part is cut to the limit below.
      overLimit = true;
      throw tooLarge(limit);
    }
    if (!shownText || !shownThought) return show(d);
    // a tail that could be the start of an echoed key waits for the next delta (or the end)
    const text = d.text ? shownText.push(d.text) : '';
    const thought = d.thought ? shownThought.push(d.thought) : '';
    const shownDelta = deltaOf(text, thought);
    if (shownDelta || d.tools) show({ ...shownDelta, ...(d.tools ? { tools: d.tools } : {}) });
  }

  function flushShown(): void {
    if (!shownText || !shownThought) return;
    const text = shownText.flush();
    const thought = shownThought.flush();
    const shownDelta = deltaOf(text, thought);
    if (shownDelta) show(shownDelta);
  }

  async function readJsonReply(text: string): Promise<ReplyParts> {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw notJson(text);
    }
    // A 200 whose body is a vendor error: the service failed after it had answered.
    const vendor = isRecord(data) && isRecord(data['error']) ? parseVendorError(data) : undefined;
    if (vendor) {
      throw new ApiError(
        compact({
          kind: 'stream',
          message: `the service answered 200 with an error: ${vendor.message}`,
          vendorType: vendor.vendorType,
          vendorCode: vendor.vendorCode,
        }),
      );
    }
    let reply: ReplyParts;
    try {
      reply = adapter.parseReply(data);
    } catch (e) {
      throw shapeError(e) ?? e;
    }
    return storableReply(reply);
  }

  /** The reply, unless it made more calls than a reply may (then its text is kept, as a partial reply). */
  function withinCalls(reply: ReplyParts): ReplyParts {
    const calls = reply.toolCalls?.length ?? 0;
    if (calls <= MAX_TOOL_CALLS) return reply;
    overCalls = compact({
      text: reply.text,
      thoughts: reply.thoughts || undefined,
      endReason: 'too-many-calls' as const,
    });
    throw tooManyCalls(calls);
  }

  async function consume(res: Response, io: BodyIO): Promise<ReplyParts> {
    return withinCalls(await read(res, io));
  }

  async function read(res: Response, io: BodyIO): Promise<ReplyParts> {
    const contentType = res.headers.get('content-type') ?? '';
    if (stream && contentType.includes('text/event-stream')) return reduceEvents(io.eventBatches());
    let text: string;
    try {
      text = await io.text();
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        throw new ApiError({
          kind: 'invalid-response',
          message: `${e.message}, beyond what a reply of ${limit.toLocaleString('en')} characters (the size limit in Settings) can need; Quartet stopped reading it`,
        });
      }
      throw e;
    }
    const trimmed = text.trimStart();
    if (!stream || trimmed.startsWith('{') || trimmed === '') {
      const reply = await readJsonReply(text);
      // A service may ignore the stream flag and answer with one JSON body: it all arrives at once.
      // It all arrived at once, so it is redacted whole and shown as one delta.
      if (stream) {
        const d = deltaOf(redact ? redact(reply.text) : reply.text, reply.thoughts);
        if (d) show(redact && d.thought ? { ...d, thought: redact(d.thought) } : d);
      }
      return reply;
    }
    // Events sent under another content type: parse the text we have.
    return reduceEvents(readEventBatches(textStream(text), { idleTimeoutMs: 60_000 }));
  }

  /**
   * The events of one network read, shown as one delta where they only add text or thought: a fast
   * service packs a few hundred one-word events into a read, and what follows the reducer (the held-back
   * tail of redaction, the page's delta, the reply kept for crash safety) then runs once per read instead
   * of once per word. A piece of a call or an image goes on its own, after the text before it.
   */
  function deliverBatch(batch: readonly SseEvent[], r: StreamReducer): void {
    let text = '';
    let thought = '';
    const deliverJoined = () => {
      const joined = deltaOf(text, thought);
      text = '';
      thought = '';
      deliver(joined);
    };
    try {
      for (const ev of batch) {
        const d = r.push(ev);
        if (d === undefined) continue;
        if (d.tools !== undefined || d.partialImage !== undefined) {
          deliverJoined();
          deliver(d);
          continue;
        }
        if (d.text) text += d.text;
        if (d.thought) thought += d.thought;
      }
    } catch (e) {
      // what the read said before the event that failed is shown, as it was when events went one by one
      try {
        deliverJoined();
      } catch {
        // the first failure is the one the user is told about
      }
      throw e;
    }
    deliverJoined();
  }

  async function reduceEvents(batches: AsyncIterable<SseEvent[]>): Promise<ReplyParts> {
    const r = adapter.createReducer();
    reducer = r;
    try {
      for await (const batch of batches) deliverBatch(batch, r);
    } catch (e) {
      throw shapeError(e) ?? e;
    }
    flushShown();
    if (!r.finished) {
      throw new ApiError({
        kind: 'stream',
        message: 'the stream ended before its final event; the reply is incomplete',
      });
    }
    try {
      return storableReply(r.result());
    } catch (e) {
      throw shapeError(e) ?? e;
    }
  }

  function partial(): PartialReply | undefined {
    if (overCalls) return overCalls;
    const read = reducer?.partial();
    // What of a broken stream is kept: only the calls the contract can carry, and a payload only when it
    // nests within what can be stored and sent back.
    if (!read) return undefined;
    const { raw: received, ...rest } = read;
    const raw = received === undefined ? undefined : plainJson(received, MAX_JSON_DEPTH);
    const p: PartialReply = {
      ...rest,
      ...(raw !== undefined ? { raw } : {}),
      ...(rest.toolCalls?.some((c) => !carriable(c)) ? { toolCalls: rest.toolCalls.filter(carriable) } : {}),
    };
    if (p.text === '' && !p.thoughts) return undefined;
    if (!overLimit) return p;
    // Within the limit, and without the raw payload: it would hold the whole text again, and a partial
    // reply is sent back as its text on the next turn.
    const text = p.text.slice(0, limit);
    const thoughts = p.thoughts?.slice(0, Math.max(0, limit - text.length));
    return compact({ text, thoughts: thoughts || undefined, endReason: 'too-large' });
  }

  const { value, exchange } = await ctx.transport.call(
    compact({
      interface: req.format,
      method: 'POST',
      url,
      headers,
      body,
      streamed: stream,
      signal: req.signal,
      // a JSON body holds the text once, escaped (at most 6 bytes a character), plus its envelope
      maxBodyBytes: Math.max(16 * 1024 * 1024, limit * 6),
      consume,
      outputStarted: () => delivered,
      partial,
      onRetry: req.onRetry,
    }),
  );
  const timings: Timings = { totalMs: Math.round(performance.now() - started) };
  if (firstTokenMs !== undefined) timings.firstTokenMs = firstTokenMs;
  // without partial images the first image is the final one, which came with the reply's end
  if (firstImageMs !== undefined || (value.images?.length ?? 0) > 0)
    timings.firstImageMs = firstImageMs ?? timings.totalMs;
  return { ...(redact ? redactReply(value, redact) : value), timings, exchange };
}

/** Text, thoughts, the raw payload and every other string of a reply, as stored and shown. */
function redactReply(reply: ReplyParts, redact: Redactor): ReplyParts {
  return redactDeep(reply, redact);
}
