import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppCore, type AppCore } from '../handlers/index.ts';
import { createWebVault } from '../vault/select.ts';
import type { Vault } from '../vault/types.ts';
import { DEFAULT_PORT } from './options.ts';
import { webSaveImages } from './save-images.ts';
import { startWebServer, type WebServer } from './server.ts';
import { compact } from '../../shared/compact.ts';

/** The built renderer, next to this source tree: <repo>/dist/renderer. */
export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

export interface WebHostOptions {
  dataDir: string;
  /** a port (0 = any free one), or null: 5170 if free, else any */
  port: number | null;
  staticDir?: string;
  /** default: the OS keyring, else a 0600 file in dataDir (createWebVault) */
  vault?: Vault;
  /** default true: offer the built-in sandbox service */
  sandbox?: boolean;
  log?: (line: string) => void;
}

export interface RunningWebHost {
  /** the one-time address to open */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly dataDir: string;
  readonly core: AppCore;
  /** stops serving, then closes the app core (running requests are aborted and stored) */
  close(): Promise<void>;
}

/** Starts the browser host: the app core on `dataDir`, then the loopback server in front of it. */
export async function launchWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  try {
    await access(path.join(staticDir, 'index.html'));
  } catch {
    throw new Error(
      `The renderer is not built (no ${path.join(staticDir, 'index.html')}). Run \`npx vite build\` first.`,
    );
  }
  const vault = options.vault ?? (await createWebVault(options.dataDir));
  const core = await createAppCore(
    compact({
      dataDir: options.dataDir,
      vault,
      host: 'web',
      version: await packageVersion(),
      saveImages: webSaveImages,
      sandbox: options.sandbox,
      log: options.log,
    }),
  );
  let server: WebServer;
  try {
    server = await listen(options.port, (port) =>
      startWebServer(compact({ core, staticDir, port, log: options.log })),
    );
  } catch (e) {
    await core.close();
    throw e;
  }
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    origin: server.origin,
    port: server.port,
    dataDir: options.dataDir,
    core,
    close() {
      closing ??= server.close().finally(() => core.close());
      return closing;
    },
  };
}

/** An explicit port is used or fails; no port means the usual one if it is free, else any free one. */
async function listen(port: number | null, start: (port: number) => Promise<WebServer>): Promise<WebServer> {
  if (port !== null) {
    try {
      return await start(port);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(
          `Port ${port} is already in use. Pick another with --port, or --port 0 for any free one.`,
          { cause: e },
        );
      }
      throw e;
    }
  }
  try {
    return await start(DEFAULT_PORT);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    return start(0);
  }
}

async function packageVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
