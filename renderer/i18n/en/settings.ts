import type { Entry } from '../translate.ts';

export const settings = {
  'settings.language': 'Language',
  'settings.language.system': 'Same as the system ({language})',
  'settings.language.hint': 'The command line stays in English.',
} satisfies Record<string, Entry>;
