/**
 * The parts of a reply drawn by large libraries, as the Markdown renderer meets them: math (KaTeX) and
 * diagrams (Mermaid). Their components live in chunks of their own with their library, loaded the first
 * time a reply needs them, so the first screen's bundle carries only these stand-ins: the source as
 * written, shown until the chunk is there and kept if it cannot be fetched.
 */
import type { ReactNode } from 'react';
import { lazyModule, useLazyModule } from './lazy.ts';
import type { MathProps } from './Math.tsx';

const mathChunk = lazyModule(() => import('./Math.tsx'));
const diagramChunk = lazyModule(() => import('./Diagram.tsx'));

/** Starts loading KaTeX (a text holds math), so it is usually there by the time the math is shown. */
export function prefetchMath(): void {
  void mathChunk.load().catch(() => {});
}

/** Starts loading Mermaid (a streamed reply opened a ```mermaid fence). */
export function prefetchDiagram(): void {
  void diagramChunk
    .load()
    .then((m) => m.mermaidModule.load())
    .catch(() => {});
}

export function MathInline(props: MathProps) {
  const chunk = useLazyModule(mathChunk);
  if (chunk.module) return <chunk.module.MathInline {...props} />;
  return (
    <span className="md-math md-math-source" data-testid="math-source">
      {props.raw}
    </span>
  );
}

export function MathBlock(props: { tex: string }) {
  const chunk = useLazyModule(mathChunk);
  if (chunk.module) return <chunk.module.MathBlock tex={props.tex} />;
  return (
    <div className="md-math-block md-math-source" data-testid="math-source">
      <code>{props.tex.trim()}</code>
    </div>
  );
}

/** A ```mermaid fence; `fallback` (the fence as a code block) until the diagram's chunk is there. */
export function Diagram(props: { source: string; fallback: ReactNode }) {
  const chunk = useLazyModule(diagramChunk);
  if (chunk.module) return <chunk.module.Diagram source={props.source} />;
  return props.fallback;
}
