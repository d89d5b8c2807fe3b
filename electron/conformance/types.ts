// Types of the conformance checker: its options, its report, and the context every check group receives.
import type { CheckResult, CheckStatus } from '../../shared/contract.ts';
import type { KeyFamily, KeySlot } from '../../shared/formats.ts';
import type { Redactor } from '../core/index.ts';
import type { Exchange } from '../../shared/exchange.ts';
import type { CheckHints, CheckSurface } from './hints.ts';

export type { CheckResult, CheckStatus };

export interface ConformanceModels {
  chat?: string | undefined;
  /** Falls back to `chat` (the command line names one model for both). */
  responses?: string | undefined;
  messages?: string | undefined;
  generate?: string | undefined;
  image?: string | undefined;
}

export interface ConformanceOptions {
  /** Any form a user pastes: `https://host`, `https://host/v1`, `https://host/prefix/v1beta/` ... */
  baseUrl: string;
  /** A default key plus optional per-family keys (a family's own key wins over the default). */
  keys: Partial<Record<KeySlot, string>>;
  /** Models to use; the rest are picked from the model list. */
  models?: ConformanceModels | undefined;
  /** Also generate one small image (it costs one). */
  images?: boolean | undefined;
  /**
   * Also send each text format one request whose user turn carries a 2x2 PNG, and report (as info) whether
   * the service took it: the spec is silent on input images. Costs one more small request per format.
   */
  attachments?: boolean | undefined;
  /**
   * Also make each text format call a function and send its result back (two small requests each), and
   * report (as info) how the round trip went: the spec is silent on tools.
   */
  tools?: boolean | undefined;
  /** Who runs the check, so a skipped check points to that surface's controls. Default 'cli'. */
  surface?: CheckSurface | undefined;
  /** Injectable for tests; defaults to the global fetch. */
  fetch?: typeof fetch | undefined;
  /** Per probe (a stream: per wait for the next bytes). Default 30 s; image generation gets four times that. */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called with each result as soon as it is known, in report order. */
  onResult?: ((r: CheckResult) => void) | undefined;
  /** Called with the redacted record of every probe; results then carry the id of the probe behind them. */
  onExchange?: ((x: Exchange) => void) | undefined;
}

export interface ConformanceReport {
  /** The base address as given (it never carries a key: such addresses are refused). */
  baseUrl: string;
  /** The root every final address is derived from ('' when the base address was refused). */
  root: string;
  startedAt: number;
  durationMs: number;
  results: CheckResult[];
  summary: Record<CheckStatus, number>;
  /** Why most checks could not run (a refused key), when one cause explains it; leads the summary. */
  cause?: string | undefined;
}

/** The model ids each family's key may use, as listed by the service; undefined when not fetched. */
export type ModelLists = Partial<Record<KeyFamily, string[]>>;

/** What every check group receives. */
export interface Ctx {
  root: string;
  fetch: typeof fetch;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  /** The key of each family (its own slot, else the default), trimmed; undefined when none. */
  keys: Record<KeyFamily, string | undefined>;
  models: ConformanceModels;
  images: boolean;
  /** send the image-input probe of each text format */
  attachments: boolean;
  /** send the tool-call round trip of each text format */
  tools: boolean;
  hints: CheckHints;
  /** The families whose key the model list refused (401/403), with the answer; filled by the model-list group. */
  refused: Partial<Record<KeyFamily, string>>;
  redact: Redactor;
  /** Filled in by the model-list group. */
  lists: ModelLists;
  report(result: CheckResult): void;
  /** Hands a probe's record out; its id goes on the results reported after it. */
  recordExchange(x: Exchange): void;
  /** Whether probes should be recorded at all. */
  recording: boolean;
}
