import { constants } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { dialog, type BrowserWindow } from 'electron';
import type { SaveResult } from '../../shared/contract.ts';

/** One image the app core asks to save: its file on disk, a name to suggest, its type. */
export interface FileToSave {
  path: string;
  suggestedName: string;
  mime: string;
}

/**
 * The desktop app's `saveImages` dependency: a native save dialog for one image, a folder picker for
 * several. Files are copied (never moved); in a folder, existing files are never overwritten: a
 * " (2)" suffix is added instead.
 */
export function createSaveImages(getWindow: () => BrowserWindow | null) {
  return async (files: FileToSave[]): Promise<SaveResult> => {
    const win = getWindow();
    const [first] = files;
    if (!first) return { kind: 'cancelled' };
    if (files.length === 1) {
      const options: Electron.SaveDialogOptions = {
        title: 'Save image',
        defaultPath: safeFileName(first.suggestedName),
        filters: filtersFor(first.mime),
      };
      const choice = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return { kind: 'cancelled' };
      await copyFile(first.path, choice.filePath);
      return { kind: 'saved', paths: [choice.filePath] };
    }
    const options: Electron.OpenDialogOptions = {
      title: `Choose a folder for ${files.length} images`,
      buttonLabel: 'Save here',
      properties: ['openDirectory', 'createDirectory'],
    };
    const choice = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    const folder = choice.filePaths[0];
    if (choice.canceled || !folder) return { kind: 'cancelled' };
    const paths: string[] = [];
    for (const file of files)
      paths.push(await copyWithoutOverwriting(file.path, folder, safeFileName(file.suggestedName)));
    return { kind: 'saved', paths };
  };
}

/** A bare file name that is valid on every desktop OS; the core suggests it, but it is still checked. */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[<>:"/\\|?*\u0000-\u001f]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 200)
    .trim();
  return cleaned || 'image';
}

async function copyWithoutOverwriting(source: string, folder: string, name: string): Promise<string> {
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 1; n < 1000; n++) {
    const target = path.join(folder, n === 1 ? name : `${stem} (${n})${ext}`);
    try {
      await copyFile(source, target, constants.COPYFILE_EXCL);
      return target;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error(`Too many files named like ${name} in ${folder}.`);
}

function filtersFor(mime: string): Electron.FileFilter[] {
  const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }[mime];
  return ext ? [{ name: `${ext.toUpperCase()} image`, extensions: [ext] }] : [];
}
