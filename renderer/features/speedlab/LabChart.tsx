// One chart of the lab drawn by Observable Plot (loaded with this section's chunk), redrawn when its
// data or width changes. The figure carries its name and a sentence saying how to read it.
import * as Plot from '@observablehq/plot';
import { useEffect } from 'react';
import { useElementWidth } from '../../components/useSize.ts';

export interface LabChartProps {
  title: string;
  description: string;
  testId: string;
  /** builds Plot's options for a width in pixels */
  options(width: number): Plot.PlotOptions;
}

export function LabChart({ title, description, testId, options }: LabChartProps) {
  const [box, measured] = useElementWidth<HTMLDivElement>();
  const width = Math.max(280, Math.floor(measured || 640));
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = Plot.plot({
      ...options(width),
      width,
      style: { background: 'transparent', color: 'currentColor' },
    });
    chart.setAttribute('aria-hidden', 'true');
    el.replaceChildren(chart);
    return () => chart.remove();
  }, [box, options, width]);
  return (
    <figure className="lab-chart" data-testid={testId}>
      <figcaption>
        <span className="lab-chart-title">{title}</span>
        <span className="lab-chart-help">{description}</span>
      </figcaption>
      <div ref={box} className="lab-chart-plot" />
    </figure>
  );
}
