import type { AppError } from '../../../shared/errors.ts';
import type { Exchange } from '../../../shared/exchange.ts';
import type { Interface } from '../../../shared/formats.ts';
import { ApiError, type PartialReply } from '../errors/api-error.ts';
import { describeErrorBody } from '../errors/error-body.ts';
import { ConnectionFailure, HeadersTimeout, IdleTimeout } from '../errors/failures.ts';
import { readEventBatches, SseTooLarge, type SseEvent } from '../sse/read-events.ts';
import { BodyTooLarge, raceIdle, readText } from './body.ts';
import { ExchangeRecorder } from './exchange-recorder.ts';
import { CrossOriginRedirect, fetchSameOrigin } from './redirects.ts';
import { redactDeep, redactError, type Redactor } from './redact.ts';
import { decideRetry, parseRetryAfter, type FailureFacts, type RetryPolicy } from './retry.ts';
import { compact } from '../../../shared/compact.ts';

export interface TransportConfig {
  fetch: typeof fetch;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  retry: RetryPolicy;
  redact: Redactor;
  onExchange?: ((x: Exchange) => void) | undefined;
  /** waits between attempts; injectable so tests can see the delays without waiting them out */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** largest non-streamed body held in memory */
  maxBodyBytes?: number;
}

/** How the consumer of a 2xx reply reads its body; every byte read this way lands in the exchange record. */
export interface BodyIO {
  /** aborts with the attempt (user stop, timeouts) */
  readonly signal: AbortSignal;
  text(): Promise<string>;
  /** the body's server-sent events, one array per network read (see readEventBatches) */
  eventBatches(): AsyncGenerator<SseEvent[], void, undefined>;
}

export interface CallSpec<T> {
  interface: Interface;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** JSON text, or a multipart form (image edits: fetch writes its boundary into the Content-Type) */
  body?: string | FormData;
  /** what the exchange record shows of a form body (its files described, never their bytes) */
  recordedBody?: string;
  streamed: boolean;
  signal?: AbortSignal | undefined;
  /** Reads a 2xx reply. An ApiError thrown here is final (never retried). */
  consume: (res: Response, io: BodyIO) => Promise<T>;
  /** true once anything reached the user: from then on nothing is retried */
  outputStarted?: () => boolean;
  /** what the current attempt produced so far, attached to a failure */
  partial?: () => PartialReply | undefined;
  /** this call's bound on a non-streamed body, below the transport's own */
  maxBodyBytes?: number;
  /** told before each wait for another attempt, so the user sees the retry instead of a silent pause */
  onRetry?: (r: RetryNotice) => void;
}

/** What the user is told when a failed attempt will be followed by another. */
export interface RetryNotice {
  /** the attempt about to be made (2 for the first retry) */
  attempt: number;
  /** the most attempts this call will make */
  of: number;
  delayMs: number;
  /** what went wrong with the attempt that failed, in a few words */
  reason: string;
}

export interface CallResult<T> {
  value: T;
  exchange: Exchange;
}

const DEFAULT_MAX_BODY_BYTES = 256 * 1024 * 1024;
const MAX_ERROR_BODY_CHARS = 1024 * 1024;

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function requestIdOf(headers: Headers | undefined): string | undefined {
  return headers?.get('request-id') ?? headers?.get('x-request-id') ?? undefined;
}

type AttemptOutcome<T> =
  { ok: true; value: T } | { ok: false; error: ApiError; facts?: FailureFacts; responseHeaders?: Headers };

/**
 * One API call: a fetch per attempt under the headers timeout, retries by the policy, bodies read under
 * the idle timeout, and one exchange record handed to onExchange when the call is over.
 */
