import type { StoreState } from './types.ts';
import type { HostEvents } from '../../shared/contract.ts';
import { getBridge } from '../bridge/index.ts';

/**
 * Routes host events to the store. Streaming text is not put in the store here: each running request
 * registers its own handler, which batches deltas (see the chat and compare slices), so a token never
 * wakes anything but the bubble it belongs to.
 */
export interface StreamHandlers {
  onDelta(d: { text?: string; thought?: string }): void;
  /** the request failed and is being tried again */
  onRetry?(r: HostEvents['retry']): void;
}

const streams = new Map<string, StreamHandlers>();

/** Receives the `delta` events of one request until the returned function is called. */
export function registerStream(requestId: string, handlers: StreamHandlers): () => void {
  streams.set(requestId, handlers);
  return () => {
    if (streams.get(requestId) === handlers) streams.delete(requestId);
  };
}

/** Subscribes once to every host event; returns the function that unsubscribes. */
export function startEventRouting(store: { getState(): StoreState }): () => void {
  const bridge = getBridge();
  const offs = [
    bridge.on('delta', (p) => {
      const d: { text?: string; thought?: string } = {};
      if (p.text !== undefined) d.text = p.text;
      if (p.thought !== undefined) d.thought = p.thought;
      streams.get(p.requestId)?.onDelta(d);
    }),
    bridge.on('retry', (p) => streams.get(p.requestId)?.onRetry?.(p)),
    bridge.on('exchange', (p) => store.getState().exchangeRecorded(p.summary)),
    bridge.on('check', (p) => store.getState().checkResultArrived(p.requestId, p.result)),
    bridge.on('imageProgress', (p) => store.getState().imageProgressArrived(p.requestId, p.phase)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
