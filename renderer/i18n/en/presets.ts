import type { Entry } from '../translate.ts';

/** Presets: the menus that apply them, the variables form, the editor and the manage dialog. */
export const presets = {
  'presets.title': 'Presets',
  'presets.menu.label': 'Presets: apply, save, manage',
  'presets.menu.applyTo': 'Apply to {target}',
  'presets.menu.save': 'Save as preset…',
  'presets.menu.manage': 'Manage, import, export…',
  'presets.menu.loading': 'Loading presets…',
  'presets.menu.error': 'Presets could not be loaded: {error}',
  'presets.menu.empty': 'No presets yet. Save a conversation’s system prompt and parameters as one.',
  'presets.target.chat': 'a new {format} conversation',
  'presets.target.column': 'column {n}',
  'presets.target.columnFormat': 'column {n} ({format})',
  'presets.from.conversation': '“{title}”',
  'presets.from.new': 'the new {format} conversation',
  'presets.column.label': 'Apply a preset to column {n}',
  'presets.column.text': 'Preset',

  'presets.fill.title': 'Apply “{name}”',
  'presets.fill.titleEmpty': 'Apply a preset',
  'presets.fill.intro': 'Fill in the variables for {target}. Each value goes in as typed.',
  'presets.fill.inBoth': 'In the system prompt and the message',
  'presets.fill.inSystem': 'In the system prompt',
  'presets.fill.inMessage': 'In the message',
  'presets.fill.apply': 'Apply',

  'presets.editor.titleEdit': 'Edit “{name}”',
  'presets.editor.titleNew': 'Save as preset',
  'presets.editor.intro': 'From {from}. Write {example} for a value asked each time it is applied.',
  'presets.editor.name': 'Name',
  'presets.editor.description': 'Description',
  /** after the label, with its own space: Chinese writes none before （ */
  'presets.editor.optional': ' (optional)',
  'presets.editor.system': 'System prompt',
  'presets.editor.none': 'None',
  'presets.editor.message': 'First message',
  'presets.editor.messageNote': ' (optional; put in the message box, not sent)',
  'presets.editor.variables': 'Variables: ',
  'presets.editor.noVariables': 'none',
  'presets.editor.alsoSaved': 'Also saved: ',
  'presets.editor.replace': 'Replace “{name}”',
  'presets.editor.saved': 'Preset “{name}” saved.',

  'presets.manage.export': 'Export',
  'presets.manage.import': 'Import…',
  'presets.manage.done': 'Done',
  'presets.manage.unreadableOne':
    '“{name}” was saved by a newer version of Quartet and is not shown; it is kept as it is.',
  'presets.manage.unreadableMany': (v) =>
    `${v.count} presets were saved by a newer version of Quartet and are not shown; they are kept as they are.`,
  'presets.manage.empty':
    'No presets yet. Use “Save as preset…” in a conversation’s Presets menu, or import a file.',
  'presets.manage.systemPrompt': 'system prompt',
  'presets.manage.firstMessage': 'first message',
  'presets.manage.deleteConfirm': 'Delete “{name}”?',
  'presets.manage.keep': 'Keep',
  'presets.manage.edit': 'Rename or edit “{name}”',
  'presets.manage.delete': 'Delete “{name}”',
  'presets.import.failed': '“{file}” could not be imported: {error}',
  'presets.import.done': (v) => `Imported ${v.count} preset${v.count === 1 ? '' : 's'} from “${v.file}”.`,
  'presets.import.doneSkipped': (v) =>
    `Imported ${v.count} preset${v.count === 1 ? '' : 's'} from “${v.file}”; ${v.skipped} preset${v.skipped === 1 ? '' : 's'} skipped:`,
  'presets.import.skippedRow': '#{position}: {reason}',
  'presets.import.skippedRowNamed': '#{position} “{name}”: {reason}',
  'presets.import.more': (v) => `…and ${v.count} more.`,
  /** `names`: the empty variables, one a line; English lists them as shared/presets.ts does ("a, b and c") */
  'presets.fill.missing': (v) => {
    const names = String(v['names']).split('\n');
    const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    return `Fill in ${list}: every variable needs a value.`;
  },

  'presets.notice.deleteFailed': 'Could not delete the preset: {message}',
  'presets.notice.exportedToFile':
    'The presets are too large to download through the page; they were written to {path}',
  'presets.notice.gone': 'This preset no longer exists.',
  'presets.notice.columnGone': 'This column is gone.',
  'presets.notice.columnBusy': 'Wait until this column has finished its reply.',
  'presets.notice.appliedChat': '“{name}” applied to a new {format} conversation.',
  'presets.notice.appliedColumn': '“{name}” applied to column {n} ({format}).',
  'presets.notice.sameOff':
    '{applied} “Same parameters for all columns” is now off; the other columns keep theirs.',

  // shared/presets.ts's and the host's words for a preset or a presets file that is refused
  'presets.problem.nameEmpty': 'Give the preset a name.',
  'presets.problem.nameLong': 'A preset name is at most {max} characters.',
  'presets.problem.descriptionText': 'The description must be text.',
  'presets.problem.descriptionLong': 'A description is at most {max} characters.',
  'presets.problem.messageText': 'The message template must be text.',
  'presets.problem.messageLong': 'The message template is longer than {max} characters.',
  'presets.problem.nameTaken': 'There is already a preset named “{name}”. Choose another name.',
  'presets.problem.noneToExport': 'There are no presets to export.',
  'presets.problem.fileTooLarge': 'The file is larger than {max} MB.',
  'presets.problem.notJson': 'The file is not valid JSON ({detail}).',
  'presets.problem.conversation':
    'This is a conversation export; import it from the conversation list instead.',
  'presets.problem.notPresets': 'The file is not a Quartet presets export (it should start with {marker}).',
  'presets.problem.newer':
    'The file is from a newer Quartet (presets version {version}; this one reads version {reads}).',
  'presets.problem.notList': "The file's {field} is not a list.",
  'presets.problem.importMax': 'One import takes at most {max} presets.',
  'presets.problem.notObject': 'It is not an object.',
  /** the full stop put after zod's words, which end without one */
  'presets.problem.end': '.',
  /** a problem of one field of a preset: where, then what */
  'presets.problem.more': 'and {count} more.',
  'presets.problem.at': '{path}: {problem}',
} satisfies Record<string, Entry>;
