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
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
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
