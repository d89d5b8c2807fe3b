/**
 * The interface's English text, by key. Every string the page shows comes from here or from
 * messages-zh-CN.ts (which must hold the same keys: a type error and a test say when one is missing).
 * A string may hold {name} placeholders; an entry that depends on a number (plurals) is a function.
 * Keys are grouped by the part of the app that shows them: `common.`, `app.`, `chat.`, ...
 */
import type { Entry } from './translate.ts';

export const en = {
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.delete': 'Delete',
  'common.save': 'Save',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'settings.language': 'Language',
  'settings.language.system': 'Same as the system ({language})',
  'settings.language.hint': 'The command line stays in English.',
} satisfies Record<string, Entry>;

export type MessageKey = keyof typeof en;
