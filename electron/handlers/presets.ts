// Presets: saved system prompts with parameters, kept one row each (the body is JSON that shared/presets.ts
// reads and writes). Import checks each preset on its own, so one bad preset never costs the others.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileStamp } from '../../shared/file-stamp.ts';
import {
  parsePresetsFile,
  presetBody,
  presetFromRow,
  toPresetsFile,
  type SavedPreset,
  type UnreadablePreset,
} from '../../shared/presets.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, notFound } from './errors.ts';
import { INLINE_EXPORT_MAX_CHARS } from './export-file.ts';
import type { Services } from './services.ts';

type PresetOps = 'listPresets' | 'savePreset' | 'deletePreset' | 'exportPresets' | 'importPresets';

/** Every stored preset, read: the ones this release understands, and the others with why. */
function readAll(s: Services): { presets: SavedPreset[]; unreadable: UnreadablePreset[] } {
  const presets: SavedPreset[] = [];
  const unreadable: UnreadablePreset[] = [];
  for (const row of s.store.presets.list()) {
    const read = presetFromRow(row);
    if (read.ok) presets.push(read.preset);
    else unreadable.push({ id: row.id, name: row.name, reason: read.reason });
  }
  return { presets, unreadable };
}

const fold = (name: string) => name.toLocaleLowerCase('en');

export function presetHandlers(s: Services): Pick<Handlers, PresetOps> {
  return {
    async listPresets() {
      return readAll(s);
    },

    async savePreset({ id, name, description, params, message }) {
      const body = presetBody({ description, params, message });
      const now = s.now();
      return s.store.transaction(() => {
        const existing = id !== undefined ? s.store.presets.get(id) : undefined;
        if (id !== undefined && !existing) throw notFound('This preset no longer exists.');
        // Same rule as an import's clashes: names are compared without case.
        const clash = s.store.presets.list().find((p) => p.id !== id && fold(p.name) === fold(name));
        if (clash) {
          throw invalid(`There is already a preset named “${clash.name}”. Choose another name.`, 'name');
        }
        const target = existing?.id ?? randomUUID();
        if (existing) s.store.presets.update(target, { name, body, updatedAt: now });
        else s.store.presets.insert({ id: target, name, body, createdAt: now, updatedAt: now });
        const row = s.store.presets.get(target);
        const read = row ? presetFromRow(row) : undefined;
        if (!read?.ok) throw new Error('a preset just saved does not read back');
        return read.preset;
      });
    },

    async deletePreset({ id }) {
      return { deleted: s.store.presets.delete(id) };
    },

    async exportPresets({ ids }) {
      const wanted = ids === undefined ? undefined : new Set(ids);
      const presets = readAll(s).presets.filter((p) => wanted === undefined || wanted.has(p.id));
      if (presets.length === 0) throw invalid('There are no presets to export.');
      const filename = `quartet-presets-${fileStamp(s.now())}.json`;
      const mime = 'application/json';
      const content = `${JSON.stringify(toPresetsFile(presets), null, 2)}\n`;
      if (content.length <= INLINE_EXPORT_MAX_CHARS) return { filename, mime, content };
      // too large for one message to the page: written into the data folder, as conversation exports are
      const dir = join(s.paths.dataDir, 'exports');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const savedTo = join(dir, filename);
      await writeFile(savedTo, content, { flag: 'wx', mode: 0o600 });
      return { filename, mime, content: '', savedTo };
    },

    async importPresets({ content }) {
      const now = s.now();
      return s.store.transaction(() => {
        const parsed = parsePresetsFile(
          content,
          s.store.presets.list().map((p) => p.name),
        );
        if (!parsed.ok) throw invalid(parsed.message, 'content');
        const imported: SavedPreset[] = parsed.presets.map((entry) => {
          const id = randomUUID();
          s.store.presets.insert({
            id,
            name: entry.name,
            body: presetBody(entry),
            createdAt: now,
            updatedAt: now,
          });
          return { ...entry, id, createdAt: now, updatedAt: now };
        });
        return { imported, skipped: parsed.skipped };
      });
    },
  };
}
