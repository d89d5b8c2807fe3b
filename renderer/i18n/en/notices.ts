import type { Entry } from '../translate.ts';

/** What the store tells the user about files on their way into a message, and settings that did not save. */
export const notices = {
  'notices.pastedFile': 'pasted file',
  'notices.file.unreadable': '"{name}" could not be read: {message}',
  'notices.file.adding': '"{name}" is still being added.',
  'notices.file.notAdded': '"{name}" could not be added.',
  'notices.file.removeToSend': '{problem} Remove it to send.',
  'notices.file.fitting': '"{name}" is being fitted to the format.',
  'notices.image.notAttached': 'The image could not be attached: {message}',
  'notices.settings.notSaved': 'Settings were not saved: {message}',

  // the store's notices: what failed or happened after an action, and why a message was not sent
  'notices.app.startFailed': 'The app could not start properly: {message}',
  'notices.link.notHttp': 'Only http and https links open from here: {url}',
  'notices.link.failed': 'The link could not be opened: {url}',
  'notices.versions.busy': 'Wait for the reply to finish, or stop it, before changing versions.',
  'notices.versions.showFailed': 'Could not show that version: {message}',
  'notices.versions.editNotSaved': 'The edited reply was not saved: {message}',
  'notices.fork.failed': 'Could not start a new conversation from here: {message}',
  'notices.fork.done': 'Started “{title}” from that message.',
  'notices.change.notSaved': 'The change was not saved: {message}',
  'notices.rename.failed': 'Could not rename: {message}',
  'notices.delete.failed': 'Could not delete: {message}',
  'notices.export.failed': 'Export failed: {message}',
  'notices.export.done': 'Exported {file}',
  'notices.export.withFiles':
    'Exported to {path}, with the attached files in the attachments folder beside it.',
  'notices.export.tooLarge':
    'This conversation is too large to download through the page; the whole export was written to {path}',
  'notices.import.done': 'Imported “{title}”.',
  'notices.notSent': 'Not sent: {problem}',
  'notices.notSent.invalidParam': 'Not sent: {problem} Fix it in Parameters.',
  'notices.notSent.noCalls': 'the reply has no function calls to answer.',
  'notices.notSent.replyRunning':
    'Not sent: a reply is still being written in this conversation. Wait for it or stop it (Esc); your message stays in the box.',
  'notices.notSent.alreadySending': 'Already sending this message: it goes once.',
  'notices.chooseModel': 'Choose a model first.',
  'notices.start.failed': 'Could not start the conversation: {message}',
  'notices.stop.failed': 'Could not stop the reply: {message}',
  'notices.tools.autoStopped':
    'Stopped answering automatically after {max} rounds in a row, so two models cannot call each other forever. The fixed results are filled in below: send them to go on.',

  // a write to the data folder that failed for a reason the user can act on (electron/handlers/errors.ts
  // words them the same for the command line and the log)
  'notices.storage.disk-full': 'The disk is full, so Quartet could not save this.',
  'notices.storage.read-only':
    'The data folder is read-only (or not writable by your account), so Quartet could not save this.',
  'notices.storage.db-busy':
    'Another program holds the database, so Quartet could not save this. Close it (another Quartet, a database browser) and try again.',
  'notices.storage.kept': 'Everything saved before is kept.',
  'notices.storage.keptImage': 'The image is kept in {path} and joins the gallery at the next start.',
} satisfies Record<string, Entry>;
