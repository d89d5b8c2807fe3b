// What the lists show and in which order: pinned first everywhere, then by last use (or creation, or
// title); a tab's sidebar as pinned, folders and the rest; what a drop does; and ticking rows with
// shift-click ranges the way file managers do.
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../shared/contract.ts';
import type { Folder } from '../../shared/organise.ts';
import { clickSelection, libraryRows, ordered, titleMatcher } from '../../renderer/store/library-list.ts';
import { dropChange, sidebarRows } from '../../renderer/components/organise/sidebar-rows.ts';

function conv(id: string, extra: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id,
    format: 'chat',
    model: 'gpt-5-mini',
    title: `Title ${id}`,
    origin: 'chat',
    turnCount: 2,
    createdAt: 0,
    updatedAt: 0,
    ...extra,
  };
}

const folder = (id: string, extra: Partial<Folder> = {}): Folder => ({
  id,
  name: id,
  collapsed: false,
  createdAt: 0,
  ...extra,
});

describe('order', () => {
  const list = [
    conv('old', { updatedAt: 1, createdAt: 30, title: 'banana' }),
    conv('new', { updatedAt: 3, createdAt: 10, title: 'Apple' }),
    conv('pin', { updatedAt: 2, createdAt: 20, title: 'cherry', pinned: true }),
  ];

  it('puts pinned conversations first, then the most recently used', () => {
    expect(ordered(list).map((c) => c.id)).toEqual(['pin', 'new', 'old']);
  });

  it('sorts by creation or by title (without regard to case) when asked, pinned still first', () => {
    expect(ordered(list, 'created').map((c) => c.id)).toEqual(['pin', 'old', 'new']);
    expect(ordered(list, 'title').map((c) => c.id)).toEqual(['pin', 'new', 'old']);
  });

  it('finds titles by every word typed, without case or accents', () => {
    const match = titleMatcher('  cafe  RÉSUMÉ ');
    expect(match('Résumé for the café')).toBe(true);
    expect(match('Café menu')).toBe(false);
    expect(titleMatcher('')('anything')).toBe(true);
  });
});

