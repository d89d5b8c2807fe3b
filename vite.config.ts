import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests start Node many times (the quartet CLI, crash and lock children, build scripts), and each start
// strips and compiles the same TypeScript again. Node's compile cache (keyed by content) keeps that work
// between starts; the variable is inherited by the test workers and every child they spawn.
process.env['NODE_COMPILE_CACHE'] ??= path.join(os.tmpdir(), 'quartet-node-compile-cache');

// Vitest's default is one worker fewer than the cores: one worker on a two-core machine, which then sits
// idle while a test waits on a child process, a socket or a timer. With two workers a full run on two cores
// kept them 49% busy (user + system time over wall time): one more worker than cores fills the waits and
// took the unit tests from 466 to 326 s.
const UNIT_WORKERS = os.availableParallelism() + 1;

// A unit test file runs in a worker that ran other files before it (isolate: false): starting a fresh worker
// and its imports for each of 200 files took about a fifth of the unit run. Files that replace a module
// (vi.mock, vi.doMock) or a global (vi.stubGlobal, vi.stubEnv), and those with a DOM of their own (focus
// and listeners would carry over to the next file's page), are found here by what they say and run each in
// a worker of its own.
const UNIT_INCLUDE = 'test/**/*.test.{ts,tsx}';
const UNIT_EXCLUDE = ['test/e2e/**', 'node_modules/**'];
const NEEDS_ISOLATION = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(|@vitest-environment/;
// Only a test run reads the test files: building or serving the app loads this file too.
const ISOLATED_UNIT_FILES = process.env['VITEST']
  ? fs
      .globSync(UNIT_INCLUDE, { exclude: UNIT_EXCLUDE })
      .filter((file) => NEEDS_ISOLATION.test(fs.readFileSync(file, 'utf8')))
  : [];
// What the two unit projects share; they differ in their files and in isolation.
const UNIT_TEST = {
  root: '.',
  environment: 'node',
  setupFiles: 'test/support/dom-waits.ts',
  testTimeout: 20_000,
  maxWorkers: UNIT_WORKERS,
};

// One file configures the renderer build and every test project.
export default defineConfig({
  root: 'renderer',
  base: './',
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2023',
    chunkSizeWarningLimit: 800,
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: {
          ...UNIT_TEST,
          name: 'unit',
          include: [UNIT_INCLUDE],
          exclude: [...UNIT_EXCLUDE, ...ISOLATED_UNIT_FILES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...UNIT_TEST, name: 'unit-isolated', include: ISOLATED_UNIT_FILES },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits for what the page shows after an event (a debounced search, a decode on the
          // host); vitest's 1 s default is shorter than such a wait beside busy neighbours on two cores. A
          // poll that is already true returns at once, so a generous limit costs a passing test nothing.
          expect: { poll: { timeout: 15_000 } },
          // Two files at once: each test has its own host (port 0), data folder and browser context. Here
          // the browser keeps both cores busy: a third file made every file 53% slower and the whole no
          // shorter (682 s against 650). After the unit tests (groupOrder), so the two projects never share
          // a worker limit.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
