#!/usr/bin/env node
// `npm start` runs this first: Electron fetches its binary on first launch, and without a network its own
// error is a stack trace ending in "Electron failed to install correctly". This says in one line what
// happened and what works without it. It never starts Electron.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const NO_RUNTIME =
  'Quartet: the desktop runtime (Electron) could not be downloaded (are you offline?). `npm run web` runs the same app in your browser; `npm start` tries the download again.';

/** The folder of the installed `electron` package, or undefined when it is not installed. */
export function electronPackageDir(from: string = import.meta.url): string | undefined {
  try {
    return dirname(createRequire(from).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/** Whether the Electron binary is in place, as the electron package itself looks for it. */
export function hasElectronBinary(dir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const pathFile = join(dir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : '';
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    return existsSync(join(env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron'));
  }
  return executable !== '' && existsSync(join(dir, 'dist', executable));
}

/** Runs the electron package's own download (install.js), quietly; true when it succeeded. */
function download(dir: string): boolean {
  const result = spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore' });
  return result.status === 0;
}

/**
 * Null when Electron can start; else the one line to print. Downloads the binary when it is missing
 * (what Electron's first launch would do), through `fetch` so a test never goes to the network.
 */
export function desktopRuntimeProblem(
  dir: string | undefined,
  options: { env?: NodeJS.ProcessEnv; fetch?: (dir: string) => boolean; say?: (line: string) => void } = {},
): string | null {
  if (dir === undefined) return NO_RUNTIME;
  const env = options.env ?? process.env;
  if (hasElectronBinary(dir, env)) return null;
  options.say?.('Quartet: downloading the desktop runtime (Electron) once...');
  const fetched = (options.fetch ?? download)(dir);
  return fetched && hasElectronBinary(dir, env) ? null : NO_RUNTIME;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problem = desktopRuntimeProblem(electronPackageDir(), { say: (line) => console.log(line) });
  if (problem !== null) {
    console.error(problem);
    process.exitCode = 1;
  }
}
