import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * Builds the renderer once for every end-to-end test, with the project's own vite config, into
 * dist/renderer (what the browser host serves).
 */
export default async function setup(): Promise<void> {
  await build({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
  });
}
