import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { StoreRuntime } from './runtime.ts';
import type { OperationInput } from '../../shared/contract.ts';
import type { LabMeasure, LabRecord, LabSummary } from '../../shared/speedlab.ts';
import { downloadText } from '../components/download.ts';
import { t } from '../i18n/active.ts';

/** The lab running now: its runs as they finish, and how many it holds. */
export interface LiveLab {
  requestId: string;
  rows: LabRecord['rows'];
  plan: LabRecord['plan'];
  runs: LabMeasure[];
  of: number;
}

export type LabStartInput = Omit<OperationInput<'runSpeedLab'>, 'requestId'>;

export interface SpeedLabSlice {
  /** saved lab runs, newest first; null until loaded */
  labRuns: LabSummary[] | null;
  /** the saved run on screen (the last one made, or one opened from the list) */
  labShown: LabRecord | null;
  /** a saved run shown beside it for the same rows, by id */
  labCompareId: string | null;
  labCompared: LabRecord | null;
  labLive: LiveLab | null;
  labError: string | null;
  loadLabRuns(): Promise<void>;
  runLab(input: LabStartInput): Promise<void>;
  stopLab(): Promise<void>;
  openLab(id: string): Promise<void>;
  compareLab(id: string | null): Promise<void>;
  renameLab(id: string, name: string): Promise<boolean>;
  deleteLab(id: string): Promise<void>;
  exportLab(id: string, as: 'csv' | 'json'): Promise<void>;
  /** a run's `labRun` event */
  labRunArrived(requestId: string, measure: LabMeasure, of: number): void;
}

export const createSpeedLabSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], SpeedLabSlice> =>
  (set, get) => ({
    labRuns: null,
    labShown: null,
    labCompareId: null,
    labCompared: null,
    labLive: null,
    labError: null,

    async loadLabRuns() {
      const r = await rt.bridge().listSpeedLabs({});
      if (r.ok) set({ labRuns: r.value });
      else set({ labRuns: [], labError: r.error.message });
    },

    async runLab(input) {
      if (get().labLive) return;
      const requestId = `lab-${crypto.randomUUID()}`;
      set({
        labLive: {
          requestId,
          rows: input.rows.map((row) => ({
            ...row,
            connectionName: get().connections.find((c) => c.id === row.connectionId)?.name ?? '',
          })),
          plan: { ...input, timeoutMs: input.timeoutMs ?? 30_000 },
          runs: [],
          of: input.rows.length * input.runs,
        },
        labError: null,
        labCompareId: null,
        labCompared: null,
      });
      const r = await rt.bridge().runSpeedLab({ ...input, requestId });
      if (r.ok) {
        set({ labLive: null, labShown: r.value });
        await get().loadLabRuns();
      } else {
        set({ labLive: null, labError: r.error.message });
      }
    },

    async stopLab() {
      const live = get().labLive;
      if (live) await rt.bridge().abortRequest({ requestId: live.requestId });
    },

    async openLab(id) {
      const r = await rt.bridge().getSpeedLab({ id });
      if (r.ok) set({ labShown: r.value, labCompareId: null, labCompared: null, labError: null });
      else set({ labError: r.error.message });
    },

    async compareLab(id) {
      if (id === null) {
        set({ labCompareId: null, labCompared: null });
        return;
      }
      const r = await rt.bridge().getSpeedLab({ id });
      if (r.ok) set({ labCompareId: id, labCompared: r.value });
      else set({ labError: r.error.message });
    },

    async renameLab(id, name) {
      const r = await rt.bridge().renameSpeedLab({ id, name });
      if (!r.ok) {
        get().notify(r.error.message, 'error');
        return false;
      }
      set((s) => ({
        labRuns: s.labRuns?.map((l) => (l.id === id ? r.value : l)) ?? null,
        labShown: s.labShown?.id === id ? { ...s.labShown, name: r.value.name } : s.labShown,
      }));
      return true;
    },

    async deleteLab(id) {
      const r = await rt.bridge().deleteSpeedLab({ id });
      if (!r.ok) {
        get().notify(r.error.message, 'error');
        return;
      }
      set((s) => ({
        labRuns: s.labRuns?.filter((l) => l.id !== id) ?? null,
        labShown: s.labShown?.id === id ? null : s.labShown,
        ...(s.labCompareId === id ? { labCompareId: null, labCompared: null } : {}),
      }));
    },

    async exportLab(id, as) {
      const r = await rt.bridge().exportSpeedLab({ id, as });
      if (!r.ok) {
        get().notify(t('notices.export.failed', { message: r.error.message }), 'error');
        return;
      }
      downloadText(r.value.filename, r.value.mime, r.value.content);
      get().notify(t('notices.export.done', { file: r.value.filename }), 'success');
    },

    labRunArrived(requestId, measure, of) {
      set((s) =>
        s.labLive?.requestId === requestId
          ? { labLive: { ...s.labLive, runs: [...s.labLive.runs, measure], of } }
          : {},
      );
    },
  });
