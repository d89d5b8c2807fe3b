import type { Entry } from '../translate.ts';

/** The shared building blocks: copy buttons, dialogs and the notice area. */
export const components = {
  'components.copy.unavailable': 'The clipboard is not available here.',
  'components.notices.dismiss': 'Dismiss',
} satisfies Record<string, Entry>;
