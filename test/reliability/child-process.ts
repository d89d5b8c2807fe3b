// Shared by the tests that run the app in a child process and kill it.
import type { Readable } from 'node:stream';
import { createAppCore, type AppCore } from '../../electron/handlers/index.ts';
import { createMemoryVault } from '../../electron/vault/index.ts';

/** Calls `onReport` with each whole line the child prints, split into its first word and the rest. */
export function onReports(stdout: Readable, onReport: (what: string, value: string) => void): void {
  let buffered = '';
  stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const space = line.indexOf(' ');
      onReport(space < 0 ? line : line.slice(0, space), space < 0 ? '' : line.slice(space + 1));
    }
  });
}

/** An app core on `dataDir` as the browser host opens one, without the sandbox and with a silent log. */
export function openQuietCore(dataDir: string): Promise<AppCore> {
  return createAppCore({
    dataDir,
    vault: createMemoryVault(),
    host: 'web',
    version: 't',
    sandbox: false,
    log: () => undefined,
  });
}
