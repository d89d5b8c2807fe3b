import type { StoreState } from './types.ts';
import type { StoreRuntime } from './runtime.ts';
import type { Delta } from './delta-batcher.ts';

/**
 * Routes host events to the store. Streaming text is not put in the store here: each running request
 * has its handlers in the runtime (see the runs slice), which batch deltas, so a token never wakes
 * anything but the bubble it belongs to.
 */
export function startEventRouting(store: { getState(): StoreState; runtime: StoreRuntime }): () => void {
  const { runtime } = store;
  const bridge = runtime.bridge();
  const offs = [
    bridge.on('delta', (p) => {
      const d: Delta = {};
      if (p.text !== undefined) d.text = p.text;
      if (p.thought !== undefined) d.thought = p.thought;
      if (p.tool !== undefined) d.tool = p.tool;
      runtime.streams.get(p.requestId)?.onDelta(d);
    }),
    bridge.on('retry', (p) => runtime.streams.get(p.requestId)?.onRetry?.(p)),
    bridge.on('partialImage', (p) => runtime.streams.get(p.requestId)?.onPartialImage?.(p)),
    bridge.on('exchange', (p) => store.getState().exchangeRecorded(p.summary)),
    bridge.on('toolRun', (p) => store.getState().toolRunRecorded(p.summary)),
    bridge.on('check', (p) => store.getState().checkResultArrived(p.requestId, p.result)),
    bridge.on('imageProgress', (p) => store.getState().imageProgressArrived(p.requestId, p.phase)),
    bridge.on('labRun', (p) => store.getState().labRunArrived(p.requestId, p.measure, p.of)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
