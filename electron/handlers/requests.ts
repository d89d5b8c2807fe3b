import { invalid } from './errors.ts';

/** Running requests by the renderer's request id, so abortRequest can stop them and close() can stop all. */
export interface RequestRegistry {
  /** registers a request; refuses an id that is already running */
  start(requestId: string): AbortSignal;
  finish(requestId: string): void;
  /** true when a running request was stopped */
  abort(requestId: string): boolean;
  abortAll(): void;
  /**
   * Runs `fn` once no request has been running for QUIET_MS: background work (the search index) that
   * would otherwise share the loop with a stream the user waits for
   */
  whenQuiet(fn: () => void): void;
}

/** How long the host has had no request running before its background work starts. */
export const QUIET_MS = 1000;

export function createRequestRegistry(quietMs = QUIET_MS): RequestRegistry {
  const running = new Map<string, AbortController>();
  const waiting: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  // one waiting function per task, for as long as no request starts
  const drain = () => {
    timer = undefined;
    if (running.size > 0) return;
    waiting.shift()?.();
    if (waiting.length > 0) timer = setTimeout(drain, 0).unref();
  };
  // (re)starts the quiet period: a request that starts or ends pushes the background work back
  const armQuiet = () => {
    clearTimeout(timer);
    timer = running.size === 0 && waiting.length > 0 ? setTimeout(drain, quietMs).unref() : undefined;
  };
  return {
    start(requestId) {
      if (running.has(requestId)) throw invalid('A request with this id is already running.', 'requestId');
      const controller = new AbortController();
      running.set(requestId, controller);
      armQuiet();
      return controller.signal;
    },
    finish(requestId) {
      running.delete(requestId);
      armQuiet();
    },
    whenQuiet(fn) {
      waiting.push(fn);
      armQuiet();
    },
    abort(requestId) {
      const controller = running.get(requestId);
      if (!controller || controller.signal.aborted) return false;
      controller.abort();
      return true;
    },
    abortAll() {
      for (const controller of running.values()) controller.abort();
    },
  };
}

/** Runs `work` as registered request `requestId`, always unregistering it. */
export async function runRequest<T>(
  registry: RequestRegistry,
  requestId: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const signal = registry.start(requestId);
  try {
    return await work(signal);
  } finally {
    registry.finish(requestId);
  }
}
