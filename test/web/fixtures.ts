import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for dist/renderer with the traps the static handlers must refuse: a secret next to the
 * folder, a symlink pointing at it, a dotfile. Plus two image files for the media routes.
 */
export interface RendererFixture {
  root: string;
  rendererDir: string;
  pngPath: string;
  webpPath: string;
  cleanup(): Promise<void>;
}

export const INDEX_HTML =
  '<!doctype html><html><head><title>Quartet</title></head><body><div id="root"></div></body></html>';
export const APP_JS = 'console.log("quartet");';
export const SECRET = 'the secret outside the renderer folder';
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

export async function createRendererFixture(): Promise<RendererFixture> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'quartet-static-'));
  const rendererDir = path.join(root, 'renderer');
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
  await writeFile(path.join(rendererDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), APP_JS);
  await writeFile(path.join(rendererDir, '.hidden'), 'dotfile');
  await writeFile(path.join(root, 'secret.txt'), SECRET);
  await symlink(path.join(root, 'secret.txt'), path.join(rendererDir, 'link.txt'));
  const pngPath = path.join(root, 'image.png');
  const webpPath = path.join(root, 'thumb.webp');
  await writeFile(pngPath, PNG_BYTES);
  await writeFile(webpPath, Buffer.from('RIFF0000WEBPVP8 ', 'latin1'));
  return { root, rendererDir, pngPath, webpPath, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Request targets that try to leave the folder, raw and percent-encoded. */
export const TRAVERSALS = [
  '/../secret.txt',
  '/assets/../../secret.txt',
  '/%2e%2e/secret.txt',
  '/%2E%2E/%2e%2e/etc/passwd',
  '/assets/..%2f..%2fsecret.txt',
  '/..%5csecret.txt',
  '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
  '/%00index.html',
  '/link.txt',
  '/.hidden',
];
