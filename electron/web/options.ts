import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** The browser host's settings from its command line and environment. */
export interface WebHostSettings {
  /** an explicit port (0 = any free port), or null for "5170, else any free port" */
  port: number | null;
  dataDir: string;
  help: boolean;
}

export const DEFAULT_PORT = 5170;

export const USAGE = `Usage: npm run web -- [--port N] [--data-dir DIR]

Serves Quartet to your browser on 127.0.0.1 and prints a one-time address to open.
  --port N          listen on port N (default: ${DEFAULT_PORT}, or any free port if it is taken)
  --data-dir DIR    where conversations, images and keys live
                    (default: $QUARTET_DATA_DIR, else $XDG_DATA_HOME/quartet, else ~/.local/share/quartet)
`;

/** Parses argv (without node and script) and env; throws an Error with a message for the user. */
export function parseWebHostArgs(argv: string[], env: NodeJS.ProcessEnv): WebHostSettings {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  let port: number | null = null;
  if (values.port !== undefined) {
    if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535) {
      throw new Error(`--port must be a number from 0 to 65535, not "${values.port}".`);
    }
    port = Number(values.port);
  }
  return { port, dataDir: defaultDataDir(values['data-dir'], env), help: values.help === true };
}

export function defaultDataDir(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag) return path.resolve(flag);
  if (env.QUARTET_DATA_DIR) return path.resolve(env.QUARTET_DATA_DIR);
  const xdg = env.XDG_DATA_HOME;
  // XDG says a relative XDG_DATA_HOME is invalid and must be ignored.
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'quartet');
  return path.join(env.HOME || os.homedir(), '.local', 'share', 'quartet');
}
