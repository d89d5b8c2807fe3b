import { createInterface } from 'node:readline';
import { MAX_MESSAGE_CHARS } from '../../shared/limits.ts';
import { UsageError } from './args.ts';
/** What a command may touch of the process, so commands stay testable and never reach for globals. */
export interface OutStream {
  write(text: string): void;
  readonly isTTY: boolean;
}

export interface CliIO {
  stdout: OutStream;
  stderr: OutStream;
  env: Readonly<Record<string, string | undefined>>;
  readStdin(): Promise<string>;
  /**
   * Asks on the terminal and resolves to the line typed (null at end of input). Absent when standard input
   * is not a terminal: nobody is there to answer, so a command must not wait for one.
   */
  question?: (prompt: string, signal: AbortSignal) => Promise<string | null>;
  /** Calls `handler` on SIGINT/SIGTERM until the returned function is called. */
  onSignal(handler: (signal: NodeJS.Signals) => void): () => void;
}

/** Standard input held more than a message may (10 MB, as in the app). */
export class StdinTooLarge extends UsageError {
  constructor() {
    super(
      `standard input holds more than ${MAX_MESSAGE_CHARS.toLocaleString('en')} characters, the most a message may have (as in the app)`,
    );
  }
}

export function processIO(): CliIO {
  const wrap = (s: NodeJS.WriteStream): OutStream => ({
    write: (text) => {
      s.write(text);
    },
    get isTTY() {
      return s.isTTY === true;
    },
  });
  return {
    stdout: wrap(process.stdout),
    stderr: wrap(process.stderr),
    env: process.env,
    async readStdin() {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of process.stdin) {
        size += (chunk as Buffer).length;
        // Stop reading at once: a prompt piped from a runaway command must not fill the memory.
        if (size > MAX_MESSAGE_CHARS * 4) throw new StdinTooLarge();
        chunks.push(chunk as Buffer);
      }
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.length > MAX_MESSAGE_CHARS) throw new StdinTooLarge();
      return text;
    },
    ...(process.stdin.isTTY ? { question: terminalQuestion } : {}),
    onSignal(handler) {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
      };
    },
  };
}

/** One question on the terminal; Ctrl+C while it waits is the same signal as anywhere else. */
function terminalQuestion(prompt: string, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    let answered = false;
    const done = (line: string | null) => {
      answered = true;
      rl.close();
      resolve(line);
    };
    // readline takes Ctrl+C for itself: hand it on to the process's handlers, which stop the command
    rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
    rl.on('close', () => {
      if (!answered) resolve(null);
    });
    signal.addEventListener(
      'abort',
      () => {
        answered = true;
        rl.close();
        reject(signal.reason);
      },
      { once: true },
    );
    rl.question(prompt, (line) => done(line));
  });
}
