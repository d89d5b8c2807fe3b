// Drawing and encoding a 2K or 4K picture (up to 16.7 million pixels) is seconds of work: done in one go it
// would hold the simulator's event loop, and every other request (a model list, another stream) would wait
// for it. Such work goes over the rows in bands of about SLICE_PIXELS pixels and gives the loop a turn
// between two bands.

/** Pixels one band covers: a 512x512 picture's worth, a few milliseconds of drawing. */
export const SLICE_PIXELS = 512 * 512;

/** One turn of the event loop: requests that arrived meanwhile are read and answered. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Calls `band(from, to)` over rows 0..height in bands of about SLICE_PIXELS pixels, yielding between two.
 * Returns how many bands it took.
 */
export async function overRows(
  width: number,
  height: number,
  band: (from: number, to: number) => void,
): Promise<number> {
  const rows = Math.max(1, Math.floor(SLICE_PIXELS / Math.max(1, width)));
  let bands = 0;
  for (let from = 0; from < height; from += rows) {
    if (bands > 0) await yieldToLoop();
    band(from, Math.min(height, from + rows));
    bands += 1;
  }
  return bands;
}
