/** Splits a search snippet into plain and matched runs (matches are between \u0001 and \u0002). */
export function snippetRuns(snippet: string): { text: string; match: boolean }[] {
  const runs: { text: string; match: boolean }[] = [];
  let rest = snippet;
  while (rest.length > 0) {
    const start = rest.indexOf('\u0001');
    if (start === -1) {
      runs.push({ text: rest, match: false });
      break;
    }
    if (start > 0) runs.push({ text: rest.slice(0, start), match: false });
    const end = rest.indexOf('\u0002', start + 1);
    if (end === -1) {
      runs.push({ text: rest.slice(start + 1), match: true });
      break;
    }
    runs.push({ text: rest.slice(start + 1, end), match: true });
    rest = rest.slice(end + 1);
  }
  return runs.filter((r) => r.text !== '');
}
