// What a child process of the stream-wait benchmark measures of itself over a span, over the fork IPC
// channel:  <- { t: 'begin' } -> { t: 'begun' }   <- { t: 'end' } -> { t: 'span', ...SpanFigures }
// Used by the host's child (host-child.ts) and by an idle child (idle-child.ts) that shows what the
// machine alone does to an event loop in the same span.
import { openSync, readSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface SpanFigures {
  t: 'span';
  /** longest event-loop delay in the span by perf_hooks.monitorEventLoopDelay (1 ms resolution) */
  loopDelayMs: number;
  /** the most main-thread CPU the process used between two turns of a 1 ms timer chain: its longest task */
  taskMs: number;
  /** the process's CPU (user + system) over the span */
  cpuMs: number;
  /**
   * the longest gap between two turns of a 1 ms timer chain, less the time the main thread spent runnable but
   * waiting for a core (Linux's schedstat): what the process did to its own loop, on the CPU or blocked in a
   * call (a disk sync); null where the kernel does not say
   */
  ownDelayMs: number | null;
}

/**
 * The main thread's time spent waiting on a run queue, in ms, read from the same open file each time (a
 * read costs a few µs); undefined where the kernel does not say.
 */
function runQueueWait(): (() => number) | undefined {
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return undefined;
  }
  const buf = Buffer.alloc(128);
  return () => {
    const n = readSync(fd, buf, 0, buf.length, 0);
    // "<ns on the CPU> <ns waiting on a run queue> <timeslices>"
    return Number(buf.toString('latin1', 0, n).split(' ')[1]) / 1e6;
  };
}

/** Answers begin/end over IPC with this process's figures; `onClose` runs when asked to close. */
export function serveSpans(onClose: () => void): void {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const waited = runQueueWait();
  let span: { cpu: NodeJS.CpuUsage; on: boolean; taskMs: number; ownDelayMs: number } | null = null;

  /**
   * The longest task (main-thread CPU between two turns of a timer that asks for every ms) and the longest
   * gap between two turns less the time spent waiting for a core in it.
   */
  function chain(s: NonNullable<typeof span>): void {
    let lastCpu = process.threadCpuUsage();
    let lastAt = performance.now();
    let lastWait = waited?.() ?? 0;
    const tick = () => {
      const cpu = process.threadCpuUsage(lastCpu);
      s.taskMs = Math.max(s.taskMs, (cpu.user + cpu.system) / 1000);
      const at = performance.now();
      const wait = waited?.() ?? 0;
      // the timer asked for 1 ms: the delay is what the gap adds to it
      s.ownDelayMs = Math.max(s.ownDelayMs, at - lastAt - 1 - (wait - lastWait));
      lastAt = at;
      lastWait = wait;
      lastCpu = process.threadCpuUsage();
      if (s.on) setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
  }

  process.on('message', (m: { t: string }) => {
    if (m.t === 'begin') {
      histogram.reset();
      histogram.enable();
      span = { cpu: process.cpuUsage(), on: true, taskMs: 0, ownDelayMs: 0 };
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
        ownDelayMs: waited ? span.ownDelayMs : null,
      };
      span = null;
      process.send!(figures);
    } else if (m.t === 'close') {
      onClose();
    }
  });
}
