import type { Entry } from '../translate.ts';
const plural = (n: unknown, one: string, many: string) => (n === 1 ? one : many);

/** A conversation's connection (issue 30): its header, the model picker's groups, lists, imports, Compare. */
export const connections = {
  'connection.label': 'Connection',
  'connection.title': 'The connection this conversation goes through',
  'connection.wanted.option': '{name} (not here)',
  'connection.wanted.note':
    'This conversation goes through “{name}”, which is not here. Choose a connection before you send anything.',
  'connection.bound.messages': (v) =>
    `{count} ${plural(v.count, 'reply', 'replies')} came through another connection. Thinking blocks carry signatures only the service that made them accepts: they are left out, and the ${plural(v.count, 'reply goes', 'replies go')} as text and calls.`,
  'connection.bound.generate': (v) =>
    `{count} ${plural(v.count, 'reply', 'replies')} came through another connection. Thought signatures and thought summaries belong to the service that made them: they are left out, and the ${plural(v.count, 'reply goes', 'replies go')} as text and calls. A newer model may refuse a function call of the last turn without its signature.`,
  'connection.bound.responses': (v) =>
    `{count} ${plural(v.count, 'reply', 'replies')} came through another connection. Encrypted reasoning belongs to the service that made it: it is left out.`,
  'connection.bound.chat': (v) =>
    `{count} ${plural(v.count, 'reply', 'replies')} came through another connection; the history goes as it is.`,
  'connection.filter': 'Connection',
  'connection.filter.all': 'All connections',
  'connection.filter.none': 'No connection',
  'connection.filter.tab': "Filter this tab's conversations by connection",
  'connection.filter.empty': 'No conversation of this tab goes through this connection.',
  'connection.ask.title': 'Connections this import names',
  'connection.ask.intro':
    'The file names connections this app does not have. Choose the saved connection each one stands for, or leave its conversations unassigned: they ask again before anything is sent.',
  'connection.ask.count': (v) =>
    `${Number(v.count).toLocaleString('en')} ${plural(v.count, 'conversation', 'conversations')}`,
  'connection.ask.leave': 'Leave unassigned',
  'connection.ask.leaveAll': 'Leave all unassigned',
  'connection.ask.apply': 'Apply',
  'connection.ask.left': (v) =>
    `${Number(v.count).toLocaleString('en')} imported ${plural(v.count, 'conversation stays', 'conversations stay')} unassigned: pick a connection in ${plural(v.count, 'its', 'their')} header before sending.`,
  'connection.column': 'Connection of column {n}',
  'connection.status.unchecked': 'Not checked yet',
  'connection.status.running': 'Checking…',
  'connection.status.ok': 'Last check {when}: {counts}',
  'connection.status.failed': 'Last check {when} failed: {counts}',
  'connection.status.check': 'Check this connection',
  'connection.status.word.unchecked': 'not checked',
  'connection.status.word.running': 'checking',
  'connection.status.word.ok': 'ok',
  'connection.status.word.failed': 'check failed',
} satisfies Record<string, Entry>;
