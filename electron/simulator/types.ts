// Public types of the simulator. Other folders code against these: change them only additively.

/** A key group's interface families (spec §5: the group type fits the interface family). */
export type SimFamily = 'bearer' | 'messages' | 'generate';

/** The interfaces the simulator serves; also the names faults and quirk paths use. */
export type SimInterface = 'models' | 'chat' | 'responses' | 'images' | 'messages' | 'generate';

export interface SimKeyGroup {
  key: string;
  families: Array<SimFamily>;
}

/** Deliberate deviations from the spec, for testing a conformance checker. All off by default. */
export interface SimQuirks {
  /** Dotted path, first segment the interface, e.g. 'chat.service_tier' or 'generate.modelVersion'. */
  omitField: string | null;
  /** chat completions answer with object 'chat.completions' instead of 'chat.completion'. */
  wrongObjectConstant: boolean;
  /** Serve /v1/v1/... and /v1beta/v1beta/... instead of answering 404. */
  acceptDoubledPath: boolean;
  /** Still issue thought signatures but never check them on replay. */
  ignoreSignatures: boolean;
  /** Never issue thought signatures. */
  noSignatures: boolean;
  /** Images report a size that differs from the real pixels. */
  misreportImageSize: boolean;
  /** Accept messages requests without anthropic-version or max_tokens. */
  lenientMessages: boolean;
  /** usage totals differ from input + output. */
  usageMismatch: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path with query string. */
  path: string;
  /** Lowercased names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: string;
  /** Date.now() when the body had been read. */
  at: number;
}

export interface FaultMatch {
  interface?: SimInterface;
  stream?: boolean;
  /** only a request whose body holds this text (a probe among requests to one interface) */
  bodyIncludes?: string;
}

export type FaultAction =
  | {
      kind: 'status';
      status: number;
      retryAfter?: string;
      retryAfterMs?: number;
      shouldRetry?: boolean;
      message?: string;
    }
  | { kind: 'html'; status: number }
  | { kind: 'text'; status: number; body: string }
  | { kind: 'slowHeaders'; ms: number }
  | { kind: 'slowStream'; ms: number }
  | { kind: 'stall'; afterEvents: number }
  | { kind: 'reset'; afterEvents: number }
  | { kind: 'truncate'; afterEvents: number }
  | { kind: 'badJson'; afterEvents: number }
  | { kind: 'errorEvent'; afterEvents: number }
  | { kind: 'bigBody'; bytes: number }
  | { kind: 'imageBadBase64' }
  | { kind: 'imageNotAnImage' }
  | { kind: 'imageCutBody' };

export type FaultKind = FaultAction['kind'];

/** A fault applies to the next `times` (default 1) requests that match `match` (default: any). */
export type Fault = { match?: FaultMatch; times?: number } & FaultAction;

export interface FaultController {
  /** Queue a fault. A request takes at most one fault: the first queued one that matches. */
  add(fault: Fault): void;
  clear(): void;
  /** How many fault applications are still queued (the sum of the remaining `times`). */
  pending(): number;
}

/** A paced failure: 403, 429 with retry-after, a stream that goes silent, a connection cut mid-stream. */
export type SimPaceError = 'refused' | 'rate-limited' | 'timeout' | 'broken';

/**
 * How fast the text formats answer, and how often they fail (README "Pace"). Every field is optional:
 * none is the simulator's usual pace (at once). A queued fault wins over the pace.
 */
export interface SimPace {
  /** wait before the first stream event, in ms */
  firstTokenMs?: number;
  /** stream events (one token each) after the first come this fast */
  tokensPerSecond?: number;
  /** 0..1: each wait is drawn within ± this fraction of itself */
  jitter?: number;
  /** 0..1: the share of requests that fail, each with one of errorKinds (default all four) */
  errorRate?: number;
  errorKinds?: SimPaceError[];
  /** the same seed gives the same waits and failures, request by request (default 1) */
  seed?: number;
}

export interface SimulatorOptions {
  /** how fast the text formats answer and how often they fail (default: at once, never) */
  pace?: SimPace;
  /** Default 0: a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default DEFAULT_SIM_KEYS. */
  keys?: SimKeyGroup[];
  quirks?: Partial<SimQuirks>;
  /** Default true: image sizes other than the supported ones are adjusted, as the spec warns. */
  imageSizeAdjust?: boolean;
  /**
   * Key of the thought-signature HMAC. Default: random per start. A sandbox that keeps it across
   * restarts accepts the signatures it issued before, so stored conversations can go on.
   */
  signatureSecret?: Uint8Array;
  /**
   * Default true: the `/__sim/` control routes (faults, recorded prompts, quirks) for tests and
   * `quartet simulate`. The app's sandbox guards them with a secret (sent as the `x-quartet-sim-control`
   * header) that only its own process knows: open, any local process could read the prompts or inject
   * faults through them.
   */
  controlRoutes?: boolean | { secret: string };
}

export interface RunningSimulator {
  /** 'http://127.0.0.1:PORT', the bare host: clients append /v1 or /v1beta. */
  baseUrl: string;
  port: number;
  faults: FaultController;
  /** Every service request received (control paths under /__sim/ excluded), oldest first, capped. */
  requests: RecordedRequest[];
  setQuirks(q: Partial<SimQuirks>): void;
  /** Replaces the pace (null: back to answering at once); the draws start again from the seed. */
  setPace(pace: SimPace | null): void;
  /** Closes the server and destroys open sockets, so a stalled stream never keeps a test alive. */
  close(): Promise<void>;
}
