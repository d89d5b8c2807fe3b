/**
 * How big a diagram is, counted before Mermaid sees it. Mermaid lays a diagram out in one go on the page's
 * thread: a flowchart of 400 edges took over a second, and 30 of them in one reply kept the page busy for
 * 53 s. A diagram past these sizes shows its source with a "Draw anyway" button instead of being drawn
 * by itself.
 */
export const DIAGRAM_AUTO_MAX = { lines: 150, links: 150, chars: 15_000 } as const;

/** Arrows and links of the common diagram kinds: -->, ---, ==>, -.->, ->>, ~~~, --x, o--o. */
const LINK = /[-=.~]{2,}[>xo]?|->>?/g;

export interface DiagramSize {
  lines: number;
  links: number;
  chars: number;
}

/** The diagram's lines, links and characters, in one pass over its source. */
export function diagramSize(source: string): DiagramSize {
  let lines = 0;
  for (const line of source.split('\n')) if (line.trim() !== '') lines += 1;
  return { lines, links: source.match(LINK)?.length ?? 0, chars: source.length };
}

/** Whether a diagram is small enough to be drawn without asking. */
export function drawsByItself(size: DiagramSize): boolean {
  return (
    size.lines <= DIAGRAM_AUTO_MAX.lines &&
    size.links <= DIAGRAM_AUTO_MAX.links &&
    size.chars <= DIAGRAM_AUTO_MAX.chars
  );
}