export function createTransport(cfg: TransportConfig) {
  const sleep = cfg.sleep ?? abortableSleep;
  const maxBodyBytes = cfg.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  function emit(exchange: Exchange): void {
    try {
      cfg.onExchange?.(exchange);
    } catch {
      // a listener's bug must not turn a finished call into a failure
    }
  }

  /** Internal signals and thrown values as the ApiError a person will read. */
  function classify(e: unknown, userSignal: AbortSignal | undefined): ApiError {
    if (userSignal?.aborted) {
      return new ApiError({ kind: 'aborted', message: 'stopped before the reply was complete' });
    }
    if (e instanceof ApiError) return e;
    if (e instanceof HeadersTimeout) return new ApiError({ kind: 'timeout-headers', message: e.message });
    if (e instanceof IdleTimeout) return new ApiError({ kind: 'timeout-idle', message: e.message });
    if (e instanceof ConnectionFailure) return new ApiError({ kind: 'connection', message: e.message });
    if (e instanceof BodyTooLarge || e instanceof SseTooLarge) {
      return new ApiError({ kind: 'invalid-response', message: e.message });
    }
    return new ApiError({ kind: 'internal', message: e instanceof Error ? e.message : String(e) });
  }

  async function attempt<T>(
    spec: CallSpec<T>,
    rec: ExchangeRecorder,
    ctl: AbortController,
  ): Promise<AttemptOutcome<T>> {
    const readOpts = { idleTimeoutMs: cfg.idleTimeoutMs, signal: ctl.signal };
    let res: Response;
    try {
      const init: RequestInit = { method: spec.method, headers: spec.headers, signal: ctl.signal };
      if (spec.body !== undefined) init.body = spec.body;
      res = await raceIdle(
        fetchSameOrigin(cfg.fetch, spec.url, init),
        cfg.headersTimeoutMs,
        ctl.signal,
        () => new HeadersTimeout(cfg.headersTimeoutMs),
      );
    } catch (e) {
      if (e instanceof CrossOriginRedirect && !spec.signal?.aborted) {
        // final: the same request would be redirected the same way
        return { ok: false, error: new ApiError({ kind: 'invalid-response', message: e.message }) };
      }
      const err =
        e instanceof HeadersTimeout || spec.signal?.aborted ? e : new ConnectionFailure('connect', e);
      const error = classify(err, spec.signal);
      return { ok: false, error, facts: { kind: error.info.kind } };
    }
    rec.headers(res.status, res.headers);

    if (!res.ok) {
      let body = '';
      try {
        await readText(res.body, {
          ...readOpts,
          maxBytes: MAX_ERROR_BODY_CHARS,
          onText: (piece) => {
            body += piece;
            rec.bodyText(piece);
          },
        });
      } catch {
        // an error reply cut short is still described by what arrived
      }
      const parsed = describeErrorBody(res.status, res.headers.get('content-type') ?? '', body);
      const retryAfterMs = parseRetryAfter(res.headers);
      const error = new ApiError({
        kind: 'http',
        status: res.status,
        ...parsed,
        ...compact({ retryAfterMs }),
      });
      return {
        ok: false,
        error,
        facts: { kind: 'http', status: res.status, headers: res.headers },
        responseHeaders: res.headers,
      };
    }

    const io: BodyIO = {
      signal: ctl.signal,
      text: () =>
        readText(res.body, {
          ...readOpts,
          maxBytes: Math.min(maxBodyBytes, spec.maxBodyBytes ?? maxBodyBytes),
          onText: (p) => rec.bodyText(p),
        }),
      eventBatches: async function* () {
        if (res.body === null) return;
        for await (const batch of readEventBatches(res.body, readOpts)) {
          rec.events(batch);
          yield batch;
        }
      },
    };
    try {
      return { ok: true, value: await spec.consume(res, io) };
    } catch (e) {
      const error = classify(e, spec.signal);
      // Failures of the connection itself may be retried; what consume decided about the content is final.
      const facts = e instanceof ApiError ? undefined : { kind: error.info.kind };
      return { ok: false, error, ...compact({ facts }), responseHeaders: res.headers };
    }
  }

  async function call<T>(spec: CallSpec<T>): Promise<CallResult<T>> {
    const rec = new ExchangeRecorder({
      interface: spec.interface,
      method: spec.method,
      url: spec.url,
      headers: spec.headers,
      body: typeof spec.body === 'string' ? spec.body : spec.recordedBody,
      streamed: spec.streamed,
      redact: cfg.redact,
    });
    for (let attempts = 1; ; attempts++) {
      rec.startAttempt();
      const ctl = new AbortController();
      const onUserAbort = () => ctl.abort(spec.signal?.reason);
      spec.signal?.addEventListener('abort', onUserAbort, { once: true });
      let outcome: AttemptOutcome<T> | undefined;
      try {
        outcome = spec.signal?.aborted
          ? { ok: false, error: classify(spec.signal.reason, spec.signal) }
          : await attempt(spec, rec, ctl);
      } finally {
        spec.signal?.removeEventListener('abort', onUserAbort);
        // Frees the connection of a failed or abandoned attempt. A successful one has read its body to
        // the end (or cancelled it, see readChunks), so it needs no abort: that would only build an
        // AbortError and dispatch an event nobody listens to on every call.
        if (!outcome?.ok) ctl.abort();
      }
      if (outcome.ok) {
        const exchange = rec.finish();
        emit(exchange);
        return { value: outcome.value, exchange };
      }
      const decision = outcome.facts
        ? decideRetry(outcome.facts, attempts, cfg.retry, spec.outputStarted?.() ?? false)
        : ({ retry: false } as const);
      let error = outcome.error;
      if (decision.retry) {
        try {
          spec.onRetry?.({
            attempt: attempts + 1,
            of: cfg.retry.maxRetries + 1,
            delayMs: decision.delayMs,
            reason: retryReason(error.info),
          });
          await sleep(decision.delayMs, spec.signal);
          continue;
        } catch {
          error = classify(undefined, spec.signal);
        }
      }
      const requestId = requestIdOf(outcome.responseHeaders);
      const partial = spec.partial?.();
      const info = redactError(
        {
          ...error.info,
          interface: spec.interface,
          attempts,
          exchangeId: rec.id,
          ...compact({ requestId: requestId || undefined }),
        },
        cfg.redact,
      );
      const exchange = rec.finish(info);
      emit(exchange);
      throw new ApiError(info, {
        partial: partial ? redactPartial(partial, cfg.redact) : error.partial,
        exchange,
      });
    }
  }

  return { call };
}

export type Transport = ReturnType<typeof createTransport>;

function redactPartial(p: PartialReply, redact: Redactor): PartialReply {
  return redactDeep(p, redact);
}

/** A few words on why an attempt failed, for "retrying, attempt 2 of 3 (HTTP 503)". */
function retryReason(info: AppError): string {
  if (info.status !== undefined) return `HTTP ${info.status}`;
  switch (info.kind) {
    case 'timeout-headers':
      return 'no response in time';
    case 'timeout-idle':
      return 'the stream went silent';
    case 'connection':
      return 'could not connect';
    default:
      return info.kind;
  }
}
