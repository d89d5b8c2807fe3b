import type { Entry } from '../translate.ts';

/**
 * Commands, their shortcuts, the command palette and the shortcuts sheet. The desktop menu reads the
 * command names and the menu titles from here too (electron/desktop/menu.ts).
 */
export const commands = {
  // one name per command (shared/commands.ts), as the palette, the sheet and the menu show it
  'commands.newConversation': 'New conversation',
  'commands.focusSearch': 'Search conversations',
  'commands.focusComposer': 'Write a message',
  'commands.stopReply': 'Stop the reply',
  'commands.regenerate': 'Regenerate the last reply',
  'commands.copyLastReply': 'Copy the last reply',
  'commands.toggleSidebar': 'Show or hide the sidebar',
  'commands.toggleParams': 'Show or hide the parameters',
  'commands.toggleInspector': 'Show or hide the inspector',
  'commands.chooseModel': 'Choose the model',
  'commands.attachFiles': 'Attach images or files',
  'commands.exportMarkdown': 'Export the conversation as Markdown',
  'commands.exportJson': 'Export the conversation as JSON',
  'commands.switchTheme': 'Switch the theme (light, dark, system)',
  'commands.switchLanguage': 'Switch the language (English, Chinese)',
  'commands.openPalette': 'Command palette',
  'commands.showShortcuts': 'Keyboard shortcuts',
  'commands.goto.chat': 'Go to Chat Completions',
  'commands.goto.responses': 'Go to Responses',
  'commands.goto.messages': 'Go to Messages',
  'commands.goto.generate': 'Go to Generate Content',
  'commands.goto.library': 'Go to All conversations',
  'commands.goto.images': 'Go to Images',
  'commands.goto.compare': 'Go to Compare',
  'commands.goto.speedlab': 'Go to the speed lab',
  'commands.goto.settings': 'Go to Settings',

  'commands.group.general': 'General',
  'commands.group.conversation': 'Conversation',
  'commands.group.panels': 'Panels',
  'commands.group.tabs': 'Sections',
  'commands.group.composer': 'In the message box',
  'commands.group.palette': 'In the command palette',

  // desktop menu titles
  'commands.menu.file': 'File',
  'commands.menu.edit': 'Edit',
  'commands.menu.view': 'View',
  'commands.menu.go': 'Go',
  'commands.menu.conversation': 'Conversation',
  'commands.menu.window': 'Window',
  'commands.menu.help': 'Help',

  'commands.withKeys': '{label} ({keys})',
  'commands.sidebar.hide': 'Hide the sidebar',
  'commands.sidebar.show': 'Show the sidebar',
  'commands.copied': 'The last reply is on the clipboard.',
  'commands.copyFailed': 'The clipboard is not available here.',
  'commands.nothingToCopy': 'There is no reply to copy yet.',

  'commands.palette.title': 'Command palette',
  'commands.palette.placeholder': 'Type a command or a conversation title…',
  'commands.palette.actions': 'Actions',
  'commands.palette.conversations': 'Conversations',
  'commands.palette.recent': 'Recent conversations',
  'commands.palette.empty': 'Nothing matches “{query}”.',
  'commands.palette.more': (v) =>
    Number(v['count']) === 1
      ? '1 more conversation matches: type more of its title.'
      : `${String(v['count'])} more conversations match: type more of the title.`,
  'commands.palette.unavailable': 'not available here',
  'commands.palette.untitled': 'Untitled',
  'commands.palette.hint': '↑ ↓ to move · Enter to run · Esc to close',

  'commands.sheet.title': 'Keyboard shortcuts',
  'commands.sheet.intro':
    'Shortcuts with Ctrl, Cmd or Alt also work while you type; Esc stops a reply; ? opens this list outside text boxes.',
  'commands.sheet.browserNote':
    'In a browser, Ctrl/Cmd+1 to 9 stay the browser’s own keys for its tabs, so the sections have the keys listed here.',
  'commands.sheet.send': 'Send the message',
  'commands.sheet.newLine': 'New line',
  'commands.sheet.move': 'Move through the list',
  'commands.sheet.run': 'Run the highlighted item',
  'commands.sheet.close': 'Close',
} satisfies Record<string, Entry>;
