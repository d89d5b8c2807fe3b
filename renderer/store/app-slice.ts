import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { AppInfo } from '../../shared/contract.ts';
import type { AppError } from '../../shared/errors.ts';
import { COMMAND_TABS } from '../../shared/commands.ts';
import { TEXT_FORMATS, type TextFormat } from '../../shared/formats.ts';
import { sessionToRestore } from './session.ts';
import { safeExternalUrl } from '../../shared/links.ts';
import type { StoreRuntime } from './runtime.ts';
import { t } from '../i18n/active.ts';

/** The sections of the top bar, in their order: one list with the keyboard's Ctrl/Cmd+1..8. */
export type TabId = (typeof COMMAND_TABS)[number];
export const TAB_IDS: readonly TabId[] = COMMAND_TABS;

export type NoticeKind = 'info' | 'success' | 'warning' | 'error';
export interface Notice {
  id: number;
  message: string;
  kind: NoticeKind;
  /** stays until dismissed (warnings and errors do by default) */
  sticky: boolean;
}

export interface AppSlice {
  activeTab: TabId;
  setTab(tab: TabId): void;
  appInfo: AppInfo | null;
  /** true once init() has loaded what the first screen needs (even if some of it failed) */
  ready: boolean;
  initError: AppError | null;
  init(): Promise<void>;

  notices: Notice[];
  /** Shows a short message in the notice area; info and success fade after a few seconds. */
  notify(message: string, kind?: NoticeKind, options?: { sticky?: boolean }): void;
  dismissNotice(id: number): void;

  /** the parameters panel of the text tabs (one switch for all four, like an editor's side bar) */
  paramsOpen: boolean;
  setParamsOpen(open: boolean): void;
  /** the same panel floating over a narrow window; not remembered */
  paramsOverlay: boolean;
  setParamsOverlay(open: boolean): void;
  /**
   * With the inspector open beside a text tab, the parameters are a tab of the same side column (two
   * panels beside a conversation left it too narrow, and a floating one covered the message box): which
   * of the two the column shows.
   */
  sideTab: SideTab;
  setSideTab(tab: SideTab): void;

  /** Opens an http(s) link outside the app (system browser in the desktop app, a new tab in the browser). */
  openLink(url: string): Promise<void>;
}

export type SideTab = 'params' | 'inspector';

/**
 * Whether the parameters are a tab of the side column: the inspector is open beside a text tab. Two
 * panels beside the conversation left it a few hundred pixels; one floating over it hid the message box.
 */
export const selectParamsInSide = (s: { inspectorOpen: boolean; activeTab: TabId }): boolean =>
  s.inspectorOpen && (TEXT_FORMATS as readonly string[]).includes(s.activeTab);

/**
 * Whether the panel is showing: as a side tab, wanted and the tab chosen; where it floats, its passing
 * overlay state; beside the conversation, the preference.
 */
export const selectParamsOpen =
  (narrow: boolean) =>
  (s: StoreState): boolean =>
    selectParamsInSide(s) ? s.paramsOpen && s.sideTab === 'params' : narrow ? s.paramsOverlay : s.paramsOpen;

/** Shows or hides the panel wherever it is now (a side tab, floating, or beside the conversation). */
export function setParamsShown(s: StoreState, narrow: boolean, open: boolean): void {
  if (selectParamsInSide(s)) {
    s.setParamsOpen(open);
    if (open) s.setSideTab('params');
  } else if (narrow) s.setParamsOverlay(open);
  else s.setParamsOpen(open);
}

const TAB_KEY = 'quartet.activeTab';
const PARAMS_KEY = 'quartet.paramsOpen';
const NOTICE_MS = 5000;
/** At most this many notices at once: the oldest goes when another arrives. */
const MAX_NOTICES = 3;

/** UI-only memory (which tab, panel open) lives in localStorage; nothing sensitive goes there. */
function readLocal(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function writeLocal(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage unavailable (private mode, tests): the preference just is not remembered
  }
}

function initialTab(): TabId {
  const saved = readLocal(TAB_KEY);
  return saved && (TAB_IDS as readonly string[]).includes(saved) ? (saved as TabId) : 'chat';
}

export const createAppSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], AppSlice> =>
  (set, get) => ({
    activeTab: initialTab(),
    setTab(tab) {
      set({ activeTab: tab });
      writeLocal(TAB_KEY, tab);
    },
    appInfo: null,
    ready: false,
    initError: null,
    async init() {
      const bridge = rt.bridge();
      const appInfo = async () => {
        const info = await bridge.getAppInfo({});
        if (info.ok) {
          set({ appInfo: info.value });
          // Start-up notes (a database set aside, a weak key vault) are shown once and stay until dismissed.
          for (const message of info.value.notices) get().notify(message, 'warning', { sticky: true });
        } else {
          set({ initError: info.error });
          get().notify(t('notices.app.startFailed', { message: info.error.message }), 'error');
        }
      };
      // None of these needs another's answer: asked at once, the first screen waits one round trip to the
      // host instead of four in a row.
      await Promise.all([
        appInfo(),
        get().loadSettings(),
        get().loadConnections(),
        get().loadConversations(),
        get().loadImages(),
        get().loadFolders(),
      ]);
      // Reopen where the user was: the section and the conversation open in each text tab.
      const { tab, open } = sessionToRestore(get());
      if (tab) set({ activeTab: tab });
      await Promise.all(
        Object.entries(open).map(([format, id]) => get().openConversation(format as TextFormat, id)),
      );
      set({ ready: true });
    },

    notices: [],
    notify(message, kind = 'info', options = {}) {
      // Errors wait to be read; the rest go away by themselves (a warning stays a little longer).
      const sticky = options.sticky ?? kind === 'error';
      // The same message twice in a row is one notice, not a stack.
      const existing = get().notices.find((n) => n.message === message && n.kind === kind);
      if (existing) return;
      const id = rt.nextId();
      set((s) => ({ notices: [...s.notices, { id, message, kind, sticky }].slice(-MAX_NOTICES) }));
      if (!sticky) setTimeout(() => get().dismissNotice(id), kind === 'warning' ? NOTICE_MS * 2 : NOTICE_MS);
    },
    dismissNotice(id) {
      set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
    },

    // Open by default where it fits beside the conversation (where it does not, it floats on demand).
    paramsOpen: (readLocal(PARAMS_KEY) ?? 'true') === 'true',
    setParamsOpen(open) {
      set({ paramsOpen: open });
      writeLocal(PARAMS_KEY, String(open));
    },
    paramsOverlay: false,
    setParamsOverlay(open) {
      set({ paramsOverlay: open });
    },
    sideTab: 'inspector',
    setSideTab(tab) {
      set({ sideTab: tab });
    },

    async openLink(url) {
      if (safeExternalUrl(url) === null) {
        get().notify(t('notices.link.notHttp', { url: url.slice(0, 80) }), 'warning');
        return;
      }
      const r = await rt.bridge().openExternal({ url });
      if (r.ok && r.value.opened) return;
      if (rt.bridge().host === 'web') {
        window.open(url, '_blank', 'noopener,noreferrer');
        return;
      }
      get().notify(r.ok ? t('notices.link.failed', { url }) : r.error.message, 'error');
    },
  });
