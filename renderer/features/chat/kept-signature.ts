import type { Turn } from '../../../shared/conversation.ts';

/**
 * Whether the turn carries provider state that goes back verbatim on the next request: a generate-content
 * part with a thoughtSignature, a messages thinking block with its signature (or a redacted one), a
 * responses reasoning item with encrypted content.
 */
export function keptSignature(turn: Turn): boolean {
  const raw = turn.raw;
  if (!raw) return false;
  switch (raw.format) {
    case 'generate':
      return raw.parts.some((p) => typeof p.thoughtSignature === 'string' && p.thoughtSignature !== '');
    case 'messages':
      return raw.content.some(
        (b) =>
          (b.type === 'thinking' && typeof b.signature === 'string' && b.signature !== '') ||
          b.type === 'redacted_thinking',
      );
    case 'responses':
      return raw.output.some(
        (item) =>
          typeof item === 'object' &&
          item !== null &&
          (item as { type?: unknown }).type === 'reasoning' &&
          typeof (item as { encrypted_content?: unknown }).encrypted_content === 'string',
      );
    case 'chat':
      return false;
  }
}
