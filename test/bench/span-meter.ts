// What a child process of the stream-wait benchmark measures of itself over a span, over the fork IPC
// channel:  <- { t: 'begin' } -> { t: 'begun' }   <- { t: 'end' } -> { t: 'span', ...SpanFigures }
// Used by the host's child (host-child.ts) and by an idle child (idle-child.ts) that shows what the
// machine alone does to an event loop in the same span.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface SpanFigures {
  t: 'span';
  /** longest event-loop delay in the span by perf_hooks.monitorEventLoopDelay (1 ms resolution) */
  loopDelayMs: number;
  /** the most main-thread CPU the process used between two turns of a 1 ms timer chain: its longest task */
  taskMs: number;
  /** the process's CPU (user + system) over the span */
  cpuMs: number;
}

/** Answers begin/end over IPC with this process's figures; `onClose` runs when asked to close. */
export function serveSpans(onClose: () => void): void {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let span: { cpu: NodeJS.CpuUsage; on: boolean; taskMs: number } | null = null;

  /** The longest task: main-thread CPU between two turns of a timer that asks for every ms. */
  function chain(s: NonNullable<typeof span>): void {
    let lastCpu = process.threadCpuUsage();
    const tick = () => {
      const cpu = process.threadCpuUsage(lastCpu);
      s.taskMs = Math.max(s.taskMs, (cpu.user + cpu.system) / 1000);
      lastCpu = process.threadCpuUsage();
      if (s.on) setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
  }

  process.on('message', (m: { t: string }) => {
    if (m.t === 'begin') {
      histogram.reset();
      histogram.enable();
      span = { cpu: process.cpuUsage(), on: true, taskMs: 0 };
      chain(span);
      process.send!({ t: 'begun' });
    } else if (m.t === 'end' && span) {
      histogram.disable();
      span.on = false;
      const used = process.cpuUsage(span.cpu);
      const figures: SpanFigures = {
        t: 'span',
        loopDelayMs: histogram.max / 1e6,
        taskMs: span.taskMs,
        cpuMs: (used.user + used.system) / 1000,
      };
      span = null;
      process.send!(figures);
    } else if (m.t === 'close') {
      onClose();
    }
  });
}
