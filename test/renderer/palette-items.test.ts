// What the palette lists: every word typed must be in the name or title; Chinese pages still find
// commands by their English names; what can run comes first; thousands of conversations are cut to a
// readable list that says how many more match.
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../shared/contract.ts';
import { translator } from '../../renderer/i18n/translate.ts';
import { REGISTRY } from '../../renderer/commands/registry.ts';
import { MAX_CONVERSATIONS, RECENT, paletteItems } from '../../renderer/commands/palette-items.ts';

const summary = (i: number, title: string): ConversationSummary => ({
  id: `c${i}`,
  format: (['chat', 'responses', 'messages', 'generate'] as const)[i % 4]!,
  model: 'm',
  title,
  origin: 'chat',
  turnCount: 2,
  createdAt: 1,
  updatedAt: 10_000 - i,
});

const list = (query: string, conversations: ConversationSummary[] = [], locale: 'en' | 'zh-CN' = 'en') =>
  paletteItems({
    query,
    commands: REGISTRY,
    conversations,
    t: translator(locale),
    english: translator('en'),
    available: (c) => c.id !== 'stopReply',
  });

const ids = (items: ReturnType<typeof list>['commands']) =>
  items.map((i) => (i.kind === 'command' ? i.command.id : i.summary.id));

describe('the palette’s list', () => {
  it('lists every command but itself, what can run first and the shortcuts list last of those', () => {
    const { commands } = list('');
    expect(commands).toHaveLength(REGISTRY.length - 1);
    expect(ids(commands)).not.toContain('openPalette');
    expect(ids(commands).at(-1)).toBe('stopReply');
    expect(ids(commands).at(-2)).toBe('showShortcuts');
  });

  it('needs every word typed, in any order and case', () => {
    expect(ids(list('SIDEBAR hide').commands)).toEqual(['toggleSidebar']);
    expect(ids(list('go compare').commands)).toEqual(['goto.compare']);
    expect(list('sidebar nowhere').commands).toEqual([]);
  });

  it('finds commands by their English names on a Chinese page too', () => {
    const found = list('sidebar', [], 'zh-CN').commands;
    expect(ids(found)).toEqual(['toggleSidebar']);
    expect(found[0]?.kind === 'command' && found[0].label).toBe('显示或隐藏侧边栏');
    expect(ids(list('侧边栏', [], 'zh-CN').commands)).toEqual(['toggleSidebar']);
  });

  it('finds conversations of all four formats by title, newest first, a few when nothing is typed', () => {
    const convs = [
      summary(0, 'Otters'),
      summary(1, 'Sea otters and kelp'),
      summary(2, 'Tax forms'),
      summary(3, 'OTTER names'),
    ];
    expect(ids(list('otter', convs).conversations)).toEqual(['c0', 'c1', 'c3']);
    expect(ids(list('otter kelp', convs).conversations)).toEqual(['c1']);
    const many = Array.from({ length: 20 }, (_, i) => summary(i, `Chat ${i}`));
    expect(list('', many).conversations).toHaveLength(RECENT);
    expect(list('', many).more).toBe(0);
  });

  it('lists at most a page of conversations and says how many more match', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => summary(i, `Meeting notes ${i}`));
    const r = list('meeting', many);
    expect(r.conversations).toHaveLength(MAX_CONVERSATIONS);
    expect(r.more).toBe(10_000 - MAX_CONVERSATIONS);
  });
});
