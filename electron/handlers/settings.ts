import { SettingsSchema, type Settings } from '../../shared/contract.ts';
import type { Handlers } from './dispatch.ts';
import type { Services } from './services.ts';
import { DEFAULT_SETTINGS } from '../../shared/default-settings.ts';

type SettingKey = keyof Settings;
const SETTING_KEYS = Object.keys(SettingsSchema.shape) as SettingKey[];

/** Defaults, overridden by each stored value that still fits the schema (a stale one is ignored). */
export function readSettings(s: Services): Settings {
  const stored = s.store.settings.all();
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    const parsed = SettingsSchema.shape[key].safeParse(stored.get(key));
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return SettingsSchema.parse(out);
}

export function settingsHandlers(s: Services): Pick<Handlers, 'getSettings' | 'updateSettings'> {
  return {
    async getSettings() {
      return readSettings(s);
    },

    /**
     * Merges the given settings over the current ones. `tabs` merges per tab, so two tabs saving their
     * memory at once do not overwrite each other. The page saves where the user is (session.ts) while a
     * reply may stream, so the write's sync runs off the event loop (store.durable).
     */
    async updateSettings(patch) {
      return s.store.durable(() => {
        const current = readSettings(s);
        const next: Record<string, unknown> = { ...current };
        for (const key of SETTING_KEYS) {
          const value = patch[key];
          if (value === undefined) continue;
          next[key] = key === 'tabs' ? { ...current.tabs, ...(value as Settings['tabs']) } : value;
        }
        const merged = SettingsSchema.parse(next);
        for (const key of SETTING_KEYS) {
          if (patch[key] !== undefined) s.store.settings.set(key, merged[key]);
        }
        return merged;
      });
    },
  };
}
