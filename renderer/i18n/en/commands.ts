import type { Entry } from '../translate.ts';
import { commandNameEntries } from '../../../shared/command-words.ts';

/**
 * Commands, their shortcuts, the command palette and the shortcuts sheet. The command names are written
 * once in shared/command-words.ts, which the desktop menu reads too.
 */
export const commands = {
  ...commandNameEntries('en'),

  'commands.group.general': 'General',
  'commands.group.conversation': 'Conversation',
  'commands.group.panels': 'Panels',
  'commands.group.tabs': 'Sections',
  'commands.group.composer': 'In the message box',
  'commands.group.palette': 'In the command palette',

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
