// Image files the CLI saves (`quartet image`, the images of a `quartet ask` reply): a short name from the
// prompt and the time, never over an existing file.
import { access } from 'node:fs/promises';
import { join } from 'node:path';

export const IMAGE_EXTENSIONS: Record<string, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** A file extension for an image format or type (`img` for one the CLI has no name for). */
export function imageExtension(formatOrType: string): string {
  return IMAGE_EXTENSIONS[formatOrType] ?? 'img';
}

/** A short file-name-safe form of the prompt. */
export function slug(prompt: string): string {
  const s = prompt
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return s || 'image';
}

export function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** A path in `dir` that no file has yet. */
export async function freePath(dir: string, base: string, ext: string): Promise<string> {
  for (let i = 0; ; i++) {
    const path = join(dir, `${base}${i === 0 ? '' : `-${i + 1}`}.${ext}`);
    if (!(await exists(path))) return path;
  }
}
