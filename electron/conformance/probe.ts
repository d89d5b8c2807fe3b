// Raw HTTP probes: conformance needs the status, the headers and the body exactly as they came, so these
// use plain fetch (injectable) rather than the service client, which would parse and retry.
import type { KeyFamily } from '../../shared/formats.ts';
import { describeErrorBody, readEvents } from '../core/index.ts';
import { BodyTooLarge, readText } from '../core/http/body.ts';
import { ExchangeRecorder } from '../core/http/exchange-recorder.ts';
import { ConnectionFailure, formatSeconds } from '../core/errors/failures.ts';
import type { Ctx } from './types.ts';
import {
  GENERATE_KEY_PARAM,
  interfaceOfPath,
  keyCarrier,
  MESSAGES_VERSION,
  withQueryParam,
  type SseEvent,
} from '../../shared/wire.ts';

/** The user stopped the run: runConformance ends with the results so far. */
export class Stopped extends Error {
  constructor() {
    super('stopped');
    this.name = 'Stopped';
  }
}

export interface ProbeRequest {
  method: 'GET' | 'POST';
  /** The final address without any key. */
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as the `key` query parameter (generate content), hidden in `where`. */
  queryKey?: string | undefined;
  /** Overrides ctx.timeoutMs (image generation takes longer). */
  timeoutMs?: number;
  /** a multipart form instead of a JSON body (image edits); fetch writes its Content-Type */
  form?: FormData;
  /** what the record shows of the form (its files described, not their bytes) */
  recordedBody?: string;
}

/** An HTTP answer, its body read whole. `json` is undefined when the body is not JSON. */
export interface HttpAnswer {
  kind: 'http';
  status: number;
  contentType: string;
  text: string;
  json: unknown;
  ms: number;
  /** `METHOD address` for detail lines, with any key hidden. */
  where: string;
}

export interface SseAnswer {
  kind: 'sse';
  status: number;
  contentType: string;
  events: SseEvent[];
  /** Why the stream ended early (cut, timed out), when it did. */
  error?: string;
  ms: number;
  where: string;
}

export interface FailedAnswer {
  kind: 'failed';
  message: string;
  ms: number;
  where: string;
}

export type Answer = HttpAnswer | FailedAnswer;
export type StreamAnswer = HttpAnswer | SseAnswer | FailedAnswer;

/** Headers that carry `key` the way `family` sends it (spec §5); generate content takes it in the query. */
/** The headers that carry a family's key (generate content's goes in the query: see queryKey). */
export function authHeaders(family: KeyFamily, key: string | undefined): Record<string, string> {
  return key === undefined ? {} : keyCarrier(family, key).headers;
}

/** A probe request to `url` carrying `key` the way the format's family does. */
export function keyedRequest(family: KeyFamily, key: string, url: string, body: unknown): ProbeRequest {
  const carrier = keyCarrier(family, key);
  return { method: 'POST', url, headers: carrier.headers, queryKey: carrier.query?.value, body };
}

export const AUTH_WAY: Record<KeyFamily, string> = {
  bearer: 'Authorization: Bearer <key>',
  messages: `x-api-key: <key> with anthropic-version: ${MESSAGES_VERSION}`,
  generate: 'the query parameter key=<key>',
};

function withQueryKey(url: string, key: string, shown: boolean): string {
  return withQueryParam(url, GENERATE_KEY_PARAM, shown ? encodeURIComponent(key) : '…');
}

