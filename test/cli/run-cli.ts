import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../electron/cli/bin.ts', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `quartet` binary in a child process (same Node as the tests). The environment is built from
 * scratch so the developer's own QUARTET_* variables never leak into a test.
 */
export function runCli(
  args: string[],
  opts: { env?: Record<string, string>; stdin?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {
        PATH: process.env['PATH'] ?? '',
        // the compile cache vite.config.ts sets up: a test's own variables never include it
        ...(process.env['NODE_COMPILE_CACHE']
          ? { NODE_COMPILE_CACHE: process.env['NODE_COMPILE_CACHE'] }
          : {}),
        ...opts.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.stdin ?? '');
  });
}
