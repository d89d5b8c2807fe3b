import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import type { MessageKey, Translate } from './i18n/translate.ts';
import { useDocumentLanguage, useT } from './i18n/useT.ts';
import { useStore } from './store/index.ts';
import { TAB_IDS, type TabId } from './store/app-slice.ts';
import { Tabs, tabId, tabPanelId } from './components/Tabs.tsx';
import { Toasts } from './components/Toasts.tsx';
import { MissingConnectionsDialog } from './components/organise/MissingConnectionsDialog.tsx';
import { IconButton } from './components/IconButton.tsx';
import type { IconName } from './components/Icon.tsx';
import { applyTheme, onSystemThemeChange } from './components/theme.ts';
import { ChatTab } from './features/chat/ChatTab.tsx';
import { ImagesTab } from './features/images/ImagesTab.tsx';
import { CompareTab } from './features/compare/CompareTab.tsx';
// features/presets is drawn inside chat and Compare: they take it from here (components/slots.ts)
import { ChatPresets } from './features/presets/ChatPresets.tsx';
import { ColumnPresets } from './features/presets/ColumnPresets.tsx';
import { SettingsTab } from './features/settings/SettingsTab.tsx';
import { InspectorPanel } from './features/inspector/InspectorPanel.tsx';
import { Commands } from './commands/Commands.tsx';
import { shortcutOf, usePlatform, useShortcutProps } from './commands/platform.ts';
import { useRunCommand } from './commands/context.ts';
import type { CommandId } from '../shared/commands.ts';
import type { Theme } from '../shared/contract.ts';
import { FORMAT_LABELS, SHORT_FORMAT_NAMES, TextFormatSchema, type TextFormat } from '../shared/formats.ts';
import { DEFAULT_SETTINGS } from '../shared/default-settings.ts';

// The format tabs are named as the vendor APIs are everywhere, in every language (shared/formats.ts);
// narrow windows shorten two. The other sections are named in the page's language.
const FORMAT_TABS: Record<TextFormat, { label: string; short: string }> = {
  chat: { label: FORMAT_LABELS.chat, short: SHORT_FORMAT_NAMES.chat },
  responses: { label: FORMAT_LABELS.responses, short: SHORT_FORMAT_NAMES.responses },
  messages: { label: FORMAT_LABELS.messages, short: SHORT_FORMAT_NAMES.messages },
  generate: { label: FORMAT_LABELS.generate, short: SHORT_FORMAT_NAMES.generate },
};
const SECTION_TABS: Record<Exclude<TabId, TextFormat>, { label: MessageKey; short: MessageKey }> = {
  library: { label: 'organise.tab', short: 'organise.tab.short' },
  images: { label: 'app.tab.images', short: 'app.tab.images' },
  compare: { label: 'app.tab.compare', short: 'app.tab.compare' },
  speedlab: { label: 'app.tab.speedlab', short: 'app.tab.speedlab.short' },
  settings: { label: 'app.tab.settings', short: 'app.tab.settings' },
};

const labelOf = (id: TabId, t: Translate, short = false): string => {
  if (id in FORMAT_TABS) {
    const names = FORMAT_TABS[id as TextFormat];
    return short ? names.short : names.label;
  }
  const keys = SECTION_TABS[id as Exclude<TabId, TextFormat>];
  return t(short ? keys.short : keys.label);
};
// the view of every conversation: its own chunk, loaded when first opened
const LibraryView = lazy(() => import('./features/library/LibraryView.tsx'));
// the speed lab and its charting library: a chunk of their own, loaded when the section is first opened
const SpeedLab = lazy(() => import('./features/speedlab/SpeedLab.tsx'));
const TAB_PREFIX = 'top';

const NEXT_THEME: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const THEME_ICON: Record<Theme, IconName> = { system: 'monitor', light: 'sun', dark: 'moon' };
const THEME_NAMES: Record<Theme, MessageKey> = {
  system: 'app.theme.system',
  light: 'app.theme.light',
  dark: 'app.theme.dark',
};

/** Applies settings.theme to <html>, following the system live when it is 'system'. */
function useTheme(theme: Theme) {
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system') return;
    return onSystemThemeChange(() => applyTheme('system'));
  }, [theme]);
}

