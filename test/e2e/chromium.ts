/** How the end-to-end tests start Debian's Chromium: one place for global-setup.ts and harness.ts. */

export const CHROMIUM_EXECUTABLE = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's one Chromium, which each test file connects to (launchChromium in harness.ts) */
    chromiumEndpoint: string;
  }
}
