// What each command does in the page. Its id, group, menu and shortcut come from shared/commands.ts; its
// name from the i18n dictionaries; this adds `available` and `run`. The key handler, the palette, the
// shortcuts sheet, the tooltips and the desktop menu all go through this one list.
import {
  COMMANDS,
  type CommandGroup,
  type CommandTab,
  type CommandId,
  type CommandSpec,
} from '../../shared/commands.ts';
import { TEXT_FORMATS, type TextFormat } from '../../shared/formats.ts';
import type { AppStore } from '../store/index.ts';
import type { StoreState } from '../store/types.ts';
import type { MessageKey } from '../i18n/messages-en.ts';
import { tFor } from '../i18n/locale.ts';
import { visibleTurns } from '../store/chat-helpers.ts';
import { copyText } from '../components/clipboard.ts';
import { activeLocale } from '../i18n/active.ts';
import { focusWhenShown } from './dom.ts';
import { selectParamsOpen, setParamsShown } from '../store/app-slice.ts';

/** What a command may use: the store, the palette and sheet, and the text tab used last. */
export interface CommandContext {
  store: AppStore;
  openPalette(): void;
  openShortcuts(): void;
  /** the text tab a command aimed at conversations uses when another section is showing */
  lastTextTab(): TextFormat;
}

export interface Command extends CommandSpec {
  label: MessageKey;
  /** whether it can do anything now (the palette dims it, Esc passes on when it cannot) */
  available(ctx: CommandContext): boolean;
  run(ctx: CommandContext): void | Promise<void>;
}

const isTextTab = (tab: string): tab is TextFormat => (TEXT_FORMATS as readonly string[]).includes(tab);

/** The text tab showing, or null in another section. */
function textTab(s: StoreState): TextFormat | null {
  return isTextTab(s.activeTab) ? s.activeTab : null;
}

/** The conversation open in the text tab showing, or null. */
function openConversationId(s: StoreState): string | null {
  const format = textTab(s);
  return format ? s.activeConversation[format] : null;
}

/** The last reply of the open conversation with text, as shown (a reply asked again is not shown yet). */
function lastReplyText(s: StoreState): string | null {
  const id = openConversationId(s);
  const conv = id ? s.loaded[id] : undefined;
  if (!id || !conv) return null;
  const reply = visibleTurns(conv.turns, s.pending[id])
    .filter((t) => t.role === 'assistant' && t.text !== '')
    .at(-1);
  return reply?.text ?? null;
}

/** The text tab a conversation command works in: the one showing, else the one used last. */
function goToTextTab(ctx: CommandContext): TextFormat {
  const s = ctx.store.getState();
  const format = textTab(s) ?? ctx.lastTextTab();
  if (s.activeTab !== format) s.setTab(format);
  return format;
}

const composerOf = (format: TextFormat) => `#composer-${format}`;

/**
 * Where the cursor goes when a section is shown by a command (a shortcut, the palette): the field one
 * types into there, else the section's own tab, never the page's body.
 */
export function mainFieldOf(tab: CommandTab): string {
  if (isTextTab(tab)) return composerOf(tab);
  if (tab === 'images') return '[data-testid="image-prompt"]';
  if (tab === 'compare') return '[data-testid="compare-input"]';
  if (tab === 'library') return '[data-testid="library-search"]';
  return `[data-testid="tab-${tab}"]`;
}

const NEXT_THEME = { system: 'light', light: 'dark', dark: 'system' } as const;

function setSidebarCollapsed(store: AppStore, collapsed: boolean): void {
  void store.getState().updateSettings({ sidebarCollapsed: collapsed });
}

export function sidebarCollapsed(s: StoreState): boolean {
  return s.settings?.sidebarCollapsed === true;
}

type Behaviour = Pick<Command, 'available' | 'run'>;
const always = () => true;

type GotoId = `goto.${CommandTab}`;