function whereOf(req: ProbeRequest): string {
  const url = req.queryKey === undefined ? req.url : withQueryKey(req.url, req.queryKey, false);
  return `${req.method} ${url}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface Started {
  kind: 'started';
  rec: ExchangeRecorder | undefined;
  res: Response;
  signal: AbortSignal;
  started: number;
  ms: number;
  timeoutMs: number;
  where: string;
}

async function start(ctx: Ctx, req: ProbeRequest, streamed: boolean): Promise<Started | FailedAnswer> {
  if (ctx.signal?.aborted) throw new Stopped();
  const timeoutMs = req.timeoutMs ?? ctx.timeoutMs;
  const signals = [AbortSignal.timeout(timeoutMs)];
  if (ctx.signal) signals.push(ctx.signal);
  const signal = AbortSignal.any(signals);
  const where = whereOf(req);
  const url = req.queryKey === undefined ? req.url : withQueryKey(req.url, req.queryKey, true);
  const headers: Record<string, string> = { accept: 'application/json, text/event-stream', ...req.headers };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const init: RequestInit = { method: req.method, headers, signal };
  if (req.body !== undefined) init.body = JSON.stringify(req.body);
  else if (req.form !== undefined) init.body = req.form;
  const rec = ctx.recording
    ? new ExchangeRecorder({
        interface: interfaceOfPath(req.url),
        method: req.method,
        url,
        headers,
        body: typeof init.body === 'string' ? init.body : req.recordedBody,
        streamed,
        redact: ctx.redact,
      })
    : undefined;
  rec?.startAttempt();
  const started = performance.now();
  try {
    const res = await ctx.fetch(url, init);
    rec?.headers(res.status, res.headers);
    return {
      kind: 'started',
      rec,
      res,
      signal,
      started,
      ms: Math.round(performance.now() - started),
      timeoutMs,
      where,
    };
  } catch (e) {
    const answer = failed(ctx, e, started, timeoutMs, where);
    if (rec) ctx.recordExchange(rec.finish({ kind: 'connection', message: answer.message }));
    return answer;
  }
}

/** Closes a probe's record and hands it out. */
function close(ctx: Ctx, s: Started, message?: string): void {
  if (!s.rec) return;
  ctx.recordExchange(s.rec.finish(message === undefined ? undefined : { kind: 'stream', message }));
}

function failed(ctx: Ctx, e: unknown, started: number, timeoutMs: number, where: string): FailedAnswer {
  if (ctx.signal?.aborted) throw new Stopped();
  const ms = Math.round(performance.now() - started);
  const timedOut =
    e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError' || e.name === 'IdleTimeout');
  const message =
    e instanceof BodyTooLarge
      ? `${e.message}, more than a probe reads; Quartet stopped reading it`
      : timedOut
        ? `no answer within ${formatSeconds(timeoutMs)}`
        : new ConnectionFailure('connect', e).message;
  return { kind: 'failed', message, ms, where };
}

/** One request, its body read whole. Never throws except when the user stops the run. */
export async function send(ctx: Ctx, req: ProbeRequest): Promise<Answer> {
  const s = await start(ctx, req, false);
  return s.kind === 'failed' ? s : readWhole(ctx, s);
}

/**
 * What one probe's answer may hold. Probes ask for a few tokens or one image; a service that answers with
 * hundreds of MB (600 MB once cost 2 GB of memory) is stopped here and reported.
 */
export const PROBE_MAX_BYTES = 32 * 1024 * 1024;

/** Reads a started answer's body whole (up to PROBE_MAX_BYTES) and closes its record. */
async function readWhole(ctx: Ctx, s: Started): Promise<Answer> {
  try {
    const text = await readText(s.res.body, {
      idleTimeoutMs: s.timeoutMs,
      signal: s.signal,
      maxBytes: PROBE_MAX_BYTES,
    });
    s.rec?.bodyText(text);
    close(ctx, s);
    return {
      kind: 'http',
      status: s.res.status,
      contentType: s.res.headers.get('content-type') ?? '',
      text,
      json: parseJson(text),
      ms: Math.round(performance.now() - s.started),
      where: s.where,
    };
  } catch (e) {
    const answer = failed(ctx, e, s.started, s.timeoutMs, s.where);
    close(ctx, s, answer.message);
    return answer;
  }
}

// A runaway stream is cut here: probes ask for a few tokens.
const MAX_EVENTS = 5000;

/** A request that asks for a stream: server-sent events when the answer is one, else the body whole. */
export async function sendStream(ctx: Ctx, req: ProbeRequest): Promise<StreamAnswer> {
  const s = await start(ctx, req, true);
  if (s.kind === 'failed') return s;
  const contentType = s.res.headers.get('content-type') ?? '';
  if (s.res.status !== 200 || !contentType.includes('text/event-stream') || s.res.body === null) {
    return readWhole(ctx, s);
  }
  const events: SseAnswer['events'] = [];
  let error: string | undefined;
  try {
    for await (const event of readEvents(s.res.body, { idleTimeoutMs: s.timeoutMs, signal: s.signal })) {
      events.push(event);
      s.rec?.event(event.event, event.data);
      if (events.length >= MAX_EVENTS) {
        error = `more than ${MAX_EVENTS} events: stopped reading`;
        break;
      }
    }
  } catch (e) {
    if (ctx.signal?.aborted) throw new Stopped();
    error =
      e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError' || e.name === 'IdleTimeout')
        ? `the stream did not finish within ${formatSeconds(s.timeoutMs)}`
        : `the stream broke: ${e instanceof Error ? e.message : String(e)}`;
  }
  const answer: SseAnswer = {
    kind: 'sse',
    status: s.res.status,
    contentType,
    events,
    ms: Math.round(performance.now() - s.started),
    where: s.where,
  };
  if (error !== undefined) answer.error = error;
  close(ctx, s, error);
  return answer;
}

/** `HTTP 404 (not_found_error): the service's message`, for a non-2xx answer. */
export function describeHttp(a: HttpAnswer): string {
  const info = describeErrorBody(a.status, a.contentType, a.text);
  const vendor = info.vendorType ?? info.vendorCode;
  return `HTTP ${a.status}${vendor ? ` (${vendor})` : ''}: ${info.message}`;
}

/** What came back, in a few words: used on the "got" side of detail lines. */
export function describeAnswer(a: Answer | StreamAnswer): string {
  if (a.kind === 'failed') return `no answer (${a.message})`;
  if (a.kind === 'sse') return `HTTP ${a.status} with ${a.events.length} events`;
  if (a.status >= 200 && a.status < 300) {
    const type = a.contentType.split(';')[0]?.trim() || 'no content type';
    return `HTTP ${a.status} ${type}${a.json === undefined ? ` "${oneLine(a.text, 60)}"` : ''}`;
  }
  return describeHttp(a);
}

export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
