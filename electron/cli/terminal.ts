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

/**
 * Control characters a service could use to drive the user's terminal (ANSI and OSC escapes, including
 * OSC 52 clipboard writes, carriage returns that overwrite lines): removed from everything printed, except
 * newline, tab, and the two dimming sequences this terminal itself adds. One linear pass.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /\x1b\[(?:2|22)m|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function stripControl(text: string): string {
  return text.replace(CONTROL, (m) => (m.length > 1 ? m : ''));
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function createTerminal(io: CliIO, redact: (text: string) => string): Terminal {
  let active: (() => void) | undefined;
  return {
    out(text) {
      active?.();
      io.stdout.write(stripControl(redact(text)));
    },
    err(text) {
      active?.();
      io.stderr.write(stripControl(redact(text)));
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
