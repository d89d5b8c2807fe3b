import type { Entry } from '../translate.ts';

/** The shared building blocks: copy buttons, dialogs and the notice area. */
export const components = {
  'components.copy.unavailable': 'The clipboard is not available here.',
  'components.notices.dismiss': 'Dismiss',
  'components.renderFailed': '{what} could not be drawn: {message}',
  'components.renderFailed.retry': 'Try again',
  'components.renderFailed.copy': 'Copy its text',
  'components.renderFailed.thisMessage': 'This message',
  'components.renderFailed.closeConversation': 'Close this conversation',
  'components.renderFailed.theApp': 'Quartet',
  'components.renderFailed.safeStart': 'Start again without reopening anything',
} satisfies Record<string, Entry>;
