// An import refuses what the contract refuses from the page. It once stored 40 M-character titles,
// 1 M-character model ids with bidi and line breaks, dates beyond `Date` and usage of 1e308, answered a
// `createdAt` of 1.5 with an internal error, and failed a whole bundle over one entry nested 10,000 deep.
// Each is now refused with its reason (one entry of a bundle skipped, the others imported), and the app
// refuses to make what an import would refuse (more turns or versions than MAX_CONVERSATION_TURNS and
// MAX_TURN_VERSIONS), so its own export always imports back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import { MAX_CONVERSATION_TURNS, MAX_TITLE_CHARS, MAX_TURN_VERSIONS } from '../../shared/limits.ts';
import { parsePriceFile } from '../../shared/price-table.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness({ keepResults: false });
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

const turn = (id: string, role: Turn['role'], extra: Partial<Turn> = {}): Turn => ({
  id,
  role,
  text: `${role} ${id}`,
  status: 'complete',
  createdAt: 1_700_000_000_000,
  ...extra,
});

function conversation(extra: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c',
    format: 'chat',
    model: 'gpt-5-mini',
    title: 'A conversation',
    params: { stream: true },
    turns: [turn('u', 'user'), turn('a', 'assistant', { parentId: 'u' })],
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    ...extra,
  };
}

const file = (c: unknown) => JSON.stringify({ quartet: 'conversation', version: 2, conversation: c });

describe('an import refuses what the contract refuses, with the reason', () => {
  const bad: [string, unknown, RegExp][] = [
    [
      'a title of 1,000,000 characters',
      conversation({ title: 'x'.repeat(1_000_000) }),
      /title: A title is at most 200/,
    ],
    [
      'a model id of 1,000,000 characters with bidi and line breaks',
      conversation({ model: `\u202e${'m\n'.repeat(500_000)}` }),
      /model: A model id is 1 to 200 characters/,
    ],
    ['a createdAt of 1.5', conversation({ createdAt: 1.5 }), /createdAt: A time must be a whole number/],
    [
      'a date beyond Date',
      conversation({ updatedAt: 9_000_000_000_000_000 }),
      /updatedAt: A time is outside the dates/,
    ],
    [
      'usage of 1e308',
      conversation({
        turns: [turn('u', 'user'), turn('a', 'assistant', { parentId: 'u', usage: { input: 1e308 } })],
      }),
      /turns\.1\.usage\.input/,
    ],
    [
      'a turn created at 1.5',
      conversation({ turns: [turn('u', 'user', { createdAt: 1.5 })] }),
      /turns\.0\.createdAt: A time must be a whole number/,
    ],
    [
      'a user message over 10 MB',
      conversation({ turns: [turn('u', 'user', { text: 'x'.repeat(10_000_001) })] }),
      /The message is larger than 10 MB/,
    ],
    [
      `more than ${MAX_CONVERSATION_TURNS.toLocaleString('en')} turns`,
      conversation({
        turns: [turn('u', 'user')],
        branches: Array.from({ length: MAX_CONVERSATION_TURNS }, (_, i) =>
          turn(`a${i}`, 'assistant', { parentId: 'u' }),
        ),
      }),
      /A conversation holds at most 10,000 messages/,
    ],
    [
      `more than ${MAX_TURN_VERSIONS.toLocaleString('en')} versions of a turn`,
      conversation({
        turns: [turn('u', 'user')],
        branches: Array.from({ length: MAX_TURN_VERSIONS + 1 }, (_, i) =>
          turn(`a${i}`, 'assistant', { parentId: 'u' }),
        ),
      }),
      /a turn has 1,001 versions; Quartet keeps at most 1,000/,
    ],
  ];
  for (const [what, c, reason] of bad) {
    it(`refuses ${what}`, async () => {
      const error = await h.fail('importConversation', { content: file(c) });
      expect(error.kind).toBe('invalid-input');
      expect(error.message).toMatch(reason);
      expect(await h.call('listConversations', {})).toEqual([]);
    });
  }

  it('a bundle skips each bad entry with its reason, a deep one included, and imports the rest', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const good = { quartet: 'conversation', version: 2, conversation: conversation({ title: 'Good' }) };
    const deepEntry = JSON.stringify({
      quartet: 'conversation',
      version: 2,
      conversation: conversation({
        title: 'Deep',
        turns: [
          turn('u', 'user'),
          turn('a', 'assistant', {
            parentId: 'u',
            raw: { format: 'chat', message: { role: 'assistant', content: 'DEEP' } },
          }),
        ],
      }),
    }).replace('"DEEP"', deep);
    const content = `{"quartet":"conversations","version":1,"conversations":[${JSON.stringify(good)},${deepEntry},${JSON.stringify(
      {
        quartet: 'conversation',
        version: 2,
        conversation: conversation({ title: 'Bad time', createdAt: 1.5 }),
      },
    )}]}`;
    const result = await h.call('importConversations', { content });
    expect(result.imported.map((c) => c.title)).toEqual(['Good']);
    expect(result.skipped.map((s) => [s.index, s.title])).toEqual([
      [1, 'Deep'],
      [2, 'Bad time'],
    ]);
    expect(result.skipped[1]?.message).toMatch(/createdAt: A time must be a whole number/);
  });
});

