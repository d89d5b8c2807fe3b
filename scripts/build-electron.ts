import { build, type BuildOptions } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * Bundles the Electron entry points (npm run build:electron). Both become single CommonJS files in
 * dist-electron/: the preload because a sandboxed preload cannot load modules (only `electron` and a few
 * polyfills are available to its require), the main process so the packaged app needs no TypeScript and
 * no node_modules beyond what is bundled. `electron` itself is provided by the runtime; `sharp` (image
 * decoding and fitting) loads a native library at run time, so it stays a package of its own
 * (electron-builder.yml ships it unpacked from the asar).
 */

const root = fileURLToPath(new URL('..', import.meta.url));

const common: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron', 'sharp'],
  sourcemap: 'linked',
  logLevel: 'info',
  legalComments: 'none',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['electron/main.ts'],
    outfile: 'dist-electron/main.cjs',
    // Modules written as ESM may read import.meta.url; in the CJS bundle it is the bundle's own URL.
    banner: { js: "const __quartetImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { 'import.meta.url': '__quartetImportMetaUrl' },
  }),
  build({
    ...common,
    // Reads an import file off the main process's event loop (electron/handlers/import-parse.ts finds it
    // beside the bundle).
    entryPoints: ['electron/handlers/import-worker.ts'],
    outfile: 'dist-electron/import-worker.cjs',
  }),
  build({
    ...common,
    // Answers searches off the main process's event loop (electron/store/search-off-loop.ts finds it
    // beside the bundle).
    entryPoints: ['electron/store/search-worker.ts'],
    outfile: 'dist-electron/search-worker.cjs',
  }),
  build({
    ...common,
    entryPoints: ['electron/preload.ts'],
    outfile: 'dist-electron/preload.cjs',
    // It runs on every page load and carries zod (through the contract): keep it small.
    minify: true,
  }),
]);
