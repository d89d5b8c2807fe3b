import { readFileSync } from 'node:fs';

/** The package's version, as `quartet --version` says it and the tool servers are told. */
export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? 'unknown';
}
