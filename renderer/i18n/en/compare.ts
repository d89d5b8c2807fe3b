import type { Entry } from '../translate.ts';

/** Compare: the prompt for every column, the columns themselves and the list of past comparisons. */
export const compare = {
  'compare.columnProblem': 'Column {n} ({format}): {problem}',
  'compare.prompt.label': 'Prompt for every column',
  'compare.prompt.followUp': 'Follow up in every column…',
  'compare.prompt.placeholder': 'Ask once; every column answers through its own format…',
  'compare.stopAll': 'Stop all',
  'compare.sendAll': 'Send to all',
  'compare.attach': 'Attach images or files to every column (or paste them)',
  'compare.column.atMost': 'At most {count} columns',
  'compare.column.add.title': 'Add a column',
  'compare.column.add': 'Column',
  'compare.new': 'New comparison',
  'compare.hint': '{enter} sends to every column at once, {shift} + {enter} breaks the line.',

  'compare.column.format': 'Format of column {n}',
  'compare.column.formatResets': 'Changing the format starts this column over',
  'compare.column.model': 'Model of column {n}',
  'compare.column.useEverywhere': 'Use this model in every column',
  'compare.column.remove': 'Remove column {n}',
  'compare.column.noModel': 'no model',
  'compare.column.empty': 'Answers through {format}.',
  'compare.column.emptyWith': 'Answers through {format} with {model}.',
  'compare.column.continue.title':
    'Move this conversation to its tab and go on with it there; this column starts over',
  'compare.column.continue': 'Continue in {format}',
  'compare.column.thoughts': 'Thoughts',
  'compare.column.thinking': 'Thinking…',
  'compare.column.waiting': 'Waiting for the reply',
  'compare.column.chooseModel': 'Choose a model for this column.',

  'compare.history': 'Comparisons',
  'compare.history.loadFailed': 'Comparisons could not be loaded: {message}',
  'compare.history.empty': 'No comparisons yet. Send a prompt to start one.',
  'compare.history.loading': 'Loading…',
  'compare.history.list': 'Past comparisons',
  'compare.history.onScreen': 'On screen',
  'compare.history.delete': 'Delete the comparison “{title}”',
  'compare.history.delete.title': 'Delete this comparison?',
  'compare.history.delete.message':
    '“{title}” and its {count} conversations will be deleted. This cannot be undone.',

  'compare.stoppedBeforeSent': 'Stopped before it was sent.',
  'compare.sendFailed': 'Quartet failed to send: {message}',
  'compare.notSent': 'Not sent: {problem}',
  'compare.continueFailed': 'Could not continue it in {format}: {message}',
  'compare.openFailed': 'Could not open “{title}”: {message}',
  'compare.deleteFailed': 'Could not delete the comparison: {message}',
} satisfies Record<string, Entry>;
