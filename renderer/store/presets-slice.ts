import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import { defaultParams } from '../../shared/conversation.ts';
import { FORMAT_LABELS, type TextFormat } from '../../shared/formats.ts';
import {
  fillPreset,
  type PresetInput,
  type SavedPreset,
  type SkippedPreset,
  type UnreadablePreset,
} from '../../shared/presets.ts';
import { downloadText } from '../components/download.ts';
import { missingVariablesText, presetProblemText } from '../i18n/preset-problem-text.ts';
import { t } from '../i18n/active.ts';
import { draftKey, perFormat } from './chat-helpers.ts';
import type { StoreRuntime } from './runtime.ts';

export type SavePresetOutcome =
  { ok: true; preset: SavedPreset } | { ok: false; message: string; field?: string | undefined };

export type ImportPresetsOutcome =
  { ok: true; imported: SavedPreset[]; skipped: SkippedPreset[] } | { ok: false; message: string };

/** Saved presets (system prompt, parameters, first message with `{{variables}}`) and applying them. */
export interface PresetsSlice {
  /** by name */
  presets: SavedPreset[];
  /** stored presets this release cannot read (a newer one saved them); kept, only listed */
  presetsUnreadable: UnreadablePreset[];
  presetsStatus: 'idle' | 'loading' | 'ready' | 'error';
  presetsError: string | null;
  /**
   * Counts the presets applied to a tab's new conversation: the parameters form is keyed by it, so fields
   * that keep their own text (stop sequences, schema, extra body) start again from the preset's values.
   */
  presetRevision: Record<TextFormat, number>;
  loadPresets(): Promise<void>;
  /** Creates (no id) or replaces a preset; a refusal comes back with its message and field. */
  savePreset(input: PresetInput): Promise<SavePresetOutcome>;
  deletePreset(id: string): Promise<boolean>;
  exportPresets(): Promise<void>;
  importPresets(content: string): Promise<ImportPresetsOutcome>;
  /**
   * Starts a new conversation in the tab with the preset's parameters (variables filled in) and puts its
   * filled message in the composer, unsent. Returns why it could not (an empty variable), else null.
   */
  applyPresetToChat(format: TextFormat, presetId: string, values: Record<string, string>): string | null;
  /**
   * Gives one Compare column the preset's parameters. With "same for all" on, that goes off first and the
   * other columns keep the set they were using. The filled message goes into the prompt, unsent.
   */
  applyPresetToColumn(columnKey: string, presetId: string, values: Record<string, string>): string | null;
}

/** The key of the Compare prompt among the places a preset's message can go. */
const COMPARE_PROMPT = 'compare';

const byName = (a: SavedPreset, b: SavedPreset) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

