import { invalid } from './errors.ts';

/** Running requests by the renderer's request id, so abortRequest can stop them and close() can stop all. */
export interface RequestRegistry {
  /** registers a request; refuses an id that is already running */
  start(requestId: string): AbortSignal;
  finish(requestId: string): void;
  /** true when a running request was stopped */
  abort(requestId: string): boolean;
  abortAll(): void;
}

export function createRequestRegistry(): RequestRegistry {
  const running = new Map<string, AbortController>();
  return {
    start(requestId) {
      if (running.has(requestId)) throw invalid('A request with this id is already running.', 'requestId');
      const controller = new AbortController();
      running.set(requestId, controller);
      return controller.signal;
    },
    finish(requestId) {
      running.delete(requestId);
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