function TopBar() {
  const activeTab = useStore((s) => s.activeTab);
  const setTab = useStore((s) => s.setTab);
  const connection = useStore((s) => s.connections.find((c) => c.id === s.activeConnectionId) ?? null);
  const inspectorOpen = useStore((s) => s.inspectorOpen);
  const toggleInspector = useStore((s) => s.toggleInspector);
  const theme = useStore((s) => s.settings?.theme ?? DEFAULT_SETTINGS.theme);
  const updateSettings = useStore((s) => s.updateSettings);
  const settingsLoaded = useStore((s) => s.settings !== null);
  const t = useT();
  const platform = usePlatform();
  // each section's tab tells its shortcut (Ctrl/Cmd+1..8, shared/commands.ts)
  const tabItems = TAB_IDS.map((id) => {
    const shortcut = shortcutOf(`goto.${id}` as CommandId, platform);
    return {
      id,
      label: labelOf(id, t),
      testId: `tab-${id}`,
      ...(shortcut ? { title: shortcut.text, keyshortcuts: shortcut.aria } : {}),
    };
  });
  const inspectorLabel = t(inspectorOpen ? 'app.inspector.hide' : 'app.inspector.show');
  const inspectorKeys = useShortcutProps('toggleInspector', inspectorLabel);
  const run = useRunCommand();
  const paletteLabel = t('commands.openPalette');
  const paletteKeys = useShortcutProps('openPalette', paletteLabel);

  return (
    <header className="topbar">
      <div className="brand" aria-hidden="true">
        <span className="brand-mark">
          <i />
          <i />
          <i />
          <i />
        </span>
        <span className="brand-name">Quartet</span>
      </div>
      <Tabs
        items={tabItems}
        value={activeTab}
        onChange={setTab}
        label={t('app.sections')}
        idPrefix={TAB_PREFIX}
        className="topbar-tabs"
        tabClassName="topbar-tab"
        renderLabel={(id) => (
          <>
            <span className="tab-long">{labelOf(id, t)}</span>
            <span className="tab-short" aria-hidden="true">
              {labelOf(id, t, true)}
            </span>
          </>
        )}
      />
      <div className="topbar-end">
        {connection ? (
          <button
            type="button"
            className="conn-chip"
            title={t(connection.builtIn ? 'app.connection.title.builtIn' : 'app.connection.title', {
              name: connection.name,
              url: connection.baseUrl,
            })}
            onClick={() => setTab('settings')}
            data-testid="active-connection"
          >
            {/* A coloured dot would read as "healthy", which nothing here has measured: the sandbox is marked
                as a simulator, and another service is left neutral. */}
            <span
              className={`conn-dot${connection.builtIn ? ' conn-dot--sandbox' : ''}`}
              aria-hidden="true"
            />
            {/* the connection's name is the user's (or the built-in Sandbox's) */}
            <span className="conn-name" translate="no">
              {connection.name}
            </span>
          </button>
        ) : null}
        <IconButton
          icon={THEME_ICON[theme]}
          label={t('app.theme', { theme: t(THEME_NAMES[theme]), next: t(THEME_NAMES[NEXT_THEME[theme]]) })}
          disabled={!settingsLoaded}
          onClick={() => void updateSettings({ theme: NEXT_THEME[theme] })}
          data-testid="theme-toggle"
        />
        <IconButton
          icon="search"
          label={paletteLabel}
          {...paletteKeys}
          onClick={() => run('openPalette')}
          className="topbar-palette"
          data-testid="palette-button"
        />
        <IconButton
          icon="panel-right"
          label={inspectorLabel}
          {...inspectorKeys}
          aria-pressed={inspectorOpen}
          onClick={toggleInspector}
          data-testid="inspector-toggle"
        />
      </div>
    </header>
  );
}

function TabPanel(props: { tab: TabId }) {
  switch (props.tab) {
    case 'chat':
    case 'responses':
    case 'messages':
    case 'generate':
      return <ChatTab key={props.tab} format={props.tab} presets={ChatPresets} />;
    case 'library':
      return (
        <Suspense fallback={<div className="app-loading" aria-busy="true" />}>
          <LibraryView />
        </Suspense>
      );
    case 'images':
      return <ImagesTab />;
    case 'compare':
      return <CompareTab presets={ColumnPresets} />;
    case 'speedlab':
      return (
        <Suspense fallback={<div className="app-loading" aria-busy="true" />}>
          <SpeedLab />
        </Suspense>
      );
    case 'settings':
      return <SettingsTab />;
  }
}

/** The whole page failed to draw: say so, and offer a start that reopens nothing. */
function AppFailed(props: { children: ReactNode }) {
  const t = useT();
  return (
    <ErrorBoundary
      label={t('components.renderFailed.theApp')}
      actions={
        <a className="btn" href="?safe" data-testid="safe-start">
          {t('components.renderFailed.safeStart')}
        </a>
      }
    >
      {props.children}
    </ErrorBoundary>
  );
}

/** The shell: top bar with the seven sections, the active section, the inspector drawer, notices. */
export function App() {
  return (
    <AppFailed>
      <Shell />
    </AppFailed>
  );
}

function Shell() {
  const ready = useStore((s) => s.ready);
  const openConversation = useStore((s) => s.openConversation);
  const activeTab = useStore((s) => s.activeTab);
  const inspectorOpen = useStore((s) => s.inspectorOpen);
  const theme = useStore((s) => s.settings?.theme ?? DEFAULT_SETTINGS.theme);
  useTheme(theme);
  useDocumentLanguage();
  const t = useT();
  useEffect(() => {
    document.title = `${labelOf(activeTab, t)} · Quartet`;
  }, [activeTab, t]);

  return (
    <div className="app" data-testid="app" data-ready={ready ? 'true' : 'false'}>
      <TopBar />
      <div className="app-body">
        <main className="app-main">
          <div
            className="app-panel"
            role="tabpanel"
            id={tabPanelId(TAB_PREFIX, activeTab)}
            aria-labelledby={tabId(TAB_PREFIX, activeTab)}
          >
            {/* every view has one level-one heading: its name (All conversations shows its own) */}
            {activeTab === 'library' ? null : (
              <h1 className="visually-hidden" data-testid="view-heading">
                {labelOf(activeTab, t)}
              </h1>
            )}
            {ready ? (
              <ErrorBoundary
                key={activeTab}
                label={labelOf(activeTab, t)}
                onError={() => {
                  // closed, so that the remembered session does not reopen at every start a conversation
                  // that failed to draw (once, one reply made the app blank for good)
                  const format = TextFormatSchema.safeParse(activeTab).data;
                  if (format) void openConversation(format, null);
                }}
              >
                <TabPanel tab={activeTab} />
              </ErrorBoundary>
            ) : (
              <div className="app-loading" aria-busy="true" />
            )}
          </div>
        </main>
        {inspectorOpen ? <InspectorPanel /> : null}
      </div>
      <Toasts />
      <MissingConnectionsDialog />
      <Commands />
    </div>
  );
}
