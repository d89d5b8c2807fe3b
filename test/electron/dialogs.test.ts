import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fake } from './fake-electron.ts';
import { createSaveImages, safeFileName } from '../../electron/desktop/dialogs.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

let dir: string;
let source: string;
beforeEach(async () => {
  fake.reset();
  dir = await mkdtemp(path.join(os.tmpdir(), 'quartet-save-'));
  source = path.join(dir, 'source.png');
  await writeFile(source, 'png bytes');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const saveImages = () => createSaveImages(() => null);

describe('saving images', () => {
  it('asks for a file name for one image and copies it there', async () => {
    const target = path.join(dir, 'chosen.png');
    fake.dialog.saveAnswers.push({ canceled: false, filePath: target });
    const result = await saveImages()([{ path: source, suggestedName: 'cat.png', mime: 'image/png' }]);
    expect(result).toEqual({ kind: 'saved', paths: [target] });
    expect(await readFile(target, 'utf8')).toBe('png bytes');
    expect(fake.dialog.shown[0]).toMatchObject({ kind: 'save', options: { defaultPath: 'cat.png' } });
  });

  it('asks for a folder for several, never overwriting', async () => {
    const folder = path.join(dir, 'out');
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    await writeFile(path.join(folder, 'a.png'), 'existing');
    fake.dialog.openAnswers.push({ canceled: false, filePaths: [folder] });
    const result = await saveImages()([
      { path: source, suggestedName: 'a.png', mime: 'image/png' },
      { path: source, suggestedName: '../../escape.png', mime: 'image/png' },
    ]);
    expect(result).toEqual({
      kind: 'saved',
      paths: [path.join(folder, 'a (2).png'), path.join(folder, 'escape.png')],
    });
    expect((await readdir(folder)).sort()).toEqual(['a (2).png', 'a.png', 'escape.png']);
    expect(await readFile(path.join(folder, 'a.png'), 'utf8')).toBe('existing');
    expect(fake.dialog.shown[0]).toMatchObject({
      kind: 'open',
      options: { properties: ['openDirectory', 'createDirectory'] },
    });
  });

  it('reports a cancelled dialog', async () => {
    expect(await saveImages()([{ path: source, suggestedName: 'a.png', mime: 'image/png' }])).toEqual({
      kind: 'cancelled',
    });
    expect(
      await saveImages()([
        { path: source, suggestedName: 'a.png', mime: 'image/png' },
        { path: source, suggestedName: 'b.png', mime: 'image/png' },
      ]),
    ).toEqual({ kind: 'cancelled' });
  });

  it('makes suggested names safe file names', () => {
    expect(safeFileName('..\\..\\win.png')).toBe('win.png');
    expect(safeFileName('a:b*c?.png')).toBe('a_b_c_.png');
    expect(safeFileName('.bashrc')).toBe('bashrc');
    expect(safeFileName('')).toBe('image');
  });
});
