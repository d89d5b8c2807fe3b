// The title a conversation gets from its first message: one rule for the page (a new conversation's
// title as it is created), the host (a conversation renamed by its first turn) and the CLI.

import { MAX_TITLE_CHARS } from './limits.ts';

export const DEFAULT_TITLE = 'New conversation';
const TITLE_LENGTH = 60;

/**
 * The message with its whitespace (line breaks too: a sentence wrapped over lines stays one) collapsed,
 * cut near 60 characters at a word end.
 */
export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_LENGTH) return line || DEFAULT_TITLE;
  const cut = line.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The title with a suffix (" (fork)", " (imported 2)"), cut first so the whole stays within MAX_TITLE_CHARS. */
export function withSuffix(title: string, suffix: string): string {
  const room = MAX_TITLE_CHARS - suffix.length;
  return `${title.length > room ? title.slice(0, room).trimEnd() : title}${suffix}`;
}
