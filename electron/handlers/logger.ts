import { createRedactor } from '../core/index.ts';

/** Log lines pass through a redactor of every key this process has handled, so no key reaches a log. */
export interface Logger {
  error(message: string, error?: unknown): void;
  /** what the host did that a user may want to trace (a tool server started, a tool called) */
  info(message: string): void;
  /** remembers a key so later log lines hide it */
  remember(secret: string): void;
}

export function createLogger(sink: (line: string) => void = (line) => console.error(line)): Logger {
  const secrets = new Set<string>();
  let redact = createRedactor([]);
  return {
    error(message, error) {
      const detail =
        error instanceof Error ? (error.stack ?? error.message) : error === undefined ? '' : String(error);
      sink(redact(`[quartet] ${message}${detail ? `\n${detail}` : ''}`));
    },
    info(message) {
      sink(redact(`[quartet] ${message}`));
    },
    remember(secret) {
      if (secret === '' || secrets.has(secret)) return;
      secrets.add(secret);
      redact = createRedactor(secrets);
    },
  };
}