describe('the app makes nothing its import would refuse', () => {
  it('a title at the limit imports as a copy whose suffix keeps it within the limit', async () => {
    const long = conversation({ title: 't'.repeat(MAX_TITLE_CHARS) });
    const one = await h.call('importConversation', { content: file(long) });
    const two = await h.call('importConversation', { content: file(long) });
    expect(one.title).toHaveLength(MAX_TITLE_CHARS);
    expect(two.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(two.title.endsWith(' (imported)')).toBe(true);
    const fork = await h.call('forkConversation', { conversationId: two.id, turnId: two.turns[1]!.id });
    expect(fork.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    // and each exports and imports back
    for (const id of [one.id, two.id, fork.id]) {
      const exported = await h.call('exportConversation', { id, as: 'json', branches: 'all' });
      await h.call('importConversation', { content: exported.content });
    }
  });

  it(`a turn with ${MAX_TURN_VERSIONS.toLocaleString('en')} versions is not asked for again: the refusal says why`, async () => {
    const c = conversation({
      turns: [turn('u', 'user'), turn('a0', 'assistant', { parentId: 'u' })],
      branches: Array.from({ length: MAX_TURN_VERSIONS - 1 }, (_, i) =>
        turn(`a${i + 1}`, 'assistant', { parentId: 'u' }),
      ),
    });
    const imported = await h.call('importConversation', { content: file(c) });
    const before = h.sim.requests.length;
    const error = await h.fail('regenerate', { requestId: 'r', conversationId: imported.id });
    expect(error.message).toBe(
      'This message has 1,000 versions, the most Quartet keeps; go on from one of them.',
    );
    const edit = await h.fail('editReply', {
      conversationId: imported.id,
      turnId: imported.turns[1]!.id,
      text: 'rewritten',
    });
    expect(edit.message).toMatch(/1,000 versions/);
    expect(h.sim.requests.length).toBe(before);
    // and it exports and imports back as it is
    const exported = await h.call('exportConversation', { id: imported.id, as: 'json', branches: 'all' });
    await h.call('importConversation', { content: exported.content });
  });
});

describe('a prices file', () => {
  it('larger than a table holds is refused before it is parsed', () => {
    expect(parsePriceFile(`[${'{"model":"m","input":1,"output":2},'.repeat(40_000)}{}]`)).toEqual({
      ok: false,
      problem: 'too-large',
    });
  });

  it('with a price of 1e308 or a model id with a line break skips those rows', () => {
    const parsed = parsePriceFile(
      JSON.stringify([
        { model: 'a', input: 1e308, output: 1 },
        { model: 'b\nc', input: 1, output: 1 },
        { model: 'ok', input: 1, output: 2 },
      ]),
    );
    expect(parsed.ok && parsed.rows.map((r) => r.model)).toEqual(['ok']);
    expect(parsed.ok && parsed.skipped.map((s) => s.position)).toEqual([1, 2]);
  });
});

describe('a presets file', () => {
  it('is held to the contract savePreset uses: out-of-range values are skipped with the reason', async () => {
    const content = JSON.stringify({
      quartet: 'presets',
      version: 1,
      presets: [
        { name: 'n'.repeat(101), params: { stream: true } },
        { name: 'Hot', params: { stream: true, temperature: 1e308 } },
        {
          name: 'Deep',
          params: { stream: true, extraBody: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` },
        },
        { name: 'Fine', params: { stream: true, temperature: 0.5 } },
      ],
    });
    const result = await h.call('importPresets', { content });
    expect(result.imported.map((p) => p.name)).toEqual(['Fine']);
    expect(result.skipped.map((s) => s.position)).toEqual([1, 2, 3]);
    expect(result.skipped[1]?.reason).toMatch(/Temperature must be a number from 0 to 2/);
    expect(result.skipped[2]?.reason).toMatch(/nesting deeper than 256 levels/);
  });
});
