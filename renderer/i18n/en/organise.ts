import type { Entry, Vars } from '../translate.ts';

const n = (v: Vars) => Number(v['count'] ?? 0);
/** "1 conversation", "2 conversations", with the number written the English way */
const conversations = (v: Vars) =>
  `${n(v).toLocaleString('en')} ${n(v) === 1 ? 'conversation' : 'conversations'}`;

/** A tab's sidebar (pins, folders, search), the all-conversations view, and moving, importing, exporting. */
export const organise = {
  'organise.tab': 'All conversations',
  'organise.tab.short': 'All',

  'organise.sidebar.label': '{format} conversations',
  'organise.sidebar.new': 'New chat',
  'organise.sidebar.search': 'Search all conversations',
  'organise.sidebar.list': 'Conversations',
  'organise.sidebar.loading': 'Loading…',
  'organise.sidebar.empty': 'No conversations yet. Write a message to start one.',
  'organise.sidebar.loadFailed': 'Conversations could not be loaded: {message}',
  'organise.sidebar.fromCompare': 'Opened from Compare',
  'organise.sidebar.running': 'Reply in progress',

  'organise.pinned': 'Pinned',
  'organise.unfiled': 'Not in a folder',
  'organise.pin': 'Pin',
  'organise.unpin': 'Unpin',
  'organise.pin.named': 'Pin “{title}”',
  'organise.unpin.named': 'Unpin “{title}”',
  'organise.menu.named': 'More for “{title}”',
  'organise.rename': 'Rename',
  'organise.rename.field': 'Conversation title',
  'organise.move': 'Move to folder…',
  'organise.unfile': 'Take out of its folder',

  'organise.delete.one.title': 'Delete this conversation?',
  'organise.delete.one.message': (v: Vars) =>
    `“${String(v['title'] ?? '')}” and its ${n(v).toLocaleString('en')} ${n(v) === 1 ? 'message' : 'messages'} will be deleted. This cannot be undone.`,

  'organise.folder.new': 'New folder',
  'organise.folder.new.title': 'New folder',
  'organise.folder.edit': 'Rename or recolour…',
  'organise.folder.edit.title': 'Edit folder',
  'organise.folder.name': 'Folder name',
  'organise.folder.nameMissing': 'Give the folder a name.',
  'organise.folder.color': 'Colour (optional)',
  'organise.folder.create': 'Create folder',
  'organise.folder.menu': 'More for the folder “{name}”',
  'organise.folder.empty': 'Empty. Drag a conversation here, or use its menu.',
  'organise.folder.count': conversations,
  'organise.folder.delete': 'Delete folder',
  'organise.folder.delete.title': 'Delete the folder “{name}”?',
  'organise.folder.delete.message': (v: Vars) =>
    n(v) === 0
      ? 'The folder is empty. Only the folder goes.'
      : `Its ${conversations(v)} stay, in no folder. Only the folder goes.`,

  'organise.color.none': 'No colour',
  'organise.color.red': 'Red',
  'organise.color.orange': 'Orange',
  'organise.color.yellow': 'Yellow',
  'organise.color.green': 'Green',
  'organise.color.teal': 'Teal',
  'organise.color.blue': 'Blue',
  'organise.color.purple': 'Purple',
  'organise.color.pink': 'Pink',

  'organise.move.title.one': 'Move to folder',
  'organise.move.title': (v: Vars) => `Move ${conversations(v)} to a folder`,
  'organise.move.to': 'Move to',
  'organise.move.none': 'No folder',
  'organise.move.new': 'A new folder',
  'organise.move.current': '(where it is now)',
  'organise.move.confirm': 'Move',

  'organise.import': 'Import conversations (a JSON export of one or many)',
  'organise.import.short': 'Import',
  'organise.import.failed': '“{file}” could not be imported: {message}',
  'organise.imported.one': 'Imported “{title}”.',
  'organise.imported': (v: Vars) => `Imported ${conversations(v)}.`,
  'organise.imported.untitled': 'number {n}',
  'organise.imported.skipped': (v: Vars) =>
    `${n(v) === 1 ? 'One conversation was' : `${conversations(v)} were`} not imported (${String(v['names'] ?? '')}): ${String(v['reason'] ?? '')}`,
  'organise.exported': (v: Vars) => `Exported ${conversations(v)} to ${String(v['file'] ?? '')}.`,
  'organise.exportedToFile':
    'These conversations are too large to download through the page; the whole file was written to {path}',
  'organise.deleted': (v: Vars) => `Deleted ${conversations(v)}.`,

  'organise.error.folders': 'Folders could not be loaded: {message}',
  'organise.error.folder': 'The folder could not be changed: {message}',
  'organise.error.pin': 'Could not pin: {message}',
  'organise.error.move': 'Could not move: {message}',
  'organise.error.delete': 'Could not delete: {message}',
  'organise.error.export': 'Export failed: {message}',

  'organise.search.searching': 'Searching…',
  'organise.search.none': 'No matches in any conversation.',
  'organise.search.count': (v: Vars) =>
    `${n(v).toLocaleString('en')}${String(v['more'] ?? '')} ${n(v) === 1 ? 'match' : 'matches'} in all conversations`,
  'organise.search.failed': 'Search failed: {message}',
  'organise.search.results': 'Search results',
  'organise.search.fromCompare': 'Compare · ',
  'organise.search.you': 'You: ',
  'organise.search.reply': 'Reply: ',
  'organise.search.thoughts': 'Thoughts: ',

  'organise.library.total': conversations,
  'organise.library.search': 'Search titles',
  'organise.library.filter.format': 'Format',
  'organise.library.filter.allFormats': 'All formats',
  'organise.library.filter.folder': 'Folder',
  'organise.library.filter.allFolders': 'All folders',
  'organise.library.filter.noFolder': 'No folder',
  'organise.library.sort': 'Sort by',
  'organise.library.sort.used': 'Last used first',
  'organise.library.sort.created': 'Newest first',
  'organise.library.sort.title': 'Title, A to Z',
  'organise.library.selectAll': (v: Vars) => `Select all ${n(v).toLocaleString('en')} shown`,
  'organise.library.selected': (v: Vars) => `${n(v).toLocaleString('en')} selected`,
  'organise.library.select': 'Select “{title}”',
  'organise.library.actions': 'With the selected conversations',
  'organise.library.move': 'Move to folder…',
  'organise.library.export': 'Export as JSON',
  'organise.library.clear': 'Clear the selection',
  'organise.library.delete.title': (v: Vars) =>
    n(v) === 1 ? 'Delete 1 conversation?' : `Delete ${conversations(v)}?`,
  'organise.library.delete.message': (v: Vars) =>
    `${n(v) === 1 ? 'This conversation and its messages' : `These ${conversations(v)} and their messages`} will be deleted. This cannot be undone.`,
  'organise.library.delete.confirm': (v: Vars) => `Delete ${conversations(v)}`,
  'organise.library.none': 'No conversations yet. Start one in a chat tab.',
  'organise.library.noMatch': 'No conversation matches these filters.',
  'organise.library.clearFilters': 'Show all',
  'organise.library.open': 'Open in its tab ({format})',
  'organise.library.openComparison': 'Open its comparison in Compare',
  'organise.library.compared': 'Compare',
  'organise.library.col.title': 'Title',
  'organise.library.col.format': 'Format',
  'organise.library.col.folder': 'Folder',
  'organise.library.col.model': 'Model',
  'organise.library.col.used': 'Last used',
  'organise.library.col.created': 'Created',
} satisfies Record<string, Entry>;
