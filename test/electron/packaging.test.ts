import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** The build and packaging configuration, checked without launching or downloading Electron. */

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

describe('electron-builder.yml', () => {
  it('is valid for electron-builder and flips the security fuses', async () => {
    const yaml = require('js-yaml') as { load(text: string): Record<string, unknown> };
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const config = yaml.load(await readFile(`${root}electron-builder.yml`, 'utf8'));
    await validateConfiguration(config, new DebugLogger(false));
    expect(config).toMatchObject({
      productName: 'Quartet',
      asar: true,
      files: expect.arrayContaining(['dist/renderer/**', 'dist-electron/**', 'package.json']),
      electronFuses: {
        runAsNode: false,
        enableCookieEncryption: true,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        enableEmbeddedAsarIntegrityValidation: true,
        onlyLoadAppFromAsar: true,
        grantFileProtocolExtraPrivileges: false,
      },
      linux: { target: ['AppImage', 'deb'] },
      mac: { target: ['dmg'] },
      win: { target: ['nsis'] },
    });
  });
});

describe('scripts/build-electron.ts', () => {
  it('bundles main and preload into single CJS files that load nothing but electron, Node built-ins and the native image library (unpacked from the archive)', async () => {
    await promisify(execFile)(process.execPath, ['scripts/build-electron.ts'], { cwd: root });
    // a require written inside a string is code ajv (the MCP client's schema checker) emits only for its
    // standalone mode, never run here: `require("ajv/dist/runtime/equal")` as text is not a load
    const requires = (code: string) => [
      ...new Set([...code.matchAll(/(?<![`'"])require\("([^"]+)"\)/g)].map((m) => m[1])),
    ];
    const preload = await readFile(`${root}dist-electron/preload.cjs`, 'utf8');
    // A sandboxed preload can require only 'electron' (and a few polyfills): everything else is inlined.
    expect(requires(preload)).toEqual(['electron']);
    const main = await readFile(`${root}dist-electron/main.cjs`, 'utf8');
    // sharp is native: it stays a package of its own, and the archive must leave it (and its binaries) unpacked
    const builder = await readFile(`${root}electron-builder.yml`, 'utf8');
    for (const id of requires(main)) {
      expect(id === 'electron' || id === 'sharp' || id?.startsWith('node:'), id).toBe(true);
    }
    expect(builder).toMatch(/asarUnpack:[\s\S]*sharp[\s\S]*@img/);
    expect(main).toContain('registerSchemesAsPrivileged');
    expect(preload).toContain('exposeInMainWorld');
  });
});
