/**
 * Long work in the host gives way to the event loop at least every SLICE_MS, so timers, sockets, Stop and
 * every other stream keep their turn. A stream whose bytes are already buffered is otherwise read to its
 * end in one chain of microtasks: a 100,000-token reply held the loop for over 100 ms at a time.
 */
export const SLICE_MS = 10;

/** Returns a function to await between pieces of work: it resolves at once, or after one turn of the loop. */
export function createGiveWay(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

/**
 * One whole turn of the event loop, timers included: between two pieces of work that are each short but
 * long together. (An immediate queued by an I/O callback runs right after it, before any timer.)
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
