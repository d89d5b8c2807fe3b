// What the lists of conversations show, in which order: pure, so the sidebar, the all-conversations view,
// their tests and a keyboard shortcut share one rule.
import type { ConversationSummary } from '../../shared/contract.ts';
import type { TextFormat } from '../../shared/formats.ts';

export type LibrarySort = 'used' | 'created' | 'title';
/** every folder, none (unfiled), or one folder's id */
export type FolderFilter = 'all' | 'none' | (string & {});

export interface LibraryFilter {
  format: TextFormat | 'all';
  /** a connection's id, 'none' for conversations without one, or every connection */
  connection: string;
  folder: FolderFilter;
  query: string;
  sort: LibrarySort;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const ORDER: Record<LibrarySort, (a: ConversationSummary, b: ConversationSummary) => number> = {
  used: (a, b) => b.updatedAt - a.updatedAt,
  created: (a, b) => b.createdAt - a.createdAt,
  title: (a, b) => collator.compare(a.title, b.title),
};

/** Pinned first, then in `sort` order (last use unless said otherwise); ties keep the list's order. */
export function ordered(
  list: readonly ConversationSummary[],
  sort: LibrarySort = 'used',
): ConversationSummary[] {
  const by = ORDER[sort];
  return list.slice().sort((a, b) => Number(b.pinned === true) - Number(a.pinned === true) || by(a, b));
}

/** Title search: every word typed appears in the title, without regard to case or accents. */
export function titleMatcher(query: string): (title: string) => boolean {
  const words = query
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '')
    .map(fold);
  if (words.length === 0) return () => true;
  return (title) => {
    const folded = fold(title);
    return words.every((w) => folded.includes(w));
  };
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * The connection filter in force: one on a connection deleted since counts as every connection, so a list
 * never goes empty for a choice its select can no longer show.
 */
export function connectionFilterOf(filter: string, connections: readonly { id: string }[]): string {
  return filter === 'all' || filter === 'none' || connections.some((c) => c.id === filter) ? filter : 'all';
}

/** Whether a conversation passes a connection filter: every connection, 'none' (unassigned), or one id. */
export function onConnection(summary: ConversationSummary, filter: string): boolean {
  if (filter === 'all') return true;
  return filter === 'none' ? summary.connectionId === undefined : summary.connectionId === filter;
}

/** The all-conversations view's rows: filtered by format, connection, folder and title, pinned first, then sorted. */
export function libraryRows(
  list: readonly ConversationSummary[],
  filter: LibraryFilter,
): ConversationSummary[] {
  const matches = titleMatcher(filter.query);
  return ordered(
    list.filter(
      (c) =>
        (filter.format === 'all' || c.format === filter.format) &&
        onConnection(c, filter.connection) &&
        (filter.folder === 'all' ||
          (filter.folder === 'none' ? c.folderId === undefined : c.folderId === filter.folder)) &&
        matches(c.title),
    ),
    filter.sort,
  );
}

/**
 * A click's new selection: alone it toggles the row; with shift it selects every row from the last one
 * clicked (the anchor) to this one, as file managers do. `visible` is the rows in the order shown.
 */
export function clickSelection(
  selected: ReadonlySet<string>,
  anchor: string | null,
  id: string,
  range: boolean,
  visible: readonly string[],
): { selected: Set<string>; anchor: string } {
  const next = new Set(selected);
  const from = anchor === null ? -1 : visible.indexOf(anchor);
  const to = visible.indexOf(id);
  if (range && from >= 0 && to >= 0) {
    const [lo, hi] = from < to ? [from, to] : [to, from];
    // the range takes the anchor's state: selecting from a selected row selects, from a cleared one clears
    const on = selected.has(anchor as string);
    for (const rowId of visible.slice(lo, hi + 1)) {
      if (on) next.add(rowId);
      else next.delete(rowId);
    }
    return { selected: next, anchor: anchor as string };
  }
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return { selected: next, anchor: id };
}
