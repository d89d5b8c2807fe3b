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
