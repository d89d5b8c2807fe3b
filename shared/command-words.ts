// The words of the app's commands and of the desktop menu's titles, in both languages, written once for
// both processes: the desktop menu (electron/desktop/menu.ts) reads them here, and the page's dictionaries
// (renderer/i18n/<language>/commands.ts) take the command names from here for the command palette, the
// shortcuts sheet and the buttons' tooltips. The menu titles are the menu's only.
import type { CommandId, CommandMenu } from './commands.ts';

/** The languages the page and the menu speak (the page's LOCALES). */
export type CommandLocale = 'en' | 'zh-CN';

/** The desktop menu's titles: the menus commands go in, and the two that hold only standard roles. */
export type MenuTitle = CommandMenu | 'edit' | 'window';

export interface CommandWords {
  /** one name per command, as the palette, the sheet and the menu show it */
  commands: Record<CommandId, string>;
  menus: Record<MenuTitle, string>;
}

export const COMMAND_WORDS: Record<CommandLocale, CommandWords> = {
  en: {
    commands: {
      newConversation: 'New conversation',
      focusSearch: 'Search conversations',
      focusComposer: 'Write a message',
      stopReply: 'Stop the reply',
      regenerate: 'Regenerate the last reply',
      copyLastReply: 'Copy the last reply',
      toggleSidebar: 'Show or hide the sidebar',
      toggleParams: 'Show or hide the parameters',
      toggleInspector: 'Show or hide the inspector',
      chooseModel: 'Choose the model',
      attachFiles: 'Attach images or files',
      exportMarkdown: 'Export the conversation as Markdown',
      exportJson: 'Export the conversation as JSON',
      switchTheme: 'Switch the theme (light, dark, system)',
      switchLanguage: 'Switch the language (English, Chinese)',
      openPalette: 'Command palette',
      showShortcuts: 'Keyboard shortcuts',
      'goto.chat': 'Go to Chat Completions',
      'goto.responses': 'Go to Responses',
      'goto.messages': 'Go to Messages',
      'goto.generate': 'Go to Generate Content',
      'goto.library': 'Go to All conversations',
      'goto.images': 'Go to Images',
      'goto.compare': 'Go to Compare',
      'goto.settings': 'Go to Settings',
    },
    menus: {
      file: 'File',
      edit: 'Edit',
      view: 'View',
      go: 'Go',
      conversation: 'Conversation',
      window: 'Window',
      help: 'Help',
    },
  },
  'zh-CN': {
    commands: {
      newConversation: '新建对话',
      focusSearch: '搜索对话',
      focusComposer: '输入消息',
      stopReply: '停止回复',
      regenerate: '重新生成最后一条回复',
      copyLastReply: '复制最后一条回复',
      toggleSidebar: '显示或隐藏侧边栏',
      toggleParams: '显示或隐藏参数面板',
      toggleInspector: '显示或隐藏检查器',
      chooseModel: '选择模型',
      attachFiles: '附加图片或文件',
      exportMarkdown: '将对话导出为 Markdown',
      exportJson: '将对话导出为 JSON',
      switchTheme: '切换主题（浅色、深色、跟随系统）',
      switchLanguage: '切换界面语言（中文、英语）',
      openPalette: '命令面板',
      showShortcuts: '键盘快捷键',
      'goto.chat': '转到 Chat Completions',
      'goto.responses': '转到 Responses',
      'goto.messages': '转到 Messages',
      'goto.generate': '转到 Generate Content',
      'goto.library': '转到全部对话',
      'goto.images': '转到图像',
      'goto.compare': '转到对比',
      'goto.settings': '转到设置',
    },
    menus: {
      file: '文件',
      edit: '编辑',
      view: '视图',
      go: '前往',
      conversation: '对话',
      window: '窗口',
      help: '帮助',
    },
  },
};

/** A language's command names as the page's dictionary entries (`commands.<id>`). */
export function commandNameEntries(locale: CommandLocale): Record<`commands.${CommandId}`, string> {
  const names = COMMAND_WORDS[locale].commands;
  return Object.fromEntries(Object.entries(names).map(([id, name]) => [`commands.${id}`, name])) as Record<
    `commands.${CommandId}`,
    string
  >;
}
