import type { ErrorKind } from '../../../shared/errors.ts';

/**
 * The retry policy of the official client libraries: at most `maxRetries` retries, on connection errors,
 * timeouts, 408, 409, 429 and 5xx; `retry-after-ms`, then `retry-after` (seconds or HTTP date); otherwise
 * exponential backoff with jitter. `x-should-retry` overrides the status rule. Nothing is retried once
 * output has reached the user.
 */
export interface RetryPolicy {
  maxRetries: number;
  baseMs: number;
  maxMs: number;
  /** 0..1, injectable for tests */
  random?: () => number;
}

export interface FailureFacts {
  kind: ErrorKind;
  status?: number;
  headers?: Headers;
}

/** A server-requested wait above this is ignored in favour of the backoff (as the official clients do). */
const MAX_HONOURED_RETRY_AFTER_MS = 60_000;

/** The wait the server asked for, in ms, or undefined when it asked for none (or something unreadable). */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const n = Number(ms);
    if (Number.isFinite(n) && n >= 0) return n;
  }
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(after);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Exponential backoff for the n-th retry (1-based), capped, reduced by up to 25% of jitter. */
export function backoffMs(retry: number, policy: RetryPolicy): number {
  const base = Math.min(policy.baseMs * 2 ** (retry - 1), policy.maxMs);
  const jitter = 1 - (policy.random ?? Math.random)() * 0.25;
  return Math.round(base * jitter);
}

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/**
 * Whether attempt number `attempts` (1-based, just failed) is followed by another one, and after what wait.
 */
export function decideRetry(
  failure: FailureFacts,
  attempts: number,
  policy: RetryPolicy,
  outputStarted: boolean,
  now: number = Date.now(),
): RetryDecision {
  if (outputStarted || attempts > policy.maxRetries) return { retry: false };
  let retryable: boolean;
  switch (failure.kind) {
    case 'connection':
    case 'timeout-headers':
    case 'timeout-idle':
      retryable = true;
      break;
    case 'http':
      retryable = failure.status !== undefined && isRetryableStatus(failure.status);
      break;
    default:
      return { retry: false };
  }
  const override = failure.headers?.get('x-should-retry');
  if (override === 'true') retryable = true;
  if (override === 'false') retryable = false;
  if (!retryable) return { retry: false };
  const asked = failure.headers ? parseRetryAfter(failure.headers, now) : undefined;
  const delayMs =
    asked !== undefined && asked <= MAX_HONOURED_RETRY_AFTER_MS ? asked : backoffMs(attempts, policy);
  return { retry: true, delayMs };
}
