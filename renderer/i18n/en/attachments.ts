import type { Entry } from '../translate.ts';

/** Files attached to a message: the composer's chips and a sent message's files. */
export const attachments = {
  'attachments.notAdded': 'not added',
  'attachments.remove': 'Remove {name}',
  'attachments.toSend': 'Files to send',
  'attachments.fit': 'Fit images to the format',
  'attachments.fit.working': 'fitting…',
  'attachments.sent': 'Files sent with this message',
  'attachments.viewFullSize': '{name} · {details} (view full size)',
  'attachments.save': 'Save {name}',
  'attachments.kind.text': 'text',
} satisfies Record<string, Entry>;
