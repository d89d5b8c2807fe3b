// Pacing: how fast a simulator answers (time to first token, tokens per second, jitter) and how often it
// fails (refused, rate-limited, timed out, broken stream), so tests and demos can shape a service's pace.
// Deterministic: the n-th paced request of a simulator draws from a generator seeded by (seed, n).
import { isRecord } from '../../shared/wire.ts';
import type { Fault, SimPace, SimPaceError } from './types.ts';

export const PACE_ERRORS: readonly SimPaceError[] = ['refused', 'rate-limited', 'timeout', 'broken'];

/** Longest first-token wait a pace may ask for (a test's timeout must still outlast it). */
export const MAX_PACE_FIRST_MS = 60_000;
/** Fastest pace: above it the gaps between events round to nothing on a timer anyway. */
export const MAX_PACE_TPS = 10_000;

/** What one paced request waits, or the failure it answers with instead. */
export interface PacePlan {
  /** before the first stream event (a non-streamed reply: before the body) */
  firstMs: number;
  /** before each later stream event: 1000 / tokensPerSecond, with the jitter drawn per event */
  gapMs(): number;
  /** the failure this request takes, as a fault, when the error rate picked it */
  fault: Fault | undefined;
}

/** mulberry32: small, fast and plenty for spreading waits; the same seed gives the same draws. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fault each kind of paced failure is: the shapes real services and proxies fail with. */
function faultOf(kind: SimPaceError): Fault {
  switch (kind) {
    case 'refused':
      return { kind: 'status', status: 403, message: 'The simulator refused this request (paced error).' };
    case 'rate-limited':
      return {
        kind: 'status',
        status: 429,
        retryAfter: '1',
        shouldRetry: false,
        message: 'Rate limit reached (paced error).',
      };
    case 'timeout':
      return { kind: 'stall', afterEvents: 0 };
    case 'broken':
      return { kind: 'reset', afterEvents: 2 };
  }
}

/** Plans the pace of one request: the `index`-th the simulator paced. */
export function planPace(pace: SimPace, index: number): PacePlan {
  const random = generator(Math.imul((pace.seed ?? 1) ^ 0x9e3779b9, 0x85ebca6b) + index * 0x27d4eb2d);
  const jitter = Math.min(1, Math.max(0, pace.jitter ?? 0));
  const spread = (ms: number): number => Math.max(0, ms * (1 + jitter * (2 * random() - 1)));
  const errorRoll = random();
  const kinds = pace.errorKinds && pace.errorKinds.length > 0 ? pace.errorKinds : PACE_ERRORS;
  const kind = kinds[Math.floor(random() * kinds.length)] ?? 'refused';
  const fault = errorRoll < (pace.errorRate ?? 0) ? faultOf(kind) : undefined;
  const tps = pace.tokensPerSecond;
  const gap = tps === undefined || tps <= 0 ? 0 : 1000 / tps;
  return { firstMs: spread(pace.firstTokenMs ?? 0), gapMs: () => (gap === 0 ? 0 : spread(gap)), fault };
}

const inRange = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** Checks a pace that arrived as JSON (the control path, `quartet simulate`): the pace, or why not. */
export function parsePace(value: unknown): SimPace | string {
  if (!isRecord(value)) return 'a pace must be a JSON object';
  const known = ['firstTokenMs', 'tokensPerSecond', 'jitter', 'errorRate', 'errorKinds', 'seed'];
  for (const name of Object.keys(value)) if (!known.includes(name)) return `unknown pace field ${name}`;
  const { firstTokenMs, tokensPerSecond, jitter, errorRate, errorKinds, seed } = value;
  if (firstTokenMs !== undefined && !inRange(firstTokenMs, 0, MAX_PACE_FIRST_MS))
    return `firstTokenMs must be a number of milliseconds from 0 to ${MAX_PACE_FIRST_MS}`;
  if (tokensPerSecond !== undefined && !inRange(tokensPerSecond, 0.1, MAX_PACE_TPS))
    return `tokensPerSecond must be a number from 0.1 to ${MAX_PACE_TPS}`;
  if (jitter !== undefined && !inRange(jitter, 0, 1)) return 'jitter must be a number from 0 to 1';
  if (errorRate !== undefined && !inRange(errorRate, 0, 1)) return 'errorRate must be a number from 0 to 1';
  if (seed !== undefined && !(Number.isSafeInteger(seed) && (seed as number) >= 0))
    return 'seed must be a whole number from 0';
  if (errorKinds !== undefined) {
    if (!Array.isArray(errorKinds) || errorKinds.some((k) => !PACE_ERRORS.includes(k as SimPaceError)))
      return `errorKinds must be a list of ${PACE_ERRORS.join(', ')}`;
  }
  return value as SimPace;
}

/** The paced interfaces: the four text formats (a model list or an image answers at once). */
export const PACED = new Set(['chat', 'responses', 'messages', 'generate']);
