// The date and time in a file name the user saves (a check report, an image): local, and sorting as text.

/** `YYYY-MM-DD-HHMM` in this machine's time zone. */
export function fileStamp(ts: number): string {
  const d = new Date(ts);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
}