export const createPresetsSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], PresetsSlice> =>
  (set, get) => {
    /**
     * The message a preset last put in each composer: applying another preset replaces it while the user
     * has not changed it; text the user wrote stays, after the new message.
     */
    const placed = new Map<string, string>();
    const nextDraft = (where: string, current: string, message: string): string => {
      const untouched = current.trim() === '' || placed.get(where) === current;
      const next = untouched ? message : `${message}\n\n${current}`;
      placed.set(where, next);
      return next;
    };
    const find = (id: string) => get().presets.find((p) => p.id === id);
    const upsert = (preset: SavedPreset) =>
      set((s) => ({ presets: [...s.presets.filter((p) => p.id !== preset.id), preset].sort(byName) }));

    return {
      presets: [],
      presetsUnreadable: [],
      presetsStatus: 'idle',
      presetsError: null,
      presetRevision: perFormat(() => 0),

      async loadPresets() {
        if (get().presetsStatus === 'idle' || get().presetsStatus === 'error')
          set({ presetsStatus: 'loading' });
        const r = await rt.bridge().listPresets({});
        if (r.ok) {
          set({
            presets: r.value.presets.slice().sort(byName),
            presetsUnreadable: r.value.unreadable,
            presetsStatus: 'ready',
            presetsError: null,
          });
        } else {
          set({ presetsStatus: 'error', presetsError: r.error.message });
        }
      },

      async savePreset(input) {
        const r = await rt.bridge().savePreset(input);
        if (!r.ok) {
          const issue = r.error.issues?.[0];
          // a field's own message reads better without its path in front
          return {
            ok: false,
            message: presetProblemText(issue?.message ?? r.error.message),
            field: issue?.path,
          };
        }
        upsert(r.value);
        return { ok: true, preset: r.value };
      },

      async deletePreset(id) {
        const r = await rt.bridge().deletePreset({ id });
        if (!r.ok) {
          get().notify(t('presets.notice.deleteFailed', { message: r.error.message }), 'error');
          return false;
        }
        set((s) => ({ presets: s.presets.filter((p) => p.id !== id) }));
        return true;
      },

      async exportPresets() {
        const r = await rt.bridge().exportPresets({});
        if (!r.ok) {
          get().notify(t('notices.export.failed', { message: presetProblemText(r.error.message) }), 'error');
          return;
        }
        if (r.value.savedTo !== undefined) {
          get().notify(t('presets.notice.exportedToFile', { path: r.value.savedTo }), 'success', {
            sticky: true,
          });
          return;
        }
        downloadText(r.value.filename, r.value.mime, r.value.content);
        get().notify(t('notices.export.done', { file: r.value.filename }), 'success');
      },

      async importPresets(content) {
        const r = await rt.bridge().importPresets({ content });
        if (!r.ok)
          return { ok: false, message: presetProblemText(r.error.issues?.[0]?.message ?? r.error.message) };
        for (const p of r.value.imported) upsert(p);
        const skipped = r.value.skipped.map((s) => ({ ...s, reason: presetProblemText(s.reason) }));
        return { ok: true, imported: r.value.imported, skipped };
      },

      applyPresetToChat(format, presetId, values) {
        const preset = find(presetId);
        if (!preset) return t('presets.notice.gone');
        const filled = fillPreset(preset, values);
        if (!filled.ok) return missingVariablesText(filled.missing);
        void get().openConversation(format, null);
        // Parameters are shared by every format; each format's request leaves out what it has no field for.
        const params = { ...defaultParams(format), ...filled.params };
        set((s) => ({
          draftParams: { ...s.draftParams, [format]: params },
          invalidParams: { ...s.invalidParams, [format]: {} },
          presetRevision: { ...s.presetRevision, [format]: s.presetRevision[format] + 1 },
        }));
        if (filled.message !== undefined) {
          const key = draftKey(format, null);
          get().setDraft(key, nextDraft(key, get().drafts[key] ?? '', filled.message));
        }
        get().notify(
          t('presets.notice.appliedChat', { name: preset.name, format: FORMAT_LABELS[format] }),
          'success',
        );
        return null;
      },

      applyPresetToColumn(columnKey, presetId, values) {
        const preset = find(presetId);
        if (!preset) return t('presets.notice.gone');
        const index = get().compareColumns.findIndex((c) => c.key === columnKey);
        const col = get().compareColumns[index];
        if (!col) return t('presets.notice.columnGone');
        if (col.run) return t('presets.notice.columnBusy');
        const filled = fillPreset(preset, values);
        if (!filled.ok) return missingVariablesText(filled.missing);
        // An open editor keeps its own text in some fields: it closes, and shows the new set when reopened.
        if (get().compareParamsOpen !== null) get().setCompareParamsOpen(null);
        const wasShared = get().compareSameParams;
        // Off first: every column starts from the shared set, so only this one changes.
        if (wasShared) get().setCompareSameParams(false);
        get().setCompareParams(columnKey, filled.params);
        if (filled.message !== undefined) {
          get().setComparePrompt(nextDraft(COMPARE_PROMPT, get().comparePrompt, filled.message));
        }
        const applied = t('presets.notice.appliedColumn', {
          name: preset.name,
          n: index + 1,
          format: FORMAT_LABELS[col.format],
        });
        get().notify(wasShared ? t('presets.notice.sameOff', { applied }) : applied, 'success');
        return null;
      },
    };
  };
