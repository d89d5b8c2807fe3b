// What the palette lists for a query: the commands whose name has every word typed, and the
// conversations (all four formats) whose title has them. Pure, so it is tested without a page.
import type { ConversationSummary } from '../../shared/contract.ts';
import type { Translate } from '../i18n/translate.ts';
import type { Command } from './registry.ts';

export type PaletteItem =
  | { kind: 'command'; key: string; command: Command; label: string }
  | { kind: 'conversation'; key: string; summary: ConversationSummary };

export interface PaletteList {
  commands: PaletteItem[];
  conversations: PaletteItem[];
  /** conversations that match but are not listed */
  more: number;
}

/** Conversations listed while nothing is typed. */
export const RECENT = 6;
/** At most this many matching conversations are listed (there may be thousands). */
export const MAX_CONVERSATIONS = 50;

const isSheet = (item: PaletteItem) => item.kind === 'command' && item.command.id === 'showShortcuts';

const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/** The words typed; each must be found somewhere in the text. */
export function queryWords(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

export function matchesWords(text: string, words: readonly string[]): boolean {
  const folded = fold(text);
  return words.every((w) => folded.includes(w));
}

export function paletteItems(options: {
  query: string;
  commands: readonly Command[];
  conversations: readonly ConversationSummary[];
  t: Translate;
  /** the commands' English names, so a Chinese page still finds "sidebar" */
  english: Translate;
  /** whether a command can run now: those that can come first */
  available: (command: Command) => boolean;
}): PaletteList {
  const words = queryWords(options.query);
  const commands: PaletteItem[] = [];
  for (const command of options.commands) {
    if (command.id === 'openPalette') continue;
    const label = options.t(command.label);
    if (words.length > 0 && !matchesWords(`${label} ${options.english(command.label)}`, words)) continue;
    commands.push({ kind: 'command', key: `command:${command.id}`, command, label });
  }
  // the list is newest first already (the store keeps it so)
  const matching =
    words.length === 0
      ? options.conversations.slice(0, RECENT)
      : options.conversations.filter((c) => matchesWords(c.title, words));
  const shown = words.length === 0 ? matching : matching.slice(0, MAX_CONVERSATIONS);
  // what can run now first; the list of shortcuts is a way to learn, not a step: last of those
  const rank = (item: PaletteItem) =>
    item.kind === 'command' && !options.available(item.command) ? 2 : isSheet(item) ? 1 : 0;
  commands.sort((a, b) => rank(a) - rank(b));
  return {
    commands,
    conversations: shown.map((summary) => ({
      kind: 'conversation',
      key: `conversation:${summary.id}`,
      summary,
    })),
    more: words.length === 0 ? 0 : matching.length - shown.length,
  };
}
