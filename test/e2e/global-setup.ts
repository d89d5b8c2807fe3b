import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * Builds the renderer once for every end-to-end test, with the project's own vite config, into
 * dist/renderer (what the browser host serves).
 */
export default async function setup(): Promise<void> {
  // Vitest sets NODE_ENV=test, and vite builds for the NODE_ENV it finds: React's development build,
  // several times slower than what users run (`npm run web`, `npm start`). The tests drive the real thing.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
      logLevel: 'warn',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
}
