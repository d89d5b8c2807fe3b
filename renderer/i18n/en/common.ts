import type { Entry } from '../translate.ts';

/** Words many parts of the page use. */
export const common = {
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.delete': 'Delete',
  'common.save': 'Save',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
} satisfies Record<string, Entry>;
