import type { Entry } from '../translate.ts';

/** What the store tells the user about files on their way into a message, and settings that did not save. */
export const notices = {
  'notices.pastedFile': 'pasted file',
  'notices.file.unreadable': '"{name}" could not be read: {message}',
  'notices.file.notDownscaled': '"{name}" could not be downscaled: {message}',
  'notices.file.adding': '"{name}" is still being added.',
  'notices.file.notAdded': '"{name}" could not be added.',
  'notices.file.removeToSend': '{problem} Remove it to send.',
  'notices.file.downscaling': '"{name}" is being downscaled.',
  'notices.image.notAttached': 'The image could not be attached: {message}',
  'notices.settings.notSaved': 'Settings were not saved: {message}',
} satisfies Record<string, Entry>;
