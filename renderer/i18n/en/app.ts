import type { Entry } from '../translate.ts';

/** The shell: the section tabs, the header's buttons and the active connection. */
export const app = {
  'app.sections': 'Sections',
  'app.side.tabs': 'Side panels',
  // the format tabs keep the vendor APIs' names (shared/formats.ts) in every language
  'app.tab.images': 'Images',
  'app.tab.compare': 'Compare',
  'app.tab.speedlab': 'Speed lab',
  'app.tab.speedlab.short': 'Speed',
  'app.tab.settings': 'Settings',

  'app.connection.title': 'Active connection: {name} ({url}). Open Settings to change it or to check it.',
  'app.connection.title.builtIn':
    'Active connection: {name} ({url}), the built-in simulator. Open Settings to change it or to check it.',

  'app.theme': 'Theme: {theme} (switch to {next})',
  'app.theme.system': 'system',
  'app.theme.light': 'light',
  'app.theme.dark': 'dark',

  'app.inspector.show': 'Show the inspector',
  'app.inspector.hide': 'Hide the inspector',
} satisfies Record<string, Entry>;