const BEHAVIOUR: Record<Exclude<CommandId, GotoId>, Behaviour> = {
  openPalette: { available: always, run: (ctx) => ctx.openPalette() },
  showShortcuts: { available: always, run: (ctx) => ctx.openShortcuts() },
  newConversation: {
    available: always,
    async run(ctx) {
      const format = goToTextTab(ctx);
      await ctx.store.getState().openConversation(format, null);
      focusWhenShown(composerOf(format));
    },
  },
  focusSearch: {
    available: always,
    run(ctx) {
      const format = goToTextTab(ctx);
      // the search lives in the sidebar: a folded one opens for it
      if (sidebarCollapsed(ctx.store.getState())) setSidebarCollapsed(ctx.store, false);
      focusWhenShown(`[data-testid="chat-${format}"] [data-testid="search-input"]`, { select: true });
    },
  },
  focusComposer: {
    available: always,
    run(ctx) {
      const tab = ctx.store.getState().activeTab;
      if (tab === 'compare') focusWhenShown('[data-testid="compare-input"]');
      else if (tab === 'images') focusWhenShown('[data-testid="image-prompt"]');
      else focusWhenShown(composerOf(goToTextTab(ctx)));
    },
  },
  stopReply: {
    available(ctx) {
      const s = ctx.store.getState();
      if (s.activeTab === 'compare') return s.compareColumns.some((c) => c.run !== null);
      const id = openConversationId(s);
      return id !== null && s.pending[id] !== undefined;
    },
    async run(ctx) {
      const s = ctx.store.getState();
      if (s.activeTab === 'compare') return s.stopCompare();
      const id = openConversationId(s);
      if (id) await s.stop(id);
    },
  },
  regenerate: {
    available(ctx) {
      const s = ctx.store.getState();
      const id = openConversationId(s);
      const conv = id ? s.loaded[id] : undefined;
      return id !== null && s.pending[id] === undefined && conv?.turns.at(-1)?.role === 'assistant';
    },
    async run(ctx) {
      const id = openConversationId(ctx.store.getState());
      if (id) await ctx.store.getState().regenerate(id);
    },
  },
  copyLastReply: {
    available: (ctx) => lastReplyText(ctx.store.getState()) !== null,
    async run(ctx) {
      const s = ctx.store.getState();
      const t = tFor(s);
      const text = lastReplyText(s);
      if (text === null) {
        s.notify(t('commands.nothingToCopy'));
        return;
      }
      if (await copyText(text)) s.notify(t('commands.copied'), 'success');
      else s.notify(t('commands.copyFailed'), 'error');
    },
  },
  toggleSidebar: {
    available: (ctx) => textTab(ctx.store.getState()) !== null,
    run: (ctx) => setSidebarCollapsed(ctx.store, !sidebarCollapsed(ctx.store.getState())),
  },
  toggleParams: {
    available: (ctx) => textTab(ctx.store.getState()) !== null,
    run(ctx) {
      const s = ctx.store.getState();
      const format = textTab(s);
      if (!format) return;
      // Where the tab is too narrow the panel floats and its open state is a passing one (ChatTab
      // measures the tab and says so with a class); beside the conversation it is the remembered one;
      // beside the inspector it is a tab of the side column.
      const narrow =
        document.querySelector(`[data-testid="chat-${format}"]`)?.classList.contains('is-narrow') === true;
      setParamsShown(s, narrow, !selectParamsOpen(narrow)(s));
    },
  },
  toggleInspector: { available: always, run: (ctx) => ctx.store.getState().toggleInspector() },
  chooseModel: {
    available: (ctx) => ctx.store.getState().activeTab !== 'settings',
    run(ctx) {
      const s = ctx.store.getState();
      if (s.activeTab === 'images' || s.activeTab === 'compare') {
        focusWhenShown(`[data-testid="${s.activeTab}"] [data-testid="model-picker-input"]`, { select: true });
        return;
      }
      const format = goToTextTab(ctx);
      focusWhenShown(`[data-testid="chat-${format}"] [data-testid="model-picker-input"]`, { select: true });
    },
  },
  attachFiles: {
    available: always,
    run(ctx) {
      const format = goToTextTab(ctx);
      // the composer's own button: its picker, its files, its drafts
      focusWhenShown(`[data-testid="chat-${format}"] [data-testid="attach-button"]`, { click: true });
    },
  },
  exportMarkdown: {
    available: (ctx) => openConversationId(ctx.store.getState()) !== null,
    async run(ctx) {
      const id = openConversationId(ctx.store.getState());
      if (id) await ctx.store.getState().exportConversation(id, 'markdown');
    },
  },
  exportJson: {
    available: (ctx) => openConversationId(ctx.store.getState()) !== null,
    async run(ctx) {
      const id = openConversationId(ctx.store.getState());
      if (id) await ctx.store.getState().exportConversation(id, 'json');
    },
  },
  switchTheme: {
    available: (ctx) => ctx.store.getState().settings !== null,
    async run(ctx) {
      const s = ctx.store.getState();
      await s.updateSettings({ theme: NEXT_THEME[s.settings?.theme ?? 'system'] });
    },
  },
  switchLanguage: {
    available: (ctx) => ctx.store.getState().settings !== null,
    async run(ctx) {
      // the two languages the page is written in: the one not showing
      await ctx.store.getState().updateSettings({ language: activeLocale() === 'zh-CN' ? 'en' : 'zh-CN' });
    },
  },
};

const isGoto = (id: CommandId): id is GotoId => id.startsWith('goto.');

function behaviourOf(id: CommandId): Behaviour {
  if (!isGoto(id)) return BEHAVIOUR[id];
  const tab = id.slice('goto.'.length) as CommandTab;
  return {
    available: always,
    run(ctx) {
      ctx.store.getState().setTab(tab);
      // the section drawn anew takes the focus with it: without this it fell to the page's body
      focusWhenShown(mainFieldOf(tab));
    },
  };
}

/** Every command, in the table's order. */
export const REGISTRY: readonly Command[] = COMMANDS.map((spec) => ({
  ...spec,
  label: `commands.${spec.id}` as MessageKey,
  ...behaviourOf(spec.id),
}));

export function commandById(id: CommandId): Command {
  const c = REGISTRY.find((x) => x.id === id);
  if (!c) throw new Error(`No command ${id}`);
  return c;
}

export const GROUP_ORDER: readonly CommandGroup[] = ['general', 'conversation', 'panels', 'tabs'];
