import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { CheckResult, ConnectionInfo, KeySlotStatus, Settings } from '../../shared/contract.ts';
import type { AppError, Result } from '../../shared/errors.ts';
import {
  KEY_FAMILIES,
  KEY_SLOTS,
  TEXT_FORMATS,
  type KeySlot,
  type TextFormat,
} from '../../shared/formats.ts';
import { selectTabModel } from './chat-helpers.ts';
import { selectImageForm } from './images-slice.ts';
import { compact } from '../../shared/compact.ts';
import type { StoreRuntime } from './runtime.ts';
import { t } from '../i18n/active.ts';

/** The outcome of "Test" on one key slot. */
export interface KeyTestState {
  running: boolean;
  ok?: boolean;
  message?: string;
}

/** The connection check: live results as `check` events arrive, then the final list and report. */
export interface CheckState {
  requestId: string | null;
  /** the connection the results were taken with; they are shown for it alone */
  connectionId: string | null;
  /** why most checks could not run (a refused key), when one cause explains it */
  cause: string | null;
  running: boolean;
  results: CheckResult[];
  markdown: string | null;
  error: AppError | null;
  finishedAt: number | null;
}

export interface SettingsSlice {
  settings: Settings | null;
  settingsError: AppError | null;
  loadSettings(): Promise<void>;
  /** Applies the patch locally at once (the theme switches immediately), then persists it. */
  updateSettings(patch: Partial<Settings>): Promise<boolean>;

  connections: ConnectionInfo[];
  activeConnectionId: string | null;
  connectionsError: AppError | null;
  loadConnections(): Promise<void>;
  /** Creates (no id) or edits a connection; returns the error for the form to show inline. */
  saveConnection(input: { id?: string; name: string; baseUrl: string }): Promise<Result<ConnectionInfo>>;
  deleteConnection(id: string): Promise<AppError | null>;
  activateConnection(id: string): Promise<AppError | null>;

  /** key slot status per connection id; only the last four characters ever reach the page */
  keyStatus: Record<string, KeySlotStatus[]>;
  keyTests: Record<string, KeyTestState>;
  loadKeyStatus(connectionId: string): Promise<void>;
  setKey(connectionId: string, slot: KeySlot, key: string): Promise<AppError | null>;
  clearKey(connectionId: string, slot: KeySlot): Promise<AppError | null>;
  /** the user confirms the connection's keys for its current address (after the address moved) */
  confirmKeys(connectionId: string): Promise<AppError | null>;
  testKey(connectionId: string, slot: KeySlot): Promise<void>;

  /** each connection's last check (its own results, kept while the user checks another), by connection id */
  checks: Record<string, CheckState>;
  /**
   * Checks a connection (absent: the active one). `models` names the model to call per format (absent: the
   * model each tab has chosen, as Settings does).
   */
  runCheck(options?: {
    images?: boolean;
    attachments?: boolean;
    tools?: boolean;
    connectionId?: string;
    models?: Partial<Record<TextFormat | 'image', string>>;
  }): Promise<void>;
  stopCheck(connectionId?: string): Promise<void>;
  checkResultArrived(requestId: string, result: CheckResult): void;
}

/** Key of `keyTests`: one entry per (connection, slot). */
export function keyTestId(connectionId: string, slot: KeySlot): string {
  return `${connectionId}:${slot}`;
}

/** No check taken (or its results forgotten). */
export const IDLE_CHECK: CheckState = {
  requestId: null,
  connectionId: null,
  cause: null,
  running: false,
  results: [],
  markdown: null,
  error: null,
  finishedAt: null,
};

/** A connection's check state (idle when it was never checked, or its results were forgotten). */
export function selectCheck(s: Pick<StoreState, 'checks'>, connectionId: string | null): CheckState {
  return (connectionId !== null ? s.checks[connectionId] : undefined) ?? IDLE_CHECK;
}

/** What a connection's status dot says of its last check. */
export type CheckVerdict = 'unchecked' | 'running' | 'ok' | 'failed';

/** ok: every check passed or only warned; failed: one failed, a cause explained most, or it could not run. */
export function checkVerdict(check: CheckState): CheckVerdict {
  if (check.running) return 'running';
  if (check.finishedAt === null) return 'unchecked';
  if (check.error !== null || check.cause !== null || check.results.some((r) => r.status === 'fail')) {
    return 'failed';
  }
  return 'ok';
}

