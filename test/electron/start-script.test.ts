// `npm start` without a network (issue 27): one line saying the desktop runtime could not be downloaded and
// that `npm run web` runs the same app, instead of Electron's stack trace. Electron is never started and
// nothing is downloaded: the download is a fake.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { NO_RUNTIME, desktopRuntimeProblem, electronPackageDir } from '../../scripts/check-electron.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** An electron package folder as npm leaves it before the first launch: no path.txt, no dist/. */
async function freshElectronPackage(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quartet-electron-'));
  dirs.push(dir);
  await writeFile(join(dir, 'package.json'), '{"name":"electron"}');
  return dir;
}

async function placeBinary(dir: string): Promise<void> {
  await mkdir(join(dir, 'dist'), { recursive: true });
  await writeFile(join(dir, 'dist', 'electron'), '');
  await writeFile(join(dir, 'path.txt'), 'electron');
}

it('says in one line that the runtime could not be downloaded and that npm run web works, when offline', async () => {
  const dir = await freshElectronPackage();
  const said: string[] = [];
  let downloads = 0;
  const problem = desktopRuntimeProblem(dir, {
    env: {},
    fetch: () => (downloads++, false), // no network
    say: (line) => said.push(line),
  });
  expect(downloads).toBe(1);
  expect(problem).toBe(NO_RUNTIME);
  expect(problem).not.toContain('\n');
  expect(problem).toMatch(/could not be downloaded/);
  expect(problem).toContain('`npm run web`');
  expect(said).toEqual(['Quartet: downloading the desktop runtime (Electron) once...']);
  expect(desktopRuntimeProblem(undefined)).toBe(NO_RUNTIME); // not installed at all
});

it('lets Electron start when the binary is there, or once the download put it there', async () => {
  const present = await freshElectronPackage();
  await placeBinary(present);
  expect(
    desktopRuntimeProblem(present, { env: {}, fetch: () => expect.fail('no download needed') }),
  ).toBeNull();

  const missing = await freshElectronPackage();
  let downloads = 0;
  const problem = desktopRuntimeProblem(missing, {
    env: {},
    fetch: (dir) => {
      downloads++;
      mkdirSync(join(dir, 'dist'));
      writeFileSync(join(dir, 'dist', 'electron'), '');
      writeFileSync(join(dir, 'path.txt'), 'electron');
      return true;
    },
  });
  expect(downloads).toBe(1);
  expect(problem).toBeNull();
});

it('runs before the build in npm start, and the real electron package is found', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(pkg.scripts['start']).toBe('node scripts/check-electron.ts && npm run build && electron .');
  expect(electronPackageDir()).toMatch(/node_modules[\\/]electron$/);
});
