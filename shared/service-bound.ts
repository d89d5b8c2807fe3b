// What a reply carries that only the service which made it accepts back, per format, and the reply
// without it: a conversation moved to another connection keeps its history, and these go no further.
//
// How the vendors treat them (their own documentation):
// - messages: a thinking block's `signature` (and a redacted_thinking block's `data`) is checked by the
//   service that made it; thinking blocks of earlier turns may be left out (the service drops them from
//   the context anyway), only a tool-use cycle in progress with thinking on needs its own back.
// - generate: a part's `thoughtSignature` is the service's encrypted reasoning state; a signature from
//   elsewhere is not valid there. Thought parts are summaries and may be left out; Gemini 3 refuses a
//   function call of the current turn without its signature (a 400), which we leave to the service to say
//   rather than forge the documented placeholder.
// - responses: a `reasoning` item (its `encrypted_content`) belongs to the organisation and service that
//   made it; Quartet never replays reasoning items (core/formats/responses.ts), so nothing is bound.
// - chat: the messages carry plain text and calls; nothing is bound.
import type { TextFormat } from './formats.ts';
import type { ProviderPayload } from './conversation.ts';

type Item = Record<string, unknown>;

const isThinkingBlock = (block: Item) =>
  block['type'] === 'thinking' || block['type'] === 'redacted_thinking';
const isThoughtPart = (part: Item) => part['thought'] === true;
const isReasoningItem = (item: unknown) =>
  typeof item === 'object' && item !== null && (item as Item)['type'] === 'reasoning';

/** Whether a format's replies can carry anything bound to the service that made them. */
export const FORMAT_HAS_SERVICE_BOUND: Readonly<Record<TextFormat, boolean>> = {
  chat: false,
  responses: false,
  messages: true,
  generate: true,
};

/** Whether this payload holds a signature, an encrypted reasoning state or thinking only its service takes back. */
export function hasServiceBound(raw: ProviderPayload | undefined): boolean {
  switch (raw?.format) {
    case 'messages':
      return raw.content.some(isThinkingBlock);
    case 'generate':
      return raw.parts.some((p) => isThoughtPart(p) || 'thoughtSignature' in p);
    case 'responses':
      return raw.output.some(isReasoningItem);
    default:
      return false;
  }
}

/**
 * The payload without what is bound to its service: thinking blocks, thought parts and signatures,
 * reasoning items. Undefined when nothing is left: the reply then goes back as its text and calls.
 */
export function withoutServiceBound(raw: ProviderPayload): ProviderPayload | undefined {
  switch (raw.format) {
    case 'messages': {
      const content = raw.content.filter((b) => !isThinkingBlock(b));
      return content.length > 0 ? { format: 'messages', content } : undefined;
    }
    case 'generate': {
      const parts = raw.parts.filter((p) => !isThoughtPart(p)).map(withoutSignature);
      return parts.length > 0 ? { format: 'generate', parts } : undefined;
    }
    case 'responses': {
      const output = raw.output.filter((item) => !isReasoningItem(item));
      return output.length > 0 ? { ...raw, output } : undefined;
    }
    default:
      return raw;
  }
}

function withoutSignature(part: Item): Item {
  if (!('thoughtSignature' in part)) return part;
  const { thoughtSignature: _dropped, ...rest } = part;
  return rest;
}