function upsertResult(list: CheckResult[], result: CheckResult): CheckResult[] {
  const i = list.findIndex((r) => r.id === result.id);
  if (i === -1) return [...list, result];
  const next = list.slice();
  next[i] = result;
  return next;
}

/** The model each tab would use now: the check calls what the user would. */
function chosenModels(s: StoreState): Partial<Record<TextFormat | 'image', string>> {
  const models: Partial<Record<TextFormat | 'image', string>> = {};
  for (const format of TEXT_FORMATS) {
    const model = selectTabModel(s, format).trim();
    if (model !== '') models[format] = model;
  }
  const image = selectImageForm(s).model.trim();
  if (image !== '') models.image = image;
  return models;
}

export const createSettingsSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], SettingsSlice> =>
  (set, get) => {
    /** Results belong to the connection, address and keys they were taken with: a change forgets them. */
    const forgetCheckOf = (connectionId: string) => {
      const check = get().checks[connectionId];
      if (!check) return;
      if (check.running && check.requestId) void rt.bridge().abortRequest({ requestId: check.requestId });
      set((s) => {
        const checks = { ...s.checks };
        delete checks[connectionId];
        return { checks };
      });
    };
    const putCheck = (connectionId: string, update: (c: CheckState) => CheckState) =>
      set((s) => ({ checks: { ...s.checks, [connectionId]: update(selectCheck(s, connectionId)) } }));

    /** A key of the active connection changed: model lists fetched with the old one are stale. */
    const refreshModels = (connectionId: string, slot: KeySlot) => {
      const families = slot === 'default' ? KEY_FAMILIES : [slot];
      get().forgetModelLists(connectionId, families);
      if (connectionId !== get().activeConnectionId) return;
      for (const f of families) if (get().models[f]) void get().loadModels(f, { force: true });
    };

    return {
      settings: null,
      settingsError: null,
      async loadSettings() {
        const r = await rt.bridge().getSettings({});
        if (r.ok) set({ settings: r.value, settingsError: null });
        else set({ settingsError: r.error });
      },
      async updateSettings(patch) {
        const before = get().settings;
        if (before) set({ settings: { ...before, ...patch } });
        const r = await rt.bridge().updateSettings(patch);
        if (r.ok) {
          set({ settings: r.value, settingsError: null });
          return true;
        }
        // Keep what the user chose on screen only if the host took it; otherwise go back and say why.
        set({ settings: before, settingsError: r.error });
        get().notify(t('notices.settings.notSaved', { message: r.error.message }), 'error');
        return false;
      },

      connections: [],
      activeConnectionId: null,
      connectionsError: null,
      async loadConnections() {
        const r = await rt.bridge().listConnections({});
        if (!r.ok) {
          set({ connectionsError: r.error });
          return;
        }
        set({
          connections: r.value.connections,
          activeConnectionId: r.value.activeId,
          connectionsError: null,
        });
        await Promise.all(r.value.connections.map((c) => get().loadKeyStatus(c.id)));
      },
      async saveConnection(input) {
        const r = await rt.bridge().saveConnection(input);
        if (!r.ok) return r;
        const saved = r.value;
        const before = get().connections.find((c) => c.id === saved.id);
        if (before && before.baseUrl !== saved.baseUrl) forgetCheckOf(saved.id);
        set((s) => {
          const exists = s.connections.some((c) => c.id === saved.id);
          return {
            connections: exists
              ? s.connections.map((c) => (c.id === saved.id ? saved : c))
              : [...s.connections, saved],
          };
        });
        // The address may have moved: key status can now ask for confirmation, and old test results
        // describe the old address.
        set((s) => ({
          keyTests: Object.fromEntries(
            Object.entries(s.keyTests).filter(
              ([id]) => !KEY_SLOTS.some((slot) => id === keyTestId(saved.id, slot)),
            ),
          ),
        }));
        await get().loadKeyStatus(saved.id);
        return r;
      },
      async deleteConnection(id) {
        const r = await rt.bridge().deleteConnection({ id });
        if (!r.ok) return r.error;
        forgetCheckOf(id);
        set((s) => {
          const keyStatus = { ...s.keyStatus };
          delete keyStatus[id];
          return {
            connections: s.connections.filter((c) => c.id !== id),
            activeConnectionId: r.value.activeId,
            keyStatus,
          };
        });
        return null;
      },
      async activateConnection(id) {
        const r = await rt.bridge().activateConnection({ id });
        if (!r.ok) return r.error;
        set({ activeConnectionId: r.value.id });
        return null;
      },

      keyStatus: {},
      keyTests: {},
      async loadKeyStatus(connectionId) {
        const r = await rt.bridge().getKeyStatus({ connectionId });
        if (r.ok) set((s) => ({ keyStatus: { ...s.keyStatus, [connectionId]: r.value } }));
      },
      async setKey(connectionId, slot, key) {
        const r = await rt.bridge().setKey({ connectionId, slot, key });
        if (!r.ok) return r.error;
        const status = r.value;
        set((s) => {
          const list = s.keyStatus[connectionId] ?? [];
          const next = list.some((k) => k.slot === slot)
            ? list.map((k) => (k.slot === slot ? status : k))
            : [...list, status];
          const keyTests = { ...s.keyTests };
          delete keyTests[keyTestId(connectionId, slot)];
          return { keyStatus: { ...s.keyStatus, [connectionId]: next }, keyTests };
        });
        refreshModels(connectionId, slot);
        forgetCheckOf(connectionId);
        // entering a key may have confirmed the connection's other keys for its new address
        if (get().keyStatus[connectionId]?.some((k) => k.confirmFor !== undefined)) {
          await get().loadKeyStatus(connectionId);
        }
        return null;
      },
      async confirmKeys(connectionId) {
        const r = await rt.bridge().confirmKeys({ connectionId });
        if (!r.ok) return r.error;
        set((s) => ({ keyStatus: { ...s.keyStatus, [connectionId]: r.value } }));
        forgetCheckOf(connectionId);
        return null;
      },
      async clearKey(connectionId, slot) {
        const r = await rt.bridge().clearKey({ connectionId, slot });
        if (!r.ok) return r.error;
        const status = r.value;
        set((s) => {
          const list = s.keyStatus[connectionId] ?? [];
          const keyTests = { ...s.keyTests };
          delete keyTests[keyTestId(connectionId, slot)];
          return {
            keyStatus: { ...s.keyStatus, [connectionId]: list.map((k) => (k.slot === slot ? status : k)) },
            keyTests,
          };
        });
        refreshModels(connectionId, slot);
        forgetCheckOf(connectionId);
        return null;
      },
      async testKey(connectionId, slot) {
        const id = keyTestId(connectionId, slot);
        set((s) => ({ keyTests: { ...s.keyTests, [id]: { running: true } } }));
        const r = await rt.bridge().testKey({ connectionId, slot });
        const result: KeyTestState = r.ok
          ? {
              running: false,
              ok: r.value.ok,
              message:
                r.value.modelCount !== undefined && r.value.ok
                  ? t('settings.keys.test.models', { count: r.value.modelCount })
                  : r.value.message,
            }
          : { running: false, ok: false, message: r.error.message };
        set((s) => ({ keyTests: { ...s.keyTests, [id]: result } }));
      },

      checks: {},
      async runCheck(options = {}) {
        const connectionId = options.connectionId ?? get().activeConnectionId;
        if (connectionId === null || selectCheck(get(), connectionId).running) return;
        const requestId = crypto.randomUUID();
        putCheck(connectionId, () => ({ ...IDLE_CHECK, requestId, connectionId, running: true }));
        const models = options.models ?? chosenModels(get());
        const r = await rt.bridge().checkConnection(
          compact({
            requestId,
            connectionId,
            images: options.images,
            attachments: options.attachments,
            tools: options.tools,
            models: Object.keys(models).length > 0 ? models : undefined,
          }),
        );
        // A newer run (or a reset) replaced this one: its outcome no longer matters.
        if (selectCheck(get(), connectionId).requestId !== requestId) return;
        putCheck(connectionId, (check) =>
          r.ok
            ? {
                ...check,
                running: false,
                results: r.value.results,
                markdown: r.value.markdown,
                cause: r.value.cause ?? null,
                finishedAt: Date.now(),
              }
            : { ...check, running: false, error: r.error, finishedAt: Date.now() },
        );
      },
      async stopCheck(connectionId) {
        const check = selectCheck(get(), connectionId ?? get().activeConnectionId);
        if (check.requestId && check.running) await rt.bridge().abortRequest({ requestId: check.requestId });
      },
      checkResultArrived(requestId, result) {
        const entry = Object.values(get().checks).find((c) => c.requestId === requestId);
        if (entry?.connectionId) {
          putCheck(entry.connectionId, (check) => ({
            ...check,
            results: upsertResult(check.results, result),
          }));
        }
      },
    };
  };
