import { z } from 'zod';

/** The four text formats of the service, in the order the app shows them. */
export const TEXT_FORMATS = ['chat', 'responses', 'messages', 'generate'] as const;
export const TextFormatSchema = z.enum(TEXT_FORMATS);
export type TextFormat = z.infer<typeof TextFormatSchema>;

/** Every interface the service exposes. */
export const INTERFACES = ['models', 'chat', 'responses', 'images', 'messages', 'generate'] as const;
export const InterfaceSchema = z.enum(INTERFACES);
export type Interface = z.infer<typeof InterfaceSchema>;

/** Key groups: a key belongs to one family of interfaces (spec §5). */
export const KEY_FAMILIES = ['bearer', 'messages', 'generate'] as const;
export const KeyFamilySchema = z.enum(KEY_FAMILIES);
export type KeyFamily = z.infer<typeof KeyFamilySchema>;

/** Key slots a user can fill: a default key plus one override per family. */
export const KEY_SLOTS = ['default', ...KEY_FAMILIES] as const;
export const KeySlotSchema = z.enum(KEY_SLOTS);
export type KeySlot = z.infer<typeof KeySlotSchema>;

export function familyOf(iface: Interface): KeyFamily {
  if (iface === 'messages') return 'messages';
  if (iface === 'generate') return 'generate';
  return 'bearer';
}

export const FORMAT_LABELS: Record<Interface, string> = {
  models: 'Model list',
  chat: 'Chat Completions',
  responses: 'Responses',
  images: 'Images',
  messages: 'Messages',
  generate: 'Generate Content',
};

/** The text formats as narrow places name them (a small window's tabs, a list row, a Compare control). */
export const SHORT_FORMAT_NAMES: Record<TextFormat, string> = {
  chat: 'Chat',
  responses: 'Responses',
  messages: 'Messages',
  generate: 'Generate',
};

export const KEY_SLOT_LABELS: Record<KeySlot, string> = {
  default: 'Default key',
  bearer: 'Chat, Responses, Images, Models (Bearer)',
  messages: 'Messages (x-api-key)',
  generate: 'Generate Content (?key=)',
};