describe('the all-conversations view', () => {
  const list = [
    conv('a', { format: 'chat', folderId: 'f1', updatedAt: 4, title: 'Quarterly report' }),
    conv('b', { format: 'messages', updatedAt: 3, title: 'Report review' }),
    conv('c', { format: 'generate', folderId: 'f2', updatedAt: 2, title: 'Sky colour' }),
    conv('d', { format: 'messages', folderId: 'f1', updatedAt: 1, title: 'Lunch', pinned: true }),
  ];
  const all = { format: 'all', connection: 'all', folder: 'all', query: '', sort: 'used' } as const;

  it('lists every format, pinned first', () => {
    expect(libraryRows(list, all).map((c) => c.id)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('filters by format, folder (or none) and title together', () => {
    expect(libraryRows(list, { ...all, format: 'messages' }).map((c) => c.id)).toEqual(['d', 'b']);
    expect(libraryRows(list, { ...all, folder: 'f1' }).map((c) => c.id)).toEqual(['d', 'a']);
    expect(libraryRows(list, { ...all, folder: 'none' }).map((c) => c.id)).toEqual(['b']);
    expect(libraryRows(list, { ...all, query: 'report' }).map((c) => c.id)).toEqual(['a', 'b']);
    expect(
      libraryRows(list, { ...all, query: 'report', format: 'chat', folder: 'f1' }).map((c) => c.id),
    ).toEqual(['a']);
  });

  it('filters by connection, or those without one, across formats', () => {
    const wired = [
      conv('p', { format: 'chat', connectionId: 'gw', updatedAt: 3 }),
      conv('q', { format: 'generate', connectionId: 'sandbox', updatedAt: 2 }),
      conv('r', { format: 'messages', wantedConnection: 'Office', updatedAt: 1 }),
    ];
    expect(libraryRows(wired, { ...all, connection: 'gw' }).map((c) => c.id)).toEqual(['p']);
    expect(libraryRows(wired, { ...all, connection: 'none' }).map((c) => c.id)).toEqual(['r']);
    expect(libraryRows(wired, all).map((c) => c.id)).toEqual(['p', 'q', 'r']);
  });
});

describe('ticking rows', () => {
  const visible = ['a', 'b', 'c', 'd', 'e'];

  it('a click toggles one row and becomes the anchor', () => {
    let s = clickSelection(new Set(), null, 'b', false, visible);
    expect([...s.selected]).toEqual(['b']);
    expect(s.anchor).toBe('b');
    s = clickSelection(s.selected, s.anchor, 'b', false, visible);
    expect([...s.selected]).toEqual([]);
  });

  it('a shift-click ticks the range from the anchor, up or down', () => {
    const first = clickSelection(new Set(), null, 'b', false, visible);
    const down = clickSelection(first.selected, first.anchor, 'd', true, visible);
    expect([...down.selected].sort()).toEqual(['b', 'c', 'd']);
    const up = clickSelection(new Set(['d']), 'd', 'a', true, visible);
    expect([...up.selected].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a shift-click from a cleared anchor clears the range; without an anchor it is a click', () => {
    const cleared = clickSelection(new Set(['a', 'b', 'c', 'd']), 'a', 'a', false, visible);
    expect(cleared.anchor).toBe('a');
    const range = clickSelection(cleared.selected, cleared.anchor, 'c', true, visible);
    expect([...range.selected]).toEqual(['d']);
    expect([...clickSelection(new Set(), null, 'c', true, visible).selected]).toEqual(['c']);
  });
});

describe('a tab’s sidebar', () => {
  it('is the plain list it always was without pins or folders', () => {
    const rows = sidebarRows([conv('a', { updatedAt: 1 }), conv('b', { updatedAt: 2 })], []);
    expect(rows.map((r) => r.key)).toEqual(['b', 'a']);
  });

  it('shows pinned first (once, whatever their folder), every folder, then the rest', () => {
    const rows = sidebarRows(
      [
        conv('a', { updatedAt: 5, folderId: 'work' }),
        conv('b', { updatedAt: 4, pinned: true, folderId: 'work' }),
        conv('c', { updatedAt: 3 }),
        conv('d', { updatedAt: 2, folderId: 'home' }),
        conv('e', { updatedAt: 1, folderId: 'deleted-elsewhere' }),
      ],
      [folder('empty'), folder('home', { collapsed: true }), folder('work')],
    );
    expect(rows.map((r) => r.key)).toEqual([
      's:pinned',
      'b',
      'f:empty',
      'e:empty',
      'f:home',
      'f:work',
      'a',
      's:unfiled',
      'c',
      'e',
    ]);
    const counts = rows.flatMap((r) =>
      r.kind === 'folder' || r.kind === 'section' ? [[r.key, r.count]] : [],
    );
    expect(counts).toEqual([
      ['s:pinned', 1],
      ['f:empty', 0],
      ['f:home', 1],
      ['f:work', 1],
      ['s:unfiled', 2],
    ]);
  });

  it('a drop pins, files or unfiles, and puts a pinned conversation where it was dropped', () => {
    expect(dropChange({}, { kind: 'pinned' })).toEqual({ pinned: true });
    expect(dropChange({ pinned: true }, { kind: 'pinned' })).toBeNull();
    expect(dropChange({}, { kind: 'folder', folderId: 'f' })).toEqual({ folderId: 'f' });
    expect(dropChange({ folderId: 'f' }, { kind: 'folder', folderId: 'f' })).toBeNull();
    expect(dropChange({ pinned: true, folderId: 'f' }, { kind: 'folder', folderId: 'f' })).toEqual({
      pinned: false,
    });
    expect(dropChange({ folderId: 'f' }, { kind: 'unfiled' })).toEqual({ folderId: null });
  });
});
