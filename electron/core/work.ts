/**
 * Work the host does for each reply, counted rather than timed, so a test on a busy machine can hold every
 * pass over a reply or its record to linear growth (a quadratic pass once made long replies minutes slow).
 * Plain counters: adding to them costs nothing next to the work they count.
 */
export const hostWork = {
  /** characters a redaction pass read (each scan of a text for a form of a key counts its length) */
  redactChars: 0,
  /** characters of stream events the exchange record took in */
  recordChars: 0,
  /** characters written to the database for a reply still streaming (crash safety) */
  partialWriteChars: 0,
};

export type HostWork = typeof hostWork;

export function resetHostWork(): void {
  hostWork.redactChars = 0;
  hostWork.recordChars = 0;
  hostWork.partialWriteChars = 0;
}
