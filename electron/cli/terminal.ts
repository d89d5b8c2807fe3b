import type { CliIO } from './io.ts';

export interface Spinner {
  stop(): void;
}

/** Output for people: every line passes the key redactor; progress and dimming only on a terminal. */
export interface Terminal {
  out(text: string): void;
  err(text: string): void;
  /** thought text, dimmed when stderr is a terminal */
  dim(text: string): string;
  /** A spinner with elapsed seconds on stderr; does nothing when stderr is not a terminal. */
  spinner(label: string): Spinner;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function createTerminal(io: CliIO, redact: (text: string) => string): Terminal {
  let active: (() => void) | undefined;
  return {
    out(text) {
      active?.();
      io.stdout.write(redact(text));
    },
    err(text) {
      active?.();
      io.stderr.write(redact(text));
    },
    dim(text) {
      return io.stderr.isTTY ? `\x1b[2m${text}\x1b[22m` : text;
    },
    spinner(label) {
      if (!io.stderr.isTTY) return { stop() {} };
      const started = performance.now();
      let frame = 0;
      const draw = () => {
        const secs = ((performance.now() - started) / 1000).toFixed(1);
        io.stderr.write(`\r${FRAMES[frame++ % FRAMES.length] ?? ''} ${label} ${secs}s`);
      };
      draw();
      const timer = setInterval(draw, 100);
      timer.unref();
      const stop = () => {
        clearInterval(timer);
        io.stderr.write('\r\x1b[K');
        active = undefined;
      };
      active = stop;
      return { stop: () => active === stop && stop() };
    },
  };
}
