import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_EXECUTABLE, CHROMIUM_ARGS } from './chromium.ts';

/**
 * Builds the renderer once for every end-to-end test, with the project's own vite config, into
 * dist/renderer (what the browser host serves), and starts one Chromium for the whole run: a launch costs
 * a second or two, paid once instead of once per file. Each test still gets a browser context of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await build({
    configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
  });
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    args: CHROMIUM_ARGS,
    host: '127.0.0.1',
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
